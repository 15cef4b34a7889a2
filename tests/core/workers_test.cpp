// Box threads on the engine clock: in virtual time, tasks take turns in the
// order they become ready, sleeping gives the turn away until the clock gets
// there, and nothing really sleeps; cancelling wakes sleepers to unwind.
#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <string>
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
