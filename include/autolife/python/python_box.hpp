// Python boxes: the embedded CPython (Debian's python3, through pybind11)
// that runs Choregraphe box scripts. A box script defines
// `class MyClass(GeneratedClass)`; PythonBox creates one instance and calls
// its onLoad / onUnload / onInput_<name>. Box code reaches the engine's
// services (ALProxy, self.session().service), fires outputs, reads
// parameters, drives timelines, and sleeps on the engine clock. Nothing a
// box does can crash the engine: every failure is a BoxError naming the box,
// the file, the line and the column.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "autolife/core/workers.hpp"
#include "autolife/python/bridge.hpp"
#include "autolife/service/service.hpp"

namespace autolife::python {

// Where a box's script comes from: the text, and the file, line and column
// of its first character (tracebacks then point into the .xar itself).
struct BoxScript {
  std::string boxName;
  std::string source;
  std::string file;
  int firstLine = 1;
  int firstColumn = 1;  // of the script's first line in `file` (after <![CDATA[)
};

struct BoxError {
  std::string box;
  std::string file;
  int line = 0;    // 0 when unknown
  int column = 0;  // 1-based, in characters; 0 when unknown
  std::string message;
  bool python2 = false;  // the script uses Python 2-only syntax
  bool runs = false;     // checkScript: it runs all the same (rewritten by 2to3): a warning
  std::string construct;  // a Python 2 rewrite: what 2to3 rewrote ("print statement")

  // "file:line:column: box 'Say': ValueError: ..."
  std::string format() const;
};

// What a Python box asks of the runtime (the runtime's box implements it).
class BoxHost {
public:
  virtual ~BoxHost() = default;
  virtual std::string boxName() const = 0;
  // The box's place in its behavior ("root/Choice/Random Int"): with the
  // engine's seed, what its `random` stream derives from.
  virtual std::string boxPath() const = 0;
  virtual std::string behaviorId() const = 0;    // "<package-uuid>/<path>" or the file
  virtual std::string behaviorPath() const = 0;  // the folder of the behavior (for its sound files...)
  // The uid of the package holding the behavior, and the behavior's folder
  // relative to the package's root (self.packageUid(), behaviorRelativePath()).
  virtual std::string packageUid() const = 0;
  virtual std::string behaviorRelativePath() const = 0;
  virtual std::vector<std::string> outputNames() const = 0;
  virtual void fire(const std::string& output, const service::Any& value) = 0;
  // stimulateIO: the box's input (delivered to it) or output (fired) of
  // that name, with a value or a bang; false when it has neither.
  virtual bool stimulate(const std::string& name, const std::optional<service::Any>& value) = 0;
  // Throws service::CallError("unknown-parameter") for a name the box lacks.
  virtual service::Any parameter(const std::string& name) const = 0;
  virtual std::vector<std::string> parameterNames() const = 0;
  virtual void setParameter(const std::string& name, const service::Any& value) = 0;
  virtual void log(const std::string& level, const std::string& message) = 0;
  // The engine the box runs in.
  virtual service::Registry& services() = 0;
  virtual core::Workers& workers() = 0;
  virtual core::Workers::Group group() const = 0;

  // Timelines as box code drives them: the box's own, its parent's (the
  // one whose keyframe holds the box), or the nearest (its own, else its
  // parents': ALFrameManager's). `place` is a frame number or a keyframe
  // name. Answers: Exists 1/0; Fps, Size their value; GoTo... 1 when the
  // place exists, 0 when not; the others 1. -1: there is no such timeline.
  enum class TimelineOf { Own, Parent, Nearest };
  enum class TimelineAction { Exists, Fps, SetFps, Size, Play, Pause, Stop, GoTo, GoToAndStop, GoToAndPlay };
  virtual int timeline(TimelineOf which, TimelineAction action, const std::string& place, int value) = 0;
  // The box's behavior ends, as when its root box stops (ALFrameManager.exitBehavior).
  virtual void exitBehavior() = 0;

  // The box lets go of its <Resource>s (GeneratedClass.releaseResource).
  virtual void releaseResources() = 0;
  // A call to a service that does not exist: recorded as a no-op.
  virtual void missingService(const std::string& service, const std::string& method, const service::Arguments& args) = 0;
  // ALMemory subscriptions made by box code (subscriber(key).signal.connect,
  // subscribeToEvent): `onChange(key, value)` runs in a box thread of this
  // box, at each insertData / raiseEvent of `key`, until unsubscribeMemory
  // or the box unloads. `name` is what getSubscribers lists. 0 when there
  // is nothing to subscribe to (no memory, the box is unloaded).
  using MemoryCallback = std::function<void(const std::string& key, const service::Any& value)>;
  virtual std::uint64_t subscribeMemory(const std::string& key, const std::string& name, MemoryCallback onChange) = 0;
  virtual void unsubscribeMemory(std::uint64_t subscription) = 0;
  // Runs `task` in a box thread of this box if it is still loaded then (a
  // service's signal reaching box code); dropped otherwise.
  virtual void deliver(std::function<void()> task) = 0;
};

class PythonBox {
public:
  ~PythonBox();  // never under the runtime's lock: it takes the GIL
  PythonBox(const PythonBox&) = delete;
  PythonBox& operator=(const PythonBox&) = delete;

  // Runs the script and creates its MyClass, from inside a Workers task.
  static std::variant<std::unique_ptr<PythonBox>, BoxError> create(const BoxScript& script, BoxHost& host,
                                                                   Bridge& bridge);

  // From inside a Workers task. A method the class lacks does nothing.
  // BehaviorStopped (the behavior stopped while the box slept) is not an error.
  std::optional<BoxError> callLifecycle(const std::string& method);  // "onLoad", "onUnload"
  std::optional<BoxError> callInput(const std::string& input, const service::Any* value);
  // Any method of the box (onResource), with or without a value; a method it lacks does nothing.
  std::optional<BoxError> callMethod(const std::string& method, const service::Any* value);
  bool has(const std::string& method) const;
  // What its code listens to now (any thread; no GIL): ALMemory keys
  // ("ALMemory 'WordRecognized'") and services' signals or properties
  // ("ALTabletService.onJSEvent"), each once, in the order subscribed.
  std::vector<std::string> listening() const;

private:
  struct State;
  explicit PythonBox(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// Starts the embedded interpreter and imports the box framework and
// NAOqi's modules now (once per process), so that a behavior started later
// does not spend its first box's time on it (in real time, that counts).
void prepareInterpreter();

// Compiles without running (autolife check): a syntax error, Python 2-only
// syntax reported as such (`runs` when 2to3 could rewrite it: box code in
// Python 2 runs rewritten, with a warning in its log: the first of
// `rewrites`). `rewrites`, when given, gets a warning for each construct
// 2to3 rewrote ("Python 2's print statement, rewritten ...", `construct`
// set), at its first place in the script.
std::optional<BoxError> checkScript(const BoxScript& script, std::vector<BoxError>* rewrites = nullptr);

}  // namespace autolife::python
