#include "autolife/replay/diff.hpp"

#include <map>
#include <set>

#include "autolife/core/clock.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/life/why_not.hpp"

namespace autolife::replay {

namespace {

using Json = nlohmann::ordered_json;
using Decisions = std::map<core::Time, Json>;  // by instant: {kind: value}

// The decision a timeline record is, if it is one: its kind.
const char* decisionKind(const Json& j) {
  if (j.contains("signal") && j["signal"] == "activityTransition") return "transition";
  if (!j.contains("event")) return nullptr;
  const auto& event = j["event"];
  if (event == "AutonomousLife/State") return "state";
  if (event == "AutonomousLife/FocusedActivity") return "focused";
  if (event == "AutonomousLife/LaunchSuggestions") return "suggestions";
  return nullptr;
}

// Each instant's decisions by kind, in order.
using Taken = std::map<core::Time, std::vector<std::pair<std::string, Json>>>;

void collect(Taken& taken, const sim::Record& r) {
  if (const char* kind = decisionKind(r.json)) taken[r.time].emplace_back(kind, r.json["value"]);
}

// {kind: value}, or {kind: [values...]} for a kind taken several times at that instant.
Decisions decisionsOf(const Taken& taken) {
  Decisions out;
  for (const auto& [t, list] : taken) {
    std::map<std::string, std::vector<Json>> byKind;
    std::vector<std::string> order;
    for (const auto& [kind, value] : list) {
      if (!byKind.contains(kind)) order.push_back(kind);
      byKind[kind].push_back(value);
    }
    Json at = Json::object();
    for (const auto& kind : order) at[kind] = byKind[kind].size() == 1 ? byKind[kind].front() : Json(byKind[kind]);
    out[t] = std::move(at);
  }
  return out;
}

// The activities an instant's decisions focused.
std::set<std::string> focusedIn(const Json& decisions) {
  std::set<std::string> out;
  if (!decisions.contains("focused")) return out;
  const Json& f = decisions["focused"];
  auto add = [&out](const Json& v) {
    if (v.is_string() && !v.get<std::string>().empty()) out.insert(v.get<std::string>());
  };
  if (f.is_array())
    for (const auto& v : f) add(v);
  else
    add(f);
  return out;
}

// Why `name` is not focused at each probed instant, asked once everything
// of that instant has happened.
using Probes = std::map<core::Time, std::set<std::string>>;
using Answers = std::map<std::pair<core::Time, std::string>, std::string>;

Decisions run(RecordReader& record, ReplayOptions options, const Probes& probes, Answers& answers, ReplayResult& result) {
  Taken taken;
  options.warn = nullptr;  // said once, by diffDays
  auto inner = options.hooks.observe;
  options.hooks.observe = [&probes, &answers, inner](engine::Engine& engine, sim::RecordReport report) {
    if (inner) inner(engine, report);
    for (const auto& probe : probes)
      engine.clock.schedule(probe.first, [&engine, &answers, t = probe.first, names = probe.second] {
        for (const auto& name : names) {
          auto w = engine.life.whyNot(name);
          answers[{t, name}] = w ? w->text() : name + " was focused already";
        }
      }, core::Phase::Observe);
  };
  result = replay(record, options, [&taken](const sim::Record& r) { collect(taken, r); });
  return decisionsOf(taken);
}

// The packages' warnings, each said once though the day replays two or
// three times: a recorded package changed on disk is in both plans.
void warnOnce(RecordReader& record, const ReplayOptions& recorded, const ReplayOptions& changed) {
  std::set<std::string> said;
  for (const ReplayOptions* options : {&recorded, &changed})
    if (options->warn)
      for (const auto& w : planPackages(record, options->packages).warnings)
        if (said.insert(w).second) options->warn(w);
}

}  // namespace

Json Difference::json() const { return Json{{"t", core::toSeconds(time)}, {"was", was}, {"now", now}, {"why", why}}; }

DiffResult diffDays(RecordReader& record, const ReplayOptions& recorded, const ReplayOptions& changed) {
  warnOnce(record, recorded, changed);
  DiffResult result;
  Answers answers;
  const Decisions was = run(record, recorded, {}, answers, result.recorded);
  // Why what started in the recorded day does not now: asked of the changed day at those instants.
  Probes probeChanged;
  for (const auto& [t, d] : was)
    if (auto f = focusedIn(d); !f.empty()) probeChanged[t] = f;
  Answers whyNow;
  const Decisions now = run(record, changed, probeChanged, whyNow, result.changed);

  std::set<core::Time> instants;
  for (const auto& [t, d] : was) instants.insert(t);
  for (const auto& [t, d] : now) instants.insert(t);
  Probes probeRecorded;  // why what starts now did not in the recorded day
  for (const core::Time t : instants) {
    Difference d;
    d.time = t;
    if (auto it = was.find(t); it != was.end()) d.was = it->second;
    if (auto it = now.find(t); it != now.end()) d.now = it->second;
    if (d.was == d.now) continue;
    const auto before = focusedIn(d.was), after = focusedIn(d.now);
    for (const auto& name : after)
      if (!before.contains(name)) probeRecorded[t].insert(name);
    result.differences.push_back(std::move(d));
  }
  Answers whyThen;
  if (!probeRecorded.empty()) {
    ReplayResult again;
    run(record, recorded, probeRecorded, whyThen, again);
  }
  for (auto& d : result.differences) {
    const auto before = focusedIn(d.was), after = focusedIn(d.now);
    auto add = [&d](const std::string& sentence) { d.why += (d.why.empty() ? "" : "; ") + sentence; };
    for (const auto& name : before)
      if (!after.contains(name))
        if (auto it = whyNow.find({d.time, name}); it != whyNow.end()) add("now " + it->second);
    for (const auto& name : after)
      if (!before.contains(name))
        if (auto it = whyThen.find({d.time, name}); it != whyThen.end()) add("in the recorded day " + it->second);
  }
  return result;
}

}  // namespace autolife::replay
