#include "autolife/sim/scenario.hpp"

#include "autolife/robot/devices.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <iomanip>
#include <sstream>
#include <tuple>

#include "autolife/core/text_lines.hpp"

namespace autolife::sim {

namespace {

// Where a yaml-cpp mark is in the text, in the project's terms (1-based
// lines, columns in characters): yaml-cpp counts columns in bytes and its
// offsets start after a byte order mark. {0, 0} for a mark it did not set.
class Places {
public:
  explicit Places(const std::string& text) : text_(text), lines_(text) {}

  // The byte offset of `m` in the text; npos for a null mark.
  std::size_t offsetOf(const YAML::Mark& m) const {
    if (m.is_null() || m.pos < 0) return std::string::npos;
    return static_cast<std::size_t>(m.pos) + (text_.starts_with("\xEF\xBB\xBF") ? 3 : 0);
  }
  std::pair<int, int> at(std::size_t offset) const {
    if (offset == std::string::npos) return {0, 0};
    const auto p = lines_.position(offset);
    return {p.line, p.column};
  }
  std::pair<int, int> of(const YAML::Mark& m) const { return at(offsetOf(m)); }

private:
  const std::string& text_;
  core::TextLines lines_;
};

// Reads the YAML document, collecting every problem with its position.
class Reader {
public:
  Reader(const std::string& text, std::string file, std::string baseDirectory)
      : text_(text), places_(text), file_(std::move(file)), base_(std::move(baseDirectory)) {}

  std::vector<core::Diagnostic> problems;

  void problem(const YAML::Node& at, const std::string& message) {
    core::Diagnostic d;
    d.file = file_;
    std::tie(d.line, d.column) = places_.of(at.Mark());
    d.message = message;
    problems.push_back(std::move(d));
  }

  Scenario read(const YAML::Node& root) {
    Scenario s;
    s.file = file_;
    if (!root.IsMap()) {
      problem(root, "a scenario is a map with robot, packages, activities, steps, expect...");
      return s;
    }
    checkKeys(root, {"robot", "seed", "until", "start", "packages", "activities", "steps", "expect"}, "scenario");
    if (auto n = root["robot"]) s.robot = oneOf(n, {"nao", "pepper"}, "robot").value_or("nao");
    if (auto n = root["seed"]) s.seed = static_cast<std::uint64_t>(integer(n, "seed").value_or(0));
    if (auto n = root["until"]) s.until = duration(n, "until");
    if (auto n = root["start"]) s.start = startTime(n);
    if (auto n = root["packages"]) s.packages = packages(n);
    if (auto n = root["activities"]) s.activities = activities(n);
    if (auto n = root["steps"]) s.steps = steps(n);
    if (auto n = root["expect"]) s.expectations = expectations(n);
    return s;
  }

private:
  // ---- scalars ----
  void checkKeys(const YAML::Node& map, std::initializer_list<const char*> known, const std::string& what) {
    for (const auto& kv : map) {
      const std::string key = kv.first.Scalar();
      if (std::none_of(known.begin(), known.end(), [&](const char* k) { return key == k; })) {
        std::string list;
        for (const char* k : known) list += (list.empty() ? "" : ", ") + std::string(k);
        problem(kv.first, "unknown field '" + key + "' in " + what + " (known: " + list + ")");
      }
    }
  }

  std::optional<std::string> string(const YAML::Node& n, const std::string& what) {
    if (!n.IsScalar()) {
      problem(n, what + " must be a string");
      return std::nullopt;
    }
    return n.Scalar();
  }

  std::optional<std::string> oneOf(const YAML::Node& n, std::initializer_list<const char*> allowed, const std::string& what) {
    auto s = string(n, what);
    if (!s) return std::nullopt;
    for (const char* a : allowed)
      if (*s == a) return s;
    std::string list;
    for (const char* a : allowed) list += (list.empty() ? "" : " or ") + std::string(a);
    problem(n, what + " must be " + list + ", not '" + *s + "'");
    return std::nullopt;
  }

  std::optional<double> number(const YAML::Node& n, const std::string& what) {
    if (n.IsScalar()) {
      double d = 0;
      const std::string& text = n.Scalar();
      auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), d);
      if (ec == std::errc() && p == text.data() + text.size() && std::isfinite(d)) return d;
    }
    problem(n, what + " must be a number");
    return std::nullopt;
  }

  std::optional<std::int64_t> integer(const YAML::Node& n, const std::string& what) {
    if (n.IsScalar()) {
      std::int64_t i = 0;
      const std::string& text = n.Scalar();
      auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), i);
      if (ec == std::errc() && p == text.data() + text.size() && i >= 0) return i;
    }
    problem(n, what + " must be a whole number >= 0");
    return std::nullopt;
  }

  std::optional<bool> boolean(const YAML::Node& n, const std::string& what) {
    if (n.IsScalar() && (n.Scalar() == "true" || n.Scalar() == "false")) return n.Scalar() == "true";
    problem(n, what + " must be true or false");
    return std::nullopt;
  }

  std::optional<core::Time> duration(const YAML::Node& n, const std::string& what) {
    if (n.IsScalar())
      if (auto t = parseDuration(n.Scalar())) return t;
    problem(n, what + " must be a time in seconds, or like 90s, 30m, 2h, 1h30m, 1d");
    return std::nullopt;
  }

  // A UTC date and time, "Z" at the end or nothing. Years 1970 to 2200: the
  // engine's clock counts nanoseconds in 64 bits (up to 2262), and a run
  // goes on from its start.
  std::optional<std::chrono::system_clock::time_point> startTime(const YAML::Node& n) {
    const std::string text = n.IsScalar() ? n.Scalar() : "";
    std::tm tm{};
    std::istringstream in(text);
    in >> std::get_time(&tm, "%Y-%m-%dT%H:%M:%S");
    const bool read = !in.fail();
    std::string rest;
    if (read) std::getline(in, rest);
    if (!read || (!rest.empty() && rest != "Z")) {
      problem(n, "start must be a UTC date and time like 2026-01-05T09:00:00Z");
      return std::nullopt;
    }
    const int year = tm.tm_year + 1900;
    if (year < 1970 || year > 2200) {
      problem(n, "start must be between the years 1970 and 2200 (it is " + std::to_string(year) + ")");
      return std::nullopt;
    }
    return std::chrono::system_clock::from_time_t(timegm(&tm));
  }

  // A memory value: quoted scalars are strings; plain ones are null, bools,
  // ints, floats, or strings; sequences are arrays; maps are refused.
  std::optional<core::Value> value(const YAML::Node& n) {
    if (n.IsNull()) return core::Value();
    if (n.IsSequence()) {
      core::Value::Array items;
      for (const auto& item : n) {
        auto v = value(item);
        if (!v) return std::nullopt;
        items.push_back(*v);
      }
      return core::Value(std::move(items));
    }
    if (n.IsMap()) {
      problem(n, "a map is not a memory value");
      return std::nullopt;
    }
    const std::string& text = n.Scalar();
    if (n.Tag() == "!") return core::Value(text);  // quoted
    if (text == "true" || text == "false") return core::Value(text == "true");
    if (text == "null" || text == "~") return core::Value();
    std::int64_t i = 0;
    if (auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), i);
        ec == std::errc() && p == text.data() + text.size())
      return core::Value(i);
    double d = 0;
    if (auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), d);
        ec == std::errc() && p == text.data() + text.size() && std::isfinite(d))
      return core::Value(d);
    return core::Value(text);
  }

  std::vector<std::pair<std::string, core::Value>> keyValues(const YAML::Node& n, const std::string& what) {
    std::vector<std::pair<std::string, core::Value>> out;
    if (!n.IsMap()) {
      problem(n, what + " must be a map of key: value");
      return out;
    }
    for (const auto& kv : n) {
      auto v = value(kv.second);
      if (kv.first.Scalar().empty()) problem(kv.first, what + " has an empty key name");
      else if (v) out.emplace_back(kv.first.Scalar(), *v);
    }
    return out;
  }

  std::vector<std::string> strings(const YAML::Node& n, const std::string& what) {
    std::vector<std::string> out;
    if (!n.IsSequence()) {
      problem(n, what + " must be a list");
      return out;
    }
    for (const auto& item : n)
      if (auto s = string(item, what + " items")) out.push_back(*s);
    return out;
  }

  // ---- sections ----
  std::vector<std::string> packages(const YAML::Node& n) {
    std::vector<std::string> out;
    for (const auto& p : strings(n, "packages")) {
      std::filesystem::path path(p);
      out.push_back(path.is_absolute() ? p : (std::filesystem::path(base_) / path).lexically_normal().string());
    }
    return out;
  }

  std::vector<InlineActivity> activities(const YAML::Node& n) {
    std::vector<InlineActivity> out;
    if (!n.IsSequence()) {
      problem(n, "activities must be a list");
      return out;
    }
    for (const auto& a : n)
      if (auto act = activity(a)) out.push_back(std::move(*act));
    return out;
  }

  std::optional<InlineActivity> activity(const YAML::Node& n) {
    if (!n.IsMap() || !n["name"]) {
      problem(n, "an activity needs at least a name (\"<package-uuid>/<path>\")");
      return std::nullopt;
    }
    checkKeys(n, {"name", "nature", "condition", "permissions", "run", "load", "loadingResponses"}, "activity");
    InlineActivity out;
    out.line = n.Mark().line + 1;
    life::Activity& a = out.activity;
    a.name = string(n["name"], "name").value_or("");
    if (a.name.find('/') == std::string::npos) problem(n["name"], "an activity name is \"<package-uuid>/<path>\"");
    out.overridesRun = !n["nature"] && !n["condition"] && !n["permissions"];
    if (auto nature = n["nature"]) a.nature = oneOf(nature, {"solitary", "interactive"}, "nature") == "interactive"
                                                   ? life::Nature::Interactive
                                                   : life::Nature::Solitary;
    if (auto c = n["condition"]) {
      a.launchTrigger = string(c, "condition").value_or("");
      a.triggerFile = file_;
      std::tie(a.triggerLine, a.triggerColumn) = scalarStart(c);
      if (isBlockScalar(c)) a.triggerIndent = a.triggerColumn - 1;
    }
    if (auto p = n["permissions"]) permissions(p, a.permissions);
    if (auto r = n["run"]) run(r, a);
    if (auto l = n["load"]) a.loadTime = duration(l, "load").value_or(core::Duration::zero());
    if (auto l = n["loadingResponses"]) a.loadingResponses = strings(l, "loadingResponses");
    return out;
  }

  bool isBlockScalar(const YAML::Node& n) const {
    const auto pos = places_.offsetOf(n.Mark());
    return pos < text_.size() && (text_[pos] == '|' || text_[pos] == '>');
  }

  // Where a scalar's text starts in the file: after an opening quote, or on
  // the line after a block indicator (| or >), past its indentation.
  std::pair<int, int> scalarStart(const YAML::Node& n) const {
    const auto pos = places_.offsetOf(n.Mark());
    if (pos >= text_.size()) return places_.at(pos);
    const char c = text_[pos];
    if (c == '"' || c == '\'') return places_.at(pos + 1);
    if (c != '|' && c != '>') return places_.at(pos);
    std::size_t lineStart = text_.find('\n', pos);
    if (lineStart == std::string::npos) return places_.at(pos);
    std::size_t first = text_.find_first_not_of(' ', lineStart + 1);
    return places_.at(first == std::string::npos ? lineStart + 1 : first);
  }

  void permissions(const YAML::Node& n, life::Permissions& p) {
    for (const auto& name : strings(n, "permissions")) {
      if (name == "canRunOnPod") p.canRunOnPod = true;
      else if (name == "canStandUp") p.canStandUp = true;
      else if (name == "canRunInSleep") p.canRunInSleep = true;
      else problem(n, "unknown permission '" + name + "' (canRunOnPod, canStandUp, canRunInSleep)");
    }
  }

  void run(const YAML::Node& n, life::Activity& a) {
    if (!n.IsMap() || n.size() != 1) {
      problem(n, "run must be one of {duration: S}, {until: \"<condition>\"}, {exec: [argv...]}, {forever: true}");
      return;
    }
    if (auto d = n["duration"]) a.run = life::RunFor{duration(d, "run duration").value_or(core::Duration::zero())};
    else if (auto u = n["until"]) a.run = life::RunUntil{string(u, "run until").value_or("")};
    else if (auto e = n["exec"]) {
      auto argv = strings(e, "run exec");
      if (argv.empty()) problem(e, "run exec needs a program: [\"program\", \"arg\"...]");
      a.run = life::RunProgram{argv};
    } else if (n["forever"]) a.run = life::RunForever{};
    else problem(n, "run must be one of duration, until, exec, forever");
  }

  std::vector<Step> steps(const YAML::Node& n) {
    std::vector<Step> out;
    if (!n.IsSequence()) {
      problem(n, "steps must be a list");
      return out;
    }
    for (const auto& s : n)
      if (auto step = this->step(s)) out.push_back(std::move(*step));
    std::stable_sort(out.begin(), out.end(), [](const Step& a, const Step& b) { return a.time < b.time; });
    return out;
  }

  std::optional<Step> step(const YAML::Node& n) {
    if (!n.IsMap() || !n["t"]) {
      problem(n, "a step is a map with t and one of set, raise, people, world, call, touch, hear");
      return std::nullopt;
    }
    checkKeys(n, {"t", "set", "raise", "people", "world", "call", "touch", "hear"}, "step");
    Step s;
    s.line = n.Mark().line + 1;
    s.time = duration(n["t"], "t").value_or(core::Time{0});
    if (auto v = n["set"]) s.set = keyValues(v, "set");
    if (auto v = n["raise"]) s.raise = keyValues(v, "raise");
    if (auto v = n["people"]) s.people = people(v);
    if (auto v = n["world"]) s.world = world(v);
    if (auto v = n["call"]) s.call = call(v);
    if (auto v = n["touch"]) s.touch = touch(v);
    if (auto v = n["hear"]) s.hear = hear(v);
    if (n.size() < 2) problem(n, "a step needs one of set, raise, people, world, call, touch, hear besides t");
    return s;
  }

  std::vector<launchpad::Person> people(const YAML::Node& n) {
    std::vector<launchpad::Person> out;
    if (!n.IsSequence()) {
      problem(n, "people must be a list of {id, distance, angle, looking, waving}");
      return out;
    }
    for (const auto& p : n) {
      if (!p.IsMap() || !p["id"]) {
        problem(p, "a person needs an id (and distance, angle, looking, waving)");
        continue;
      }
      checkKeys(p, {"id", "distance", "angle", "looking", "waving"}, "person");
      launchpad::Person person;
      person.id = string(p["id"], "id").value_or("");
      if (auto v = p["distance"]) person.distance = number(v, "distance").value_or(1.0);
      if (auto v = p["angle"]) person.angle = number(v, "angle").value_or(0.0);
      if (auto v = p["looking"]) person.looking = boolean(v, "looking").value_or(false);
      if (auto v = p["waving"]) person.waving = boolean(v, "waving").value_or(false);
      out.push_back(person);
    }
    return out;
  }

  robot::WorldUpdate world(const YAML::Node& n) {
    robot::WorldUpdate w;
    if (!n.IsMap()) {
      problem(n, "world must be a map (battery, charging, onPod, sleeping, fall, push, ...)");
      return w;
    }
    checkKeys(n, {"battery", "charging", "onPod", "sleeping", "fall", "push", "moved", "lifted", "speaking", "listening",
                  "hatchOpen", "posture", "temperature", "diagnosis", "motion"},
              "world");
    auto flag = [&](const char* name, std::optional<bool>& field) {
      if (auto v = n[name]) field = boolean(v, name);
    };
    if (auto v = n["battery"]) w.battery = number(v, "battery");
    flag("charging", w.charging);
    flag("onPod", w.onPod);
    flag("sleeping", w.sleeping);
    flag("fall", w.fall);
    flag("push", w.push);
    flag("moved", w.moved);
    flag("lifted", w.lifted);
    flag("speaking", w.speaking);
    flag("listening", w.listening);
    flag("hatchOpen", w.hatchOpen);
    if (auto v = n["posture"]) w.posture = string(v, "posture");
    if (auto v = n["temperature"]) w.temperature = numbersByName(v, "temperature");
    if (auto v = n["diagnosis"]) w.diagnosis = diagnosis(v);
    if (auto v = n["motion"]) w.motion = motion(v);
    return w;
  }

  std::map<std::string, double> numbersByName(const YAML::Node& n, const std::string& what) {
    std::map<std::string, double> out;
    if (!n.IsMap()) {
      problem(n, what + " must be a map of joint: degrees Celsius");
      return out;
    }
    for (const auto& kv : n)
      if (auto d = number(kv.second, what + " of " + kv.first.Scalar())) out[kv.first.Scalar()] = *d;
    return out;
  }

  std::map<std::string, std::string> diagnosis(const YAML::Node& n) {
    std::map<std::string, std::string> out;
    if (!n.IsMap()) {
      problem(n, "diagnosis must be a map of device: ok | critical | permanent");
      return out;
    }
    for (const auto& kv : n)
      if (auto s = oneOf(kv.second, {"ok", "critical", "permanent"}, "diagnosis of " + kv.first.Scalar()))
        out[kv.first.Scalar()] = *s;
    return out;
  }

  std::vector<launchpad::MovingObject> motion(const YAML::Node& n) {
    std::vector<launchpad::MovingObject> out;
    if (!n.IsSequence()) {
      problem(n, "motion must be a list of {distance, angle}");
      return out;
    }
    for (const auto& m : n) {
      launchpad::MovingObject spec;
      if (!m.IsMap()) {
        problem(m, "a moving object is {distance, angle}");
        continue;
      }
      checkKeys(m, {"distance", "angle"}, "a moving object");
      if (auto v = m["distance"]) spec.distance = number(v, "distance").value_or(1.0);
      if (auto v = m["angle"]) spec.angle = number(v, "angle").value_or(0.0);
      out.push_back(spec);
    }
    return out;
  }

  // `touch: FrontTactil` or `touch: {sensor: RightBumper, for: 1.5}`.
  std::optional<Touch> touch(const YAML::Node& n) {
    Touch t;
    if (n.IsMap()) {
      checkKeys(n, {"sensor", "for"}, "touch");
      t.sensor = n["sensor"] ? string(n["sensor"], "sensor").value_or("") : "";
      if (auto v = n["for"]) t.seconds = number(v, "for").value_or(t.seconds);
    } else {
      t.sensor = string(n, "touch").value_or("");
    }
    const auto known = robot::Devices::touchNamesOfEveryModel();
    if (std::find(known.begin(), known.end(), t.sensor) == known.end()) {
      std::string list;
      for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
      problem(n, "touch names a sensor (" + list + "), not '" + t.sensor + "'");
      return std::nullopt;
    }
    if (t.seconds < 0) {
      problem(n, "touch's for is a duration in seconds (0 or more)");
      return std::nullopt;
    }
    return t;
  }

  // hear: "hello" or hear: {text: "hello", confidence: 0.4} or hear: {audio: FILE.wav}
  std::optional<Hear> hear(const YAML::Node& n) {
    if (n.IsScalar()) return Hear{n.Scalar(), 1.0, {}, nullptr};
    if (n.IsMap() && n["audio"]) return hearAudio(n);
    if (!n.IsMap() || !n["text"] || !n["text"].IsScalar()) {
      problem(n, "hear is what a person says: \"text\", {text: \"...\", confidence: 0.0-1.0} or {audio: FILE.wav}");
      return std::nullopt;
    }
    checkKeys(n, {"text", "confidence"}, "hear");
    Hear h{n["text"].Scalar(), 1.0, {}, nullptr};
    if (auto c = n["confidence"]) {
      try {
        h.confidence = c.as<double>();
      } catch (const YAML::Exception&) {
        h.confidence = -1;
      }
      if (!(h.confidence >= 0 && h.confidence <= 1)) problem(c, "confidence is a number from 0 to 1");
    }
    return h;
  }

  // hear: {audio: FILE.wav}: the file, next to the scenario unless absolute.
  std::optional<Hear> hearAudio(const YAML::Node& n) {
    checkKeys(n, {"audio"}, "hear");
    if (!n["audio"].IsScalar() || n["audio"].Scalar().empty()) {
      problem(n["audio"], "audio is a sound file: {audio: FILE.wav}");
      return std::nullopt;
    }
    std::filesystem::path path(n["audio"].Scalar());
    if (!path.is_absolute()) path = (std::filesystem::path(base_) / path).lexically_normal();
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
      problem(n["audio"], "no sound file " + path.string());
      return std::nullopt;
    }
    return Hear{{}, 1.0, path.string(), nullptr};
  }

  std::optional<Call> call(const YAML::Node& n) {
    if (!n.IsSequence() || n.size() == 0 || !n[0].IsScalar()) {
      problem(n, "call must be a list: [\"Service.method\", arguments...]");
      return std::nullopt;
    }
    Call c;
    c.method = n[0].Scalar();
    if (c.method.find('.') == std::string::npos) problem(n[0], "call's first item is \"Service.method\"");
    for (std::size_t i = 1; i < n.size(); ++i) c.arguments.push_back(argument(n[i]));
    return c;
  }

  // Call arguments may be maps (unlike memory values); a scalar reads as
  // value() reads it, Invalid when it is not one.
  core::Value argument(const YAML::Node& n) {
    if (n.IsMap()) {
      core::Value::Map m;
      for (const auto& kv : n) m[kv.first.Scalar()] = argument(kv.second);
      return m;
    }
    if (n.IsSequence()) {
      core::Value::Array a;
      for (const auto& item : n) a.push_back(argument(item));
      return a;
    }
    return value(n).value_or(core::Value());
  }

  std::vector<Expectation> expectations(const YAML::Node& n) {
    std::vector<Expectation> out;
    if (!n.IsSequence()) {
      problem(n, "expect must be a list");
      return out;
    }
    for (const auto& e : n) {
      if (!e.IsMap() || !e["t"]) {
        problem(e, "an expectation is a map with t and focused, state, stack or suggestions");
        continue;
      }
      checkKeys(e, {"t", "focused", "state", "stack", "suggestions"}, "expectation");
      Expectation x;
      x.line = e.Mark().line + 1;
      x.time = duration(e["t"], "t").value_or(core::Time{0});
      if (auto v = e["focused"]) x.focused = v.IsNull() ? std::string() : string(v, "focused").value_or("");
      if (auto v = e["state"]) x.state = oneOf(v, {"solitary", "interactive", "safeguard", "disabled"}, "state");
      if (auto v = e["stack"]) x.stack = strings(v, "stack");
      if (auto v = e["suggestions"]) x.suggestions = strings(v, "suggestions");
      if (e.size() < 2) problem(e, "an expectation needs focused, state, stack or suggestions besides t");
      out.push_back(std::move(x));
    }
    std::stable_sort(out.begin(), out.end(), [](const Expectation& a, const Expectation& b) { return a.time < b.time; });
    return out;
  }

  const std::string& text_;
  Places places_;
  std::string file_;
  std::string base_;
};

}  // namespace

std::optional<core::Time> parseDuration(const std::string& text) {
  if (text.empty()) return std::nullopt;
  double total = 0;
  const char* p = text.data();
  const char* end = text.data() + text.size();
  bool any = false;
  while (p < end) {
    double amount = 0;
    auto [next, ec] = std::from_chars(p, end, amount);
    if (ec != std::errc() || !std::isfinite(amount) || amount < 0) return std::nullopt;
    p = next;
    double unit = 1;
    if (p < end) {
      switch (*p) {
        case 's': unit = 1; break;
        case 'm': unit = 60; break;
        case 'h': unit = 3600; break;
        case 'd': unit = 86400; break;
        default: return std::nullopt;
      }
      ++p;
    } else if (any) {
      return std::nullopt;  // "1h30" is ambiguous
    }
    total += amount * unit;
    any = true;
  }
  return core::fromSeconds(total);
}

namespace {

// yaml-cpp ends lines at \n (and \r\n) only; a file saved with old Mac line
// ends (a lone \r) is one long line to it. Each lone \r becomes a \n: the
// same length, so yaml-cpp's byte offsets still point into the text.
std::string withLoneCarriageReturnsAsNewlines(std::string text) {
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n')) text[i] = '\n';
  return text;
}

}  // namespace

std::variant<Scenario, std::vector<core::Diagnostic>> parseScenario(const std::string& text, const std::string& file,
                                                                    const std::string& baseDirectory) {
  YAML::Node root;
  try {
    root = YAML::Load(withLoneCarriageReturnsAsNewlines(text));
  } catch (const YAML::Exception& e) {
    core::Diagnostic d;
    d.file = file;
    std::tie(d.line, d.column) = Places(text).of(e.mark);
    d.message = "not valid YAML: " + e.msg;
    return std::vector<core::Diagnostic>{d};
  }
  Reader reader(text, file, baseDirectory);
  Scenario s;
  try {
    s = reader.read(root);
  } catch (const YAML::Exception& e) {
    const auto [line, column] = Places(text).of(e.mark);
    reader.problems.push_back({file, line, column, e.msg, {}});
  }
  if (!reader.problems.empty()) return reader.problems;
  return s;
}

std::variant<Scenario, std::vector<core::Diagnostic>> loadScenario(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::vector<core::Diagnostic>{{path, 0, 0, "cannot read the scenario file", {}}};
  std::stringstream text;
  text << in.rdbuf();
  return parseScenario(text.str(), path, std::filesystem::path(path).parent_path().string());
}

}  // namespace autolife::sim
