// The runtime's parts (internal): a running behavior (Run), its box
// instances, the diagrams of loaded keyframes, and box timelines.
//
// Locking: every part of a run is guarded by the run's mutex, a plain one,
// taken only through Run::Lock by the entry points: Run's public functions,
// the BoxHost functions box code calls, and the callbacks of memory, the
// clock and the arbiter. Everything else in these parts expects it held and
// never takes it. Nothing called under it calls back in on the same thread:
// Python code never runs under it (box callbacks are queued as box threads,
// Workers, which take the lock only to fire outputs or read parameters);
// Run::Lock holds memory's dispatcher, so what memory notifies meanwhile (a
// Dialog box's outputs, ALMemory inputs) arrives once the lock is released;
// the arbiter posts what it tells claimants; a service's answer that comes
// at once is handled in place (TimelinePlayer::sendCurves). A box thread
// holds its box (and through it the run) alive; a box unloaded meanwhile
// ignores what the thread still sends.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "autolife/behavior/state_machine.hpp"
#include "autolife/core/dispatcher.hpp"
#include "autolife/python/python_box.hpp"
#include "autolife/runtime/behavior_run.hpp"
#include "autolife/runtime/curves.hpp"
#include "autolife/runtime/resources.hpp"

namespace autolife::runtime::detail {

class Run;
class BoxInstance;

// Where a behavior sits in its package: the package's uid (manifest.xml's
// uuid; a behavior outside a package is Choregraphe's
// ".lastUploadedChoregrapheBehavior") and the behavior's folder relative to
// the package's root (placement.cpp).
struct Placement {
  std::string packageUid;
  std::string relativePath;
};
Placement placementOf(const std::filesystem::path& behaviorFolder);

// A box's or a timeline's claim on resources (resource_claims.cpp).
struct ResourceClaim {
  ResourceArbiter::ClaimId id = 0;  // 0: none
  bool holding = false;             // granted (else still waiting)
};

// Where a signal goes: an input of a box, or an output of the box that
// holds the diagram (the link's owner 0).
struct Target {
  BoxInstance* box = nullptr;
  int port = 0;
  bool toOutput = false;  // fire `box`'s output `port` instead of its input
  bool operator==(const Target&) const = default;
};

// A keyframe's diagram while it is loaded: its boxes and its links.
class DiagramInstance {
public:
  DiagramInstance(Run& run, const behavior::Diagram& model, BoxInstance& owner);
  ~DiagramInstance();
  // Creates and loads the boxes, connects the links, then gives the
  // owner's onLoad input to this diagram only.
  void load();
  void unload();

private:
  struct Connection {
    std::vector<Target>* list;
    Target target;
  };
  void connect(const behavior::Link& link);

  Run& run_;
  const behavior::Diagram& model_;
  BoxInstance& owner_;
  std::map<int, std::shared_ptr<BoxInstance>> boxes_;
  std::vector<Connection> connections_;
  bool loaded_ = false;
};

// The joints a robot has, once a timeline's motion was refused for naming
// others (timeline_joints.cpp): later sends leave the others out.
struct JointFilter {
  mutable std::mutex mutex;
  std::optional<std::set<std::string>> known;
  // `curves` without the joints the robot lacks (those named in `dropped`);
  // all of them while they are not known.
  BezierCommand keep(const BezierCommand& curves, std::vector<std::string>* dropped) const;
};

// A box's timeline: the state machine of its behavior layers, driven by a
// frame clock at `fps`, and its actuator curves.
class TimelinePlayer {
public:
  TimelinePlayer(Run& run, const behavior::Timeline& model, BoxInstance& owner);
  ~TimelinePlayer();
  void enterFirstState();
  void play();   // onStart (once the joints of its curves are granted, if it asks for them)
  void stop();   // onStop: frames stop, loaded diagrams stay, its joints are released
  void unload();  // the box unloads: every diagram goes
  // Another claim borrows what it plays (Pause on demand); frames go on where they stopped.
  void pause();
  void resume();
  bool goToFrame(int frame);
  bool goToLabel(const std::string& label);
  // A frame number or a keyframe's name.
  bool goTo(const std::string& place);
  int fps() const { return fps_; }
  // A new frame rate; playing frames (and their curves) go on from the
  // current frame at that rate.
  void setFps(int fps);
  // Box code's play(): frames go on from the current one; pause(): they
  // stop where they are (joints and diagrams kept).
  void playOn();
  void pauseFrames();
  // The last frame (end_frame, or the last key or keyframe).
  int endFrame() const;

private:
  void startFrames();
  void haltFrames();
  void sendCurves(int fromFrame);
  // resource_claims.cpp: the joints of the curves, claimed as the timeline's
  // resources_acquisition says; false while the claim waits.
  bool claimJoints();
  void releaseJoints();
  void scheduleTick();
  void tick();
  void enter(std::optional<std::size_t> state);
  void finish();

  Run& run_;
  const behavior::Timeline& model_;
  BoxInstance& owner_;
  behavior::StateMachine machine_;
  struct Loaded {
    int refs = 0;
    std::unique_ptr<DiagramInstance> diagram;
  };
  std::map<std::pair<std::size_t, std::size_t>, Loaded> keyframes_;
  std::optional<std::size_t> state_;
  int frame_ = 0;
  int fps_ = 0;
  bool playing_ = false;
  core::Time origin_{0};    // when frame `originFrame_` was (frames tick from it)
  int originFrame_ = 0;
  core::TimerId timer_ = 0;
  core::Time due_{0};  // when the scheduled frame is due
  ResourceClaim joints_;
  bool paused_ = false;  // its joints are lent
  std::shared_ptr<JointFilter> jointFilter_ = std::make_shared<JointFilter>();
};

class BoxInstance final : public python::BoxHost, public std::enable_shared_from_this<BoxInstance> {
public:
  BoxInstance(Run& run, const behavior::Box& model, BoxInstance* parent);
  ~BoxInstance() override;

  void load();
  void unload();
  bool loaded() const { return loaded_; }
  // An input arrives (with a value, or a bang).
  void receive(int input, const std::optional<service::Any>& value);
  // The box fires an output: its targets get it.
  void emit(int output, const std::optional<service::Any>& value);
  void receiveParameter(const behavior::Parameter& parameter, const std::optional<service::Any>& value);

  std::vector<Target>& outputTargets(int output) { return outputs_[output]; }
  std::vector<Target>& forwardTargets(int input) { return forwards_[input]; }
  const behavior::Box& model() const { return model_; }
  TimelinePlayer* timeline() { return timeline_.get(); }
  // Its own timeline, else the nearest of its parents' (ALFrameManager's).
  TimelinePlayer* nearestTimeline() const;
  // The timeline whose keyframe holds it: the nearest playing one (enabled)
  // among its parents', else its parent's (a flow diagram's).
  TimelinePlayer* parentTimeline() const;
  // Fires every output of nature Stopped (a timeline that reached its end).
  void emitStopped();

  // python::BoxHost
  std::string boxName() const override;
  std::string boxPath() const override;
  std::string behaviorId() const override;
  std::string behaviorPath() const override;
  std::string packageUid() const override;
  std::string behaviorRelativePath() const override;
  std::vector<std::string> outputNames() const override;
  void fire(const std::string& output, const service::Any& value) override;
  bool stimulate(const std::string& name, const std::optional<service::Any>& value) override;
  service::Any parameter(const std::string& name) const override;
  service::Any parameterLocked(const std::string& name) const;  // the run's lock held
  std::vector<std::string> parameterNames() const override;
  void setParameter(const std::string& name, const service::Any& value) override;
  void log(const std::string& level, const std::string& message) override;
  service::Registry& services() override;
  core::Workers& workers() override;
  core::Workers::Group group() const override;
  void missingService(const std::string& service, const std::string& method, const service::Arguments& args) override;
  int timeline(TimelineOf which, TimelineAction action, const std::string& place, int value) override;
  void exitBehavior() override;
  void releaseResources() override;
  std::uint64_t subscribeMemory(const std::string& key, const std::string& name, MemoryCallback onChange) override;
  void unsubscribeMemory(std::uint64_t subscription) override;
  void deliver(std::function<void()> task) override;

  Run& run() const { return run_; }
  std::weak_ptr<BoxInstance> weak() { return weak_from_this(); }

private:
  // resource_claims.cpp: an onStart waits until the box's <Resource>s are
  // granted; they go back when it stops, fires onStopped or unloads.
  bool admitStart(int input, const std::optional<service::Any>& value);
  void letGoOfResources();
  void resourcesGranted(ResourceArbiter::ClaimId id);
  void giveWay(ResourceArbiter::ClaimId id, behavior::ResourceType type, const std::string& resource);

  using PythonCall = std::function<std::optional<python::BoxError>(python::PythonBox&)>;
  void createPython();
  void callPython(PythonCall call);
  void bindMemoryInputs();
  bool hasPython() const;
  // A Choregraphe Dialog box (dialog_box.cpp): its topics run in ALDialog
  // while it runs; its outputs fire when the topic sets their variables.
  bool isDialogBox() const { return !model_.dialogFile.empty(); }
  void startDialog();
  std::vector<std::filesystem::path> dialogTopicFiles(const std::filesystem::path& dlg);
  void stopDialog();

  Run& run_;
  const behavior::Box& model_;
  BoxInstance* parent_;
  bool loaded_ = false;
  std::shared_ptr<python::PythonBox> python_;
  bool creating_ = false;
  std::vector<PythonCall> waiting_;  // calls that arrived while the box was being created
  std::map<int, std::vector<Target>> outputs_;
  std::map<int, std::vector<Target>> forwards_;
  std::map<std::string, service::Any> parameterValues_;  // set by setParameter
  std::unique_ptr<TimelinePlayer> timeline_;
  // Its memory subscriptions: ALMemory-value inputs, and those its code
  // made (subscribeMemory); all dropped when it unloads.
  std::vector<memory::SubscriptionId> memorySubscriptions_;
  std::vector<std::string> dialogTopics_;                  // loaded by this Dialog box
  std::vector<memory::SubscriptionId> dialogSubscriptions_;  // its outputs' variables
  ResourceClaim resources_;
  std::optional<std::pair<int, std::optional<service::Any>>> heldStart_;  // waits for the resources
};

class Run final : public BehaviorRun, public std::enable_shared_from_this<Run> {
public:
  Run(std::shared_ptr<const behavior::Behavior> behavior, std::string id, RuntimeContext context, Ended ended);
  ~Run() override;

  void start() override;
  void stop() override;
  bool running() const override;
  const std::string& id() const override { return id_; }
  bool goToFrame(int frame) override;
  bool goToLabel(const std::string& label) override;

  // The run's lock, inside memory's dispatcher Hold (when the run has a
  // memory): the Hold ends after the lock is released, and only then are
  // the notifications of what was done under it delivered.
  class Lock {
  public:
    explicit Lock(const Run& run);
    Lock(const Lock&) = delete;
    Lock& operator=(const Lock&) = delete;

  private:
    std::optional<core::Dispatcher::Hold> hold_;  // declared first: outlives the lock
    std::lock_guard<std::mutex> lock_;
  };

  // For the parts.
  RuntimeContext& context() { return context_; }
  python::Bridge& bridge() { return *bridge_; }
  const Placement& placement() const { return placement_; }
  core::Clock& clock() { return context_.workers.clock(); }
  core::Workers::Group group() const { return group_; }
  const behavior::Behavior& behavior() const { return *behavior_; }
  // Queues a box thread running `task` (never runs it here).
  void spawn(std::function<void()> task);
  void report(RunEvent event);
  void fail(const python::BoxError& error);
  void rootStopped();

private:
  void end(const std::string& error);
  void teardown();

  std::shared_ptr<const behavior::Behavior> behavior_;
  std::string id_;
  RuntimeContext context_;
  Ended ended_;
  mutable std::mutex mutex_;  // through Lock only
  core::Workers::Group group_;
  core::Workers::Group unloadGroup_ = 0;  // the onUnload threads once the run is over
  std::shared_ptr<BoxInstance> root_;
  bool running_ = false;
  std::unique_ptr<python::Bridge> ownBridge_;  // when the context gives none
  python::Bridge* bridge_ = nullptr;
  Placement placement_;
};

}  // namespace autolife::runtime::detail
