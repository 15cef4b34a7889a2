#include "autolife/trace/trace.hpp"

#include <nlohmann/json.hpp>

#include "autolife/core/value_json.hpp"

namespace autolife::trace {

namespace {

using nlohmann::json;

bool isBlank(const std::string& s) { return s.find_first_not_of(" \t\r") == std::string::npos; }

std::vector<std::pair<std::string, core::Value>> keyValues(const json& j, const char* field, int line) {
  if (!j.is_object()) throw TraceError(line, std::string("\"") + field + "\" must be an object of key: value");
  std::vector<std::pair<std::string, core::Value>> out;
  for (const auto& [key, value] : j.items()) {
    if (key.empty()) throw TraceError(line, std::string("\"") + field + "\" has an empty key name");
    try {
      out.emplace_back(key, core::valueFromJson(value));
    } catch (const std::invalid_argument& e) {
      throw TraceError(line, std::string("\"") + field + "\" value of '" + key + "': " + e.what());
    }
  }
  return out;
}

std::vector<std::string> keyList(const json& j, const char* field, int line) {
  if (!j.is_array()) throw TraceError(line, std::string("\"") + field + "\" must be an array of key names");
  std::vector<std::string> out;
  for (const auto& k : j) {
    if (!k.is_string() || k.get<std::string>().empty())
      throw TraceError(line, std::string("\"") + field + "\" must hold non-empty key names (strings)");
    out.push_back(k.get<std::string>());
  }
  return out;
}

// nlohmann says "[json.exception.parse_error.101] parse error at line 1,
// column 25: ...": a trace line is one JSON line, so the only place worth
// keeping is the column (the line number is the trace's own).
std::string jsonErrorWithoutItsLine(const std::string& what) {
  auto at = what.find("column ");
  if (at != std::string::npos) return what.substr(at);
  auto pos = what.find("parse error");
  return pos == std::string::npos ? what : what.substr(pos);
}

std::vector<PreferenceWrite> preferences(const json& j, int line) {
  if (!j.is_object()) throw TraceError(line, "\"pref\" must be an object {\"domain\": {\"setting\": \"value\"}}");
  std::vector<PreferenceWrite> out;
  for (const auto& [domain, settings] : j.items()) {
    if (!settings.is_object()) throw TraceError(line, "\"pref\" domain '" + domain + "' must map settings to strings");
    for (const auto& [setting, value] : settings.items()) {
      if (!value.is_string())
        throw TraceError(line, "preference " + domain + "/" + setting + " must be a string (preferences are strings)");
      out.push_back({domain, setting, value.get<std::string>()});
    }
  }
  return out;
}

}  // namespace

std::optional<Step> parseStep(const std::string& line, int n, core::Time previous) {
  if (isBlank(line)) return std::nullopt;
  json j;
  try {
    j = core::parseJson(line);
  } catch (const json::parse_error& e) {
    std::string what = e.what();
    throw TraceError(n, "not valid JSON (" + jsonErrorWithoutItsLine(e.what()) + ")");
  } catch (const std::invalid_argument& e) {
    throw TraceError(n, e.what());
  }
  if (!j.is_object()) throw TraceError(n, "a step must be a JSON object like {\"t\": 1.5, \"set\": {...}}");
  if (!j.contains("t") || !j["t"].is_number()) throw TraceError(n, "a step needs a number \"t\" (seconds)");
  double seconds = j["t"].get<double>();
  if (!(seconds >= 0)) throw TraceError(n, "\"t\" must be a number of seconds >= 0");
  if (seconds > core::kLatestInputSeconds)
    throw TraceError(n, "\"t\" is beyond the engine's time range (at most 9e9 s, about 285 years)");
  Step step;
  step.time = core::fromSeconds(seconds);
  if (step.time < previous)
    throw TraceError(n, "time goes backwards (t=" + j["t"].dump() + " after t=" +
                            core::formatSeconds(previous) + ")");
  bool hasAction = false;
  for (const auto& [field, value] : j.items()) {
    if (field == "t") continue;
    hasAction = true;
    if (field == "set") step.set = keyValues(value, "set", n);
    else if (field == "raise") step.raise = keyValues(value, "raise", n);
    else if (field == "remove") step.remove = keyList(value, "remove", n);
    else if (field == "declare") step.declare = keyList(value, "declare", n);
    else if (field == "pref") step.preferences = preferences(value, n);
    else throw TraceError(n, "unknown field \"" + field + "\" (expected set, raise, remove, declare or pref)");
  }
  if (!hasAction) throw TraceError(n, "a step needs one of set, raise, remove, declare or pref");
  return step;
}

std::optional<Step> Reader::next() {
  std::string line;
  while (std::getline(in_, line)) {
    ++line_;
    if (auto step = parseStep(line, line_, last_)) {
      last_ = step->time;
      return step;
    }
  }
  return std::nullopt;
}

void apply(const Step& step, memory::Memory& memory, core::InMemoryPreferences* preferences) {
  if (preferences)
    for (const auto& p : step.preferences) preferences->set(p.domain, p.setting, p.value);
  std::vector<memory::Write> writes;
  using Kind = memory::Write::Kind;
  for (const auto& k : step.declare) writes.push_back({Kind::Declare, k, {}});
  for (const auto& [k, v] : step.set) writes.push_back({Kind::Set, k, v});
  for (const auto& k : step.remove) writes.push_back({Kind::Remove, k, {}});
  for (const auto& [k, v] : step.raise) writes.push_back({Kind::Raise, k, v});
  if (!writes.empty()) memory.apply(writes);
}

}  // namespace autolife::trace
