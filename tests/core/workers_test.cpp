// Box threads on the engine clock: in virtual time, tasks take turns in the
// order they become ready, sleeping gives the turn away until the clock gets
// there, and nothing really sleeps; cancelling wakes sleepers to unwind.
#include <gtest/gtest.h>
#include <pthread.h>

#include <atomic>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "autolife/core/clock.hpp"
#include "autolife/core/workers.hpp"

namespace {

using namespace autolife::core;
using namespace std::chrono_literals;

struct VirtualWorkers {
  VirtualClock clock;
  Workers workers{clock, Workers::Mode::Virtual};
  std::vector<std::string> log;  // only written by whoever has the turn
  VirtualWorkers() {
    clock.setAfterEachTask([this] { workers.settle(); });
  }
  void note(const std::string& what) { log.push_back(std::to_string(clock.now().count() / 1000000) + "ms " + what); }
};

TEST(Workers, VirtualTasksTakeTurnsAndSleepInEngineTime) {
  VirtualWorkers v;
  v.workers.spawn(1, [&] {
    v.note("a starts");
    v.workers.sleepFor(100ms);
    v.note("a wakes");
  });
  v.workers.spawn(1, [&] {
    v.note("b starts");
    v.workers.sleepFor(50ms);
    v.note("b wakes");
    v.workers.sleepFor(100ms);
    v.note("b wakes again");
  });
  v.workers.settle();
  v.clock.runUntil(Time(1s));
  EXPECT_EQ(v.log, (std::vector<std::string>{"0ms a starts", "0ms b starts", "50ms b wakes", "100ms a wakes",
                                             "150ms b wakes again"}));
  v.workers.join(1);
  EXPECT_EQ(v.workers.live(), 0u);
}

TEST(Workers, ATaskSpawnedByATaskRunsAfterItInTurn) {
  VirtualWorkers v;
  v.workers.spawn(1, [&] {
    v.workers.spawn(1, [&] { v.note("child"); });
    v.note("parent goes on");
  });
  v.workers.settle();
  EXPECT_EQ(v.log, (std::vector<std::string>{"0ms parent goes on", "0ms child"}));
}

TEST(Workers, CancellingAGroupWakesItsSleepersWithFalse) {
  VirtualWorkers v;
  bool wokeNormally = true;
  bool laterSleep = true;
  v.workers.spawn(7, [&] {
    wokeNormally = v.workers.sleepFor(1h);
    laterSleep = v.workers.sleepFor(1s);
  });
  bool otherGroup = false;
  v.workers.spawn(8, [&] { otherGroup = v.workers.sleepFor(10ms); });
  v.workers.settle();
  v.workers.cancel(7);
  v.workers.settle();
  EXPECT_FALSE(wokeNormally);
  EXPECT_FALSE(laterSleep);
  v.clock.runUntil(Time(20ms));
  EXPECT_TRUE(otherGroup);
  EXPECT_EQ(v.clock.now(), Time(20ms));  // nothing waited for the cancelled hour
}

// What an idle behavior is made of: a group is quiet when each of its
// tasks ended or waits with no deadline and nothing is held for it; it is
// told so at the instant it became so, each time.
TEST(Workers, AGroupIsToldWhenItGoesQuiet) {
  VirtualWorkers v;
  std::vector<std::string> quiet;
  v.workers.whenQuiet(3, [&] {
    const auto c = v.workers.census(3);
    quiet.push_back(std::to_string(v.clock.now().count() / 1000000) + "ms " + std::to_string(c.tasks) + "/" +
                    std::to_string(c.waitingForever) + "/" + std::to_string(c.held));
  });
  auto wake = Workers::makeWake();
  v.workers.spawn(3, [&] { v.workers.sleepFor(100ms); });
  v.workers.spawn(3, [&] { v.workers.sleepUntil(kNever, *wake); });
  v.workers.hold(3);  // a box thread due later
  v.workers.settle();
  v.clock.runUntil(Time(200ms));
  // At 0 one task waits for good (the other sleeps, one hold); at 100 ms the sleeper ended.
  EXPECT_EQ(quiet, (std::vector<std::string>{"0ms 2/1/1", "100ms 1/1/1"}));
  v.workers.release(3);
  EXPECT_EQ(quiet.back(), "200ms 1/1/0");
  v.workers.ring(*wake);
  v.workers.settle();
  EXPECT_EQ(quiet.back(), "200ms 0/0/0");
  v.workers.whenQuiet(3, {});
  v.workers.spawn(3, [] {});
  v.workers.settle();
  EXPECT_EQ(quiet.size(), 4u);  // forgotten: not told any more
}

TEST(Workers, RealTasksRunConcurrentlyAndSleepForReal) {
  RealClock clock;
  Workers workers(clock, Workers::Mode::Real);
  std::promise<void> bothRunning;
  std::atomic<int> running{0};
  for (int i = 0; i < 2; ++i)
    workers.spawn(1, [&] {
      if (++running == 2) bothRunning.set_value();
      workers.sleepFor(1ms);
    });
  EXPECT_EQ(bothRunning.get_future().wait_for(30s), std::future_status::ready);
  workers.join(1);
  EXPECT_EQ(workers.live(), 0u);
}

TEST(Workers, DestroyingWakesAndWaitsForSleepingTasks) {
  auto clock = std::make_unique<VirtualClock>();
  bool unwound = false;
  {
    Workers workers(*clock, Workers::Mode::Virtual);
    workers.spawn(3, [&] { unwound = !workers.sleepFor(24h); });
    workers.settle();
  }
  EXPECT_TRUE(unwound);
}

}  // namespace

// ---- the watchdog: tasks that never give their thread back --------------------

// A task that spins until the interrupter tells it to stop, as a box's
// `while True: pass` does until Python raises in it.
struct Spinner {
  std::atomic<bool> interrupted{false};
  std::atomic<std::uint64_t> task{0};
  std::atomic<std::uint64_t> thread{0};
  void spin(Workers& workers) {
    thread = static_cast<std::uint64_t>(pthread_self());
    task = workers.currentTask();
    while (!interrupted) std::this_thread::yield();
  }
};

TEST(Workers, AVirtualTurnHeldTooLongIsInterruptedAndTimeGoesOn) {
  VirtualWorkers v;
  v.workers.setLimits({20ms, 1s});
  Spinner spinner;
  std::vector<Workers::Stuck> seen;
  std::mutex seenMutex;
  v.workers.setInterrupter([&](const Workers::Stuck& s) {
    std::lock_guard lock(seenMutex);
    seen.push_back(s);
    spinner.interrupted = true;
  });
  v.workers.spawn(7, [&] { spinner.spin(v.workers); });
  v.workers.spawn(7, [&] { v.note("the next task gets its turn"); });
  v.workers.settle();  // would never return without the watchdog
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].why, Workers::Stuck::Why::TurnTooLong);
  EXPECT_EQ(seen[0].group, 7u);
  EXPECT_EQ(seen[0].task, spinner.task.load());
  EXPECT_NE(seen[0].task, 0u);
  EXPECT_EQ(seen[0].thread, spinner.thread.load());
  EXPECT_EQ(v.log, (std::vector<std::string>{"0ms the next task gets its turn"}));
  v.clock.runUntil(Time(1s));
  EXPECT_EQ(v.workers.live(), 0u);
}

TEST(Workers, TheWatchdogLeavesTurnsWithinTheLimitAlone) {
  VirtualWorkers v;
  v.workers.setLimits({10s, 1s});
  std::atomic<int> interruptions{0};
  v.workers.setInterrupter([&](const Workers::Stuck&) { ++interruptions; });
  for (int i = 0; i < 50; ++i)
    v.workers.spawn(1, [&] {
      v.workers.sleepFor(10ms);
      v.note("awake");
    });
  v.workers.settle();
  v.clock.runUntil(Time(1s));
  EXPECT_EQ(v.log.size(), 50u);
  EXPECT_EQ(interruptions, 0);
}

TEST(Workers, ARealTaskStillRunningAfterItsGroupWasCancelledIsInterrupted) {
  RealClock clock;
  Spinner spinner;
  std::atomic<int> cancelledInterruptions{0};
  {
    Workers workers(clock, Workers::Mode::Real);
    workers.setLimits({5s, 30ms});
    workers.setInterrupter([&](const Workers::Stuck& s) {
      if (s.why == Workers::Stuck::Why::Cancelled && s.group == 3 && s.thread == spinner.thread) {
        ++cancelledInterruptions;
        spinner.interrupted = true;
      }
    });
    workers.spawn(3, [&] { spinner.spin(workers); });
    while (!spinner.task) std::this_thread::yield();
    workers.cancel(3);
    workers.join(3);  // would never return without the watchdog
    EXPECT_EQ(workers.live(), 0u);
  }
  clock.stop();
  EXPECT_EQ(cancelledInterruptions, 1);
}
