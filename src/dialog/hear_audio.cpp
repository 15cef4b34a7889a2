// Speech from audio (docs/dialog.md, "Speech from audio"): the recogniser
// listens for the vocabulary and, while ALDialog runs, for every phrase the
// active topics can match; what it hears goes to WordRecognized and to the
// dialog, below the threshold as not understood (decision 1083).
#include <algorithm>

#include "autolife/dialog/services.hpp"
#include "text.hpp"

namespace autolife::dialog {

// ---- ALDialog's side ---------------------------------------------------------

Reply DialogService::notUnderstood() {
  Reply reply;
  {
    auto lock = lockState();
    if (subscribers_.empty()) {
      reply.explanation.outcome = "ignored";
      reply.explanation.reason = "ALDialog is not listening (no subscriber: call ALDialog.subscribe)";
      lastExplanation_ = reply.explanation;
      return reply;
    }
    personSpoke();
  }
  {
    core::Dispatcher::Hold hold(memory_.dispatcher());
    auto lock = lockState();
    reply = dialog_.hear("", 1.0);  // no words: no rule matches, e:Dialog/NotUnderstood answers
    reply.explanation.reason = "heard speech, but no phrase of the active topics with enough confidence";
    lastExplanation_ = reply.explanation;
  }
  if (reply.explanation.outcome == "not-understood") {
    memory_.raiseEvent("Dialog/NotUnderstood", "");
    memory_.raiseEvent("Dialog/SaidMisunderstood", "");
    record({clock_.now(), "not-understood", "", {}, {}});
  }
  speak(reply);
  return reply;
}

voice::Grammar DialogService::listeningGrammar(std::string& language) {
  auto lock = lockState();
  language = dialog_.language();
  if (subscribers_.empty()) return {};
  return dialog_.listeningGrammar();
}

// ---- ALSpeechRecognition's side ------------------------------------------------

void SpeechRecognition::setRecognizer(std::shared_ptr<voice::Recognizer> recognizer) {
  std::lock_guard lock(recognizerMutex_);
  recognizer_ = std::move(recognizer);
}

voice::Grammar SpeechRecognition::vocabularyGrammar() const {
  std::lock_guard lock(mutex_);
  voice::Grammar g;
  using voice::Phrase;
  for (const auto& phrase : vocabulary_) {
    Phrase seq = Phrase::of(Phrase::Kind::Sequence);
    if (wordSpotting_) seq.children.push_back(Phrase::of(Phrase::Kind::Optional, {Phrase::of(Phrase::Kind::Slot)}));
    for (auto& w : text::words(phrase)) seq.children.push_back(Phrase::word(std::move(w)));
    if (wordSpotting_) seq.children.push_back(Phrase::of(Phrase::Kind::Optional, {Phrase::of(Phrase::Kind::Slot)}));
    g.phrases.push_back(std::move(seq));
  }
  return g;
}

voice::Recognition SpeechRecognition::recognize(const voice::Audio& audio, const voice::Grammar& grammar,
                                                const std::string& language, std::string& notice) {
  std::lock_guard lock(recognizerMutex_);
  auto once = [this, &notice](const std::string& what) {
    if (noticed_.insert(what).second) notice = what;
  };
  voice::Recognition none;
  none.seconds = audio.seconds();
  if (!recognizer_) {
    if (!voice::hasSpeechModel(language)) {
      none.speech = voice::loudness(audio) >= 0.002;
      once("no speech recognition model for " + language +
           " in Debian's packages (PocketSphinx has English only): spoken input is not heard, typed input still is");
      return none;
    }
    recognizer_ = voice::makePocketSphinx(language);
  }
  const voice::Audio at = voice::resample(audio, recognizer_->rate());
  if (grammar.empty()) {
    none.speech = voice::loudness(at) >= 0.002;
    return none;
  }
  std::vector<std::string> missing;
  try {
    missing = recognizer_->setGrammar(grammar);
  } catch (const voice::VoiceError& e) {
    none.speech = voice::loudness(at) >= 0.002;
    notice = e.what();
    return none;
  }
  if (!missing.empty()) {
    std::string list;
    for (std::size_t i = 0; i < missing.size() && i < 8; ++i) list += (i ? ", " : "") + missing[i];
    if (missing.size() > 8) list += "...";
    once("not in the speech model's dictionary, phrases with them cannot be heard: " + list);
  }
  return recognizer_->recognize(at);
}

void SpeechRecognition::recognized(const std::string& phrase, double confidence) {
  memory_.raiseEvent("WordRecognized", core::Value::Array{phrase, confidence});
}

// ---- both ------------------------------------------------------------------------

namespace {

void merge(voice::Grammar& into, voice::Grammar from) {
  for (auto& p : from.phrases) into.phrases.push_back(std::move(p));
  for (auto& [name, rule] : from.rules) into.rules.emplace(name, std::move(rule));
}

}  // namespace

HeardAudio hearAudio(SpeechRecognition& asr, DialogService& dialog, const voice::Audio& audio,
                     const std::function<void(const HeardAudio&)>& recognized) {
  HeardAudio h;
  std::string language;
  voice::Grammar grammar = dialog.listeningGrammar(language);
  const bool dialogListens = dialog.running();
  if (!dialogListens) language = asr.language();
  if (asr.listening() || !dialogListens) merge(grammar, asr.vocabularyGrammar());
  h.threshold = dialog.dialog().confidenceThreshold();
  try {
    h.recognition = asr.recognize(audio, grammar, language, h.notice);
  } catch (const voice::AudioError& e) {
    h.error = e.what();
    return h;
  } catch (const voice::VoiceError& e) {
    h.error = e.what();
    return h;
  }
  const voice::Recognition& r = h.recognition;
  h.understood = r.speech && !r.text.empty() && r.confidence >= h.threshold;
  if (recognized) recognized(h);
  if (!r.speech) return h;  // silence: nobody spoke
  if (!r.text.empty() && (asr.listening() || dialogListens)) {
    asr.recognized(r.text, r.confidence);
    h.heard.wordRecognized = true;
  }
  if (dialogListens) h.heard.dialog = h.understood ? dialog.input(r.text, r.confidence, false) : dialog.notUnderstood();
  return h;
}

}  // namespace autolife::dialog
