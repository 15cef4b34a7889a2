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
//
// A task that never gives its thread back (a box's `while True: pass`)
// would stop virtual time for good, and keep a cancelled group alive in
// real time. With an interrupter set, a watchdog thread asks it to
// interrupt such a task: the task whose virtual turn has lasted longer than
// `turn` of wall time, and every task still alive `afterCancel` after its
// group was cancelled (then again every `afterCancel`). The interrupter
// knows how (Python: an asynchronous exception); the watchdog only says who.
#pragma once

#include <chrono>
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

  // A task the watchdog wants interrupted, and why.
  struct Stuck {
    enum class Why { TurnTooLong, Cancelled };
    Why why;
    std::uint64_t task = 0;    // the task's serial (currentTask() inside it)
    std::uint64_t thread = 0;  // the thread running it (pthread_self, Python's thread ident)
    Group group = 0;
  };
  using Interrupter = std::function<void(const Stuck&)>;
  struct WatchdogLimits {
    std::chrono::milliseconds turn{5000};         // wall time a virtual turn may last
    std::chrono::milliseconds afterCancel{1000};  // wall time a cancelled task may go on
  };

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

  // Something tasks wait for in engine time (a box's future, the end of a
  // thread it started): ring() wakes every task sleeping on it at once (in
  // virtual time: its turn comes after the ringer's), and later sleeps on
  // it return at once. One Wake belongs to one Workers.
  struct Wake;
  static std::shared_ptr<Wake> makeWake();
  // sleepUntil, also ended by a ring. True at `t` or once rung; false when
  // the task's group was cancelled.
  bool sleepUntil(Time t, Wake& wake);
  void ring(Wake& wake);
  static bool rung(const Wake& wake);

  // Wakes the group's sleepers with `cancelled`; later sleeps of the group
  // return false at once. Tasks still run to their end.
  void cancel(Group group);
  bool cancelled(Group group) const;

  // Virtual time: lets every ready task run, one after the other, until all
  // of them wait or have ended. The clock's driver calls it after each clock
  // task (VirtualClock::afterEachTask does it when attached). Real time:
  // does nothing.
  void settle();

  // Is the calling thread one of the tasks? Which group, which task (0: none)?
  bool insideTask() const;
  Group currentGroup() const;
  std::uint64_t currentTask() const;

  // Starts the watchdog (once; a later call replaces the interrupter).
  void setInterrupter(Interrupter interrupter);
  void setLimits(WatchdogLimits limits);
  WatchdogLimits limits() const;

  // Tasks not ended yet (running, ready or sleeping).
  std::size_t live() const;

  // A group's work now: its tasks not ended (running, ready or asleep),
  // those of them waiting with no deadline (only a ring or a cancel ends
  // that wait: a future or an event nothing may ever set), and its holds.
  struct GroupCensus {
    std::size_t tasks = 0;
    std::size_t waitingForever = 0;
    std::size_t held = 0;
  };
  GroupCensus census(Group group) const;
  // Work of the group due later outside Workers (a box thread that starts
  // at a time): the group is not quiet until it is released.
  void hold(Group group);
  void release(Group group);
  // `quiet` is called each time the group may have become quiet: a task of
  // it ended or began a wait with no deadline, a hold was released. It runs
  // on the thread that made it so, outside Workers' lock (in virtual time
  // while that task still has its turn: what it posts lands at the same
  // instant in every run). An empty function forgets the group.
  void whenQuiet(Group group, std::function<void()> quiet);

  // Cancels every group and lets every task (and those they start) run to
  // its end; later spawns are dropped. Owners call it while what the tasks
  // use is still alive. Real time: groups not cancelled yet first get up to
  // `afterCancel` to end on their own (a stopped behavior's onUnload).
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
  void watch();
  bool sleepOn(Time t, Wake* wake);  // wake: null for a plain sleep
  bool sleepOnLocked(Time t, Wake* wake, Task* task, std::unique_lock<std::mutex>& lock);
  std::function<void()> quietOf(Group group) const;  // the mutex held
  std::vector<Stuck> stuckTasks(std::chrono::steady_clock::time_point now,
                                std::chrono::steady_clock::time_point& next);

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
  std::map<Group, std::size_t> held_;
  std::map<Group, std::function<void()>> quiet_;
  std::vector<std::unique_ptr<Thread>> threads_;  // the pool
  std::vector<Thread*> idle_;                     // pooled threads waiting for a task
  bool closed_ = false;                // shut down
  std::uint64_t nextSerial_ = 1;

  // The watchdog (only once an interrupter is set).
  Interrupter interrupter_;
  WatchdogLimits limits_;
  std::chrono::steady_clock::time_point turnSince_;  // virtual: when turn_ got (or was last warned about) the turn
  std::map<Group, std::chrono::steady_clock::time_point> cancelSince_;  // cancelled groups with live tasks
  std::condition_variable watchdogWake_;
  bool watchdogIdle_ = false;  // waiting with no deadline: a new turn must wake it
  std::thread watchdog_;
};

}  // namespace autolife::core
