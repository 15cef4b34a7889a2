// One clock interface everywhere (REFERENCE §9): real time on a robot,
// virtual time (a discrete-event queue) in simulation and tests. Timers fire
// at exact deadlines; nothing sleeps in virtual time.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <vector>

#include "autolife/core/time.hpp"

namespace autolife::core {

using TimerId = std::uint64_t;
using Task = std::function<void()>;

// Tasks due at the same instant run in phase order, then in the order they
// were scheduled. Inputs (memory writes, scenario steps) run in the Input
// phase; condition deadlines run AfterInputs, so that a window closing
// exactly when its operand changes sees the change first (REFERENCE §3);
// observers (a scenario's expectations) look last, once the instant settled.
enum class Phase : std::uint8_t { Input = 0, AfterInputs = 1, Observe = 2 };

class Clock {
public:
  virtual ~Clock() = default;

  // Engine time now (nanoseconds since the engine started).
  virtual Time now() const = 0;
  // Runs `task` at `at` (or as soon as possible when `at` is past).
  virtual TimerId schedule(Time at, Task task, Phase phase = Phase::Input) = 0;
  // Returns false when the timer already ran or was cancelled.
  virtual bool cancel(TimerId id) = 0;
  // The wall-clock date engine time `t` stands for (Launchpad's time keys).
  virtual std::chrono::system_clock::time_point wallTime(Time t) const = 0;

  TimerId post(Task task) { return schedule(now(), std::move(task)); }

  // Runs `task` at once, on the caller's stack, where that is the order
  // `post` would give it: the caller is on the thread that runs this
  // clock's tasks, outside any of them, and no task is due. Returns false,
  // the task not run, otherwise (post it then). A network call answered in
  // the turn that read it saves the event loop a turn (issue 18).
  template <class F>
  bool runHere(F&& task) {
    if (!enterHere()) return false;
    struct Leave {
      Clock& clock;
      ~Leave() { clock.leaveHere(); }
    } leave{*this};
    runGuarded(task);
    return true;
  }

protected:
  // runHere's two halves; a clock that cannot run tasks on a caller's stack
  // (virtual time, a worker thread's) keeps these.
  virtual bool enterHere() { return false; }
  virtual void leaveHere() {}
  // The words a clock that keeps running says of a task that threw.
  static void reportFailedTask(const std::exception& e) noexcept;

private:
  template <class F>
  static void runGuarded(F& task) noexcept {
    try {
      task();
    } catch (const std::exception& e) {
      reportFailedTask(e);
    }
  }
};

// Deadline-ordered tasks with cancellation; the shared core of both clocks.
// Not synchronised: each clock guards it with its own mutex.
class TimerQueue {
public:
  TimerId push(Time at, Phase phase, Task task);
  // Orders for `n` tasks pushed later as though they were pushed now, in
  // that order: the first of them (the next n ids are theirs).
  TimerId reserve(std::size_t n);
  // Pushes with an order reserve() gave (each used once).
  void pushReserved(Time at, Phase phase, TimerId id, Task task);
  bool cancel(TimerId id);
  // Earliest pending deadline, if any.
  std::optional<Time> nextTime();
  // Removes and returns the earliest task if it is due at or before `limit`
  // (strictly before when `inclusive` is false).
  std::optional<std::pair<Time, Task>> popDue(Time limit, bool inclusive);
  std::size_t size() const { return tasks_.size(); }

private:
  struct Entry {
    Time at;
    Phase phase;
    TimerId id;
    bool operator>(const Entry& o) const;
  };
  void dropCancelled();
  std::vector<Entry> heap_;  // min-heap on (at, phase, id)
  std::unordered_map<TimerId, Task> tasks_;
  TimerId nextId_ = 1;
};

// Virtual time: now() only moves when the owner advances it; tasks run on
// the advancing thread, in deadline order. schedule/cancel are thread-safe.
class VirtualClock final : public Clock {
public:
  explicit VirtualClock(std::chrono::system_clock::time_point wallStart = defaultWallStart());

  Time now() const override;
  TimerId schedule(Time at, Task task, Phase phase = Phase::Input) override;
  bool cancel(TimerId id) override;
  std::chrono::system_clock::time_point wallTime(Time t) const override;

  // A long series of tasks scheduled one at a time (a recorded day's
  // inputs, src/replay), each ordered among the tasks due at its time and
  // phase as though the whole series had been scheduled at once, now:
  // reserve(n) gives the first of n orders, scheduleReserved uses one.
  TimerId reserve(std::size_t n);
  void scheduleReserved(Time at, TimerId order, Task task, Phase phase = Phase::Input);

  // Runs every task due strictly before `t`, then sets the time to `t`.
  // Tasks due exactly at `t` stay pending, so inputs applied now come first.
  void advanceTo(Time t);
  // Runs every task due at or before `t` (including those it schedules),
  // then sets the time to `t`.
  void runUntil(Time t);
  // Runs the single next task, if any; returns false when none is pending.
  bool runNext();
  std::optional<Time> nextEventTime();
  std::size_t pending() const;
  // Called after each task the clock runs (Workers::settle: box threads
  // made ready by that task take their turns before time moves on).
  void setAfterEachTask(Task hook);

  // 2026-01-05 09:00:00 UTC, a Monday morning: reproducible simulated days.
  static std::chrono::system_clock::time_point defaultWallStart();

private:
  void runDue(Time limit, bool inclusive);
  void setNow(Time t);
  mutable std::mutex mutex_;
  TimerQueue queue_;
  // Read without the lock: now() is on every memory write. `earliest_` is a
  // lower bound of the next deadline, so that advancing past an empty
  // stretch of time takes no lock.
  std::atomic<std::int64_t> now_{0};
  std::atomic<std::int64_t> earliest_{kNever.count()};
  std::chrono::system_clock::time_point wallStart_;
  Task afterEachTask_;
};

// Real time: a worker thread runs the tasks at their deadlines.
class RealClock final : public Clock {
public:
  RealClock();
  ~RealClock() override;
  RealClock(const RealClock&) = delete;
  RealClock& operator=(const RealClock&) = delete;

  Time now() const override;
  TimerId schedule(Time at, Task task, Phase phase = Phase::Input) override;
  bool cancel(TimerId id) override;
  std::chrono::system_clock::time_point wallTime(Time t) const override;
  // Stops the worker; pending tasks are dropped. Idempotent.
  void stop();

private:
  void run();
  std::chrono::steady_clock::time_point steadyStart_;
  std::chrono::system_clock::time_point wallStart_;
  std::mutex mutex_;
  std::condition_variable wake_;
  TimerQueue queue_;
  bool stopping_ = false;
  std::mutex joinMutex_;  // stop() from two threads joins once
  std::thread worker_;
};

}  // namespace autolife::core
