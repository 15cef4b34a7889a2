#include "autolife/engine/autolife_service.hpp"

#include <algorithm>

#include "autolife/core/value_json.hpp"

namespace autolife::engine {

using service::Any;
using service::Arguments;
using service::Type;

namespace {

bool contains(const std::vector<std::string>& list, const std::string& name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

Any explanationOf(const life::AutonomousLife& life, const std::string& name) {
  auto e = life.explainLaunchTrigger(name);
  return e ? e->json() : Any();
}

// One activity as the dashboard shows it; `suggested`, `focused` and
// `stack` are read once per call so that every activity sees the same.
Any describeActivity(const life::AutonomousLife& life, const ServiceOperandBridge* operands,
                     const std::string& name, const std::vector<std::string>& suggested,
                     const std::string& focused, const std::vector<std::string>& stack) {
  auto loaded = life.activity(name);
  const auto& a = loaded.activity;
  Any out = {{"name", name},
             {"nature", std::string(life::natureName(a.nature))},
             {"launchTrigger", a.launchTrigger},
             {"problem", loaded.problem ? Any(loaded.problem->format()) : Any()},
             {"suggested", contains(suggested, name)},
             {"focused", focused == name},
             {"stacked", contains(stack, name)},
             {"violations", life.getActivityContextPermissionViolations(name)},
             {"explanation", explanationOf(life, name)},
             {"unresolved", operands ? operands->unresolved(name) : std::vector<std::string>{}}};
  return out;
}

Any activities(const life::AutonomousLife& life, const ServiceOperandBridge* operands) {
  const auto suggested = life.launchSuggestions();
  const auto focused = life.focusedActivity();
  const auto stack = life.focusStack();
  Any out = Any::array();
  for (const auto& name : life.activityNames()) {
    try {
      out.push_back(describeActivity(life, operands, name, suggested, focused, stack));
    } catch (const service::CallError&) {
      // removed since the list was read (by another thread): left out
    }
  }
  return out;
}

// Keys containing `filter`, sorted, each with its type, value and the
// engine time (seconds) of its last write (getTimestamp's). A key removed between listing
// and reading is left out.
Any memorySnapshot(const memory::Memory& m, const std::string& filter) {
  auto keys = m.getDataList(filter);
  std::sort(keys.begin(), keys.end());
  Any out = Any::array();
  for (const auto& key : keys) {
    try {
      auto stamped = m.getTimestamp(key);
      out.push_back({{"key", key},
                     {"type", m.getType(key)},
                     {"value", core::valueToJson(stamped.value)},
                     {"t", core::toSeconds(stamped.time)}});
    } catch (const memory::MemoryError&) {
    }
  }
  return out;
}

}  // namespace

std::shared_ptr<service::Service> makeAutolifeService(memory::Memory& memory, life::AutonomousLife& life,
                                                      const ServiceOperandBridge* operands) {
  auto s = std::make_shared<service::Service>("Autolife", "autolife's own methods (the dashboard's): not NAOqi API");
  s->method("activities", {}, Type::List,
            "[{name, nature, launchTrigger, problem, suggested, focused, stacked, violations, explanation, "
            "unresolved}] for every loaded activity; explanation is its launch trigger explained now ({t, value, "
            "tree}) or null; unresolved, its service operands no service provides now",
            [&life, operands](const Arguments&) { return activities(life, operands); });
  s->method("explainLaunchTrigger", {{"activity_name", Type::String}}, Type::Any,
            "An activity's launch trigger explained now: {t, value, tree}, null without a trigger",
            [&life](const Arguments& a) { return explanationOf(life, service::stringArg(a, 0)); });
  s->method("memory", {{"filter", Type::String, "a substring of the keys; \"\" for all"}}, Type::List,
            "[{key, type, value, t}] for the keys containing filter, t the engine time of the last write",
            [&memory](const Arguments& a) { return memorySnapshot(memory, service::stringArg(a, 0)); });
  return s;
}

}  // namespace autolife::engine
