// One autolife engine, assembled: memory, the condition monitor, the service
// registry with the NAOqi services, the Launchpad keys, Autonomous Life, the
// package store, the behavior runtime and the simulated world and robot, all
// on one injected clock (virtual for the simulator and tests, real for
// `serve`).
//
// The parts live in the engine's implementation (src/engine/parts.hpp); this
// header declares them only, so that including it does not bring every
// module's headers along: a user includes the headers of the parts it uses.
// The network fronts (the JSON-RPC API, the qi server) see no Engine at all,
// only its ServiceAccess (engine/access.hpp).
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "autolife/core/diagnostic.hpp"
#include "autolife/core/signal.hpp"
#include "autolife/core/time.hpp"
#include "autolife/engine/access.hpp"
#include "autolife/launchpad/robot_profile.hpp"
#include "autolife/life/activity.hpp"

namespace autolife {
namespace core {
class PreferenceStore;
class Workers;
}  // namespace core
namespace condition {
class ConditionMonitor;
}
namespace launchpad {
class LaunchpadKeys;
}
namespace life {
class AutonomousLife;
class ProcessRunner;
class RunnerSet;
class ScriptedRunner;
}  // namespace life
namespace package {
class PackageStore;
struct Package;
struct Behavior;
struct InstallResult;
}  // namespace package
namespace python {
class Bridge;
}
namespace robot {
class SimulatedRobot;
class SimulatedWorld;
}  // namespace robot
namespace runtime {
class BehaviorRunner;
class ResourceArbiter;
class RunObservers;
struct RunEvent;
}  // namespace runtime
namespace store {
class Store;
}
namespace dialog {
class DialogService;
class SpeechRecognition;
struct Heard;
struct HeardAudio;
}  // namespace dialog
namespace voice {
struct Audio;
}
}  // namespace autolife

namespace autolife::engine {

class Inputs;
class BehaviorLog;
class PerceivedWorld;
class ServiceOperandBridge;
class ServiceProcesses;

struct EngineOptions {
  launchpad::RobotModel model = launchpad::RobotModel::Nao;
  std::uint64_t seed = 0;               // rand() in conditions, box scripts' `random`
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

class Engine {
  struct Parts;  // src/engine/parts.hpp: every part, in construction order

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

  // A person says `utterance` (a scenario's hear:, the dashboard's field):
  // WordRecognized for the recogniser's vocabulary, an answer from ALDialog
  // (include autolife/dialog/services.hpp to use the result).
  dialog::Heard hear(const std::string& utterance, double confidence = 1.0);
  // A person speaks into the robot's microphone: `audio` recognised against
  // the vocabulary and the active topics' phrases (docs/dialog.md, "Speech
  // from audio").
  // `recognized` is told what was heard before the dialog answers.
  // `source` says where it came from (a sound file, "microphone"), as a
  // recorded day names it.
  dialog::HeardAudio hearAudio(const voice::Audio& audio,
                               const std::function<void(const dialog::HeardAudio&)>& recognized = {},
                               std::string_view source = "microphone");

  const EngineOptions& options() const { return options_; }
  // What the network fronts need: the services, memory and the clock. An
  // engine is handed to a front (api::Server, qiserver::Server) as that.
  ServiceAccess access() const { return {clock, memory, services}; }
  operator ServiceAccess() const { return access(); }

private:
  std::optional<core::Diagnostic> addLifeActivity(life::Activity activity);
  void addPackageActivities(const std::string& uuid);
  void trackServiceOperands(const life::Activity& activity);
  void removePackageActivities(const std::string& uuid);
  void loadPackageTopics(const package::Package& pkg);
  void registerServices();
  void restoreLife();

  EngineOptions options_;
  std::unique_ptr<Parts> parts_;

public:
  // The parts, for what is assembled around the engine (the simulator,
  // `play`, the robot link, tests). Each is owned by the engine and lives as
  // long as it; include the part's own header to use it.
  core::Clock& clock;
  memory::Memory& memory;
  core::PreferenceStore& preferences;  // ALPreferenceManager's, what pref() reads
  condition::ConditionMonitor& monitor;
  service::Registry& services;
  launchpad::LaunchpadKeys& keys;
  life::ScriptedRunner& scripted;
  life::ProcessRunner& programs;
  // What running behaviors report: box logs and errors, missing services, ends.
  core::Signal<const runtime::RunEvent&>& behaviorEvents;
  // Box threads (taking turns in virtual time).
  core::Workers& workers;
  // Box code's side of the engine (Python boxes): their threads' bookkeeping,
  // posted calls, the seed of their `random` streams.
  python::Bridge& pythonBridge;
  // Who holds which part of the robot, between every running behavior's boxes.
  runtime::ResourceArbiter& resources;
  runtime::BehaviorRunner& behaviors;
  // Who watches the behaviors' boxes (runtime/run_observer.hpp, the one
  // seam): the log of runs and the Autolife.boxEvent signal are added first;
  // `play --boxes` adds its printer.
  runtime::RunObservers& boxObservers;
  // Every activity's latest runs with their box events (engine/behavior_log.hpp).
  BehaviorLog& behaviorLog;
  life::RunnerSet& runners;
  life::AutonomousLife& life;
  package::PackageStore& packages;
  // The perception seam's reader: what the world or a robot perceives
  // becomes the Launchpad keys' inputs, Life's context and safeguards.
  PerceivedWorld& perceived;
  // The simulation's source of perception (until a robot's takes over).
  robot::SimulatedWorld& world;
  // ALTextToSpeech, ALMotion, ALLeds... (docs/robot.md)
  robot::SimulatedRobot& robot;
  // The door of what comes from outside (autolife/engine/inputs.hpp): the
  // world's updates, memory written from outside, a robot's perception;
  // with loadPackage, addActivity, overrideRun, start, hear and the
  // clients' calls, told to its observer (a day's recorder).
  Inputs& inputs;
  // ALSpeechRecognition and ALDialog (docs/dialog.md).
  dialog::SpeechRecognition& speechRecognition;
  dialog::DialogService& dialog;
  // A package's topic that does not load: "file:line:column: error: ...".
  core::Signal<const std::string&>& topicRefused;
  // Feeds the launch triggers' service operands (`ALBattery.charge`).
  ServiceOperandBridge& serviceOperands;
  // Where what runs the packages' services attaches (pkgservice), for
  // ALServiceManager (autolife/engine/service_manager.hpp).
  ServiceProcesses& serviceProcesses;
};

// A package behavior as Life sees it.
life::Activity activityFrom(const package::Behavior& behavior);

}  // namespace autolife::engine
