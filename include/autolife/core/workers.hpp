// Threads for code that blocks, on the engine clock: a behavior's box
// callbacks run on their own threads (as NAOqi runs them), and may sleep or
// wait for a robot action to finish.
//
// Virtual time: the tasks take turns. One runs at a time, in the order they
// became ready; a task that sleeps gives the turn away until the clock
// reaches its deadline; the clock moves on only once every task waits. A
// simulated behavior is thus deterministic, and nothing really sleeps.
// Real time: tasks run concurrently and sleep for real.
//
// Tasks belong to groups (a behavior): cancelling a group wakes its sleepers
// with `cancelled`, so that their code unwinds.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "autolife/core/clock.hpp"

namespace autolife::core {

class Workers {
public:
  enum class Mode { Virtual, Real };
  using Group = std::uint64_t;

  Workers(Clock& clock, Mode mode);
  ~Workers();  // shutdown()
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;

  Mode mode() const { return mode_; }
  Clock& clock() const { return clock_; }

  // Starts `task` on a thread of its own (in virtual time: once its turn comes).
  void spawn(Group group, std::function<void()> task);

  // From a task: waits until engine time `t`. Returns false when the task's
  // group was cancelled meanwhile (or already): its code should unwind.
  bool sleepUntil(Time t);
  bool sleepFor(Duration d) { return sleepUntil(addSaturating(clock_.now(), d)); }

  // Wakes the group's sleepers with `cancelled`; later sleeps of the group
  // return false at once. Tasks still run to their end.
  void cancel(Group group);
  bool cancelled(Group group) const;

  // Virtual time: lets every ready task run, one after the other, until all
  // of them wait or have ended. The clock's driver calls it after each clock
  // task (VirtualClock::afterEachTask does it when attached). Real time:
  // does nothing.
  void settle();

  // Is the calling thread one of the tasks? Which group?
  bool insideTask() const;
  Group currentGroup() const;

  // Tasks not ended yet (running, ready or sleeping).
  std::size_t live() const;

  // Cancels every group and lets every task (and those they start) run to
  // its end; later spawns are dropped. Owners call it while what the tasks
  // use is still alive.
  void shutdown();

  // Waits (really) until the group has no task left.
  void join(Group group);

private:
  struct Task;
  struct Thread;
  void serve(Thread* thread);
  void run(Task* task);
  void hand(Task* next, std::unique_lock<std::mutex>& lock);
  void giveBack(std::unique_lock<std::mutex>& lock);

  Clock& clock_;
  const Mode mode_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;  // tasks ended, cancels, real-time sleepers
  std::condition_variable driver_;   // virtual: the task whose turn it was gave it back
  std::deque<Task*> ready_;       // virtual: waiting for their turn, in order
  Task* turn_ = nullptr;          // virtual: the task whose turn it is
  std::map<Task*, std::unique_ptr<Task>> tasks_;
  std::map<Group, std::size_t> groupSize_;
  std::map<Group, bool> cancelled_;
  std::vector<std::unique_ptr<Thread>> threads_;  // the pool
  std::vector<Thread*> idle_;                     // pooled threads waiting for a task
  bool closed_ = false;                // shut down
};

}  // namespace autolife::core
