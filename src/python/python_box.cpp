#include "autolife/python/python_box.hpp"

#include <pybind11/embed.h>
#include <pybind11/stl.h>

#include <atomic>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <thread>

namespace py = pybind11;

namespace autolife::python {

extern const char* const kAutolifeBoxPython;  // python/autolife_box.py, compiled in

namespace {

// ---- which box is calling -------------------------------------------------------

std::mutex hostsMutex;
std::map<std::int64_t, BoxHost*> hosts;  // live boxes by the id Python holds
std::int64_t nextHostId = 1;
std::int64_t lastHostId = 0;             // for threads a box started itself
thread_local std::int64_t callingHost = 0;  // the box whose code this thread runs
thread_local std::int64_t constructingHost = 0;

BoxHost* hostById(std::int64_t id) {
  std::lock_guard lock(hostsMutex);
  auto it = hosts.find(id);
  return it == hosts.end() ? nullptr : it->second;
}

// The box on whose behalf this thread runs, or (a thread the box started
// itself) the box that ran last; 0 when no box lives.
std::int64_t currentHostId() {
  std::lock_guard lock(hostsMutex);
  if (hosts.contains(callingHost)) return callingHost;
  if (hosts.contains(lastHostId)) return lastHostId;
  return hosts.empty() ? 0 : hosts.rbegin()->first;
}

BoxHost* currentHost() { return hostById(currentHostId()); }

struct Calling {
  std::int64_t previous;
  explicit Calling(std::int64_t id) : previous(callingHost) {
    callingHost = id;
    std::lock_guard lock(hostsMutex);
    lastHostId = id;
  }
  ~Calling() { callingHost = previous; }
};

// ---- box code running, for the watchdog -------------------------------------------

// The threads running box code, and for which Workers task (its serial):
// the watchdog interrupts a task only while it runs Python code of ours.
std::mutex runningMutex;
std::map<unsigned long, std::uint64_t> runningCode;
// The threads of box code waiting in a service call (a robot's `say` over
// qi can take seconds of wall time): not stuck in Python, so not
// interrupted for holding their turn.
std::set<unsigned long> inServiceCalls;

class InServiceCall {
public:
  InServiceCall() : thread_(PyThread_get_thread_ident()) {
    std::lock_guard lock(runningMutex);
    inServiceCalls.insert(thread_);
  }
  ~InServiceCall() {
    std::lock_guard lock(runningMutex);
    inServiceCalls.erase(thread_);
  }
  InServiceCall(const InServiceCall&) = delete;
  InServiceCall& operator=(const InServiceCall&) = delete;

private:
  unsigned long thread_;
};

// While it lives, the calling thread (holding the GIL) runs box code for
// the current Workers task. The outermost one drops an interruption that
// arrived too late to be raised, so that it never reaches the next code the
// thread runs.
class BoxCode {
public:
  explicit BoxCode(BoxHost* host) : thread_(PyThread_get_thread_ident()) {
    const std::uint64_t task = host ? host->workers().currentTask() : 0;
    std::lock_guard lock(runningMutex);
    auto it = runningCode.find(thread_);
    if (it != runningCode.end()) previous_ = it->second;
    if (task) runningCode[thread_] = task;
  }
  ~BoxCode() {
    std::lock_guard lock(runningMutex);
    if (previous_) {
      runningCode[thread_] = previous_;
      return;
    }
    runningCode.erase(thread_);
    PyThreadState_SetAsyncExc(thread_, nullptr);
  }
  BoxCode(const BoxCode&) = delete;
  BoxCode& operator=(const BoxCode&) = delete;

private:
  unsigned long thread_;
  std::uint64_t previous_ = 0;
};

// ---- JSON <-> Python --------------------------------------------------------------

py::object toPython(const service::Any& v) {
  switch (v.type()) {
    case service::Any::value_t::null: return py::none();
    case service::Any::value_t::boolean: return py::bool_(v.get<bool>());
    case service::Any::value_t::number_integer: return py::int_(v.get<std::int64_t>());
    case service::Any::value_t::number_unsigned: return py::int_(v.get<std::uint64_t>());
    case service::Any::value_t::number_float: return py::float_(v.get<double>());
    case service::Any::value_t::string: return py::str(v.get<std::string>());
    case service::Any::value_t::array: {
      py::list out;
      for (const auto& e : v) out.append(toPython(e));
      return out;
    }
    case service::Any::value_t::object: {
      py::dict out;
      for (auto it = v.begin(); it != v.end(); ++it) out[py::str(it.key())] = toPython(it.value());
      return out;
    }
    default: return py::none();
  }
}

service::Any toJson(const py::handle& o, int depth = 0) {
  if (depth > 64) throw py::value_error("a value nested more than 64 levels deep");
  if (o.is_none()) return nullptr;
  if (py::isinstance<py::bool_>(o)) return o.cast<bool>();
  if (py::isinstance<py::int_>(o)) {
    try {
      return o.cast<std::int64_t>();
    } catch (const py::cast_error&) {
      return o.cast<double>();
    }
  }
  if (py::isinstance<py::float_>(o)) return o.cast<double>();
  if (py::isinstance<py::str>(o)) return o.cast<std::string>();
  if (py::isinstance<py::bytes>(o)) return std::string(o.cast<std::string>());
  if (py::isinstance<py::dict>(o)) {
    service::Any out = service::Any::object();
    for (auto item : o.cast<py::dict>()) out[py::str(item.first).cast<std::string>()] = toJson(item.second, depth + 1);
    return out;
  }
  if (py::isinstance<py::list>(o) || py::isinstance<py::tuple>(o)) {
    service::Any out = service::Any::array();
    for (auto item : o) out.push_back(toJson(item, depth + 1));
    return out;
  }
  return py::str(o).cast<std::string>();  // anything else: as its text
}

service::Arguments toArguments(const py::list& args) {
  service::Arguments out;
  for (auto a : args) out.push_back(toJson(a));
  return out;
}

[[noreturn]] void raiseBehaviorStopped() {
  py::object cls = py::module_::import("_autolife_box").attr("BehaviorStopped");
  PyErr_SetNone(cls.ptr());
  throw py::error_already_set();
}

bool isBehaviorStopped(py::error_already_set& e) {
  return e.matches(py::module_::import("_autolife_box").attr("BehaviorStopped"));
}

BoxHost& hostOrRaise() {
  if (auto* h = currentHost()) return *h;
  throw std::runtime_error("no behavior is running");
}

BoxHost& boxOrStopped(std::int64_t id) {
  if (auto* h = hostById(id)) return *h;
  raiseBehaviorStopped();  // the box is gone: its behavior ended
}

// ---- calls and tasks ---------------------------------------------------------------

// A service call as NAOqi's blocking proxies make it: waits, in engine time,
// for the robot action to be done. A missing service is a recorded no-op.
py::object callService(const std::string& service, const std::string& method, const py::list& args) {
  BoxHost& host = hostOrRaise();
  const service::Arguments arguments = toArguments(args);
  service::Any result;
  std::string error;
  bool stopped = false;
  {
    py::gil_scoped_release release;
    auto& registry = host.services();
    if (!registry.find(service)) {
      host.missingService(service, method, arguments);
    } else {
      try {
        InServiceCall waiting;
        result = registry.call(service, method, arguments);
        const auto took = service::takenByLastCall();
        if (took > core::Duration::zero()) stopped = !host.workers().sleepFor(took);
      } catch (const service::CallError& e) {
        // Named once: the service's message may already start with the method.
        const std::string qualified = service + "." + method;
        const std::string what = e.what();
        error = (what.starts_with(qualified + ":") ? what : qualified + ": " + what) + " (" + e.reason() + ")";
      }
    }
  }
  if (stopped) raiseBehaviorStopped();
  if (!error.empty()) throw std::runtime_error(error);
  return toPython(result);
}

// A Python object released with the GIL held, whatever thread drops it.
std::shared_ptr<py::object> keep(py::object o) {
  return std::shared_ptr<py::object>(new py::object(std::move(o)), [](py::object* p) {
    py::gil_scoped_acquire gil;
    delete p;
  });
}

struct Task {
  std::atomic<bool> done{false};
};
std::mutex tasksMutex;
std::map<std::int64_t, std::shared_ptr<Task>> tasks;
std::int64_t nextTaskId = 1;

// proxy.post.method(...): the call runs in a box thread of its own.
std::int64_t postCall(const std::string& service, const std::string& method, const py::list& args) {
  BoxHost& host = hostOrRaise();
  auto task = std::make_shared<Task>();
  std::int64_t id;
  {
    std::lock_guard lock(tasksMutex);
    id = nextTaskId++;
    tasks[id] = task;
  }
  const std::int64_t caller = callingHost;
  auto arguments = keep(args);
  host.workers().spawn(host.group(), [service, method, arguments, task, caller] {
    Calling calling(caller);
    {
      py::gil_scoped_acquire gil;
      try {
        callService(service, method, py::reinterpret_borrow<py::list>(*arguments));
      } catch (...) {
        // a posted call's failure is not waited for
      }
    }
    task->done = true;
  });
  return id;
}

bool taskRunning(std::int64_t id) {
  std::lock_guard lock(tasksMutex);
  auto it = tasks.find(id);
  return it != tasks.end() && !it->second->done;
}

bool waitTask(std::int64_t id, std::int64_t timeoutMs) {
  BoxHost& host = hostOrRaise();
  const auto deadline = timeoutMs > 0 ? core::addSaturating(host.workers().clock().now(), std::chrono::milliseconds(timeoutMs))
                                      : core::kNever;
  while (taskRunning(id)) {
    if (host.workers().clock().now() >= deadline) return false;
    bool awake;
    {
      py::gil_scoped_release release;
      awake = host.workers().sleepFor(std::chrono::milliseconds(20));
    }
    if (!awake) raiseBehaviorStopped();
  }
  return true;
}

// ---- timers (threading.Timer on the engine clock) ------------------------------------

struct Timer {
  core::Clock* clock = nullptr;
  core::TimerId id = 0;
  std::atomic<bool> pending{true};
};
std::mutex timersMutex;
std::map<std::int64_t, std::shared_ptr<Timer>> timers;
std::int64_t nextTimerId = 1;

std::int64_t startTimer(double seconds, py::object callable) {
  BoxHost& host = hostOrRaise();
  auto timer = std::make_shared<Timer>();
  timer->clock = &host.workers().clock();
  std::int64_t handle;
  {
    std::lock_guard lock(timersMutex);
    handle = nextTimerId++;
    timers[handle] = timer;
  }
  auto function = keep(std::move(callable));
  auto* workers = &host.workers();
  const auto group = host.group();
  const std::int64_t caller = callingHost;
  const auto at = core::addSaturating(timer->clock->now(), core::fromSeconds(std::max(0.0, seconds)));
  timer->id = timer->clock->schedule(at, [timer, function, workers, group, caller] {
    if (!timer->pending.exchange(false)) return;
    workers->spawn(group, [function, caller] {
      Calling calling(caller);
      py::gil_scoped_acquire gil;
      BoxCode code(hostById(caller));
      try {
        (*function)();
      } catch (py::error_already_set& e) {
        if (auto* h = hostById(caller)) h->log("error", std::string("a timer's function failed: ") + e.what());
      }
    });
  });
  return handle;
}

void cancelTimer(std::int64_t handle) {
  std::shared_ptr<Timer> timer;
  {
    std::lock_guard lock(timersMutex);
    auto it = timers.find(handle);
    if (it == timers.end()) return;
    timer = it->second;
    timers.erase(it);
  }
  if (timer->pending.exchange(false)) timer->clock->cancel(timer->id);
}

bool timerPending(std::int64_t handle) {
  std::lock_guard lock(timersMutex);
  auto it = timers.find(handle);
  return it != timers.end() && it->second->pending;
}

// ---- ALMemory subscriptions of box code ------------------------------------------------

// A box's callable that memory calls back (a signal's connect, a
// subscribeToEvent), until it is dropped: disconnect / unsubscribeToEvent,
// or the box's end. Never destroyed under linksMutex: dropping the callable
// takes the GIL, and threads holding the GIL take linksMutex.
struct MemoryLink {
  std::int64_t host = 0;
  std::uint64_t subscription = 0;  // the host's
  std::string key;
  std::string module;  // subscribeToEvent's module; "" for a signal's connect
  std::shared_ptr<py::object> callback;
};
std::mutex linksMutex;
std::map<std::int64_t, MemoryLink> memoryLinks;
std::int64_t nextLinkId = 1;

std::string turnTimeoutMessage(BoxHost* host);

// "file:line: " of the innermost frame of box code in the error's traceback
// (our own module's frames are "<string>"), "" when there is none.
std::string whereInBox(py::error_already_set& e) {
  std::string where;
  if (!e.trace()) return where;
  py::list frames = py::module_::import("traceback").attr("extract_tb")(e.trace());
  for (auto f : frames) {
    const auto file = f.attr("filename").cast<std::string>();
    if (file != "<string>") where = file + ":" + std::to_string(f.attr("lineno").cast<int>()) + ": ";
  }
  return where;
}

// In a box thread: the link's callable with (key, value). A failure goes to
// the box's log (as a timer's does); the behavior goes on, as NAOqi's did.
void deliverToLink(std::int64_t link, std::int64_t hostId, const std::string& key, const service::Any& value) {
  Calling calling(hostId);
  py::gil_scoped_acquire gil;
  std::shared_ptr<py::object> callback;
  {
    std::lock_guard lock(linksMutex);
    auto it = memoryLinks.find(link);
    if (it == memoryLinks.end()) return;  // dropped since the write
    callback = it->second.callback;
  }
  BoxHost* host = hostById(hostId);
  BoxCode code(host);
  try {
    (*callback)(key, toPython(value));
  } catch (py::error_already_set& e) {
    if (isBehaviorStopped(e) || !host) return;
    const std::string type = py::str(e.type().attr("__name__")).cast<std::string>();
    const std::string what = type == "TurnTimeout" ? turnTimeoutMessage(host) : type + ": " + py::str(e.value()).cast<std::string>();
    host->log("error", whereInBox(e) + "box '" + host->boxName() + "': the callback of ALMemory key '" + key + "' failed: " + what);
  }
}

// Drops the link: the host's subscription, then (the GIL held) the callable.
void memoryUnsubscribe(std::int64_t link) {
  MemoryLink gone;
  {
    std::lock_guard lock(linksMutex);
    auto it = memoryLinks.find(link);
    if (it == memoryLinks.end()) return;
    gone = std::move(it->second);
    memoryLinks.erase(it);
  }
  BoxHost* host = hostById(gone.host);
  if (host && gone.subscription) {
    py::gil_scoped_release release;  // the host takes the runtime's and memory's locks
    host->unsubscribeMemory(gone.subscription);
  }
}

// The calling box's link of `module` on `key`, 0 when none.
std::int64_t moduleLink(std::int64_t hostId, const std::string& key, const std::string& module) {
  std::lock_guard lock(linksMutex);
  for (const auto& [id, l] : memoryLinks)
    if (l.host == hostId && l.key == key && l.module == module) return id;
  return 0;
}

// `callback(key, value)` at each write of `key`, in this box's threads. A
// module (subscribeToEvent) has one subscription per key: a new one
// replaces it.
std::int64_t memorySubscribe(const std::string& key, const std::string& module, py::object callback) {
  if (key.empty()) throw py::value_error("ALMemory: a key name cannot be empty");
  const std::int64_t hostId = currentHostId();
  BoxHost* host = hostById(hostId);
  if (!host) throw std::runtime_error("no behavior is running");
  if (!module.empty())
    if (std::int64_t old = moduleLink(hostId, key, module)) memoryUnsubscribe(old);
  std::int64_t link;
  {
    // The callable is in place before the subscription exists: a write
    // delivered as soon as it does must find it.
    auto kept = keep(std::move(callback));
    std::lock_guard lock(linksMutex);
    link = nextLinkId++;
    memoryLinks[link] = MemoryLink{hostId, 0, key, module, std::move(kept)};
  }
  std::uint64_t subscription = 0;
  try {
    py::gil_scoped_release release;
    const std::string name = module.empty() ? "box " + host->boxName() : module;
    subscription = host->subscribeMemory(key, name, [link, hostId](const std::string& k, const service::Any& v) {
      deliverToLink(link, hostId, k, v);
    });
  } catch (...) {
    std::lock_guard lock(linksMutex);
    memoryLinks.erase(link);
    throw;
  }
  std::lock_guard lock(linksMutex);
  auto it = memoryLinks.find(link);
  if (it != memoryLinks.end()) it->second.subscription = subscription;
  return link;
}

void memoryUnsubscribeModule(const std::string& key, const std::string& module) {
  if (std::int64_t link = moduleLink(currentHostId(), key, module)) memoryUnsubscribe(link);
}

// The box is gone: its links go (its subscriptions went with its unload).
void dropLinksOf(std::int64_t hostId) {
  std::vector<std::shared_ptr<py::object>> gone;
  std::lock_guard lock(linksMutex);
  for (auto it = memoryLinks.begin(); it != memoryLinks.end();) {
    if (it->second.host != hostId) {
      ++it;
      continue;
    }
    gone.push_back(std::move(it->second.callback));
    it = memoryLinks.erase(it);
  }
  // (`gone` is destroyed after the lock: declared before it.)
}

// ---- engine time ---------------------------------------------------------------------

void sleepSeconds(double seconds) {
  BoxHost* host = currentHost();
  bool awake = true;
  {
    py::gil_scoped_release release;
    if (host) awake = host->workers().sleepFor(core::fromSeconds(std::max(0.0, seconds)));
    else std::this_thread::sleep_for(core::fromSeconds(std::max(0.0, seconds)));
  }
  if (!awake) raiseBehaviorStopped();
}

double wallSeconds() {
  auto now = std::chrono::system_clock::now();
  if (BoxHost* host = currentHost()) now = host->workers().clock().wallTime(host->workers().clock().now());
  return std::chrono::duration<double>(now.time_since_epoch()).count();
}

double engineSeconds() {
  if (BoxHost* host = currentHost()) return core::toSeconds(host->workers().clock().now());
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

PYBIND11_EMBEDDED_MODULE(_autolife, m) {
  m.def("call", &callService);
  m.def("post", &postCall);
  m.def("task_running", &taskRunning);
  m.def("wait_task", &waitTask);
  m.def("has_method", [](const std::string& service, const std::string& method) {
    BoxHost* host = currentHost();
    auto s = host ? host->services().find(service) : nullptr;
    if (!s) return false;
    for (const auto& m : s->methods())
      if (m.name == method) return true;
    return false;
  });
  m.def("sleep", &sleepSeconds);
  m.def("time", &wallSeconds);
  m.def("monotonic", &engineSeconds);
  m.def("timer", &startTimer);
  m.def("cancel_timer", &cancelTimer);
  m.def("timer_pending", &timerPending);
  m.def("constructing", [] { return constructingHost; });
  m.def("box_name", [](std::int64_t box) { return boxOrStopped(box).boxName(); });
  m.def("behavior_id", [](std::int64_t box) { return boxOrStopped(box).behaviorId(); });
  m.def("behavior_path", [](std::int64_t box) { return boxOrStopped(box).behaviorPath(); });
  m.def("outputs", [](std::int64_t box) { return boxOrStopped(box).outputNames(); });
  m.def("release_resources", [](std::int64_t box) {
    BoxHost& host = boxOrStopped(box);
    py::gil_scoped_release release;  // the runtime takes the run's lock
    host.releaseResources();
  });
  m.def("calling", [] { return callingHost; });
  m.def("current_box", &currentHostId);
  m.def("memory_subscribe", &memorySubscribe);
  m.def("memory_unsubscribe", &memoryUnsubscribe);
  m.def("memory_unsubscribe_module", &memoryUnsubscribeModule);
  m.def("timeline_fps", [](std::int64_t box) { return boxOrStopped(box).timelineFps(); });
  m.def("set_timeline_fps", [](std::int64_t box, int fps) { boxOrStopped(box).setTimelineFps(fps); });
  m.def("timeline_goto", [](std::int64_t box, const std::string& place) {
    BoxHost& host = boxOrStopped(box);
    py::gil_scoped_release release;
    return host.timelineGoTo(place);
  });
  m.def("parameter", [](std::int64_t box, const std::string& name) {
    try {
      return toPython(boxOrStopped(box).parameter(name));
    } catch (const service::CallError& e) {
      throw py::key_error(e.what());
    }
  });
  m.def("set_parameter", [](std::int64_t box, const std::string& name, const py::object& value) {
    boxOrStopped(box).setParameter(name, toJson(value));
  });
  m.def("fire", [](std::int64_t box, const std::string& output, const py::object& value) {
    BoxHost& host = boxOrStopped(box);
    service::Any v = toJson(value);
    py::gil_scoped_release release;
    host.fire(output, v);
  });
  m.def("log", [](std::int64_t box, const std::string& level, const std::string& message) {
    if (auto* h = hostById(box)) h->log(level, message);
  });
}

// ---- the interpreter ---------------------------------------------------------------------

namespace {

// Set once the interpreter and pybind11 are ready to be used from any
// thread (Py_IsInitialized() is true before pybind11's state is).
std::atomic<bool> interpreterReady{false};

// Started once, on first use; never finalized (box threads may outlive
// anything we could wait for). The starting thread lets go of the GIL.
void ensureInterpreter() {
  static std::once_flag once;
  std::call_once(once, [] {
    py::initialize_interpreter(false);
    {
      py::module_ box = py::module_::import("types").attr("ModuleType")("_autolife_box");
      py::dict globals = box.attr("__dict__");
      py::exec(kAutolifeBoxPython, globals);
      py::module_::import("sys").attr("modules")["_autolife_box"] = box;
      box.attr("install_engine_time")();
    }
    PyEval_SaveThread();
    interpreterReady = true;
  });
}

// "Missing parentheses in call to 'print'", `except X, e:`, backticks...
bool looksLikePython2(const std::string& message, const std::string& line) {
  if (message.find("Missing parentheses in call to") != std::string::npos) return true;
  static const std::regex patterns[] = {
      std::regex(R"(^\s*print\s+[^\s(=])"),  std::regex(R"(except\s+[\w.()\s]+,\s*\w+\s*:)"),
      std::regex(R"(`[^`]*`)"),              std::regex(R"(<>)"),
      std::regex(R"(\b\d+[lL]\b)"),          std::regex(R"(^\s*raise\s+[\w.]+\s*,)"),
      std::regex(R"(^\s*exec\s+["'\w])"),    std::regex(R"(\bur["'])"),
      std::regex(R"(\b0[0-7]+\b)"),
  };
  for (const auto& p : patterns)
    if (std::regex_search(line, p)) return true;
  return false;
}

// The message of a TurnTimeout (the watchdog interrupted the box): why, in
// the words of the limit it broke.
std::string turnTimeoutMessage(BoxHost* host) {
  std::string limit = "its limit";
  if (host) {
    const auto ms = host->workers().limits().turn.count();
    limit = ms % 1000 ? std::to_string(ms) + " ms" : std::to_string(ms / 1000) + " s";
  }
  return "TurnTimeout: the box kept its thread for more than " + limit +
         " of wall time without giving it back (virtual time waits for every box); interrupted";
}

// `host`, when known, words a TurnTimeout with the limit it broke.
BoxError errorFrom(py::error_already_set& e, const BoxScript& s, BoxHost* host = nullptr) {
  BoxError err{s.boxName, s.file, 0, {}, false, false};
  const std::string type = py::str(e.type().attr("__name__")).cast<std::string>();
  err.message = type + ": " + py::str(e.value()).cast<std::string>();
  if (type == "TurnTimeout") err.message = turnTimeoutMessage(host);
  if (e.matches(PyExc_SyntaxError)) {
    py::object v = e.value();
    if (!v.attr("lineno").is_none()) err.line = v.attr("lineno").cast<int>();
    std::string text = v.attr("text").is_none() ? "" : v.attr("text").cast<std::string>();
    std::string msg = v.attr("msg").is_none() ? "" : v.attr("msg").cast<std::string>();
    err.python2 = looksLikePython2(msg, text);
    err.message = err.python2 ? "Python 2 syntax (autolife runs Python 3): " + msg : "SyntaxError: " + msg;
    return err;
  }
  if (e.trace()) {
    py::list frames = py::module_::import("traceback").attr("extract_tb")(e.trace());
    for (auto f : frames)
      if (f.attr("filename").cast<std::string>() == s.file) err.line = f.attr("lineno").cast<int>();
  }
  return err;
}

// The script compiled; Python 2 syntax is rewritten by 2to3 first (real
// behaviors are Python 2), and `python2` then says what was found.
py::object compileScript(const BoxScript& s, std::optional<BoxError>& python2) {
  auto box = py::module_::import("_autolife_box");
  auto compile = box.attr("compile_box");
  try {
    return compile(s.source, s.file, s.firstLine);
  } catch (py::error_already_set& e) {
    BoxError error = errorFrom(e, s);
    if (!error.python2) throw;
    py::object converted = box.attr("python2_to_3")(s.source);
    if (converted.is_none()) throw;
    py::object code = compile(converted, s.file, s.firstLine);
    error.message += "; run as rewritten by 2to3";
    python2 = error;
    return code;
  }
}

}  // namespace

void interruptBoxCode(const core::Workers::Stuck& stuck) {
  // No box code can run before; and the watchdog may fire while a slow
  // first box starts the interpreter (it tries again after another limit).
  if (!interpreterReady) return;
  py::gil_scoped_acquire gil;
  std::lock_guard lock(runningMutex);
  auto it = runningCode.find(static_cast<unsigned long>(stuck.thread));
  if (it == runningCode.end() || it->second != stuck.task) return;
  const bool turnTooLong = stuck.why == core::Workers::Stuck::Why::TurnTooLong;
  if (turnTooLong && inServiceCalls.contains(it->first)) return;  // waiting on the robot, not looping
  const char* name = turnTooLong ? "TurnTimeout" : "BehaviorStopped";
  py::object cls = py::module_::import("_autolife_box").attr(name);
  PyThreadState_SetAsyncExc(it->first, cls.ptr());
}

std::string BoxError::format() const {
  std::string where = file;
  if (line > 0) where += ":" + std::to_string(line);
  return (where.empty() ? "" : where + ": ") + "box '" + box + "': " + message;
}

struct PythonBox::State {
  BoxScript script;
  BoxHost* host = nullptr;
  std::int64_t id = 0;
  py::object instance;
  py::object globals;  // null until create() holds the GIL
};

PythonBox::PythonBox(std::unique_ptr<State> state) : state_(std::move(state)) {}

PythonBox::~PythonBox() {
  {
    std::lock_guard lock(hostsMutex);
    hosts.erase(state_->id);
  }
  py::gil_scoped_acquire gil;
  dropLinksOf(state_->id);
  state_->instance = py::object();
  state_->globals = py::object();
}

std::variant<std::unique_ptr<PythonBox>, BoxError> PythonBox::create(const BoxScript& script, BoxHost& host) {
  ensureInterpreter();
  auto state = std::make_unique<State>();
  state->script = script;
  state->host = &host;
  {
    std::lock_guard lock(hostsMutex);
    state->id = nextHostId++;
    hosts[state->id] = &host;
  }
  std::unique_ptr<PythonBox> box(new PythonBox(std::move(state)));
  Calling calling(box->state_->id);
  py::gil_scoped_acquire gil;
  BoxCode code(&host);
  try {
    py::dict globals = py::module_::import("_autolife_box").attr("BoxGlobals")();
    globals["__builtins__"] = py::module_::import("builtins");
    globals["__name__"] = py::str("box");
    for (auto item : py::module_::import("_autolife_box").attr("box_globals").cast<py::dict>()) globals[item.first] = item.second;
    std::optional<BoxError> python2;
    py::object code = compileScript(script, python2);
    if (python2) host.log("warning", python2->format());
    py::module_::import("builtins").attr("exec")(code, globals);
    if (!globals.contains("MyClass"))
      return BoxError{script.boxName, script.file, script.firstLine, "the script defines no class MyClass", false, false};
    constructingHost = box->state_->id;
    box->state_->instance = globals["MyClass"]();
    constructingHost = 0;
    box->state_->globals = globals;
  } catch (py::error_already_set& e) {
    constructingHost = 0;
    return errorFrom(e, script, &host);
  }
  return box;
}

bool PythonBox::has(const std::string& method) const {
  py::gil_scoped_acquire gil;
  return py::hasattr(state_->instance, method.c_str());
}

std::optional<BoxError> PythonBox::callLifecycle(const std::string& method) {
  Calling calling(state_->id);
  py::gil_scoped_acquire gil;
  BoxCode code(state_->host);
  try {
    if (py::hasattr(state_->instance, method.c_str())) state_->instance.attr(method.c_str())();
  } catch (py::error_already_set& e) {
    if (isBehaviorStopped(e)) return std::nullopt;
    return errorFrom(e, state_->script, state_->host);
  }
  return std::nullopt;
}

std::optional<BoxError> PythonBox::callInput(const std::string& input, const service::Any* value) {
  return callMethod("onInput_" + input, value);
}

std::optional<BoxError> PythonBox::callMethod(const std::string& method, const service::Any* value) {
  Calling calling(state_->id);
  py::gil_scoped_acquire gil;
  BoxCode code(state_->host);
  try {
    if (!py::hasattr(state_->instance, method.c_str())) return std::nullopt;
    py::module_::import("_autolife_box")
        .attr("call_input")(state_->instance, method, value ? toPython(*value) : py::none(), value != nullptr);
  } catch (py::error_already_set& e) {
    if (isBehaviorStopped(e)) return std::nullopt;
    return errorFrom(e, state_->script, state_->host);
  }
  return std::nullopt;
}

std::optional<BoxError> checkScript(const BoxScript& script) {
  ensureInterpreter();
  py::gil_scoped_acquire gil;
  try {
    std::optional<BoxError> python2;
    compileScript(script, python2);
    if (python2) python2->runs = true;
    return python2;
  } catch (py::error_already_set& e) {
    return errorFrom(e, script);
  }
}

}  // namespace autolife::python
