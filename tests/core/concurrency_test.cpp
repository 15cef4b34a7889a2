// Thread-safety of the core primitives (run under ThreadSanitizer too): the
// Dispatcher fed by two threads, VirtualClock::schedule from another thread,
// Signal connected and emitted concurrently.
#include "autolife/core/clock.hpp"
#include "autolife/core/dispatcher.hpp"
#include "autolife/core/signal.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

using autolife::core::Dispatcher;
using autolife::core::fromSeconds;
using autolife::core::Signal;
using autolife::core::SignalLink;
using autolife::core::Time;
using autolife::core::VirtualClock;

namespace {

TEST(DispatcherConcurrency, TwoThreadsDispatchingRunEveryTaskExactlyOnceInEachThreadsOrder) {
  constexpr int kPerThread = 20000;
  Dispatcher d;
  std::vector<std::atomic<int>> runs(2 * kPerThread);
  // Tasks never run concurrently; each thread's tasks run in its posting order.
  std::atomic<int> running{0};
  std::atomic<int> overlaps{0};
  std::atomic<int> outOfOrder{0};
  std::atomic<int> lastSeen[2] = {-1, -1};
  auto work = [&](int thread) {
    for (int i = 0; i < kPerThread; ++i) {
      d.dispatch([&, thread, i] {
        if (running.fetch_add(1) != 0) overlaps.fetch_add(1);
        runs[static_cast<std::size_t>(thread * kPerThread + i)].fetch_add(1);
        if (lastSeen[thread].exchange(i) != i - 1) outOfOrder.fetch_add(1);
        running.fetch_sub(1);
      });
    }
  };
  std::thread a(work, 0);
  std::thread b(work, 1);
  a.join();
  b.join();
  for (std::size_t i = 0; i < runs.size(); ++i) ASSERT_EQ(runs[i].load(), 1) << "task " << i;
  EXPECT_EQ(overlaps.load(), 0);
  EXPECT_EQ(outOfOrder.load(), 0);
}

TEST(VirtualClockConcurrency, ScheduleFromAnotherThreadWhileAdvancing) {
  constexpr int kTasks = 5000;
  VirtualClock clock;
  std::atomic<int> ran{0};
  std::atomic<bool> doneScheduling{false};
  std::thread producer([&] {
    for (int i = 0; i < kTasks; ++i) clock.schedule(fromSeconds(i % 100), [&] { ran.fetch_add(1); });
    doneScheduling = true;
  });
  // The owner keeps advancing while the other thread schedules.
  Time t{0};
  while (!doneScheduling.load()) {
    t += fromSeconds(1);
    clock.runUntil(t);
  }
  producer.join();
  clock.runUntil(t + fromSeconds(1000));
  EXPECT_EQ(ran.load(), kTasks);
  EXPECT_EQ(clock.pending(), 0u);
}

TEST(VirtualClockConcurrency, CancelFromAnotherThread) {
  constexpr int kTasks = 2000;
  VirtualClock clock;
  std::vector<autolife::core::TimerId> ids;
  std::atomic<int> ran{0};
  for (int i = 0; i < kTasks; ++i) ids.push_back(clock.schedule(fromSeconds(1 + i), [&] { ran.fetch_add(1); }));
  std::thread canceller([&] {
    for (std::size_t i = 0; i < ids.size(); i += 2) clock.cancel(ids[i]);
  });
  canceller.join();
  clock.runUntil(fromSeconds(kTasks + 10));
  EXPECT_EQ(ran.load(), kTasks / 2);
}

TEST(SignalConcurrency, ConnectDisconnectWhileEmitting) {
  Signal<int> s;
  std::atomic<long> persistentCalls{0};
  s.connect([&](int) { persistentCalls.fetch_add(1); });
  std::atomic<bool> stop{false};
  std::thread churn([&] {
    while (!stop.load()) {
      SignalLink l = s.connect([](int) {});
      s.disconnect(l);
    }
  });
  constexpr int kEmits = 20000;
  for (int i = 0; i < kEmits; ++i) s(i);
  stop = true;
  churn.join();
  EXPECT_EQ(persistentCalls.load(), kEmits);
  EXPECT_EQ(s.size(), 1u);
}

}  // namespace
