#include "autolife/engine/autolife_service.hpp"

#include <algorithm>
#include <deque>
#include <mutex>


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
  return e ? e->asValue() : Any();
}

// {"t", "why-not", "reason", "message", ...}: the line `simulate --explain
// --json` prints; null for the focused activity.
Any whyNotOf(const life::AutonomousLife& life, core::Time now, const std::string& name) {
  auto w = life.whyNot(name);
  if (!w) return Any();
  Any::Map out = w->asValue();
  out.insert_or_assign("t", core::toSeconds(now));
  return out;
}

// {"t", "message"} of the activity's last failed run, or null.
Any failureOf(const std::optional<life::AutonomousLife::Failure>& f) {
  if (!f) return Any();
  return Any::Map{{"t", core::toSeconds(f->time)}, {"message", f->message}};
}

// What keeps it from running: its load problem, else its last run's error.
Any problemOf(const life::AutonomousLife::Loaded& loaded, const std::optional<life::AutonomousLife::Failure>& f) {
  if (loaded.problem) return loaded.problem->format();
  if (f) return "its last run failed at t=" + core::formatSeconds(f->time) + ": " + f->message;
  return Any();
}

// One activity as the dashboard shows it; `suggested`, `focused` and
// `stack` are read once per call so that every activity sees the same.
Any describeActivity(const life::AutonomousLife& life, const ServiceOperandBridge* operands, core::Time now,
                     const std::string& name, const std::vector<std::string>& suggested,
                     const std::string& focused, const std::vector<std::string>& stack) {
  auto loaded = life.activity(name);
  const auto failure = life.lastFailure(name);
  const auto& a = loaded.activity;
  return Any::Map{{"name", name},
                  {"nature", std::string(life::natureName(a.nature))},
                  {"launchTrigger", a.launchTrigger},
                  {"problem", problemOf(loaded, failure)},
                  {"failure", failureOf(failure)},
                  {"suggested", contains(suggested, name)},
                  {"focused", focused == name},
                  {"stacked", contains(stack, name)},
                  {"violations", service::toAny(life.getActivityContextPermissionViolations(name))},
                  {"explanation", explanationOf(life, name)},
                  {"whyNot", whyNotOf(life, now, name)},
                  {"unresolved", service::toAny(operands ? operands->unresolved(name) : std::vector<std::string>{})},
                  {"behavior", std::holds_alternative<life::RunBehavior>(a.run)}};  // the behavior view opens it
}

using More = std::function<void(const std::string&, Any::Map&)>;

Any activities(const life::AutonomousLife& life, const ServiceOperandBridge* operands, core::Time now,
               const More& more = {}) {
  const auto suggested = life.launchSuggestions();
  const auto focused = life.focusedActivity();
  const auto stack = life.focusStack();
  Any::Array out;
  for (const auto& name : life.activityNames()) {
    try {
      Any a = describeActivity(life, operands, now, name, suggested, focused, stack);
      if (more) {
        Any::Map m = a.asMap();
        more(name, m);
        a = std::move(m);
      }
      out.push_back(std::move(a));
    } catch (const service::CallError&) {
      // removed since the list was read (by another thread): left out
    }
  }
  return Any(std::move(out));
}

// Keys containing `filter`, sorted, each with its type, value and the
// engine time (seconds) of its last write (getTimestamp's). A key removed between listing
// and reading is left out.
Any memorySnapshot(const memory::Memory& m, const std::string& filter) {
  auto keys = m.getDataList(filter);
  std::sort(keys.begin(), keys.end());
  Any::Array out;
  for (const auto& key : keys) {
    try {
      auto stamped = m.getTimestamp(key);
      out.emplace_back(Any::Map{{"key", key},
                                {"type", m.getType(key)},
                                {"value", stamped.value},
                                {"t", core::toSeconds(stamped.time)}});
    } catch (const memory::MemoryError&) {
    }
  }
  return Any(std::move(out));
}

// The latest activityTransition payloads, oldest first (the dashboard's
// Transitions panel on its first paint).
class TransitionLog {
public:
  void add(const Any& payload) {
    std::lock_guard lock(mutex_);
    kept_.push_back(payload);
    if (kept_.size() > kTransitionsKept) kept_.pop_front();
  }
  Any list() const {
    std::lock_guard lock(mutex_);
    return Any(Any::Array(kept_.begin(), kept_.end()));
  }

private:
  mutable std::mutex mutex_;
  std::deque<Any> kept_;
};

Any safeguardsEnabled(const life::AutonomousLife& life) {
  Any::Map out;
  for (auto name : life::kSafeguardNames) out.insert_or_assign(std::string(name), life.isSafeguardEnabled(std::string(name)));
  return out;
}

struct Sources {
  memory::Memory& memory;
  life::AutonomousLife& life;
  const ServiceOperandBridge* operands;
  const service::Registry* services;
  std::shared_ptr<TransitionLog> transitions;
  More more;
};

// Everything the dashboard shows, read in one call on the engine's thread,
// so that every panel of its first paint shows the same instant.
Any snapshot(const Sources& s, const std::string& memoryFilter) {
  Any packages = Any::Array{};
  if (s.services) {
    try {
      packages = s.services->call("PackageManager.packages", {});
    } catch (const service::CallError&) {
      // no package manager on this engine: none listed
    }
  }
  return Any::Map{{"t", core::toSeconds(s.memory.clock().now())},
                  {"lifeTime", s.life.getLifeTime()},
                  {"state", s.life.getState()},
                  {"focused", s.life.focusedActivity()},
                  {"stack", service::toAny(s.life.focusStack())},
                  {"suggestions", service::toAny(s.life.launchSuggestions())},
                  {"abilities", s.life.getAutonomousAbilitiesStatus()},
                  {"safeguards", safeguardsEnabled(s.life)},
                  {"activities", activities(s.life, s.operands, s.memory.clock().now(), s.more)},
                  {"stateHistory", s.life.getStateHistory()},
                  {"focusHistory", s.life.getFocusHistory()},
                  {"statistics", s.life.getActivityStatistics()},
                  {"packages", packages},
                  {"memory", memorySnapshot(s.memory, memoryFilter)},
                  {"transitions", s.transitions->list()}};
}

}  // namespace

std::shared_ptr<service::Service> makeAutolifeService(memory::Memory& memory, life::AutonomousLife& life,
                                                      const ServiceOperandBridge* operands,
                                                      service::Registry* services, More more) {
  auto transitions = std::make_shared<TransitionLog>();
  life.activityTransition.connect([transitions](const Any& payload) { transitions->add(payload); });
  const Sources sources{memory, life, operands, services, transitions, more};
  auto s = std::make_shared<service::Service>("Autolife", "autolife's own methods (the dashboard's): not NAOqi API");
  s->method("activities", {}, Type::List,
            "[{name, nature, launchTrigger, problem, failure, suggested, focused, stacked, violations, explanation, "
            "whyNot, unresolved, behavior, app, idle}] for every loaded activity; problem is why it cannot run, or its last "
            "run's error; failure, that error ({t, message}) or null; explanation is its launch trigger explained now "
            "({t, value, tree}) or null; whyNot, why it is not focused (as Autolife.whyNot); unresolved, its service "
            "operands no service provides now; app, its package's name; idle, while its behavior runs idle, why "
            "({why, waiting: [{box, for}]}), else null; behavior, whether it runs a behavior (the dashboard's behavior "
            "view opens it)",
            [&memory, &life, operands, more](const Arguments&) {
              return activities(life, operands, memory.clock().now(), more);
            });
  s->method("explainLaunchTrigger", {{"activity_name", Type::String}}, Type::Any,
            "An activity's launch trigger explained now: {t, value, tree}, null without a trigger",
            [&life](const Arguments& a) { return explanationOf(life, service::stringArg(a, 0)); });
  s->method("whyNot", {{"activity_name", Type::String}}, Type::Any,
            "Why the activity is not focused now: {t, why-not, reason, message, ...} (docs/life.md, \"Why an "
            "activity is not focused\"); null when it is focused",
            [&memory, &life](const Arguments& a) {
              return whyNotOf(life, memory.clock().now(), service::stringArg(a, 0));
            });
  s->method("memory", {{"filter", Type::String, "a substring of the keys; \"\" for all"}}, Type::List,
            "[{key, type, value, t}] for the keys containing filter, t the engine time of the last write",
            [&memory](const Arguments& a) { return memorySnapshot(memory, service::stringArg(a, 0)); });
  s->method("snapshot", {{"memory_filter", Type::String, "the memory keys to include, as memory's filter"}}, Type::Map,
            "Everything the dashboard shows, at one instant: {t, lifeTime, state, focused, stack, suggestions, "
            "abilities, safeguards, activities, stateHistory, focusHistory, statistics, packages, memory, "
            "transitions (the latest activityTransition payloads, oldest first)}",
            [sources](const Arguments& a) { return snapshot(sources, service::stringArg(a, 0)); });
  s->method("warnings", {}, Type::List,
            "The simulated robot's warnings so far, oldest first: each method called that it does not model, once",
            [services](const Arguments&) {
              return service::toAny(services ? services->warnings() : std::vector<std::string>{});
            });
  s->signal("warning", {{"message", Type::String}}, "A warning of the simulated robot (a method it does not model, once)");
  if (services) {
    std::weak_ptr<service::Service> weak = s;
    services->warned.connect([weak](const std::string& message) {
      if (auto self = weak.lock()) self->emit("warning", message);
    });
  }
  return s;
}

}  // namespace autolife::engine
