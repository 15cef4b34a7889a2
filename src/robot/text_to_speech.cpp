#include "autolife/robot/text_to_speech.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "arguments.hpp"

namespace autolife::robot {

using service::Any;
using service::Arguments;
using service::Type;

namespace {

constexpr const char* kTextToSpeechService = "ALTextToSpeech";

struct ParameterRange {
  const char* name;
  double min, max, initial;
};
// setParameter's parameters: range and default.
constexpr ParameterRange kParameters[] = {
    {"speed", 50, 400, 100},         {"defaultVoiceSpeed", 50, 400, 100}, {"pitchShift", 0, 4, 1.0},
    {"doubleVoice", 0, 4, 0},        {"doubleVoiceLevel", 0, 4, 0},      {"doubleVoiceTimeShift", 0, 0.5, 0},
};

const std::vector<std::pair<std::string, std::string>>& localeTable() {
  static const std::vector<std::pair<std::string, std::string>> table = {
      {"Arabic", "ar_SA"},  {"Brazilian", "pt_BR"}, {"Chinese", "zh_CN"},    {"Czech", "cs_CZ"},   {"Danish", "da_DK"},
      {"Dutch", "nl_NL"},   {"English", "en_US"},   {"Finnish", "fi_FI"},    {"French", "fr_FR"},  {"German", "de_DE"},
      {"Italian", "it_IT"}, {"Japanese", "ja_JP"},  {"Korean", "ko_KR"},     {"Polish", "pl_PL"},  {"Portuguese", "pt_PT"},
      {"Russian", "ru_RU"}, {"Spanish", "es_ES"},   {"Swedish", "sv_SE"},    {"Turkish", "tr_TR"},
  };
  return table;
}

const std::vector<std::string>& voices() {
  static const std::vector<std::string> v = {"naoenu", "naofrf", "naoded", "naoiti", "naospe", "naojpj", "naomnc", "naokok"};
  return v;
}

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

double parseNumber(std::string_view s, double fallback) {
  double v = fallback;
  auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  return r.ec == std::errc() ? v : fallback;
}

bool isTagBody(std::string_view body) {
  if (body.empty() || !std::isalpha(static_cast<unsigned char>(body[0]))) return false;
  for (char c : body)
    if (c == '\n' || c == '\r') return false;
  return true;
}

}  // namespace

// ---- timing ----------------------------------------------------------------

SpeechTimer::SpeechTimer(double speedPercent) : base_(speedPercent), speed_(speedPercent) {}

void SpeechTimer::tag(std::string_view body) {
  const auto eq = body.find('=');
  const std::string name = upper(body.substr(0, eq));
  const std::string_view value = eq == std::string_view::npos ? std::string_view() : body.substr(eq + 1);
  if (synthesizer_) {
    flush();
    cursor_ = audio_->seconds();
  }
  if (name == "RSPD") speed_ = std::clamp(parseNumber(value, speed_), 50.0, 400.0);
  else if (name == "RST") speed_ = base_;
  else if (name == "PAU") cursor_ += std::max(0.0, parseNumber(value, 0)) / 1000.0;
  else if (name == "MRK") bookmarks_.emplace_back(cursor_, static_cast<int>(parseNumber(value, 0)));
  if (!synthesizer_) return;  // \VCT=\, \VOL=\, \style=\...: how it sounds, not how long
  if (name == "VCT") voice_.pitchPercent = std::clamp(parseNumber(value, voice_.pitchPercent), 50.0, 200.0);
  else if (name == "RST") voice_.pitchPercent = 100;
  else if (name == "PAU") audio_->appendSilence(std::max(0.0, parseNumber(value, 0)) / 1000.0);
  voice_.speed = speed_;
  if (name == "PAU" || name == "MRK") cursor_ = audio_->seconds();
}

void SpeechTimer::text(std::string_view s) {
  auto perCharacter = [this] { return 1.0 / (kCharactersPerSecond * speed_ / 100.0); };
  for (std::size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (c == '\\') {
      const auto close = s.find('\\', i + 1);
      if (close != std::string_view::npos && isTagBody(s.substr(i + 1, close - i - 1))) {
        tag(s.substr(i + 1, close - i - 1));
        i = close + 1;
        continue;
      }
      ++i;  // a lone backslash is not spoken
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      pendingSpace_ = !spoken_.empty();
      ++i;
      continue;
    }
    if (pendingSpace_) {
      spoken_ += ' ';
      if (synthesizer_) pending_ += ' ';
      cursor_ += perCharacter();
      pendingSpace_ = false;
    }
    spoken_ += c;
    if (synthesizer_) pending_ += c;
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) cursor_ += perCharacter();  // one per UTF-8 character
    ++i;
  }
}

void SpeechTimer::wait(core::Duration d) {
  if (synthesizer_) {
    flush();
    if (d > core::Duration::zero()) audio_->appendSilence(core::toSeconds(d));
    cursor_ = audio_->seconds();
    return;
  }
  if (d > core::Duration::zero()) cursor_ += core::toSeconds(d);
}

core::Duration SpeechTimer::cursor() {
  if (synthesizer_) {
    flush();
    cursor_ = audio_->seconds();
  }
  return core::fromSeconds(cursor_);
}

SpeechPlan SpeechTimer::finish() {
  if (synthesizer_) return finishAudio();
  SpeechPlan plan;
  plan.spoken = spoken_;
  if (spoken_.empty() && cursor_ == 0.0) return plan;
  plan.duration = core::fromSeconds(kLeadInSeconds + cursor_);
  for (const auto& [offset, mark] : bookmarks_) plan.bookmarks.emplace_back(core::fromSeconds(kLeadInSeconds + offset), mark);
  return plan;
}

// ---- the service's state -----------------------------------------------------

TextToSpeech::TextToSpeech(RobotCore& core) : core_(core) {
  for (const auto& p : kParameters) parameters_[p.name] = p.initial;
  MemoryWrites writes;
  for (const char* e : {"ALTextToSpeech/TextStarted", "ALTextToSpeech/TextDone", "ALTextToSpeech/TextInterrupted",
                        "ALTextToSpeech/CurrentSentence", "ALTextToSpeech/CurrentBookMark", "ALTextToSpeech/Status"})
    writes.declare(e);
  writes.applyTo(core_.memory);
}

const std::vector<std::string>& TextToSpeech::languages() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& [language, locale] : localeTable()) v.push_back(language);
    return v;
  }();
  return names;
}

double TextToSpeech::speed() const {
  std::lock_guard lock(core_.mutex);
  return parameters_.at("speed");
}

SpeechPlan TextToSpeech::plan(std::string_view text) const {
  SpeechTimer timer = this->timer();
  timer.text(text);
  return timer.finish();
}

core::Duration TextToSpeech::speak(SpeechPlan plan, std::function<void(MemoryWrites&)> atEnd) {
  SpokenAudio queued;
  core::Duration taken{0};
  {
    std::lock_guard lock(core_.mutex);
    const core::Time now = core_.now();
    const std::uint64_t id = nextId_++;
    Utterance u;
    u.text = plan.spoken;
    u.start = std::max(now, busyUntil_);
    u.end = u.start + plan.duration;
    u.atEnd = std::move(atEnd);
    busyUntil_ = u.end;
    history_.push_back(plan.spoken);
    MemoryWrites enqueued;
    enqueued.raise("ALTextToSpeech/Status", core::Value::Array{static_cast<std::int64_t>(id), "enqueued"});
    core_.publish(std::move(enqueued));
    u.timers.push_back(core_.at(u.start, [this, id] { start(id); }));
    for (const auto& [offset, mark] : plan.bookmarks)
      u.timers.push_back(core_.at(u.start + offset, [this, id, mark = mark] { bookmark(id, mark); }));
    u.timers.push_back(core_.at(u.end, [this, id] { done(id); }));
    taken = u.end - now;
    queued = {u.start, u.text, plan.audio};
    queue_.emplace(id, std::move(u));
  }
  if (queued.audio) audioQueued(queued);
  return taken;
}

void TextToSpeech::start(std::uint64_t id) {
  MemoryWrites writes;
  {
    std::lock_guard lock(core_.mutex);
    auto it = queue_.find(id);
    if (it == queue_.end()) return;
    it->second.started = true;
    writes.raise("ALTextToSpeech/TextStarted", 1);
    writes.set("ALTextToSpeech/TextDone", 0);
    writes.raise("ALTextToSpeech/CurrentSentence", it->second.text);
    writes.raise("ALTextToSpeech/Status", core::Value::Array{static_cast<std::int64_t>(id), "started"});
  }
  writes.applyTo(core_.memory);
}

void TextToSpeech::bookmark(std::uint64_t id, int mark) {
  MemoryWrites writes;
  {
    std::lock_guard lock(core_.mutex);
    if (!queue_.contains(id)) return;
    writes.raise("ALTextToSpeech/CurrentBookMark", mark);
  }
  writes.applyTo(core_.memory);
}

void TextToSpeech::done(std::uint64_t id) {
  MemoryWrites writes;
  {
    std::lock_guard lock(core_.mutex);
    auto it = queue_.find(id);
    if (it == queue_.end()) return;
    Utterance u = std::move(it->second);
    queue_.erase(it);
    writes.raise("ALTextToSpeech/TextDone", 1);
    writes.set("ALTextToSpeech/TextStarted", 0);
    writes.raise("ALTextToSpeech/Status", core::Value::Array{static_cast<std::int64_t>(id), "done"});
    if (u.atEnd) u.atEnd(writes);
  }
  writes.applyTo(core_.memory);
}

void TextToSpeech::stopAll() {
  MemoryWrites writes;
  {
    std::lock_guard lock(core_.mutex);
    const core::Time now = core_.now();
    for (auto& [id, u] : queue_) {
      for (auto t : u.timers) core_.cancel(t);
      const core::Value::Array status{static_cast<std::int64_t>(id), u.started ? "stopped" : "thrown"};
      if (u.started) {
        writes.raise("ALTextToSpeech/TextInterrupted", 1);
        writes.raise("ALTextToSpeech/Status", status);
        writes.raise("ALTextToSpeech/TextDone", 1);
        writes.set("ALTextToSpeech/TextStarted", 0);
      } else {
        writes.raise("ALTextToSpeech/Status", status);
      }
      if (u.atEnd) u.atEnd(writes);
    }
    queue_.clear();
    busyUntil_ = now;
  }
  core_.publish(std::move(writes));
  stopped();
}

std::vector<std::string> TextToSpeech::spoken() const {
  std::lock_guard lock(core_.mutex);
  return history_;
}

bool TextToSpeech::speaking() const {
  std::lock_guard lock(core_.mutex);
  const core::Time now = core_.now();
  return std::any_of(queue_.begin(), queue_.end(), [&](const auto& e) { return e.second.start <= now && now < e.second.end; });
}

std::string TextToSpeech::language() const {
  std::lock_guard lock(core_.mutex);
  return language_;
}

double TextToSpeech::volume() const {
  std::lock_guard lock(core_.mutex);
  return volume_;
}

// ---- the service -------------------------------------------------------------

std::shared_ptr<service::Service> TextToSpeech::makeService() {
  auto b = declare(core_, kTextToSpeechService, "Simulated speech: what is said, and how long it takes");
  service::Service* self = &b.service();
  auto checkLanguage = [](const std::string& language) {
    const auto& known = languages();
    if (std::find(known.begin(), known.end(), language) == known.end())
      service::refuse("unknown-language", "'" + language + "' is not an available language");
  };
  auto say = [this](const std::string& text) { service::takes(speak(plan(text))); };
  b.bind("say", say, "Says a text; takes the time it is spoken");
  b.bind("say", [say, checkLanguage](const std::string& text, const std::string& language) {
    checkLanguage(language);
    say(text);
  }, "Says a text in a language; takes the time it is spoken");
  b.bind("sayToFile", {"stringToSay", "fileName"}, [this](const std::string& text, const std::string& path) { sayToFile(text, path); },
         "Synthesises a text to a 16-bit PCM WAV file (eSpeak NG)");
  b.bind("stopAll", [this] { stopAll(); }, "Interrupts the current and queued texts");
  b.bind("setLanguage", {"language"}, [this, self, checkLanguage](const std::string& language) {
    checkLanguage(language);
    {
      std::lock_guard lock(core_.mutex);
      language_ = language;
    }
    self->emit("languageTTS", language);
  }, "Sets the language");
  b.bind("getLanguage", [this] { return language(); }, "The language");
  for (const char* name : {"getAvailableLanguages", "getSupportedLanguages"})
    b.bind(name, [] { return languages(); }, "The languages");
  b.bind("locale", [this] {
    const std::string l = language();
    for (const auto& [language, locale] : localeTable())
      if (language == l) return std::string(locale);
    return std::string("en_US");
  }, "The language's locale (en_US...)");
  b.bind("setVolume", [this](double volume) {
    args::within(volume, 0.0, 1.0, "volume");
    std::lock_guard lock(core_.mutex);
    volume_ = volume;
  }, "Sets the volume, 0 to 1");
  b.bind("getVolume", [this] { return volume(); }, "The volume");
  b.bind("setParameter", {"parameter", "value"}, [this](const std::string& name, double value) {
    for (const auto& p : kParameters)
      if (name == p.name) {
        args::within(value, p.min, p.max, name);
        std::lock_guard lock(core_.mutex);
        parameters_[name] = value;
        return;
      }
    service::refuse("unknown-parameter", "no speech parameter named '" + name + "'");
  }, "Sets speed (50-400 %), pitchShift, doubleVoice...");
  b.bind("getParameter", {"parameter"}, [this](const std::string& name) {
    std::lock_guard lock(core_.mutex);
    auto it = parameters_.find(name);
    if (it == parameters_.end()) service::refuse("unknown-parameter", "no speech parameter named '" + name + "'");
    return it->second;
  }, "A speech parameter");
  b.bind("resetSpeed", [this] {
    std::lock_guard lock(core_.mutex);
    parameters_["speed"] = parameters_["defaultVoiceSpeed"];
  }, "Speed back to 100 %");
  b.bind("reset", {}, [this] {
    std::lock_guard lock(core_.mutex);
    for (const auto& p : kParameters) parameters_[p.name] = p.initial;
    volume_ = 1.0;
  }, "Parameters, volume and speed back to their defaults");
  b.bind("setVoice", {"voiceID"}, [this](const std::string& voice) {
    if (std::find(voices().begin(), voices().end(), voice) == voices().end())
      service::refuse("unknown-voice", "no voice named '" + voice + "'");
    std::lock_guard lock(core_.mutex);
    voice_ = voice;
  }, "Sets the voice");
  b.bind("getVoice", [this] {
    std::lock_guard lock(core_.mutex);
    return voice_;
  }, "The voice");
  b.bind("getAvailableVoices", [] { return voices(); }, "The voices");
  b.bind("setLanguageDefaultVoice", {"language", "voice"}, [checkLanguage](const std::string& language, const std::string&) {
    checkLanguage(language);
  }, "A language's voice (recorded)");
  b.bind("loadVoicePreference", {"preferenceName"}, [](const std::string&) {}, "Voice preferences (recorded)");
  b.service().signal("languageTTS", {{"language", Type::String}}, "The language changed");
  return b.build();
}

}  // namespace autolife::robot
