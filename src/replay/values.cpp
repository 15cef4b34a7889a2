#include "values.hpp"

namespace autolife::replay {

using Map = core::Value::Map;
using Array = core::Value::Array;

std::optional<std::string> stringAt(const core::Value& map, std::string_view key) {
  const auto* v = map.isMap() ? map.find(key) : nullptr;
  return v && v->isString() ? std::optional(v->asString()) : std::nullopt;
}

std::optional<double> numberAt(const core::Value& map, std::string_view key) {
  const auto* v = map.isMap() ? map.find(key) : nullptr;
  if (!v || !v->isNumber()) return std::nullopt;
  return v->isInt() ? static_cast<double>(v->asInt()) : v->asFloat();
}

std::optional<std::int64_t> intAt(const core::Value& map, std::string_view key) {
  const auto* v = map.isMap() ? map.find(key) : nullptr;
  return v && v->isInt() ? std::optional(v->asInt()) : std::nullopt;
}

std::optional<bool> boolAt(const core::Value& map, std::string_view key) {
  const auto* v = map.isMap() ? map.find(key) : nullptr;
  return v && v->isBool() ? std::optional(v->asBool()) : std::nullopt;
}

namespace {

const Array& arrayAt(const core::Value& map, std::string_view key) {
  static const Array none;
  const auto* v = map.isMap() ? map.find(key) : nullptr;
  return v && v->isArray() ? v->asArray() : none;
}

const core::Value& memberAt(const core::Value& map, std::string_view key) {
  static const core::Value none;
  const auto* v = map.isMap() ? map.find(key) : nullptr;
  return v ? *v : none;
}

template <class T>
void put(Map& map, const char* key, const std::optional<T>& value) {
  if (value) map.emplace(key, core::Value(*value));
}

core::Value stringsValue(const std::vector<std::string>& strings) {
  Array out;
  for (const auto& s : strings) out.emplace_back(s);
  return out;
}

std::vector<std::string> strings(const core::Value& list) {
  std::vector<std::string> out;
  if (!list.isArray()) return out;
  for (const auto& s : list.asArray())
    if (s.isString()) out.push_back(s.asString());
  return out;
}

template <class V>
core::Value numbersValue(const std::map<std::string, V>& map) {
  Map out;
  for (const auto& [k, v] : map) out.emplace(k, core::Value(v));
  return out;
}

core::Value movingValue(const std::vector<launchpad::MovingObject>& objects) {
  Array out;
  for (const auto& o : objects) out.emplace_back(Array{o.distance, o.angle, o.zone});
  return out;
}

std::vector<launchpad::MovingObject> moving(const core::Value& list) {
  std::vector<launchpad::MovingObject> out;
  if (!list.isArray()) return out;
  for (const auto& o : list.asArray()) {
    if (!o.isArray() || o.asArray().size() != 3) continue;
    const auto& m = o.asArray();
    auto number = [](const core::Value& v) { return v.isFloat() ? v.asFloat() : v.isInt() ? static_cast<double>(v.asInt()) : 0.0; };
    out.push_back({number(m[0]), number(m[1]), m[2].isInt() ? static_cast<int>(std::clamp<std::int64_t>(m[2].asInt(), 0, 3)) : 0});
  }
  return out;
}

core::Value peopleValue(const std::vector<launchpad::Person>& people) {
  Array out;
  for (const auto& p : people) out.emplace_back(Array{p.id, p.distance, p.angle, p.looking, p.waving, p.visible, p.zone});
  return out;
}

std::vector<launchpad::Person> people(const core::Value& list) {
  std::vector<launchpad::Person> out;
  if (!list.isArray()) return out;
  for (const auto& p : list.asArray()) {
    if (!p.isArray() || p.asArray().size() != 7) continue;
    const auto& m = p.asArray();
    auto number = [](const core::Value& v) { return v.isFloat() ? v.asFloat() : v.isInt() ? static_cast<double>(v.asInt()) : 0.0; };
    auto flag = [](const core::Value& v) { return v.isBool() && v.asBool(); };
    launchpad::Person person;
    person.id = m[0].isString() ? m[0].asString() : "";
    person.distance = number(m[1]);
    person.angle = number(m[2]);
    person.looking = flag(m[3]);
    person.waving = flag(m[4]);
    person.visible = flag(m[5]);
    person.zone = m[6].isInt() ? static_cast<int>(std::clamp<std::int64_t>(m[6].asInt(), 0, 3)) : 0;
    out.push_back(std::move(person));
  }
  return out;
}

template <class V>
std::map<std::string, V> mapOf(const core::Value& value) {
  std::map<std::string, V> out;
  if (!value.isMap()) return out;
  for (const auto& [k, v] : value.asMap()) {
    if constexpr (std::is_same_v<V, double>) {
      if (v.isNumber()) out[k] = v.isInt() ? static_cast<double>(v.asInt()) : v.asFloat();
    } else if (v.isString()) {
      out[k] = v.asString();
    }
  }
  return out;
}

core::Value durationValue(core::Duration d) { return static_cast<std::int64_t>(d.count()); }
core::Duration duration(const core::Value& map, std::string_view key) { return core::Duration(intAt(map, key).value_or(0)); }

}  // namespace

// ---- the world and a robot's perception -----------------------------------

core::Value worldValue(const robot::WorldUpdate& u) {
  Map m;
  put(m, "battery", u.battery);
  put(m, "charging", u.charging);
  put(m, "onPod", u.onPod);
  put(m, "sleeping", u.sleeping);
  put(m, "fall", u.fall);
  put(m, "push", u.push);
  put(m, "moved", u.moved);
  put(m, "lifted", u.lifted);
  put(m, "speaking", u.speaking);
  put(m, "listening", u.listening);
  put(m, "hatchOpen", u.hatchOpen);
  put(m, "posture", u.posture);
  if (u.temperature) m.emplace("temperature", numbersValue(*u.temperature));
  if (u.diagnosis) m.emplace("diagnosis", numbersValue(*u.diagnosis));
  if (u.motion) m.emplace("motion", movingValue(*u.motion));
  return m;
}

robot::WorldUpdate worldUpdate(const core::Value& m) {
  robot::WorldUpdate u;
  u.battery = numberAt(m, "battery");
  u.charging = boolAt(m, "charging");
  u.onPod = boolAt(m, "onPod");
  u.sleeping = boolAt(m, "sleeping");
  u.fall = boolAt(m, "fall");
  u.push = boolAt(m, "push");
  u.moved = boolAt(m, "moved");
  u.lifted = boolAt(m, "lifted");
  u.speaking = boolAt(m, "speaking");
  u.listening = boolAt(m, "listening");
  u.hatchOpen = boolAt(m, "hatchOpen");
  u.posture = stringAt(m, "posture");
  if (m.find("temperature")) u.temperature = mapOf<double>(memberAt(m, "temperature"));
  if (m.find("diagnosis")) u.diagnosis = mapOf<std::string>(memberAt(m, "diagnosis"));
  if (m.find("motion")) u.motion = moving(memberAt(m, "motion"));
  return u;
}

core::Value observationValue(const perception::Observation& o) {
  Map m;
  if (o.people) m.emplace("people", peopleValue(*o.people));
  put(m, "trackedHuman", o.trackedHuman);
  if (o.motion) m.emplace("motion", movingValue(*o.motion));
  put(m, "battery", o.battery);
  put(m, "charging", o.charging);
  put(m, "posture", o.posture);
  put(m, "postureFamily", o.postureFamily);
  put(m, "lifted", o.lifted);
  put(m, "hatchOpen", o.hatchOpen);
  put(m, "fallen", o.fallen);
  put(m, "pushed", o.pushed);
  put(m, "moved", o.moved);
  if (o.temperatures) m.emplace("temperatures", numbersValue(*o.temperatures));
  put(m, "criticalTemperature", o.criticalTemperature);
  if (o.criticalDevices) m.emplace("criticalDevices", stringsValue(*o.criticalDevices));
  put(m, "onPod", o.onPod);
  put(m, "sleeping", o.sleeping);
  put(m, "speaking", o.speaking);
  put(m, "listening", o.listening);
  return m;
}

perception::Observation observation(const core::Value& m) {
  perception::Observation o;
  if (m.find("people")) o.people = people(memberAt(m, "people"));
  o.trackedHuman = stringAt(m, "trackedHuman");
  if (m.find("motion")) o.motion = moving(memberAt(m, "motion"));
  o.battery = numberAt(m, "battery");
  o.charging = boolAt(m, "charging");
  o.posture = stringAt(m, "posture");
  o.postureFamily = stringAt(m, "postureFamily");
  o.lifted = boolAt(m, "lifted");
  o.hatchOpen = boolAt(m, "hatchOpen");
  o.fallen = boolAt(m, "fallen");
  o.pushed = boolAt(m, "pushed");
  o.moved = boolAt(m, "moved");
  if (m.find("temperatures")) o.temperatures = mapOf<double>(memberAt(m, "temperatures"));
  o.criticalTemperature = boolAt(m, "criticalTemperature");
  if (m.find("criticalDevices")) o.criticalDevices = strings(memberAt(m, "criticalDevices"));
  o.onPod = boolAt(m, "onPod");
  o.sleeping = boolAt(m, "sleeping");
  o.speaking = boolAt(m, "speaking");
  o.listening = boolAt(m, "listening");
  return o;
}

// ---- activities ---------------------------------------------------------------

core::Value runValue(const life::Run& r) {
  if (const auto* b = std::get_if<life::RunBehavior>(&r)) return Map{{"behavior", b->path}};
  if (const auto* f = std::get_if<life::RunFor>(&r)) return Map{{"duration", durationValue(f->duration)}};
  if (const auto* u = std::get_if<life::RunUntil>(&r)) return Map{{"until", u->condition}};
  if (const auto* p = std::get_if<life::RunProgram>(&r)) return Map{{"exec", stringsValue(p->argv)}};
  return Map{{"forever", true}};
}

life::Run run(const core::Value& m) {
  if (auto b = stringAt(m, "behavior")) return life::RunBehavior{*b};
  if (m.isMap() && m.find("duration")) return life::RunFor{duration(m, "duration")};
  if (auto u = stringAt(m, "until")) return life::RunUntil{*u};
  if (m.isMap() && m.find("exec")) return life::RunProgram{strings(memberAt(m, "exec"))};
  return life::RunForever{};
}

core::Value activityValue(const life::Activity& a) {
  Map m{{"name", a.name},
        {"nature", std::string(life::natureName(a.nature))},
        {"trigger", a.launchTrigger},
        {"triggerFile", a.triggerFile},
        {"triggerLine", a.triggerLine},
        {"triggerColumn", a.triggerColumn},
        {"triggerIndent", a.triggerIndent},
        {"permissions", Array{a.permissions.canRunOnPod, a.permissions.canStandUp, a.permissions.canRunInSleep}},
        {"loadingResponses", stringsValue(a.loadingResponses)},
        {"load", durationValue(a.loadTime)},
        {"run", runValue(a.run)}};
  if (a.error)
    m.emplace("error", Map{{"file", a.error->file},
                           {"line", a.error->line},
                           {"column", a.error->column},
                           {"message", a.error->message},
                           {"sourceLine", a.error->sourceLine}});
  return m;
}

life::Activity activity(const core::Value& m) {
  life::Activity a;
  a.name = stringAt(m, "name").value_or("");
  a.nature = stringAt(m, "nature") == "interactive" ? life::Nature::Interactive : life::Nature::Solitary;
  a.launchTrigger = stringAt(m, "trigger").value_or("");
  a.triggerFile = stringAt(m, "triggerFile").value_or("");
  a.triggerLine = static_cast<int>(intAt(m, "triggerLine").value_or(1));
  a.triggerColumn = static_cast<int>(intAt(m, "triggerColumn").value_or(1));
  a.triggerIndent = static_cast<int>(intAt(m, "triggerIndent").value_or(0));
  const auto& permissions = arrayAt(m, "permissions");
  auto permission = [&permissions](std::size_t i) { return i < permissions.size() && permissions[i].isBool() && permissions[i].asBool(); };
  a.permissions = {permission(0), permission(1), permission(2)};
  a.loadingResponses = strings(memberAt(m, "loadingResponses"));
  a.loadTime = duration(m, "load");
  a.run = run(memberAt(m, "run"));
  if (const auto& e = memberAt(m, "error"); e.isMap())
    a.error = core::Diagnostic{stringAt(e, "file").value_or(""), static_cast<int>(intAt(e, "line").value_or(0)),
                               static_cast<int>(intAt(e, "column").value_or(0)), stringAt(e, "message").value_or(""),
                               stringAt(e, "sourceLine").value_or("")};
  return a;
}

// ---- what a scenario expects ---------------------------------------------------

core::Value expectationValue(const sim::Expectation& e) {
  Map m{{"t", durationValue(e.time)}, {"line", e.line}};
  put(m, "focused", e.focused);
  put(m, "state", e.state);
  if (e.stack) m.emplace("stack", stringsValue(*e.stack));
  if (e.suggestions) m.emplace("suggestions", stringsValue(*e.suggestions));
  return m;
}

sim::Expectation expectation(const core::Value& m) {
  sim::Expectation e;
  e.time = duration(m, "t");
  e.line = static_cast<int>(intAt(m, "line").value_or(0));
  e.focused = stringAt(m, "focused");
  e.state = stringAt(m, "state");
  if (m.isMap() && m.find("stack")) e.stack = strings(memberAt(m, "stack"));
  if (m.isMap() && m.find("suggestions")) e.suggestions = strings(memberAt(m, "suggestions"));
  return e;
}

// ---- what serve restored -----------------------------------------------------------

namespace {

core::Value historyValue(const std::vector<life::HistoryEntry>& entries) {
  Array out;
  for (const auto& e : entries) out.emplace_back(Array{e.name, e.lifeTime});
  return out;
}

std::vector<life::HistoryEntry> history(const core::Value& list) {
  std::vector<life::HistoryEntry> out;
  if (!list.isArray()) return out;
  for (const auto& e : list.asArray())
    if (e.isArray() && e.asArray().size() == 2 && e.asArray()[0].isString() && e.asArray()[1].isInt())
      out.push_back({e.asArray()[0].asString(), e.asArray()[1].asInt()});
  return out;
}

}  // namespace

core::Value lifeRecordValue(const life::LifeRecord& r) {
  Map statistics;
  for (const auto& [name, s] : r.statistics)
    statistics.emplace(name, Array{s.prevFocusTime, s.prevUnfocusTime, s.focusCount, s.totalDuration});
  return Map{{"statistics", statistics}, {"focusHistory", historyValue(r.focusHistory)}, {"stateHistory", historyValue(r.stateHistory)}};
}

life::LifeRecord lifeRecord(const core::Value& m) {
  life::LifeRecord r;
  if (const auto& statistics = memberAt(m, "statistics"); statistics.isMap())
    for (const auto& [name, s] : statistics.asMap()) {
      if (!s.isArray() || s.asArray().size() != 4) continue;
      const auto& f = s.asArray();
      auto integer = [](const core::Value& v) { return v.isInt() ? v.asInt() : 0; };
      r.statistics[name] = {integer(f[0]), integer(f[1]), static_cast<int>(integer(f[2])),
                            f[3].isFloat() ? f[3].asFloat() : static_cast<double>(integer(f[3]))};
    }
  r.focusHistory = history(memberAt(m, "focusHistory"));
  r.stateHistory = history(memberAt(m, "stateHistory"));
  return r;
}

core::Value preferencesValue(const core::PreferenceStore& p) {
  Array out;
  for (const auto& domain : p.domains())
    for (const auto& [setting, value] : p.values(domain)) out.emplace_back(Array{domain, setting, value});
  return out;
}

std::vector<core::PreferenceChange> preferences(const core::Value& list) {
  std::vector<core::PreferenceChange> out;
  if (!list.isArray()) return out;
  for (const auto& p : list.asArray()) {
    if (!p.isArray() || p.asArray().size() != 3) continue;
    const auto& f = p.asArray();
    if (f[0].isString() && f[1].isString() && f[2].isString()) out.push_back({f[0].asString(), f[1].asString(), f[2].asString()});
  }
  return out;
}

}  // namespace autolife::replay
