#include "autolife/robot/animated_speech.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include "arguments.hpp"

namespace autolife::robot {

using service::Any;
using service::Arguments;
using service::Type;

namespace {

constexpr const char* kService = "ALAnimatedSpeech";

const std::vector<std::string>& modes() {
  static const std::vector<std::string> m = {"disabled", "random", "contextual"};
  return m;
}

bool identifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

}  // namespace

AnimatedSpeech::AnimatedSpeech(RobotCore& core, TextToSpeech& tts) : core_(core), tts_(tts) {
  MemoryWrites writes;
  writes.declare("ALAnimatedSpeech/EndOfAnimatedSpeech");
  writes.applyTo(core_.memory);
}

SpeechPlan AnimatedSpeech::plan(std::string_view text) const {
  SpeechTimer timer = tts_.timer();
  const core::Duration animation = core::fromSeconds(kAnimationSeconds);
  std::map<std::string, core::Duration> running;  // animation or tag -> when it ends (speech time)
  std::size_t chunk = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] != '^' || i + 1 >= text.size() || !std::isalpha(static_cast<unsigned char>(text[i + 1]))) {
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    while (j < text.size() && identifierChar(text[j])) ++j;
    const std::string name(text.substr(i + 1, j - i - 1));
    std::string argument;
    if (j < text.size() && text[j] == '(') {
      int depth = 0;
      std::size_t k = j;
      for (; k < text.size(); ++k) {
        if (text[k] == '(') ++depth;
        else if (text[k] == ')' && --depth == 0) break;
      }
      argument = std::string(text.substr(j + 1, std::min(k, text.size()) - j - 1));
      j = std::min(k + 1, text.size());
    }
    timer.text(text.substr(chunk, i - chunk));
    if (name == "run" || name == "runTag") {
      timer.wait(animation);
    } else if (name == "start" || name == "startTag") {
      running[argument] = timer.cursor() + animation;
    } else if (name == "wait" || name == "waitTag") {
      if (auto it = running.find(argument); it != running.end()) {
        timer.wait(it->second - timer.cursor());
        running.erase(it);
      }
    } else if (name == "stop" || name == "stopTag") {
      running.erase(argument);
    }
    i = chunk = j;
  }
  timer.text(text.substr(chunk));
  return timer.finish();
}

core::Duration AnimatedSpeech::say(std::string_view text) {
  return tts_.speak(plan(text), [](MemoryWrites& w) { w.raise("ALAnimatedSpeech/EndOfAnimatedSpeech", 1); });
}

std::string AnimatedSpeech::bodyLanguageMode() const {
  std::lock_guard lock(core_.mutex);
  return mode_;
}

std::shared_ptr<service::Service> AnimatedSpeech::makeService() {
  auto b = declare(core_, kService, "Simulated speech with animation annotations");
  auto checkMode = [](const std::string& mode) {
    if (std::find(modes().begin(), modes().end(), mode) == modes().end())
      service::refuse("bad-argument", "'" + mode + "' is not a body language mode (disabled, random, contextual)");
  };
  b.bind("say", [this](const std::string& text) { service::takes(say(text)); }, "Says an annotated text; takes the time it is spoken");
  b.bind("say", [this, checkMode](const std::string& text, const Any& config) {
    const std::string w = service::currentMethod();
    // A map, or NAOqi's list of [key, value] pairs.
    auto check = [&](const std::string& key, const Any& value) {
      if (key == "bodyLanguageMode" || key == "speakingMovementMode") checkMode(args::text(value, w, key));
    };
    if (config.isMap()) {
      for (const auto& [key, value] : config.asMap()) check(key, value);
    } else if (const auto* pairs = args::list(config)) {
      for (const auto& pair : *pairs) {
        const auto* kv = args::list(pair);
        if (!kv || kv->size() != 2 || !(*kv)[0].isString())
          service::refuse("bad-argument", "configuration must be a map or a list of [key, value], got " + args::quote(config));
        check((*kv)[0].asString(), (*kv)[1]);
      }
    } else if (!config.isInvalid()) {
      service::refuse("bad-argument", "configuration must be a map, got " + args::quote(config));
    }
    service::takes(say(text));
  }, "Says an annotated text with a configuration ({\"bodyLanguageMode\": ...})");
  b.bind("setBodyLanguageModeFromStr", {"bodyLanguageMode"}, [this, checkMode](const std::string& mode) {
    checkMode(mode);
    std::lock_guard lock(core_.mutex);
    mode_ = mode;
  }, "disabled, random or contextual");
  b.bind("setBodyLanguageMode", {"bodyLanguageMode"}, [this](int mode) {
    if (mode < 0 || mode > 2) service::refuse("bad-argument", "bodyLanguageMode must be 0, 1 or 2, got " + std::to_string(mode));
    std::lock_guard lock(core_.mutex);
    mode_ = modes()[static_cast<std::size_t>(mode)];
  }, "0 disabled, 1 random, 2 contextual");
  b.bind("getBodyLanguageModeToStr", [this] { return bodyLanguageMode(); }, "The body language mode");
  b.bind("getBodyLanguageMode", {}, [this] {
    const std::string m = bodyLanguageMode();
    return static_cast<int>(std::find(modes().begin(), modes().end(), m) - modes().begin());
  }, "The body language mode (0, 1, 2)");
  for (const char* feature : {"BodyTalk", "BodyLanguage"}) {
    // A bool, or 0 and 1 (Python boxes pass both).
    b.bind(std::string("set") + feature + "Enabled", [this](bool on) {
      std::lock_guard lock(core_.mutex);
      bodyTalk_ = on;
      if (!on) mode_ = "disabled";
      else if (mode_ == "disabled") mode_ = "contextual";
    }, "Body language on or off");
    b.bind(std::string("is") + feature + "Enabled", [this] { return bodyLanguageMode() != "disabled"; }, "Whether body language is on");
  }
  b.bind("declareAnimationsPackage", [](const std::string&) {}, "Where animations come from (recorded)");
  b.bind("addTagsToWords", [](const Any&) {}, "Tags for words (recorded)");
  b.bind("declareTagForAnimations", [](const Any&) {}, "Animations for tags (recorded)");
  return b.build();
}

}  // namespace autolife::robot
