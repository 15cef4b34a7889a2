#include "autolife/core/workers.hpp"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <iostream>
#include <utility>

namespace autolife::core {

struct Workers::Task {
  Group group = 0;
  std::uint64_t serial = 0;
  std::uint64_t thread = 0;  // pthread_self of the thread running it, once it has one
  std::function<void()> body;
  bool sleeping = false;  // waiting for a deadline (or a cancel)
  bool waitingForever = false;  // waiting with no deadline: for a ring (or a cancel)
  TimerId wake = 0;
  // Virtual time: signalled when its turn comes. One per task, so that a
  // hand-over wakes one thread, not every waiting one.
  std::condition_variable turn;
};

struct Workers::Wake {
  std::atomic<bool> rung{false};
  std::vector<Task*> sleepers;  // under the Workers' mutex
};

// A pooled thread: runs one task after another, and waits idle in between
// (starting a thread, with its stack and its Python thread state, costs
// more than most box callbacks). The pool grows to the most tasks ever
// alive at once and lives until shutdown.
struct Workers::Thread {
  std::thread thread;
  std::condition_variable assigned;
  Task* task = nullptr;
  bool quit = false;
};

namespace {

thread_local Workers* currentWorkers = nullptr;
thread_local void* runningTask = nullptr;

}  // namespace

Workers::Workers(Clock& clock, Mode mode) : clock_(clock), mode_(mode) {}

Workers::~Workers() { shutdown(); }

void Workers::shutdown() {
  {
    std::unique_lock lock(mutex_);
    // Real time: groups nobody cancelled (a stopped behavior's onUnload
    // calls) get a moment to end on their own before they are cancelled.
    if (mode_ == Mode::Real && !closed_)
      changed_.wait_for(lock, limits_.afterCancel, [&] {
        for (auto& [group, size] : groupSize_)
          if (!cancelled_[group]) return false;
        return true;
      });
    for (auto& [group, size] : groupSize_) cancelled_[group] = true;
  }
  for (;;) {
    std::vector<Group> groups;
    {
      std::lock_guard lock(mutex_);
      if (tasks_.empty()) break;
      for (auto& [group, size] : groupSize_) groups.push_back(group);
    }
    for (auto g : groups) cancel(g);
    if (mode_ == Mode::Virtual) settle();
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, std::chrono::milliseconds(10), [&] { return tasks_.empty() || !ready_.empty(); });
  }
  std::vector<std::unique_ptr<Thread>> threads;
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
    watchdogWake_.notify_one();
    for (auto& t : threads_) {
      t->quit = true;
      t->assigned.notify_one();
    }
    threads.swap(threads_);
    idle_.clear();
  }
  for (auto& t : threads) t->thread.join();
  if (watchdog_.joinable()) watchdog_.join();
}

void Workers::spawn(Group group, std::function<void()> body) {
  {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    auto owned = std::make_unique<Task>();
    Task* task = owned.get();
    task->group = group;
    task->serial = nextSerial_++;
    task->body = std::move(body);
    tasks_[task] = std::move(owned);
    ++groupSize_[group];
    if (mode_ == Mode::Virtual) ready_.push_back(task);
    if (!idle_.empty()) {
      Thread* thread = idle_.back();
      idle_.pop_back();
      thread->task = task;
      thread->assigned.notify_one();
    } else {
      auto* thread = threads_.emplace_back(std::make_unique<Thread>()).get();
      thread->task = task;
      // Started under the lock: serve() waits for it, so `thread` is set first.
      thread->thread = std::thread([this, thread] { serve(thread); });
    }
  }
}

// A pooled thread's life: the tasks it is given, idle in between, until
// shutdown.
void Workers::serve(Thread* self) {
  for (;;) {
    Task* task = nullptr;
    {
      std::unique_lock lock(mutex_);
      self->assigned.wait(lock, [&] { return self->task || self->quit; });
      if (!self->task) return;
      task = std::exchange(self->task, nullptr);
    }
    run(task);
    std::lock_guard lock(mutex_);
    idle_.push_back(self);
  }
}

void Workers::run(Task* task) {
  currentWorkers = this;
  runningTask = task;
  {
    std::unique_lock lock(mutex_);
    task->thread = static_cast<std::uint64_t>(pthread_self());
    if (mode_ == Mode::Virtual) task->turn.wait(lock, [&] { return turn_ == task; });
  }
  if (!cancelled(task->group)) {
    // A task reports its own errors; what escapes it is a bug, said out loud.
    try {
      task->body();
    } catch (const std::exception& e) {
      std::cerr << "autolife: a task failed: " << e.what() << '\n';
    } catch (...) {
      std::cerr << "autolife: a task failed with an unknown exception\n";
    }
  }
  // What the task captured goes now, outside the lock: dropping it may wait
  // for other threads (a box's Python objects, for the GIL).
  task->body = nullptr;
  std::unique_lock lock(mutex_);
  if (--groupSize_[task->group] == 0) {
    groupSize_.erase(task->group);
    cancelled_.erase(task->group);  // groups are not reused: forget it (bounded memory)
    cancelSince_.erase(task->group);
  }
  // Told before the turn is given back: in virtual time what it posts
  // lands before the clock moves on.
  if (auto quiet = quietOf(task->group)) {
    lock.unlock();
    quiet();
    lock.lock();
  }
  if (mode_ == Mode::Virtual) giveBack(lock);
  runningTask = nullptr;
  tasks_.erase(task);
  changed_.notify_all();
}

// Virtual time: the driver waits while the task whose turn it is runs.
void Workers::hand(Task* next, std::unique_lock<std::mutex>& lock) {
  turn_ = next;
  turnSince_ = std::chrono::steady_clock::now();
  // A watchdog waiting on an older deadline sees this turn when it wakes;
  // only one waiting for nothing must be told (not a wake-up per turn).
  if (watchdogIdle_) watchdogWake_.notify_one();
  next->turn.notify_one();
  driver_.wait(lock, [&] { return turn_ == nullptr; });
}

void Workers::giveBack(std::unique_lock<std::mutex>&) {
  turn_ = nullptr;
  driver_.notify_all();
}

void Workers::settle() {
  if (mode_ != Mode::Virtual) return;
  std::unique_lock lock(mutex_);
  while (!ready_.empty()) {
    Task* next = ready_.front();
    ready_.pop_front();
    hand(next, lock);
  }
}

bool Workers::sleepUntil(Time t) { return sleepOn(t, nullptr); }

bool Workers::sleepUntil(Time t, Wake& wake) { return sleepOn(t, &wake); }

std::shared_ptr<Workers::Wake> Workers::makeWake() { return std::make_shared<Wake>(); }

bool Workers::rung(const Wake& wake) { return wake.rung; }

void Workers::ring(Wake& wake) {
  std::vector<TimerId> timers;
  {
    std::lock_guard lock(mutex_);
    wake.rung = true;
    for (Task* task : wake.sleepers) {
      if (!task->sleeping) continue;
      task->sleeping = false;
      timers.push_back(task->wake);
      if (mode_ == Mode::Virtual) ready_.push_back(task);
    }
    wake.sleepers.clear();
    changed_.notify_all();
  }
  for (auto id : timers) clock_.cancel(id);
}

bool Workers::sleepOn(Time t, Wake* wake) {
  Task* task = currentWorkers == this ? static_cast<Task*>(runningTask) : nullptr;
  std::unique_lock lock(mutex_);
  if (!task || t != kNever) return sleepOnLocked(t, wake, task, lock);
  // A wait with no deadline: the group may be quiet now (whenQuiet).
  task->waitingForever = true;
  if (auto quiet = quietOf(task->group)) {
    lock.unlock();
    quiet();
    lock.lock();
  }
  const bool awake = sleepOnLocked(t, wake, task, lock);
  task->waitingForever = false;
  return awake;
}

bool Workers::sleepOnLocked(Time t, Wake* wake, Task* task, std::unique_lock<std::mutex>& lock) {
  if (task && cancelled_[task->group]) return false;
  if (wake && wake->rung) return true;
  if (mode_ == Mode::Real || !task) {
    // Real time, or a thread that is not one of ours (a box's own
    // threading.Thread): wait until the clock gets there, or a cancel.
    const Group group = task ? task->group : 0;
    auto done = std::make_shared<bool>(false);
    // (Forever: only a ring or a cancel ends it, and no timer is left behind.)
    TimerId timer = t == kNever ? 0 : clock_.schedule(t, [this, done] {
      std::lock_guard l(mutex_);
      *done = true;
      changed_.notify_all();
    });
    changed_.wait(lock, [&] { return *done || (wake && wake->rung) || (task && cancelled_[group]); });
    clock_.cancel(timer);
    return !(task && cancelled_[group]);
  }
  // Virtual time: give the turn back until the clock wakes us at `t` (or a ring).
  task->sleeping = true;
  if (wake) wake->sleepers.push_back(task);
  task->wake = t == kNever ? 0 : clock_.schedule(t, [this, task] {
    std::lock_guard l(mutex_);
    if (!task->sleeping) return;  // woken by a cancel meanwhile
    task->sleeping = false;
    ready_.push_back(task);
  });
  giveBack(lock);
  task->turn.wait(lock, [&] { return turn_ == task; });
  if (wake) std::erase(wake->sleepers, task);
  return !cancelled_[task->group];
}

void Workers::cancel(Group group) {
  std::vector<TimerId> timers;
  {
    std::lock_guard lock(mutex_);
    cancelled_[group] = true;
    if (mode_ == Mode::Real && groupSize_.contains(group)) {
      cancelSince_.try_emplace(group, std::chrono::steady_clock::now());
      watchdogWake_.notify_one();
    }
    for (auto& [ptr, task] : tasks_) {
      if (task->group != group || !task->sleeping) continue;
      task->sleeping = false;
      timers.push_back(task->wake);
      if (mode_ == Mode::Virtual) ready_.push_back(ptr);
    }
    changed_.notify_all();
  }
  for (auto id : timers) clock_.cancel(id);
}

bool Workers::cancelled(Group group) const {
  std::lock_guard lock(mutex_);
  auto it = cancelled_.find(group);
  return it != cancelled_.end() && it->second;
}

bool Workers::insideTask() const { return currentWorkers == this && runningTask != nullptr; }

Workers::Group Workers::currentGroup() const {
  if (!insideTask()) return 0;
  return static_cast<Task*>(runningTask)->group;
}

std::uint64_t Workers::currentTask() const {
  if (!insideTask()) return 0;
  return static_cast<Task*>(runningTask)->serial;
}

// ---- the watchdog ---------------------------------------------------------------------

void Workers::setInterrupter(Interrupter interrupter) {
  std::lock_guard lock(mutex_);
  interrupter_ = std::move(interrupter);
  if (!watchdog_.joinable() && !closed_) watchdog_ = std::thread([this] { watch(); });
}

void Workers::setLimits(WatchdogLimits limits) {
  std::lock_guard lock(mutex_);
  limits_ = limits;
  watchdogWake_.notify_one();
}

Workers::WatchdogLimits Workers::limits() const {
  std::lock_guard lock(mutex_);
  return limits_;
}

// Sleeps until the next deadline (a turn's, a cancelled group's) or a
// change, and asks the interrupter, outside the lock, to interrupt the
// tasks past theirs.
void Workers::watch() {
  std::unique_lock lock(mutex_);
  while (!closed_) {
    auto next = std::chrono::steady_clock::time_point::max();
    const auto stuck = stuckTasks(std::chrono::steady_clock::now(), next);
    if (!stuck.empty()) {
      const Interrupter interrupt = interrupter_;
      lock.unlock();
      for (const auto& s : stuck) interrupt(s);
      lock.lock();
      continue;
    }
    if (next == std::chrono::steady_clock::time_point::max()) {
      watchdogIdle_ = true;
      watchdogWake_.wait(lock);
      watchdogIdle_ = false;
    } else {
      watchdogWake_.wait_until(lock, next);
    }
  }
}

// The tasks past their deadline (each deadline then starts over), and in
// `next` the earliest deadline still to come.
std::vector<Workers::Stuck> Workers::stuckTasks(std::chrono::steady_clock::time_point now,
                                                std::chrono::steady_clock::time_point& next) {
  std::vector<Stuck> stuck;
  if (turn_) {
    if (now - turnSince_ >= limits_.turn) {
      stuck.push_back({Stuck::Why::TurnTooLong, turn_->serial, turn_->thread, turn_->group});
      turnSince_ = now;
    }
    next = std::min(next, turnSince_ + limits_.turn);
  }
  for (auto& [group, since] : cancelSince_) {
    if (now - since >= limits_.afterCancel) {
      for (auto& [ptr, task] : tasks_)
        if (task->group == group && task->thread) stuck.push_back({Stuck::Why::Cancelled, task->serial, task->thread, group});
      since = now;
    }
    next = std::min(next, since + limits_.afterCancel);
  }
  return stuck;
}

std::size_t Workers::live() const {
  std::lock_guard lock(mutex_);
  return tasks_.size();
}

// ---- groups at rest ---------------------------------------------------------------------

Workers::GroupCensus Workers::census(Group group) const {
  std::lock_guard lock(mutex_);
  GroupCensus out;
  // groupSize_, not tasks_: a task that ended is out of it before its turn is given back.
  if (auto it = groupSize_.find(group); it != groupSize_.end()) out.tasks = it->second;
  for (const auto& [ptr, task] : tasks_)
    if (task->group == group && task->waitingForever) ++out.waitingForever;
  if (auto it = held_.find(group); it != held_.end()) out.held = it->second;
  return out;
}

void Workers::hold(Group group) {
  std::lock_guard lock(mutex_);
  ++held_[group];
}

void Workers::release(Group group) {
  std::function<void()> quiet;
  {
    std::lock_guard lock(mutex_);
    auto it = held_.find(group);
    if (it == held_.end()) return;
    if (--it->second == 0) held_.erase(it);
    quiet = quietOf(group);
  }
  if (quiet) quiet();
}

void Workers::whenQuiet(Group group, std::function<void()> quiet) {
  std::lock_guard lock(mutex_);
  if (quiet) quiet_[group] = std::move(quiet);
  else quiet_.erase(group);
}

std::function<void()> Workers::quietOf(Group group) const {
  auto it = quiet_.find(group);
  return it == quiet_.end() ? std::function<void()>() : it->second;
}

void Workers::join(Group group) {
  for (;;) {
    if (mode_ == Mode::Virtual) settle();
    std::unique_lock lock(mutex_);
    if (!groupSize_.contains(group)) return;
    changed_.wait_for(lock, std::chrono::milliseconds(10));
  }
}

}  // namespace autolife::core
