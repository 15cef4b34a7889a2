// A whole Autonomous Life in virtual time, for tests: clock, memory,
// condition monitor, scripted runner, registry, and a log of every
// AutonomousLife/* event and activityTransition in the order listeners see
// them ("t=3 FocusedActivity=pkg/greet").
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "autolife/condition/monitor.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/life/life_service.hpp"
#include "autolife/life/scripted_runner.hpp"
#include "autolife/memory/memory.hpp"

namespace autolife::test {

class LifeFixture {
public:
  explicit LifeFixture(life::LifeOptions options = {})
      : memory(clock),
        monitor(memory, condition::MonitorOptions{}),
        runner(clock, monitor),
        life(life::AutonomousLife::Dependencies{memory, monitor, services, runner, nullptr}, options) {
    for (const char* e : {"State", "FocusedActivity", "CompletedActivity", "NextActivity", "LaunchSuggestions"}) {
      std::string key = std::string("AutonomousLife/") + e;
      subscriptions.push_back(memory.subscriber(key));
      subscriptions.back()->signal.connect([this, e](const core::Value& v) {
        log.push_back(time() + " " + e + "=" + (v.isString() ? v.asString() : v.toJson()));
      });
    }
    life.activityTransition.connect([this](const service::Any& t) {
      log.push_back(time() + " transition " + t["PreviousActivityName"].get<std::string>() + "(" +
                    t["PreviousActivityStopReason"].get<std::string>() + ") -> " +
                    t["FocusedActivityName"].get<std::string>() + "(" +
                    t["FocusedActivityStartReason"].get<std::string>() + ")");
    });
    services.add(life::makeLifeService(life));
  }

  // An activity ending after `seconds` (forever when negative).
  life::Activity activity(const std::string& name, life::Nature nature, const std::string& trigger = "",
                          double seconds = -1) {
    life::Activity a;
    a.name = name;
    a.nature = nature;
    a.launchTrigger = trigger;
    if (seconds >= 0) a.run = life::RunFor{core::fromSeconds(seconds)};
    return a;
  }

  void at(double seconds) { clock.advanceTo(core::fromSeconds(seconds)); }
  void runUntil(double seconds) { clock.runUntil(core::fromSeconds(seconds)); }
  void set(const std::string& key, core::Value v) { memory.insertData(key, std::move(v)); }

  std::string time() const {
    std::string s = core::formatFloat(core::toSeconds(clock.now()));
    if (s.size() > 2 && s.ends_with(".0")) s.resize(s.size() - 2);
    return "t=" + s;
  }
  // The log since the last call, one entry per line.
  std::string take() {
    std::string out;
    for (const auto& l : log) out += l + "\n";
    log.clear();
    return out;
  }

  core::VirtualClock clock;
  memory::Memory memory;
  condition::ConditionMonitor monitor;
  service::Registry services;
  life::ScriptedRunner runner;
  life::AutonomousLife life;
  std::vector<std::shared_ptr<memory::Subscriber>> subscriptions;
  std::vector<std::string> log;
};

// The reason of the CallError `f` throws, or "no error".
template <class F>
std::string refusal(F&& f) {
  try {
    f();
  } catch (const service::CallError& e) {
    return e.reason();
  }
  return "no error";
}

}  // namespace autolife::test
