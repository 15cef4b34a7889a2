// Speech in and out (issue 28's bar). Accuracy: every phrase the example
// topics can match (up to --variants realisations of each rule: choices,
// optionals and concepts taken in turn, an open slot filled with a name),
// spoken by eSpeak NG in three voices at two speeds with light white noise
// (30 dB under the speech), heard by PocketSphinx against those topics'
// grammar: the share heard exactly. Then phrases outside the topics: how
// many come back as a confident (at or above the dialog's threshold) wrong
// answer. Speed: recognition time over audio length (real-time factor) and
// the time from the end of a 2 s utterance to its result; the first audio
// of `say` (the first samples eSpeak NG hands over) and a whole sentence's
// synthesis. Prints its figures; asserts nothing.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "autolife/dialog/dialog.hpp"
#include "autolife/voice/recognizer.hpp"

namespace {

using namespace autolife;
using Clock = std::chrono::steady_clock;
using voice::Phrase;

double ms(Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p / 100.0 * static_cast<double>(v.size())))];
}

// Concrete word sequences a phrase stands for: at most `cap`, alternatives
// taken in turn so that each choice's items appear.
class Realiser {
public:
  Realiser(const voice::Grammar& g, std::size_t cap) : grammar_(g), cap_(cap) {}

  std::vector<std::vector<std::string>> of(const Phrase& p, int depth = 0) {
    using K = Phrase::Kind;
    if (depth > 60) return {};
    switch (p.kind) {
      case K::Word: return {{p.text}};
      case K::Slot: return {{kNames[slot_++ % std::size(kNames)]}};
      case K::Rule: {
        auto it = grammar_.rules.find(p.text);
        return it == grammar_.rules.end() ? std::vector<std::vector<std::string>>{} : of(it->second, depth + 1);
      }
      case K::Choice: {
        std::vector<std::vector<std::vector<std::string>>> options;
        for (const auto& c : p.children) options.push_back(of(c, depth + 1));
        std::vector<std::vector<std::string>> out;
        for (std::size_t round = 0; out.size() < cap_; ++round) {
          bool any = false;
          for (const auto& o : options)
            if (round < o.size() && out.size() < cap_) {
              out.push_back(o[round]);
              any = true;
            }
          if (!any) break;
        }
        return out;
      }
      case K::Optional: {
        auto inner = sequence(p, depth);
        std::vector<std::vector<std::string>> out;
        for (std::size_t i = 0; i < inner.size() && out.size() + 1 < cap_; ++i) out.push_back(inner[i]);
        out.push_back({});
        return out;
      }
      case K::Repeat: return sequence(p, depth);
      case K::Sequence: return sequence(p, depth);
    }
    return {};
  }

private:
  // The children in order: variant i of the whole takes variant i of each
  // child (modulo its count), so every child's variants appear.
  std::vector<std::vector<std::string>> sequence(const Phrase& p, int depth) {
    std::vector<std::vector<std::vector<std::string>>> parts;
    std::size_t most = 1;
    for (const auto& c : p.children) {
      parts.push_back(of(c, depth + 1));
      if (parts.back().empty()) return {};
      most = std::max(most, parts.back().size());
    }
    std::vector<std::vector<std::string>> out;
    for (std::size_t i = 0; i < std::min(most, cap_); ++i) {
      std::vector<std::string> words;
      for (const auto& part : parts) {
        const auto& v = part[i % part.size()];
        words.insert(words.end(), v.begin(), v.end());
      }
      out.push_back(std::move(words));
    }
    return out;
  }

  static constexpr const char* kNames[] = {"bob", "alice", "peter", "emma"};
  const voice::Grammar& grammar_;
  std::size_t cap_;
  std::size_t slot_ = 0;
};

std::string join(const std::vector<std::string>& words) {
  std::string s;
  for (const auto& w : words) s += (s.empty() ? "" : " ") + w;
  return s;
}

// White noise `db` under the speech's loudness (deterministic).
voice::Audio withNoise(voice::Audio a, double db, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const double sigma = voice::loudness(a) * 32768.0 * std::pow(10.0, -db / 20.0);
  std::normal_distribution<double> noise(0.0, sigma);
  for (auto& s : a.samples) s = static_cast<std::int16_t>(std::clamp(std::lround(s + noise(rng)), -32768L, 32767L));
  return a;
}

// Two phrases are said the same when their words sound the same in the
// recogniser's dictionary (ok / okay): the robot cannot tell them apart.
class Pronunciations {
public:
  explicit Pronunciations(const std::string& dictionary) {
    std::ifstream in(dictionary);
    for (std::string line; std::getline(in, line);) {
      const auto space = line.find(' ');
      if (space == std::string::npos || line.find('(') < space) continue;  // the first pronunciation of each word
      phones_.emplace(line.substr(0, space), line.substr(space + 1));
    }
  }
  std::string of(const std::string& phrase) const {
    std::istringstream in(phrase);
    std::string out;
    for (std::string w; in >> w;) {
      auto it = phones_.find(w);
      out += (it == phones_.end() ? w : it->second) + " | ";
    }
    return out;
  }

private:
  std::map<std::string, std::string> phones_;
};

struct Voice {
  const char* name;
  const char* espeak;
  const char* variant;
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("Speech in and out: accuracy and speed (eSpeak NG, PocketSphinx)");
  std::vector<std::string> topics = {"examples/packages/chatter/chat/chat_enu.top", "examples/topics/assistant_enu.top"};
  std::size_t variants = 3;
  bool verbose = false;
  app.add_option("--topic", topics, "Topic files (default: the example topics)");
  app.add_option("--variants", variants, "Realisations of each rule (default 3)");
  app.add_flag("--verbose", verbose, "Print every utterance");
  CLI11_PARSE(app, argc, argv);

  dialog::MapVariables variables;
  dialog::Dialog dialog(variables);
  for (const auto& t : topics) {
    auto r = dialog::loadTopicFile(t);
    if (!r.topic) {
      std::fprintf(stderr, "bench_voice: %s does not load\n", t.c_str());
      return 1;
    }
    const auto loaded = dialog.load(std::move(*r.topic));
    dialog.activate(loaded.name);
  }
  const voice::Grammar grammar = dialog.listeningGrammar();
  Realiser realiser(grammar, variants);
  std::vector<std::string> phrases;
  for (const auto& p : grammar.phrases)
    for (const auto& words : realiser.of(p))
      if (!words.empty() && std::find(phrases.begin(), phrases.end(), join(words)) == phrases.end()) phrases.push_back(join(words));

  auto synthesizer = voice::makeEspeak();
  auto recognizer = voice::makePocketSphinx();
  const auto missing = recognizer->setGrammar(grammar);
  for (const auto& w : missing) std::printf("not in the dictionary: %s\n", w.c_str());
  const double threshold = dialog.confidenceThreshold();
  const Pronunciations sounds("/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict");

  const Voice voices[] = {{"en-us", "en-us", ""}, {"en-us+f3", "en-us", "f3"}, {"en-gb", "en", ""}};
  const double speeds[] = {100, 130};
  int total = 0, exact = 0, sameAnswer = 0, confidentRight = 0, confidentWrong = 0, wrongInTopics = 0;
  std::vector<double> scoresRight, scoresWrong, rtf, latency2s;
  std::map<std::string, std::pair<int, int>> perVoice;
  std::uint64_t seed = 1;
  auto hear = [&](const std::string& said, const Voice& v, double speed, bool inTopic) {
    voice::VoiceSettings settings;
    settings.voiceName = v.espeak;
    settings.variant = v.variant;
    settings.speed = speed;
    const voice::Audio spoken = withNoise(synthesizer->synthesize(said, settings), 30, seed++);
    const voice::Audio at = voice::resample(spoken, recognizer->rate());
    const auto start = Clock::now();
    const voice::Recognition r = recognizer->recognize(at);
    const double took = ms(Clock::now() - start);
    rtf.push_back(took / 1000.0 / at.seconds());
    if (at.seconds() > 1.7 && at.seconds() < 2.3) latency2s.push_back(took);
    const bool identical = r.text == said;
    const bool right = identical || (!r.text.empty() && sounds.of(r.text) == sounds.of(said));
    if (inTopic) {
      ++total;
      exact += identical;
      sameAnswer += right;
      confidentRight += right && r.confidence >= threshold;
      wrongInTopics += !right && r.confidence >= threshold;
      perVoice[std::string(v.name) + " " + std::to_string(static_cast<int>(speed)) + "%"].first += right;
      perVoice[std::string(v.name) + " " + std::to_string(static_cast<int>(speed)) + "%"].second += 1;
      (right ? scoresRight : scoresWrong).push_back(r.score);
    } else if (!r.text.empty() && r.confidence >= threshold) {
      ++confidentWrong;
    }
    if (verbose || (inTopic && !right) || (!inTopic && !r.text.empty() && r.confidence >= threshold))
      std::printf("  %-9s %3.0f%% %-40s -> %-40s score %6.1f confidence %.2f\n", v.name, speed, said.c_str(),
                  r.text.c_str(), r.score, r.confidence);
    return r;
  };

  std::printf("%zu phrases from %zu topics, %zu voices x %zu speeds\n", phrases.size(), topics.size(), std::size(voices),
              std::size(speeds));
  for (const auto& v : voices)
    for (double speed : speeds)
      for (const auto& p : phrases) hear(p, v, speed, true);

  const std::vector<std::string> outside = {
      "the weather is quite cold today", "open the door", "i need a doctor", "play some music", "where do you live",
      "my dog is sick", "turn left at the corner", "how much does it cost", "the train leaves at noon",
      "send an email to my boss", "i lost my keys", "what is the capital of france", "close the window",
      "she plays the piano", "buy some milk and bread", "the car is broken", "let us go to the beach",
      "can you read this letter", "it is raining again", "where is my phone", "i am looking for the station",
      "please speak more slowly", "the children are at school", "we had pizza for lunch", "book a table for two"};
  std::vector<double> outsideConfidence;
  int outsideTotal = 0;
  for (const auto& v : voices)
    for (const auto& p : outside) {
      const auto r = hear(p, v, 100, false);
      outsideConfidence.push_back(r.confidence);
      ++outsideTotal;
    }

  std::printf("\naccuracy: %d of %d utterances heard as said: %.1f %% (%d word for word, the others sounding "
              "the same: ok / okay)\n",
              sameAnswer, total, 100.0 * sameAnswer / std::max(1, total), exact);
  std::printf("  at or above the threshold %.2f: %d (%.1f %%); heard wrong at or above it: %d\n", threshold, confidentRight,
              100.0 * confidentRight / std::max(1, total), wrongInTopics);
  for (const auto& [name, counts] : perVoice)
    std::printf("  %-16s %d / %d\n", name.c_str(), counts.first, counts.second);
  std::printf("outside the topics: %d of %d a confident wrong answer (confidence >= %.2f)\n", confidentWrong, outsideTotal,
              threshold);
  std::printf("scores (per frame): heard right p5 %.1f p50 %.1f | heard wrong p50 %.1f | outside confidence p50 %.2f p95 %.2f max %.2f\n",
              percentile(scoresRight, 5), percentile(scoresRight, 50), percentile(scoresWrong, 50),
              percentile(outsideConfidence, 50), percentile(outsideConfidence, 95), percentile(outsideConfidence, 100));
  std::printf("recognition real-time factor: p50 %.3f p95 %.3f max %.3f\n", percentile(rtf, 50), percentile(rtf, 95),
              percentile(rtf, 100));
  std::printf("2 s utterances (%zu): result %.0f ms after their end at p50, %.0f ms at p95\n", latency2s.size(),
              percentile(latency2s, 50), percentile(latency2s, 95));

  // The first audio of say: the first samples eSpeak NG hands over.
  std::vector<double> first, whole;
  for (int i = 0; i < 20; ++i) {
    voice::VoiceSettings s;
    const auto start = Clock::now();
    std::optional<Clock::time_point> firstAt;
    const auto audio = synthesizer->synthesize("Hello! I am the front desk robot. How can I help you today?", s,
                                               [&](const voice::Audio&) {
                                                 if (!firstAt) firstAt = Clock::now();
                                               });
    whole.push_back(ms(Clock::now() - start));
    first.push_back(firstAt ? ms(*firstAt - start) : 0);
    if (i == 0) std::printf("say: a sentence of %.2f s of audio\n", audio.seconds());
  }
  std::printf("say: first audio after %.1f ms at p50 (%.1f max), the whole sentence synthesised in %.1f ms at p50\n",
              percentile(first, 50), percentile(first, 100), percentile(whole, 50));
  std::ifstream cpu("/proc/cpuinfo");
  for (std::string line; std::getline(cpu, line);)
    if (line.rfind("model name", 0) == 0) {
      std::printf("cpu: %s\n", line.substr(line.find(':') + 2).c_str());
      break;
    }
  return 0;
}
