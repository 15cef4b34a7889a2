// A whole Autonomous Life in virtual time, for tests: clock, memory,
// condition monitor, scripted runner, registry, and a log of every
// AutonomousLife/* event and activityTransition in the order listeners see
// them ("t=3 FocusedActivity=pkg/greet").
//
// Also recorded, for the tests that need them:
// - `actions`: what life asks of the runner ("t=3 start pkg/greet",
//   "t=5 stop pkg/greet") and, once addRobotServices() is called, of the
//   simulated robot services (speech, motion, LEDs), in one timeline;
// - `listener`: the LifeListener notifications the Launchpad's keys are
//   built from ("state solitary", "focus pkg/greet", "count pkg/greet 2",
//   "awareness on");
// - `transitions`: every activityTransition payload, as emitted (as JSON).
#pragma once

#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "autolife/condition/monitor.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/life/life_service.hpp"
#include "autolife/life/scripted_runner.hpp"
#include "autolife/memory/memory.hpp"
#include "../support/any_json.hpp"

namespace autolife::test {

// Records what life tells the Launchpad (LifeListener).
class RecordingListener final : public life::LifeListener {
public:
  void lifeStateEntered(life::State state) override { log.push_back("state " + std::string(life::stateName(state))); }
  void focusChanged(const std::string& activity) override { log.push_back("focus " + activity); }
  void focusCounted(const std::string& activity, int count) override {
    log.push_back("count " + activity + " " + std::to_string(count));
  }
  void basicAwarenessRunning(bool running) override {
    log.push_back(running ? "awareness on" : "awareness off");
    awarenessRunning = running;
  }
  // The log since the last call, one entry per line.
  std::string take() {
    std::string out;
    for (const auto& l : log) out += l + "\n";
    log.clear();
    return out;
  }
  std::vector<std::string> log;
  bool awarenessRunning = false;
};

// Forwards to another runner and records each start and stop.
class RecordingRunner final : public life::ActivityRunner {
public:
  RecordingRunner(life::ActivityRunner& inner, core::Clock& clock, std::vector<std::string>& log)
      : inner_(inner), clock_(clock), log_(log) {}
  void start(const life::Activity& activity, life::EndedCallback ended) override {
    log_.push_back(stamp() + " start " + activity.name);
    inner_.start(activity, std::move(ended));
  }
  void stop(const std::string& activityName) override {
    log_.push_back(stamp() + " stop " + activityName);
    inner_.stop(activityName);
  }

private:
  std::string stamp() const {
    std::string s = core::formatFloat(core::toSeconds(clock_.now()));
    if (s.size() > 2 && s.ends_with(".0")) s.resize(s.size() - 2);
    return "t=" + s;
  }
  life::ActivityRunner& inner_;
  core::Clock& clock_;
  std::vector<std::string>& log_;
};

class LifeFixture {
public:
  explicit LifeFixture(life::LifeOptions options = {})
      : memory(clock),
        monitor(memory, condition::MonitorOptions{}),
        runner(clock, monitor),
        recorder(runner, clock, actions),
        life(life::AutonomousLife::Dependencies{memory, monitor, services, recorder, &listener}, options) {
    for (const char* e : {"State", "FocusedActivity", "CompletedActivity", "NextActivity", "LaunchSuggestions"}) {
      std::string key = std::string("AutonomousLife/") + e;
      subscriptions.push_back(memory.subscriber(key));
      subscriptions.back()->signal.connect([this, e](const core::Value& v) {
        log.push_back(time() + " " + e + "=" + (v.isString() ? v.asString() : v.toJson()));
      });
    }
    life.activityTransition.connect([this](const service::Any& value) {
      transitions.push_back(jsonOf(value));
      const auto& t = transitions.back();
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
  // Adds an activity that must be valid.
  void add(life::Activity a) {
    auto problem = life.addActivity(std::move(a));
    if (problem) throw std::runtime_error("activity refused: " + problem->format());
  }
  void add(const std::string& name, life::Nature nature, const std::string& trigger = "", double seconds = -1) {
    add(activity(name, nature, trigger, seconds));
  }

  // Simulated ALTextToSpeech (say, stopAll), ALMotion
  // (setExternalCollisionProtectionEnabled) and ALLeds (reset) that record
  // their calls in `actions`.
  void addRobotServices() {
    using service::Type;
    auto record = [this](std::string what) {
      return [this, what](const service::Arguments& a) {
        std::string args;
        for (const auto& v : a) args += (args.empty() ? "" : ", ") + jsonOf(v).dump();
        actions.push_back(time() + " " + what + "(" + args + ")");
        return service::Any();
      };
    };
    auto tts = std::make_shared<service::Service>("ALTextToSpeech");
    tts->method("say", {{"text", Type::String}}, Type::Void, "", record("ALTextToSpeech.say"));
    tts->method("stopAll", {}, Type::Void, "", record("ALTextToSpeech.stopAll"));
    services.add(tts);
    auto motion = std::make_shared<service::Service>("ALMotion");
    motion->method("setExternalCollisionProtectionEnabled", {{"name", Type::String}, {"enabled", Type::Bool}},
                   Type::Void, "", record("ALMotion.setExternalCollisionProtectionEnabled"));
    services.add(motion);
    auto leds = std::make_shared<service::Service>("ALLeds");
    leds->method("reset", {{"group", Type::String}}, Type::Void, "", record("ALLeds.reset"));
    services.add(leds);
  }

  // A call through the registry, its arguments and answer written as JSON
  // (any_json.hpp): f.call("ALAutonomousLife.getState") == "solitary".
  nlohmann::json call(std::string_view qualifiedMethod, std::initializer_list<nlohmann::json> arguments = {}) const {
    return jsonOf(services.call(qualifiedMethod, argsOf(arguments)));
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
  // The actions since the last call, one per line.
  std::string takeActions() {
    std::string out;
    for (const auto& l : actions) out += l + "\n";
    actions.clear();
    return out;
  }

  core::VirtualClock clock;
  memory::Memory memory;
  condition::ConditionMonitor monitor;
  service::Registry services;
  life::ScriptedRunner runner;
  std::vector<std::string> actions;
  RecordingRunner recorder;
  RecordingListener listener;
  life::AutonomousLife life;
  std::vector<std::shared_ptr<memory::Subscriber>> subscriptions;
  std::vector<std::string> log;
  std::vector<nlohmann::json> transitions;  // as JSON (any_json.hpp)
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

// The reason and sentence of the CallError `f` throws ("no error", "").
struct Refusal {
  std::string reason;
  std::string sentence;
};
template <class F>
Refusal refused(F&& f) {
  try {
    f();
  } catch (const service::CallError& e) {
    return {e.reason(), e.what()};
  }
  return {"no error", ""};
}

// Seconds since the epoch of the virtual clock's wall start
// (2026-01-05 09:00:00 UTC), as getLifeTime() counts.
inline constexpr std::int64_t kWallStart = 1767603600;

}  // namespace autolife::test
