// One autolife engine, assembled: memory, the condition monitor, the service
// registry with the NAOqi services, the Launchpad keys, Autonomous Life, the
// package store and the simulated world, all on one injected clock (virtual
// for the simulator and tests, real for `serve`).
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>

#include "autolife/condition/monitor.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/core/preferences.hpp"
#include "autolife/engine/perceived_world.hpp"
#include "autolife/engine/service_operands.hpp"
#include "autolife/launchpad/launchpad_keys.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/life/process_runner.hpp"
#include "autolife/life/runner_set.hpp"
#include "autolife/life/scripted_runner.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/package/store.hpp"
#include "autolife/robot/simulated_robot.hpp"
#include "autolife/robot/simulated_world.hpp"
#include "autolife/runtime/behavior_runner.hpp"
#include "autolife/runtime/resources.hpp"
#include "autolife/service/service.hpp"
#include "autolife/store/store.hpp"

namespace autolife::engine {

struct EngineOptions {
  launchpad::RobotModel model = launchpad::RobotModel::Nao;
  std::uint64_t seed = 0;               // rand() in conditions
  std::filesystem::path packageRoot;    // where PackageManager installs; empty: a temporary folder
  // The data folder's database (`autolife serve`): preferences, activity
  // statistics and histories are restored from it and every change is
  // committed to it. None: they live in memory only (simulate, play, tests).
  store::Store* store = nullptr;
  // Told when the store fails a write no caller is waiting for (Life's journal).
  std::function<void(const std::string&)> storageProblem = {};
  // Virtual time: the wall time a box may keep its thread in one go before
  // it is interrupted with an error (core::Workers' watchdog); none: 5 s.
  std::optional<std::chrono::milliseconds> turnLimit = {};
};

// Tells the Launchpad keys what Life does (State, FocusedActivity, ...),
// and the simulated world whether its BasicAwareness runs.
class KeysListener final : public life::LifeListener {
public:
  explicit KeysListener(launchpad::LaunchpadKeys& keys) : keys_(keys) {}
  void lifeStateEntered(life::State state) override { keys_.setLifeState(life::stateName(state)); }
  void focusChanged(const std::string& activity) override { keys_.setFocusedActivity(activity); }
  void focusCounted(const std::string&, int) override {}  // the keys count focus changes themselves
  void basicAwarenessRunning(bool running) override {
    keys_.setBasicAwarenessRunning(running);
    if (world_) world_->setBasicAwarenessRunning(running);
  }
  void setWorld(robot::SimulatedWorld* world) { world_ = world; }

private:
  launchpad::LaunchpadKeys& keys_;
  robot::SimulatedWorld* world_ = nullptr;
};

class Engine {
public:
  explicit Engine(core::Clock& clock, EngineOptions options = {});
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Publishes the Launchpad keys and enters solitary.
  void start();

  // A package folder (loaded where it lies) or a .pkg (installed): its
  // activities join life.
  package::InstallResult loadPackage(const std::filesystem::path& path);
  // An activity described inline (a scenario's); its problem if it cannot run.
  std::optional<core::Diagnostic> addActivity(life::Activity activity);
  // Gives a package's activity another way to run (a scenario's `run:`).
  bool overrideRun(const std::string& name, const life::Run& run, core::Duration loadTime);

  const EngineOptions& options() const { return options_; }

private:
  // Declared first: the package store below is built in it when no root is given.
  std::optional<std::filesystem::path> temporaryRoot_;
  // Before the members that use them: in memory, or in options.store.
  std::unique_ptr<core::PreferenceStore> preferenceStore_;
  std::unique_ptr<store::StoredLifeJournal> journal_;

public:
  core::Clock& clock;
  memory::Memory memory;
  core::PreferenceStore& preferences;  // ALPreferenceManager's, what pref() reads
  condition::ConditionMonitor monitor;
  service::Registry services;
  launchpad::LaunchpadKeys keys;
  life::ScriptedRunner scripted;
  life::ProcessRunner programs;
  // What running behaviors report: box logs and errors, missing services, ends.
  core::Signal<const runtime::RunEvent&> behaviorEvents;
  // Box threads (taking turns in virtual time) and the behavior runtime:
  // activities that are behaviors run here (docs/behaviors.md).
  core::Workers workers;
  // Who holds which part of the robot, between every running behavior's boxes.
  runtime::ResourceArbiter resources;
  runtime::BehaviorRunner behaviors;
  life::RunnerSet runners;
  KeysListener keysListener;
  life::AutonomousLife life;
  package::PackageStore packages;
  // The perception seam's reader: what the world or a robot perceives
  // becomes the Launchpad keys' inputs, Life's context and safeguards.
  PerceivedWorld perceived;
  // The simulation's source of perception (until a robot's takes over:
  // SimulatedWorld::disconnect).
  robot::SimulatedWorld world;
  // ALTextToSpeech, ALMotion, ALLeds... (docs/robot.md)
  robot::SimulatedRobot robot;
  // Feeds the launch triggers' service operands (`ALBattery.charge`) from
  // the registry's services; gone before the services it listens to.
  ServiceOperandBridge serviceOperands;

private:
  void addPackageActivities(const std::string& uuid);
  void trackServiceOperands(const life::Activity& activity);
  void removePackageActivities(const std::string& uuid);
  void registerServices();
  void restoreLife();

  EngineOptions options_;
  std::map<std::string, life::Activity> fromPackages_;  // by name, as loaded (overrides applied)
  std::map<std::string, std::pair<life::Run, core::Duration>> runOverrides_;
};

// A package behavior as Life sees it.
life::Activity activityFrom(const package::Behavior& behavior);

}  // namespace autolife::engine
