// The bridge's parts shared by its files (private to src/python).
//
// Locks, in the order they may be taken: a slot's hostMutex (shared for a
// call into the host, unique to close it), then the bridge's mutex, then
// Workers' own. The GIL is never held while waiting for a slot's unique
// lock (PythonBox's end closes the slot before taking the GIL), and host
// calls that take the runtime's lock release the GIL first.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <shared_mutex>
#include <string>

#include "autolife/core/value.hpp"
#include "autolife/python/bridge.hpp"
#include "autolife/python/python_box.hpp"

namespace py = pybind11;

namespace autolife::python {

namespace detail {
struct BoxTask;
}

struct Bridge::State {
  mutable std::mutex mutex;
  core::Workers* workers = nullptr;  // null once the Bridge is gone
  std::uint64_t seed = 0;
  std::size_t boxes = 0;
  std::size_t boxThreads = 0;
  // The threads running box code, and for which Workers task: the watchdog
  // interrupts a task only while it runs Python code of ours.
  std::map<unsigned long, std::uint64_t> runningCode;
  // Box code waiting in a service call (a robot's `say` over qi can take
  // seconds of wall time): not stuck in Python, not interrupted for its turn.
  std::set<unsigned long> inServiceCalls;
  // Service calls each thread has made, and how many a task stuck in one
  // had made when the watchdog last came by: a task that keeps calling
  // (fast refusals in a loop) while virtual time stands still is looping.
  std::map<unsigned long, std::uint64_t> serviceCallsMade;
  std::map<std::uint64_t, std::uint64_t> callsWhenStuck;
  // proxy.post calls still running, by the id box code holds (a done call
  // is forgotten: wait(id) and isRunning(id) then answer "done").
  std::map<std::int64_t, std::shared_ptr<detail::BoxTask>> posted;
  std::int64_t nextPosted = 1;
};

namespace detail {

// A callback box code registered: an ALMemory key's writes, or a
// service's signal or property changes.
struct Link {
  enum class Kind { Memory, Signal, Property };
  Kind kind = Kind::Memory;
  std::uint64_t subscription = 0;  // memory: the host's; signal: the core::Signal's link
  std::string key;                 // memory key, or the signal's / property's name
  std::string module;              // subscribeToEvent's module; "" otherwise
  std::weak_ptr<service::Service> service;
  std::shared_ptr<py::object> callback;
};

// A box's side of the bridge: shared by its PythonBox and by everything box
// code holds of it (its `Box` handle, its threads, its callbacks).
struct BoxSlot {
  std::shared_ptr<Bridge::State> bridge;
  BoxScript script;  // where errors are located
  std::string path;
  mutable std::shared_mutex hostMutex;
  BoxHost* host = nullptr;  // while the PythonBox lives
  std::mutex linksMutex;
  std::map<std::int64_t, Link> links;
  std::int64_t nextLink = 1;
  py::object state;      // the box's Python state (a dict; GIL held); None once closed
  py::object rewritten;  // the script as 2to3 rewrote it (error columns are in it), or None
};

[[noreturn]] void raiseBehaviorStopped();
bool isBehaviorStopped(py::error_already_set& e);

// f(host) while the box lives; BehaviorStopped once it is gone.
template <class F>
decltype(auto) withHost(BoxSlot& slot, F&& f) {
  std::shared_lock lock(slot.hostMutex);
  if (!slot.host) {
    lock.unlock();
    raiseBehaviorStopped();
  }
  return f(*slot.host);
}

core::Workers* workersOf(const BoxSlot& slot);

// Which box the calling thread runs code for, while it lives. The only
// per-thread state of the bridge; scopes nest.
class BoxScope {
public:
  explicit BoxScope(std::shared_ptr<BoxSlot> slot);
  ~BoxScope();
  BoxScope(const BoxScope&) = delete;
  BoxScope& operator=(const BoxScope&) = delete;
  static std::shared_ptr<BoxSlot> current();  // null outside box code

private:
  std::shared_ptr<BoxSlot> slot_;
  BoxScope* previous_;
};

// The current box, or RuntimeError "<what>: no behavior is running here".
std::shared_ptr<BoxSlot> currentOrRaise(const char* what);

// While it lives, the calling thread (holding the GIL) runs box code for
// the current Workers task: the watchdog may interrupt it. The outermost
// one drops an interruption that came too late to be raised.
class BoxCode {
public:
  explicit BoxCode(const BoxSlot& slot);
  ~BoxCode();
  BoxCode(const BoxCode&) = delete;
  BoxCode& operator=(const BoxCode&) = delete;

private:
  std::shared_ptr<Bridge::State> bridge_;
  unsigned long thread_;
  std::uint64_t previous_ = 0;
};

// While it lives, the calling thread (holding the GIL) runs the bridge's
// own Python inside box code (formatting the error the box raised): the
// watchdog leaves it alone, and an interruption set before, which the box
// can no longer receive, is dropped; box code resumes when it ends.
class NotBoxCode {
public:
  explicit NotBoxCode(const BoxSlot& slot);
  ~NotBoxCode();
  NotBoxCode(const NotBoxCode&) = delete;
  NotBoxCode& operator=(const NotBoxCode&) = delete;

private:
  std::shared_ptr<Bridge::State> bridge_;
  unsigned long thread_;
  std::uint64_t task_ = 0;
};

// While it lives, box code on this thread waits in a service call.
class InServiceCall {
public:
  explicit InServiceCall(const BoxSlot& slot);
  ~InServiceCall();
  InServiceCall(const InServiceCall&) = delete;
  InServiceCall& operator=(const InServiceCall&) = delete;

private:
  std::shared_ptr<Bridge::State> bridge_;
  unsigned long thread_;
};

// Python <-> the engine's values (conversions.cpp): a tuple stays a Tuple,
// bytes Bytes, a dict a Map; an int beyond int64 a UInt up to 2^64 - 1, a
// Float beyond (decision 770).
py::object toPython(const core::Value& v);
core::Value toValue(const py::handle& o, int depth = 0);
service::Arguments toArguments(const py::list& args);

// A Python object released with the GIL held, whatever thread drops it.
std::shared_ptr<py::object> keep(py::object o);

// The box framework's package (_autolife_box); the interpreter is started.
py::module_ framework();
void ensureInterpreter();
bool interpreterStarted();  // the watchdog may fire while a first box starts it

// Errors (box_errors.cpp). A Python error as a BoxError located in the
// box's script (file:line:column of the innermost frame of box code); a
// SyntaxError object likewise (its line is the script's own); the
// TurnTimeout sentence.
BoxError errorFrom(py::error_already_set& e, const BoxScript& script, const BoxSlot* slot, py::handle rewritten);
BoxError syntaxErrorFrom(py::handle error, const BoxScript& script, py::handle rewritten);
std::string turnTimeoutMessage(const BoxSlot* slot);
// A callback's failure (a thread, a timer, an ALMemory or signal callback):
// logged as an error naming where; the behavior goes on, as NAOqi's did.
void reportCallbackError(BoxSlot& slot, py::error_already_set& e, const std::string& what);

// Box threads (box_threads.cpp): `function` in a box thread of the current
// box, `delay` seconds of engine time from now; what box code holds of it.
struct BoxTask {
  enum class Status { Pending, Running, Done, Cancelled };
  std::mutex mutex;
  Status status = Status::Pending;
  core::Clock* clock = nullptr;
  core::TimerId timer = 0;
  std::function<void()> start;  // a delayed one's, until the clock starts it
  core::Workers* workers = nullptr;
  std::shared_ptr<core::Workers::Wake> ended = core::Workers::makeWake();
  std::weak_ptr<Bridge::State> bridge;

  bool cancel();
  bool finished();
  // Waits (engine time) until it is finished or `timeout` seconds passed
  // (negative: no limit); BehaviorStopped if the waiter's behavior stops.
  bool wait(double timeout);
};
std::shared_ptr<BoxTask> spawnBoxTask(const std::shared_ptr<BoxSlot>& slot, std::function<void()> body, double delay);
std::shared_ptr<BoxTask> spawnPython(py::object function, double delay);

// A service's signal or property connected to a callable of the box
// (callbacks.cpp); `what` names the service in errors. The link's id.
std::int64_t connectToService(const std::shared_ptr<BoxSlot>& slot, const std::shared_ptr<service::Service>& service,
                              const std::string& what, const std::string& name, py::object callback);

// Objects a service hands out (objects.cpp): the Python proxy of one (a
// service::ObjectRef), None for any other Object value.
py::object objectToPython(const core::Value& v);
void defineObjects(py::module_& m);

// Service calls (engine_calls.cpp).
py::object callService(const std::string& service, const std::string& method, const py::list& args);

// The pieces of the _autolife module, defined with their concepts.
void linkAutolifeModule();
void defineCalls(py::module_& m);
void defineThreads(py::module_& m);
void defineCallbacks(py::class_<BoxSlot, std::shared_ptr<BoxSlot>>& box);
// Drops the box's links (its end): memory subscriptions, signal connections.
void dropLinks(BoxSlot& slot);

}  // namespace detail
}  // namespace autolife::python
