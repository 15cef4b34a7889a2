// Runs one Choregraphe behavior (REFERENCE §7): its boxes, links, state
// machines and timelines, on the engine clock; its Python boxes in box
// threads (core::Workers). Start loads the root box and fires its onStart;
// the behavior ends when the root box fires its onStopped, or when a box
// raises (the error names the box and the line).
//
// The runtime's rules where the documents leave room (docs/behaviors.md):
//   - a keyframe's diagram is loaded when a state that holds it is entered
//     (its boxes' onLoad; the parent's onLoad input is delivered to that
//     diagram only) and unloaded when the last such state is left;
//   - a box with a timeline enters its first state when it loads; onStart
//     plays the frames (enabled timelines); a timeline without behavior
//     layers fires the box's Stopped outputs at its end frame, one with
//     layers keeps its final state until its diagram fires onStopped;
//   - the curves of a timeline are sent when it starts playing, as one
//     ALMotion.angleInterpolationBezier;
//   - Python callbacks of one box may run concurrently (as in NAOqi); an
//     input that arrives while the box is still being created waits for it.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "autolife/behavior/xar_model.hpp"
#include "autolife/core/workers.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/python/bridge.hpp"
#include "autolife/service/service.hpp"

namespace autolife::runtime {

class ResourceArbiter;

// What a running behavior reports (autolife play prints them).
struct RunEvent {
  enum class Kind { Log, BoxError, MissingService, Ended };
  Kind kind = Kind::Log;
  core::Time time{0};
  std::string behavior;
  std::string box;
  std::string level;    // Log: debug, info, warning, error, fatal
  std::string message;  // Log text, error text, or how it ended
  std::string service;  // MissingService
  std::string method;
  service::Arguments arguments;
};

struct RuntimeContext {
  service::Registry& services;
  core::Workers& workers;
  memory::Memory* memory = nullptr;           // for inputs bound to an ALMemory key
  ResourceArbiter* resources = nullptr;       // boxes' <Resource>s, when given
  std::function<void(const RunEvent&)> report;  // may be empty
  // Each frame a timeline reaches, with the time it was due (bench_behavior's jitter); may be empty.
  std::function<void(int frame, core::Time due)> frameReached;
  // The engine's Python bridge (its seed, box code's bookkeeping); null: each
  // run makes one of its own, with seed 0.
  python::Bridge* python = nullptr;
  // Where box code sees the behavior's folder (ALFrameManager.getBehaviorPath,
  // behaviorAbsolutePath()): `play` gives a package's behavior NAOqi's
  // install path (sim/installed_app.hpp). Empty: where it is.
  std::function<std::string(const std::string& folder)> folderAsSeen = nullptr;
};

class BehaviorRun {
public:
  // "" when the behavior finished (the root fired onStopped), else why it
  // ended (a box's error). Not called for stop().
  using Ended = std::function<void(const std::string& error)>;

  // `id` names the behavior in reports and for its boxes (behaviorId).
  static std::shared_ptr<BehaviorRun> create(std::shared_ptr<const behavior::Behavior> behavior, std::string id,
                                            RuntimeContext context, Ended ended);
  virtual ~BehaviorRun() = default;

  virtual void start() = 0;
  // Unloads every box (their onUnload runs) and wakes the boxes that sleep;
  // the run ends without calling `ended`.
  virtual void stop() = 0;
  virtual bool running() const = 0;
  virtual const std::string& id() const = 0;
  // Jumps the root box's timeline (Choregraphe's goto boxes, tests).
  virtual bool goToFrame(int frame) = 0;
  virtual bool goToLabel(const std::string& label) = 0;
};

}  // namespace autolife::runtime
