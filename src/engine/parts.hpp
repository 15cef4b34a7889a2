// Everything an Engine is made of (private to src/engine), in construction
// order: each part is built from the ones above it and destroyed before
// them.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "autolife/condition/monitor.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/core/preferences.hpp"
#include "autolife/core/workers.hpp"
#include "autolife/dialog/services.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/engine/perceived_world.hpp"
#include "autolife/engine/service_manager.hpp"
#include "autolife/engine/expression_watcher.hpp"
#include "autolife/engine/service_operands.hpp"
#include "autolife/launchpad/launchpad_keys.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/life/process_runner.hpp"
#include "autolife/life/runner_set.hpp"
#include "autolife/life/scripted_runner.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/package/store.hpp"
#include "autolife/python/bridge.hpp"
#include "autolife/robot/simulated_robot.hpp"
#include "autolife/robot/simulated_world.hpp"
#include "autolife/runtime/behavior_runner.hpp"
#include "autolife/runtime/resources.hpp"
#include "autolife/service/service.hpp"
#include "autolife/store/store.hpp"

namespace autolife::engine {

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

struct Engine::Parts {
  Parts(core::Clock& clock, const EngineOptions& options);

  // First: the package store below is built in it when no root is given.
  std::optional<std::filesystem::path> temporaryRoot;
  // In memory, or in options.store.
  std::unique_ptr<core::PreferenceStore> preferenceStore;
  std::unique_ptr<store::StoredLifeJournal> journal;

  core::Clock& clock;
  memory::Memory memory;
  condition::ConditionMonitor monitor;
  service::Registry services;
  launchpad::LaunchpadKeys keys;
  life::ScriptedRunner scripted;
  life::ProcessRunner programs;
  core::Signal<const runtime::RunEvent&> behaviorEvents;
  // Box threads and the behavior runtime: activities that are behaviors run
  // here (docs/behaviors.md).
  core::Workers workers;
  python::Bridge pythonBridge;
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
  robot::SimulatedRobot robot;
  // ALSpeechRecognition and ALDialog (docs/dialog.md): what a person says.
  dialog::SpeechRecognition speechRecognition;
  dialog::DialogService dialog;
  core::Signal<const std::string&> topicRefused;
  // Gone before the services it listens to.
  ServiceOperandBridge serviceOperands;
  // ALExpressionWatcher: gone before the operands and the monitor it uses.
  ExpressionWatcher expressions;
  // The package services' runner, when one is attached (ALServiceManager).
  ServiceProcesses serviceProcesses;

  std::map<std::string, std::vector<std::string>> packageTopics;  // ALDialog topics by package uuid
  std::map<std::string, life::Activity> fromPackages;  // by name, as loaded (overrides applied)
  std::map<std::string, std::pair<life::Run, core::Duration>> runOverrides;
};

}  // namespace autolife::engine
