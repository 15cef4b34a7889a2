// A whole engine on a virtual clock, for the world and service tests (with
// the headers of the engine's parts the tests reach for):
// inputs applied at an instant (before that instant's deadlines), every
// activityTransition recorded, memory read back as JSON.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "autolife/condition/monitor.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/core/preferences.hpp"
#include "autolife/core/value_json.hpp"
#include "autolife/core/workers.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/launchpad/launchpad_keys.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/life/process_runner.hpp"
#include "autolife/life/runner_set.hpp"
#include "autolife/life/scripted_runner.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/package/store.hpp"
#include "autolife/robot/simulated_robot.hpp"
#include "autolife/robot/simulated_world.hpp"
#include "autolife/runtime/behavior_run.hpp"
#include "autolife/runtime/behavior_runner.hpp"
#include "autolife/runtime/resources.hpp"
#include "autolife/service/service.hpp"
#include "any_json.hpp"
#include "sim_support.hpp"

namespace autolife::simtest {

struct ActivitySpec {
  std::string name = "";
  life::Nature nature = life::Nature::Solitary;
  std::string condition = "";
  life::Permissions permissions{};
  life::Run run = life::RunForever{};
};

inline life::Activity activity(const ActivitySpec& spec) {
  life::Activity a;
  a.name = spec.name;
  a.nature = spec.nature;
  a.launchTrigger = spec.condition;
  a.permissions = spec.permissions;
  a.run = spec.run;
  return a;
}

class EngineFixture : public ::testing::Test {
protected:
  // Builds and starts the engine. Packages install under a folder of the
  // test's own (EngineOptions::packageRoot).
  void start(launchpad::RobotModel model = launchpad::RobotModel::Nao, const std::vector<ActivitySpec>& activities = {}) {
    engine::EngineOptions options;
    options.model = model;
    options.packageRoot = packageRoot_.path() / "installed";
    engine_ = std::make_unique<engine::Engine>(clock_, options);
    engine_->life.activityTransition.connect([this](const service::Any& v) {
      transitions.push_back(test::jsonOf(v));
    });
    for (const auto& a : activities) {
      auto problem = engine_->addActivity(activity(a));
      EXPECT_FALSE(problem) << problem->format();
    }
    engine_->start();
    clock_.runUntil(clock_.now());
  }

  engine::Engine& engine() { return *engine_; }

  // Runs everything up to `t` (seconds), inputs at `t` included.
  void runTo(double t) { clock_.runUntil(core::fromSeconds(t)); }

  // Applies an input at `t`: after what is due before `t`, before `t`'s
  // deadlines; then lets the instant settle.
  template <class F>
  void at(double t, F&& input) {
    clock_.advanceTo(core::fromSeconds(t));
    input();
    clock_.runUntil(core::fromSeconds(t));
  }
  void world(double t, const robot::WorldUpdate& update) {
    at(t, [&] { engine_->world.apply(update); });
  }

  nlohmann::json key(const std::string& name) { return core::valueToJson(engine_->memory.getData(name)); }
  std::string state() { return engine_->life.getState(); }
  std::string focused() { return engine_->life.focusedActivity(); }

  // Arguments written as JSON literals, the result read as JSON.
  nlohmann::json call(const std::string& method, const std::vector<nlohmann::json>& arguments = {}) {
    return test::jsonOf(engine_->services.call(method, args(arguments)));
  }
  // The reason of the CallError `method` throws ("" if it does not).
  std::string refusal(const std::string& method, const std::vector<nlohmann::json>& arguments = {}) {
    try {
      engine_->services.call(method, args(arguments));
    } catch (const service::CallError& e) {
      EXPECT_STRNE(e.what(), "") << "a refusal carries a sentence";
      return e.reason();
    }
    return "";
  }

  static service::Arguments args(const std::vector<nlohmann::json>& arguments) {
    service::Arguments out;
    for (const auto& a : arguments) out.push_back(test::anyOf(a));
    return out;
  }

  // The last transition's previous activity and stop reason, "name/reason".
  std::string lastStop() const {
    if (transitions.empty()) return "(none)";
    const auto& t = transitions.back();
    return t["PreviousActivityName"].get<std::string>() + "/" + t["PreviousActivityStopReason"].get<std::string>();
  }

  TempDir packageRoot_;
  core::VirtualClock clock_;
  std::unique_ptr<engine::Engine> engine_;
  std::vector<nlohmann::json> transitions;
};

}  // namespace autolife::simtest
