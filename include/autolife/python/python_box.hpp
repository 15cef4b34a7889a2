// Python boxes: the embedded CPython (Debian's python3, through pybind11)
// that runs Choregraphe box scripts. A box script defines
// `class MyClass(GeneratedClass)`; PythonBox creates one instance and calls
// its onLoad / onUnload / onInput_<name>. Box code reaches the engine's
// services (ALProxy, self.session().service), fires outputs, reads
// parameters, and sleeps on the engine clock. Nothing a box does can crash
// the engine: every failure is a BoxError naming the box and the line.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "autolife/core/workers.hpp"
#include "autolife/service/service.hpp"

namespace autolife::python {

// Where a box's script comes from: the text, and the file and line of its
// first line (tracebacks then point into the .xar itself).
struct BoxScript {
  std::string boxName;
  std::string source;
  std::string file;
  int firstLine = 1;
};

struct BoxError {
  std::string box;
  std::string file;
  int line = 0;  // 0 when unknown
  std::string message;
  bool python2 = false;  // the script uses Python 2-only syntax
  bool runs = false;     // checkScript: it runs all the same (rewritten by 2to3): a warning

  // "file:line: box 'Say': ValueError: ..."
  std::string format() const;
};

// What a Python box asks of the runtime (the runtime's box implements it).
class BoxHost {
public:
  virtual ~BoxHost() = default;
  virtual std::string boxName() const = 0;
  virtual std::string behaviorId() const = 0;    // "<package-uuid>/<path>" or the file
  virtual std::string behaviorPath() const = 0;  // the folder of the behavior (for its sound files...)
  virtual std::vector<std::string> outputNames() const = 0;
  virtual void fire(const std::string& output, const service::Any& value) = 0;
  // Throws service::CallError("unknown-parameter") for a name the box lacks.
  virtual service::Any parameter(const std::string& name) const = 0;
  virtual void setParameter(const std::string& name, const service::Any& value) = 0;
  virtual void log(const std::string& level, const std::string& message) = 0;
  // The engine the box runs in.
  virtual service::Registry& services() = 0;
  virtual core::Workers& workers() = 0;
  virtual core::Workers::Group group() const = 0;
  // ALFrameManager, for the timeline nearest the box (its own, else its
  // parents'): frames per second (0 when there is none), a new rate, a jump
  // to a frame number or a label (false when there is no such place).
  virtual int timelineFps() const = 0;
  virtual void setTimelineFps(int fps) = 0;
  virtual bool timelineGoTo(const std::string& frameOrLabel) = 0;
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
};

class PythonBox {
public:
  ~PythonBox();
  PythonBox(const PythonBox&) = delete;
  PythonBox& operator=(const PythonBox&) = delete;

  // Runs the script and creates its MyClass, from inside a Workers task.
  static std::variant<std::unique_ptr<PythonBox>, BoxError> create(const BoxScript& script, BoxHost& host);

  // From inside a Workers task. A method the class lacks does nothing.
  // BehaviorStopped (the behavior stopped while the box slept) is not an error.
  std::optional<BoxError> callLifecycle(const std::string& method);  // "onLoad", "onUnload"
  std::optional<BoxError> callInput(const std::string& input, const service::Any* value);
  // Any method of the box (onResource), with or without a value; a method it lacks does nothing.
  std::optional<BoxError> callMethod(const std::string& method, const service::Any* value);
  bool has(const std::string& method) const;

private:
  struct State;
  explicit PythonBox(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// The Workers watchdog's interrupter for box code (Workers::setInterrupter):
// raises, in the Python code that task runs, BehaviorStopped (its behavior
// was stopped) or TurnTimeout (it kept its virtual turn too long, an error
// naming the box and line). Python code only: a task blocked in C++ is left
// alone, and a task that has moved on is not touched.
void interruptBoxCode(const core::Workers::Stuck& stuck);

// Compiles without running (autolife check): a syntax error, Python 2-only
// syntax reported as such (`runs` when 2to3 could rewrite it: box code in
// Python 2 runs rewritten, with a warning in its log).
std::optional<BoxError> checkScript(const BoxScript& script);

}  // namespace autolife::python
