// Box code on the engine clock: sleeps, the time, box threads (what
// threading.Thread, threading.Timer, qi.async, PeriodicTask and signal
// callbacks run in), and events a box thread can wait for. Every thread box
// code starts runs for the box that started it, in a Workers task of that
// box's behavior: in virtual time it takes its turn with the others, and
// it is released once it has run.
#include <condition_variable>
#include <thread>
#include <utility>

#include "bridge_internal.hpp"

namespace autolife::python::detail {

namespace {

// The group a new box thread of `slot` joins: the calling task's (a
// behavior's, or its unload's), else the box's behavior's.
core::Workers::Group groupFor(core::Workers& workers, BoxSlot& slot) {
  if (workers.insideTask()) return workers.currentGroup();
  return withHost(slot, [](BoxHost& host) { return host.group(); });
}

// A delayed task's hold on its group ends (it starts, or is cancelled).
void releaseHold(BoxTask& task, core::Workers::Group group) {
  if (!group) return;
  if (auto bridge = task.bridge.lock()) {
    std::lock_guard lock(bridge->mutex);
    if (bridge->workers) bridge->workers->release(group);
  }
}

void countThread(const std::shared_ptr<Bridge::State>& bridge, int delta) {
  std::lock_guard lock(bridge->mutex);
  bridge->boxThreads += delta;
}

// Ends the task: its waiters wake; the bridge forgets it.
void finish(const std::shared_ptr<BoxTask>& task, BoxTask::Status status) {
  {
    std::lock_guard lock(task->mutex);
    task->status = status;
  }
  if (auto bridge = task->bridge.lock()) {
    std::lock_guard lock(bridge->mutex);
    --bridge->boxThreads;
    if (bridge->workers) bridge->workers->ring(*task->ended);
  }
}

}  // namespace

bool BoxTask::cancel() {
  std::function<void()> dropped;  // destroyed last, outside every lock
  core::Workers::Group held = 0;
  {
    std::lock_guard lock(mutex);
    if (status != Status::Pending) return false;
    status = Status::Cancelled;
    dropped = std::move(start);
    if (timer && clock) clock->cancel(timer);
    held = std::exchange(heldGroup, 0);
  }
  releaseHold(*this, held);
  if (auto b = bridge.lock()) {
    std::lock_guard lock(b->mutex);
    --b->boxThreads;
    if (b->workers) b->workers->ring(*ended);
  }
  return true;
}

bool BoxTask::finished() {
  std::lock_guard lock(mutex);
  return status == Status::Done || status == Status::Cancelled;
}

bool BoxTask::wait(double timeout) {
  if (finished()) return true;
  auto slot = BoxScope::current();
  core::Workers* w = slot ? workersOf(*slot) : nullptr;
  if (!w) throw std::runtime_error("a box thread can only be waited for by box code");
  const core::Time deadline =
      timeout < 0 ? core::kNever : core::addSaturating(w->clock().now(), core::fromSeconds(timeout));
  bool awake;
  {
    py::gil_scoped_release release;
    awake = w->sleepUntil(deadline, *ended);
  }
  if (!awake) raiseBehaviorStopped();
  return finished();
}

std::shared_ptr<BoxTask> spawnBoxTask(const std::shared_ptr<BoxSlot>& slot, std::function<void()> body, double delay) {
  core::Workers* workers = workersOf(*slot);
  if (!workers) raiseBehaviorStopped();
  auto task = std::make_shared<BoxTask>();
  task->workers = workers;
  task->clock = &workers->clock();
  task->bridge = slot->bridge;
  const auto group = groupFor(*workers, *slot);
  countThread(slot->bridge, +1);
  auto run = [task, slot, body = std::move(body)] {
    {
      std::lock_guard lock(task->mutex);
      if (task->status != BoxTask::Status::Pending) return;
      task->status = BoxTask::Status::Running;
    }
    BoxScope scope(slot);
    body();
    finish(task, BoxTask::Status::Done);
  };
  if (delay <= 0) {
    workers->spawn(group, std::move(run));
    return task;
  }
  // Later: the clock starts it then, unless it was cancelled first. The
  // body waits in the task, not in the clock's queue: dropping it may take
  // the GIL, which is never done under the clock's lock.
  std::lock_guard lock(task->mutex);
  task->start = [workers, group, run = std::move(run)]() mutable { workers->spawn(group, std::move(run)); };
  task->heldGroup = group;
  workers->hold(group);
  const auto at = core::addSaturating(task->clock->now(), core::fromSeconds(delay));
  // (The timer keeps the task: a qi.async nobody keeps still runs.)
  task->timer = task->clock->schedule(at, [task] {
    std::function<void()> start;
    core::Workers::Group held = 0;
    {
      std::lock_guard l(task->mutex);
      if (task->status != BoxTask::Status::Pending) return;
      task->timer = 0;
      start = std::move(task->start);
      held = std::exchange(task->heldGroup, 0);
    }
    if (start) start();  // spawned first: the group is never quiet in between
    releaseHold(*task, held);
  });
  return task;
}

std::shared_ptr<BoxTask> spawnPython(py::object function, double delay) {
  auto slot = currentOrRaise("a box thread");
  auto kept = keep(std::move(function));
  std::weak_ptr<BoxSlot> weak = slot;
  return spawnBoxTask(
      slot,
      [kept, weak] {
        auto self = weak.lock();
        if (!self) return;
        py::gil_scoped_acquire gil;
        BoxCode code(*self);
        try {
          (*kept)();
        } catch (py::error_already_set& e) {
          if (!isBehaviorStopped(e)) reportCallbackError(*self, e, "a thread or timer it started");
        }
      },
      delay);
}

namespace {

// threading.Event and qi's futures in box code: a box thread waits for it
// in engine time (Workers::Wake), any other thread for real.
class EngineEvent {
public:
  void set() {
    std::shared_ptr<core::Workers::Wake> wake;
    std::shared_ptr<Bridge::State> bridge;
    {
      std::lock_guard lock(mutex_);
      set_ = true;
      wake = wake_;
      bridge = bridge_.lock();
    }
    changed_.notify_all();
    if (!bridge) return;
    std::lock_guard lock(bridge->mutex);
    if (bridge->workers) bridge->workers->ring(*wake);
  }

  void clear() {
    std::lock_guard lock(mutex_);
    if (!set_) return;
    set_ = false;
    wake_ = core::Workers::makeWake();
  }

  bool isSet() const {
    std::lock_guard lock(mutex_);
    return set_;
  }

  // timeout: seconds, None for no limit.
  bool wait(std::optional<double> timeout) {
    auto slot = BoxScope::current();
    core::Workers* workers = slot ? workersOf(*slot) : nullptr;
    if (!workers || !workers->insideTask()) return waitForReal(timeout);
    std::shared_ptr<core::Workers::Wake> wake;
    {
      std::lock_guard lock(mutex_);
      if (set_) return true;
      bridge_ = slot->bridge;
      wake = wake_;
    }
    const core::Time deadline =
        timeout ? core::addSaturating(workers->clock().now(), core::fromSeconds(std::max(0.0, *timeout))) : core::kNever;
    bool awake;
    {
      py::gil_scoped_release release;
      awake = workers->sleepUntil(deadline, *wake);
    }
    if (!awake) raiseBehaviorStopped();
    return isSet();
  }

private:
  bool waitForReal(std::optional<double> timeout) {
    py::gil_scoped_release release;
    std::unique_lock lock(mutex_);
    if (!timeout) {
      changed_.wait(lock, [&] { return set_; });
      return true;
    }
    return changed_.wait_for(lock, std::chrono::duration<double>(std::max(0.0, *timeout)), [&] { return set_; });
  }

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  bool set_ = false;
  std::shared_ptr<core::Workers::Wake> wake_ = core::Workers::makeWake();
  std::weak_ptr<Bridge::State> bridge_;  // the engine whose box threads wait on it
};

void sleepSeconds(double seconds) {
  auto slot = BoxScope::current();
  core::Workers* workers = slot ? workersOf(*slot) : nullptr;
  bool awake = true;
  {
    py::gil_scoped_release release;
    const auto d = core::fromSeconds(std::max(0.0, seconds));
    if (workers) awake = workers->sleepFor(d);
    else std::this_thread::sleep_for(d);
  }
  if (!awake) raiseBehaviorStopped();
}

double wallSeconds() {
  auto now = std::chrono::system_clock::now();
  auto slot = BoxScope::current();
  if (core::Workers* workers = slot ? workersOf(*slot) : nullptr) now = workers->clock().wallTime(workers->clock().now());
  return std::chrono::duration<double>(now.time_since_epoch()).count();
}

double engineSeconds() {
  auto slot = BoxScope::current();
  if (core::Workers* workers = slot ? workersOf(*slot) : nullptr) return core::toSeconds(workers->clock().now());
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

void defineThreads(py::module_& m) {
  m.def("sleep", &sleepSeconds);
  m.def("time", &wallSeconds);
  m.def("monotonic", &engineSeconds);
  py::class_<BoxTask, std::shared_ptr<BoxTask>>(m, "Task")
      .def("cancel", &BoxTask::cancel, "Drops it if it has not started: True; False once it has.")
      .def("done", &BoxTask::finished)
      .def("pending",
           [](BoxTask& t) {
             std::lock_guard lock(t.mutex);
             return t.status == BoxTask::Status::Pending;
           })
      .def(
          "wait", [](BoxTask& t, std::optional<double> timeout) { return t.wait(timeout ? *timeout : -1); },
          py::arg("timeout") = py::none());
  m.def("spawn", &spawnPython, py::arg("function"), py::arg("delay") = 0.0,
        "function() in a box thread of the calling box, `delay` seconds of engine time from now");
  py::class_<EngineEvent, std::shared_ptr<EngineEvent>>(m, "Event")
      .def(py::init<>())
      .def("set", &EngineEvent::set)
      .def("clear", &EngineEvent::clear)
      .def("is_set", &EngineEvent::isSet)
      .def("wait", &EngineEvent::wait, py::arg("timeout") = py::none());
}

}  // namespace autolife::python::detail
