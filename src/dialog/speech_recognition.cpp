// ALSpeechRecognition, simulated: the vocabulary it is given, its
// subscribers, pause; what a person says raises WordRecognized
// [phrase, confidence] when it is (or, with word spotting, contains) a
// phrase of the vocabulary, as NAOqi's recogniser does.
#include <algorithm>

#include "autolife/dialog/services.hpp"
#include "service_values.hpp"
#include "text.hpp"

namespace autolife::dialog {

using service::Any;
using service::Arguments;
using service::CallError;
using service::Type;

SpeechRecognition::SpeechRecognition(memory::Memory& memory) : memory_(memory) {
  memory_.declareEvent("WordRecognized");
  memory_.declareEvent("SpeechDetected");
  memory_.insertData("ALSpeechRecognition/Status", "Idle");
  memory_.insertData("ALSpeechRecognition/ActiveListening", 0);
  parameters_ = {{"Sensitivity", 0.5}, {"NbHypotheses", 1}, {"MaxTime", 10}};
}

bool SpeechRecognition::listening() const {
  std::lock_guard lock(mutex_);
  return !subscribers_.empty() && !paused_;
}

std::string SpeechRecognition::language() const {
  std::lock_guard lock(mutex_);
  return language_;
}

bool SpeechRecognition::hear(const std::string& utterance, double confidence) {
  std::string recognised;
  {
    std::lock_guard lock(mutex_);
    if (subscribers_.empty() || paused_) return false;
    const bool characters = matchesOnCharacters(language_);
    const std::string said = " " + text::normalise(utterance, characters) + " ";
    for (const auto& phrase : vocabulary_) {
      const std::string p = text::normalise(phrase, characters);
      if (p.empty()) continue;
      if (said == " " + p + " " || (wordSpotting_ && said.find(" " + p + " ") != std::string::npos)) {
        recognised = phrase;
        break;
      }
    }
  }
  memory_.raiseEvent("SpeechDetected", 1);
  if (recognised.empty()) return false;
  memory_.raiseEvent("WordRecognized", core::Value::Array{recognised, confidence});
  memory_.raiseEvent("SpeechDetected", 0);
  return true;
}

std::shared_ptr<service::Service> SpeechRecognition::makeService() {
  auto s = std::make_shared<service::Service>("ALSpeechRecognition", "Recognises the phrases of a vocabulary");
  auto m = [&](std::string name, std::vector<service::Parameter> params, Type result, std::string description,
               service::Handler h) { s->method(std::move(name), std::move(params), result, std::move(description), std::move(h)); };
  auto setVocabulary = [this](const Arguments& a, bool spotting) {
    std::vector<std::string> words = stringListArg(a, 0, "vocabulary must be a list of strings");
    std::lock_guard lock(mutex_);
    if (!subscribers_.empty() && !paused_)
      throw CallError("engine-running", "setVocabulary while the recogniser runs: pause it or unsubscribe first");
    vocabulary_ = std::move(words);
    wordSpotting_ = spotting;
    return Any();
  };
  m("setVocabulary", {{"vocabulary", Type::List}, {"enabledWordSpotting", Type::Bool}}, Type::Void, "",
    [setVocabulary](const Arguments& a) { return setVocabulary(a, service::boolArg(a, 1)); });
  m("setWordListAsVocabulary", {{"vocabulary", Type::List}}, Type::Void, "",
    [setVocabulary](const Arguments& a) { return setVocabulary(a, false); });
  auto subscribe = [this](const Arguments& a) {
    {
      std::lock_guard lock(mutex_);
      subscribers_.insert(service::stringArg(a, 0));
    }
    memory_.insertData("ALSpeechRecognition/Status", "ListenOn");
    memory_.insertData("ALSpeechRecognition/ActiveListening", 1);
    return Any();
  };
  m("subscribe", {{"name", Type::String}}, Type::Void, "Starts recognising", subscribe);
  m("subscribe", {{"name", Type::String}, {"period", Type::Int}, {"precision", Type::Float}}, Type::Void, "", subscribe);
  m("unsubscribe", {{"name", Type::String}}, Type::Void, "", [this](const Arguments& a) {
    bool idle;
    {
      std::lock_guard lock(mutex_);
      if (!subscribers_.erase(service::stringArg(a, 0)))
        throw CallError("no-such-subscriber", "no subscriber named " + service::stringArg(a, 0));
      idle = subscribers_.empty();
    }
    if (idle) {
      memory_.insertData("ALSpeechRecognition/Status", "Idle");
      memory_.insertData("ALSpeechRecognition/ActiveListening", 0);
    }
    return Any();
  });
  m("getSubscribersInfo", {}, Type::List, "", [this](const Arguments&) {
    std::lock_guard lock(mutex_);
    return subscribersInfo(subscribers_);
  });
  m("pause", {{"pause", Type::Bool}}, Type::Void, "", [this](const Arguments& a) {
    std::lock_guard lock(mutex_);
    paused_ = service::boolArg(a, 0);
    return Any();
  });
  m("setLanguage", {{"languageName", Type::String}}, Type::Void, "", [this](const Arguments& a) {
    const std::string name = languageName(service::stringArg(a, 0));
    if (name.empty()) throw CallError("bad-argument", "unknown language " + service::stringArg(a, 0));
    std::lock_guard lock(mutex_);
    language_ = name;
    return Any();
  });
  m("getLanguage", {}, Type::String, "", [this](const Arguments&) { return Any(language()); });
  m("getAvailableLanguages", {}, Type::List, "",
    [](const Arguments&) { return service::toAny(std::vector<std::string>{"English", "French", "Japanese", "Chinese"}); });
  m("setParameter", {{"paramName", Type::String}, {"paramValue", Type::Float}}, Type::Void, "", [this](const Arguments& a) {
    std::lock_guard lock(mutex_);
    parameters_[service::stringArg(a, 0)] = a[1].isBool() ? (a[1].asBool() ? 1.0 : 0.0) : service::floatArg(a, 1);
    return Any();
  });
  m("getParameter", {{"paramName", Type::String}}, Type::Float, "", [this](const Arguments& a) {
    std::lock_guard lock(mutex_);
    auto it = parameters_.find(service::stringArg(a, 0));
    if (it == parameters_.end()) throw CallError("bad-argument", "no parameter " + service::stringArg(a, 0));
    return Any(it->second);
  });
  m("setAudioExpression", {{"setOrNot", Type::Bool}}, Type::Void, "", [this](const Arguments& a) {
    std::lock_guard lock(mutex_);
    audioExpression_ = service::boolArg(a, 0);
    return Any();
  });
  m("getAudioExpression", {}, Type::Bool, "", [this](const Arguments&) {
    std::lock_guard lock(mutex_);
    return Any(audioExpression_);
  });
  m("setVisualExpression", {{"setOrNot", Type::Bool}}, Type::Void, "", [this](const Arguments& a) {
    std::lock_guard lock(mutex_);
    visualExpression_ = service::boolArg(a, 0);
    return Any();
  });
  m("removeAllContext", {}, Type::Void, "", [this](const Arguments&) {
    std::lock_guard lock(mutex_);
    vocabulary_.clear();
    return Any();
  });
  return s;
}

Heard hear(SpeechRecognition& asr, DialogService& dialog, const std::string& utterance, double confidence) {
  Heard h;
  h.wordRecognized = asr.hear(utterance, confidence);
  h.dialog = dialog.input(utterance, confidence, false);
  return h;
}

}  // namespace autolife::dialog
