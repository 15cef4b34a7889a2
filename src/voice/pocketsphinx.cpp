// PocketSphinx 0.8+5prealpha (Debian 12): the older ps_init / cmd_ln API, a
// JSGF grammar searched as a finite-state grammar, the en-us model of
// pocketsphinx-en-us. The decoder is not thread-safe: one mutex per
// recogniser.
#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <sphinxbase/fsg_model.h>
#include <sphinxbase/jsgf.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <memory>
#include <mutex>
#include <random>
#include <set>

#include "autolife/voice/recognizer.hpp"

namespace autolife::voice {

namespace {

constexpr const char* kModelFolder = "/usr/share/pocketsphinx/model/en-us";


// The confidence (decision 1089): the logistic of how much worse the
// phrase fits the audio than the free phone loop does, per frame, less a
// penalty for speech the phrase can only pass off as silence. Middle and
// width calibrated by the accuracy benchmark on eSpeak NG's voices
// (bench/voice_bench.cpp, docs/performance.md): every phrase outside the
// topics below the middle, with a margin.
constexpr double kConfidenceMiddle = -25.0;
constexpr double kConfidenceWidth = 3.0;
constexpr double kAbsorbedWeight = 40.0;  // score per frame for all frames absorbed

double confidenceOf(const Recognition& r) {
  const double fit = r.score - r.loopScore - kAbsorbedWeight * r.absorbed;
  return 1.0 / (1.0 + std::exp(-(fit - kConfidenceMiddle) / kConfidenceWidth));
}

// A decoded path's acoustic score per frame and the frames it spends in
// silence (`isSilence` on each segment's word).
struct PathFit {
  double perFrame = -1e9;
  long frames = 0;
  long silence = 0;
};

PathFit fitOf(ps_decoder_t* decoder, bool (*isSilence)(const char*)) {
  PathFit fit;
  double acoustic = 0;
  for (ps_seg_t* seg = ps_seg_iter(decoder); seg; seg = ps_seg_next(seg)) {
    int start = 0, end = 0;
    ps_seg_frames(seg, &start, &end);
    if (end < start) continue;
    std::int32_t ascr = 0, lscr = 0, lback = 0;
    ps_seg_prob(seg, &ascr, &lscr, &lback);
    fit.frames += end - start + 1;
    acoustic += ascr;
    const char* word = ps_seg_word(seg);
    if (word && isSilence(word)) fit.silence += end - start + 1;
  }
  if (fit.frames > 0) fit.perFrame = acoustic / static_cast<double>(fit.frames);
  return fit;
}

// The grammar's fillers (<sil>, <s>, </s>, [NOISE]) and the phone loop's.
bool isFiller(const char* word) { return word[0] == '<' || word[0] == '[' || word[0] == '('; }
bool isSilencePhone(const char* phone) { return std::strcmp(phone, "SIL") == 0; }

class PocketSphinx final : public Recognizer {
public:
  PocketSphinx() {
    static std::once_flag quiet;
    std::call_once(quiet, [] { err_set_logfp(nullptr); });  // its log goes nowhere; errors are ours to say
    const std::string hmm = std::string(kModelFolder) + "/en-us";
    const std::string dict = std::string(kModelFolder) + "/cmudict-en-us.dict";
    std::error_code ec;
    if (!std::filesystem::exists(hmm + "/mdef", ec) || !std::filesystem::exists(dict, ec))
      throw VoiceError(std::string("PocketSphinx's English model is missing (") + kModelFolder + "): install pocketsphinx-en-us");
    // Wide beams: with the default ones a 3-word phrase lost to a 1-word one
    // it did not sound like (the right path was pruned early).
    config_ = cmd_ln_init(nullptr, ps_args(), TRUE, "-hmm", hmm.c_str(), "-dict", dict.c_str(), "-logfn", "/dev/null",
                          "-beam", "1e-60", "-pbeam", "1e-60", "-wbeam", "1e-50", nullptr);
    if (!config_) throw VoiceError("PocketSphinx refused its configuration");
    decoder_ = ps_init(config_);
    if (!decoder_) {
      cmd_ln_free_r(config_);
      throw VoiceError("PocketSphinx could not load its English model from " + std::string(kModelFolder));
    }
    // The free phone loop the confidence compares with: context-independent
    // phones under the model's phone bigram (context-dependent ones cost
    // 8 to 35 times the grammar's search), a light language weight so that the sounds
    // decide, beams narrow enough to cost about the grammar's search (wider
    // ones, 1e-20, separated no better and cost 1.5x).
    const std::string phoneLm = std::string(kModelFolder) + "/en-us-phone.lm.bin";
    loopConfig_ = cmd_ln_init(nullptr, ps_args(), TRUE, "-hmm", hmm.c_str(), "-allphone", phoneLm.c_str(), "-allphone_ci", "yes",
                              "-lw", "2.0", "-beam", "1e-10", "-pbeam", "1e-10", "-logfn", "/dev/null", nullptr);
    loop_ = loopConfig_ ? ps_init(loopConfig_) : nullptr;
    if (!loop_) {
      ps_free(decoder_);
      cmd_ln_free_r(config_);
      if (loopConfig_) cmd_ln_free_r(loopConfig_);
      throw VoiceError("PocketSphinx could not load its English phone model from " + std::string(kModelFolder));
    }
  }
  ~PocketSphinx() override {
    ps_free(decoder_);
    cmd_ln_free_r(config_);
    ps_free(loop_);
    cmd_ln_free_r(loopConfig_);
  }
  PocketSphinx(const PocketSphinx&) = delete;
  PocketSphinx& operator=(const PocketSphinx&) = delete;

  int rate() const override { return 16000; }

  std::vector<std::string> setGrammar(const Grammar& grammar) override {
    std::lock_guard lock(mutex_);
    auto known = [this](const std::string& w) {
      char* phones = ps_lookup_word(decoder_, w.c_str());
      if (!phones) return false;
      ckd_free(phones);
      return true;
    };
    std::vector<std::string> slot = openSlotWords();
    collectWords(grammar, slot);
    std::vector<std::string> missing;
    const std::string jsgf = toJsgf(grammar, known, slot, missing);
    if (jsgf == jsgf_) return missing_;  // the same grammar: already searched
    const std::string name = "g" + std::to_string(++grammars_);
    if (setJsgf(name, jsgf) < 0 || ps_set_search(decoder_, name.c_str()) < 0)
      throw VoiceError("PocketSphinx refused the grammar");
    if (!current_.empty()) ps_unset_search(decoder_, current_.c_str());
    current_ = name;
    jsgf_ = jsgf;
    missing_ = missing;
    return missing;
  }

  Recognition recognize(const Audio& input) override {
    Recognition r;
    r.seconds = input.seconds();
    if (input.rate != rate()) throw AudioError("the recogniser takes 16 kHz audio, got " + std::to_string(input.rate) + " Hz");
    if (r.seconds > kMaxUtteranceSeconds)
      throw AudioError("an utterance of " + std::to_string(static_cast<int>(r.seconds)) + " s: the recogniser hears at most " +
                       std::to_string(static_cast<int>(kMaxUtteranceSeconds)) + " s at once");
    if (loudness(input) < 0.002) return r;  // silence: nothing said
    r.speech = true;
    std::lock_guard lock(mutex_);
    if (current_.empty()) return r;
    // Silence around the speech (the model expects to start and end in it),
    // and a floor of faint white noise (-50 dBFS) on every sample: digital
    // silence (exact zeros, which eSpeak NG and padding make) has no log
    // energy, drags the utterance's cepstral mean away (words were lost to
    // it) and makes the silences fit badly (clean speech scored lower than
    // the same speech in a room). Seeded the same for every utterance: the
    // same audio is always heard the same.
    Audio padded;
    padded.rate = input.rate;
    padded.appendSilence(0.2);
    padded.append(input);
    padded.appendSilence(0.2);
    std::minstd_rand dither(12345);
    for (auto& sample : padded.samples)
      sample = static_cast<std::int16_t>(std::clamp(sample + static_cast<int>(dither() % 401) - 200, -32768, 32767));
    if (ps_start_utt(decoder_) < 0) return r;
    ps_process_raw(decoder_, padded.samples.data(), padded.samples.size(), FALSE, TRUE);
    ps_end_utt(decoder_);
    std::int32_t best = 0;
    const char* hyp = ps_get_hyp(decoder_, &best);
    if (!hyp || !*hyp) return r;
    // The fit of the whole utterance, silences included: speech the search
    // could only pass off as silence (what none of the phrases says) fits
    // them badly; and the phone loop's fit of the same audio, which says
    // how well this voice fits the model at all.
    const PathFit phrase = fitOf(decoder_, isFiller);
    r.text = hyp;
    r.score = phrase.perFrame;
    if (ps_start_utt(loop_) < 0) return r;
    ps_process_raw(loop_, padded.samples.data(), padded.samples.size(), FALSE, TRUE);
    ps_end_utt(loop_);
    const PathFit loop = fitOf(loop_, isSilencePhone);
    r.loopScore = loop.perFrame;
    if (phrase.frames > 0) r.absorbed = static_cast<double>(phrase.silence - loop.silence) / static_cast<double>(phrase.frames);
    r.confidence = confidenceOf(r);
    return r;
  }

private:
  // What ps_set_jsgf_string does, but freeing the parsed grammar: Debian's
  // PocketSphinx (5prealpha) never frees it, about 42 KB lost at every new
  // grammar, which a dialog sets whenever its active topics change (found
  // by the audio fuzz target's LeakSanitizer). The search keeps the FSG.
  int setJsgf(const std::string& name, const std::string& text) {
    std::unique_ptr<jsgf_t, decltype(&jsgf_grammar_free)> grammar(jsgf_parse_string(text.c_str(), nullptr), jsgf_grammar_free);
    jsgf_rule_t* rule = grammar ? jsgf_get_public_rule(grammar.get()) : nullptr;  // toJsgf writes one: <utterance>
    if (!rule) return -1;
    fsg_model_t* fsg = jsgf_build_fsg(grammar.get(), rule, ps_get_logmath(decoder_), cmd_ln_float32_r(config_, "-lw"));
    if (!fsg) return -1;
    const int result = ps_set_fsg(decoder_, name.c_str(), fsg);
    fsg_model_free(fsg);
    return result;
  }

  static void collectWords(const Grammar& g, std::vector<std::string>& out) {
    std::set<std::string> seen(out.begin(), out.end());
    std::function<void(const Phrase&)> walk = [&](const Phrase& p) {
      if (p.kind == Phrase::Kind::Word && seen.insert(p.text).second) out.push_back(p.text);
      for (const auto& c : p.children) walk(c);
    };
    for (const auto& p : g.phrases) walk(p);
    for (const auto& [name, p] : g.rules) walk(p);
  }

  cmd_ln_t* config_ = nullptr;
  ps_decoder_t* decoder_ = nullptr;  // the grammar's search
  cmd_ln_t* loopConfig_ = nullptr;
  ps_decoder_t* loop_ = nullptr;  // the free phone loop
  std::mutex mutex_;
  std::string current_;
  int grammars_ = 0;
  std::string jsgf_;                  // the grammar searched now
  std::vector<std::string> missing_;  // its words the dictionary lacks
};

}  // namespace

bool hasSpeechModel(const std::string& language) { return language == "English"; }

std::unique_ptr<Recognizer> makePocketSphinx(const std::string& language) {
  if (!hasSpeechModel(language))
    throw VoiceError("no speech recognition model for " + language + " in Debian's packages (PocketSphinx has English only)");
  return std::make_unique<PocketSphinx>();
}

}  // namespace autolife::voice
