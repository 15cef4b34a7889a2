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
std::string where(std::string_view method) { return std::string(kService) + "." + std::string(method); }

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
  SpeechTimer timer(tts_.speed());
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
  auto s = std::make_shared<service::Service>(kService, "Simulated speech with animation annotations");
  auto checkMode = [](const std::string& mode, std::string_view w) {
    if (std::find(modes().begin(), modes().end(), mode) == modes().end())
      refuse("bad-argument", w, "'" + mode + "' is not a body language mode (disabled, random, contextual)");
  };
  define(*s, core_, "say", {{"text", Type::String}}, Type::Void, "Says an annotated text; takes the time it is spoken",
         [this](const Arguments& a) {
           service::takes(say(service::stringArg(a, 0)));
           return Any();
         });
  define(*s, core_, "say", {{"text", Type::String}, {"configuration"}}, Type::Void,
         "Says an annotated text with a configuration ({\"bodyLanguageMode\": ...})", [this, checkMode](const Arguments& a) {
           const std::string w = where("say");
           const Any& config = a[1];
           // A map, or NAOqi's list of [key, value] pairs.
           auto check = [&](const std::string& key, const Any& value) {
             if (key == "bodyLanguageMode" || key == "speakingMovementMode") checkMode(args::text(value, w, key), w);
           };
           if (config.is_object()) {
             for (const auto& [key, value] : config.items()) check(key, value);
           } else if (config.is_array()) {
             for (const auto& pair : config) {
               if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string())
                 refuse("bad-argument", w, "configuration must be a map or a list of [key, value], got " + args::quote(config));
               check(pair[0].get<std::string>(), pair[1]);
             }
           } else if (!config.is_null()) {
             refuse("bad-argument", w, "configuration must be a map, got " + args::quote(config));
           }
           service::takes(say(service::stringArg(a, 0)));
           return Any();
         });
  define(*s, core_, "setBodyLanguageModeFromStr", {{"bodyLanguageMode", Type::String}}, Type::Void,
         "disabled, random or contextual", [this, checkMode](const Arguments& a) {
           const std::string mode = service::stringArg(a, 0);
           checkMode(mode, where("setBodyLanguageModeFromStr"));
           std::lock_guard lock(core_.mutex);
           mode_ = mode;
           return Any();
         });
  define(*s, core_, "setBodyLanguageMode", {{"bodyLanguageMode", Type::Int}}, Type::Void, "0 disabled, 1 random, 2 contextual",
         [this](const Arguments& a) {
           const auto mode = service::intArg(a, 0);
           if (mode < 0 || mode > 2)
             refuse("bad-argument", where("setBodyLanguageMode"), "bodyLanguageMode must be 0, 1 or 2, got " + std::to_string(mode));
           std::lock_guard lock(core_.mutex);
           mode_ = modes()[static_cast<std::size_t>(mode)];
           return Any();
         });
  define(*s, core_, "getBodyLanguageModeToStr", {}, Type::String, "The body language mode",
         [this](const Arguments&) { return Any(bodyLanguageMode()); });
  define(*s, core_, "getBodyLanguageMode", {}, Type::Int, "The body language mode (0, 1, 2)", [this](const Arguments&) {
    const std::string m = bodyLanguageMode();
    return Any(static_cast<int>(std::find(modes().begin(), modes().end(), m) - modes().begin()));
  });
  for (const char* feature : {"BodyTalk", "BodyLanguage"}) {
    define(*s, core_, std::string("set") + feature + "Enabled", {{"enable"}}, Type::Void, "Body language on or off",
           [this, feature](const Arguments& a) {
             const bool on = args::flag(a[0], where(std::string("set") + feature + "Enabled"), "enable");
             std::lock_guard lock(core_.mutex);
             bodyTalk_ = on;
             if (!on) mode_ = "disabled";
             else if (mode_ == "disabled") mode_ = "contextual";
             return Any();
           });
    define(*s, core_, std::string("is") + feature + "Enabled", {}, Type::Bool, "Whether body language is on",
           [this](const Arguments&) { return Any(bodyLanguageMode() != "disabled"); });
  }
  define(*s, core_, "declareAnimationsPackage", {{"animationsPackage", Type::String}}, Type::Void,
         "Where animations come from (recorded)", [](const Arguments&) { return Any(); });
  define(*s, core_, "addTagsToWords", {{"tagsToWords"}}, Type::Void, "Tags for words (recorded)", [](const Arguments&) { return Any(); });
  define(*s, core_, "declareTagForAnimations", {{"tagsToAnimations"}}, Type::Void, "Animations for tags (recorded)",
         [](const Arguments&) { return Any(); });
  return s;
}

}  // namespace autolife::robot
