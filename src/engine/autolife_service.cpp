#include "autolife/engine/autolife_service.hpp"

#include <algorithm>

#include "autolife/core/value_json.hpp"
#include "autolife/naoqi/service_builder.hpp"

namespace autolife::engine {

using service::Any;
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
                                                      const ServiceOperandBridge* operands, service::Registry* registry) {
  naoqi::ServiceBuilder s("Autolife", "autolife's own methods (the dashboard's): not NAOqi API");
  s.bind("activities", {}, [&life, operands] { return activities(life, operands); },
         "[{name, nature, launchTrigger, problem, suggested, focused, stacked, violations, explanation, "
         "unresolved}] for every loaded activity; explanation is its launch trigger explained now ({t, value, "
         "tree}) or null; unresolved, its service operands no service provides now", Type::List);
  s.bind("explainLaunchTrigger", {"activity_name"}, [&life](const std::string& name) { return explanationOf(life, name); },
         "An activity's launch trigger explained now: {t, value, tree}, null without a trigger");
  s.bind("memory", {"filter"}, [&memory](const std::string& filter) { return memorySnapshot(memory, filter); },
         "[{key, type, value, t}] for the keys containing filter (\"\" for all), t the engine time of the last write", Type::List);
  s.bind("warnings", {}, [registry] { return registry ? registry->warnings() : std::vector<std::string>{}; },
         "The simulated robot's warnings so far, oldest first: each method called that it does not model, once");
  s.service().signal("warning", {{"message", Type::String}}, "A warning of the simulated robot (a method it does not model, once)");
  auto built = s.build();
  if (registry) {
    std::weak_ptr<service::Service> weak = built;
    registry->warned.connect([weak](const std::string& message) {
      if (auto self = weak.lock()) self->emit("warning", message);
    });
  }
  return built;
}

}  // namespace autolife::engine
