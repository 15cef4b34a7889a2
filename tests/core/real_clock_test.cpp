// RealClock (REFERENCE §9): a worker thread runs tasks at their deadlines.
// Results are awaited with futures and generous timeouts; no test depends on
// how long anything takes. Each test declares its clock after the state its
// tasks touch, so the worker is joined before that state is destroyed.
#include "autolife/core/clock.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

using autolife::core::fromSeconds;
using autolife::core::Phase;
using autolife::core::RealClock;
using autolife::core::Time;
using autolife::core::TimerId;

namespace {

constexpr auto kGenerous = std::chrono::seconds(30);

// Blocks the clock's worker inside a task until open() is called, so that the
// order of the tasks scheduled meanwhile does not depend on timing.
class Gate {
public:
  explicit Gate(RealClock& clock) {
    auto entered = std::make_shared<std::promise<void>>();
    auto enteredFuture = entered->get_future();
    auto released = open_.get_future().share();
    clock.schedule(clock.now(), [entered, released] {
      entered->set_value();
      released.wait();
    });
    ok_ = enteredFuture.wait_for(kGenerous) == std::future_status::ready;
  }
  ~Gate() { open(); }
  void open() {
    if (!opened_) open_.set_value();
    opened_ = true;
  }
  bool ok() const { return ok_; }

private:
  std::promise<void> open_;
  bool opened_ = false;
  bool ok_ = false;
};

TEST(RealClock, RunsAScheduledTaskOnItsWorker) {
  std::promise<std::thread::id> ran;
  auto result = ran.get_future();
  RealClock clock;
  clock.schedule(clock.now() + fromSeconds(0.001), [&] { ran.set_value(std::this_thread::get_id()); });
  ASSERT_EQ(result.wait_for(kGenerous), std::future_status::ready);
  EXPECT_NE(result.get(), std::this_thread::get_id());
}

TEST(RealClock, TasksFireInDeadlineOrder) {
  std::mutex m;
  std::vector<int> order;
  std::promise<void> done;
  auto finished = done.get_future();
  RealClock clock;
  {
    Gate gate(clock);
    ASSERT_TRUE(gate.ok());
    const Time base = clock.now();
    auto record = [&](int n) {
      return [&, n] {
        std::lock_guard lock(m);
        order.push_back(n);
        if (order.size() == 4) done.set_value();
      };
    };
    clock.schedule(base + fromSeconds(0.03), record(3));
    clock.schedule(base + fromSeconds(0.01), record(1));
    clock.schedule(base + fromSeconds(0.04), record(4));
    clock.schedule(base + fromSeconds(0.02), record(2));
    gate.open();
  }
  ASSERT_EQ(finished.wait_for(kGenerous), std::future_status::ready);
  std::lock_guard lock(m);
  EXPECT_EQ(order, (std::vector<int>{1, 2, 3, 4}));
}

TEST(RealClock, SameDeadlineRunsInPhaseOrderThenFifo) {
  std::mutex m;
  std::string order;
  std::promise<void> done;
  auto finished = done.get_future();
  RealClock clock;
  {
    Gate gate(clock);
    ASSERT_TRUE(gate.ok());
    const Time at = clock.now();  // already due when the gate opens
    auto record = [&](char c) {
      return [&, c] {
        std::lock_guard lock(m);
        order += c;
        if (order.size() == 4) done.set_value();
      };
    };
    clock.schedule(at, record('x'), Phase::AfterInputs);
    clock.schedule(at, record('A'), Phase::Input);
    clock.schedule(at, record('y'), Phase::AfterInputs);
    clock.schedule(at, record('B'), Phase::Input);
    gate.open();
  }
  ASSERT_EQ(finished.wait_for(kGenerous), std::future_status::ready);
  std::lock_guard lock(m);
  EXPECT_EQ(order, "ABxy");
}

TEST(RealClock, EarlierTaskScheduledWhileWaitingForALaterOneRuns) {
  std::atomic<bool> lateRan{false};
  std::promise<void> done;
  auto finished = done.get_future();
  RealClock clock;
  clock.schedule(clock.now() + fromSeconds(3600), [&] { lateRan = true; });  // the worker waits for this
  clock.schedule(clock.now() + fromSeconds(0.001), [&] { done.set_value(); });
  ASSERT_EQ(finished.wait_for(kGenerous), std::future_status::ready);
  EXPECT_FALSE(lateRan.load());
}

TEST(RealClock, CancelledTaskDoesNotRun) {
  std::atomic<bool> cancelledRan{false};
  std::promise<void> done;
  auto finished = done.get_future();
  RealClock clock;
  {
    Gate gate(clock);
    ASSERT_TRUE(gate.ok());
    const Time at = clock.now();
    TimerId id = clock.schedule(at, [&] { cancelledRan = true; });
    clock.schedule(at, [&] { done.set_value(); });
    EXPECT_TRUE(clock.cancel(id));
    EXPECT_FALSE(clock.cancel(id));
    gate.open();
  }
  ASSERT_EQ(finished.wait_for(kGenerous), std::future_status::ready);
  EXPECT_FALSE(cancelledRan.load());
}

TEST(RealClock, TaskCanScheduleAnotherTask) {
  std::promise<int> done;
  auto result = done.get_future();
  RealClock clock;
  clock.post([&] { clock.post([&] { done.set_value(2); }); });
  ASSERT_EQ(result.wait_for(kGenerous), std::future_status::ready);
  EXPECT_EQ(result.get(), 2);
}

TEST(RealClock, NowIsMonotonic) {
  RealClock clock;
  Time a = clock.now();
  Time b = clock.now();
  EXPECT_GE(a, Time{0});
  EXPECT_GE(b, a);
}

TEST(RealClock, StopDropsPendingTasksAndIsIdempotent) {
  std::atomic<bool> ran{false};
  {
    RealClock clock;
    clock.schedule(clock.now() + fromSeconds(3600), [&] { ran = true; });
    clock.stop();
    clock.stop();
  }  // the destructor stops again
  EXPECT_FALSE(ran.load());
}

TEST(RealClock, StopAfterTasksRan) {
  std::promise<void> done;
  auto finished = done.get_future();
  RealClock clock;
  clock.post([&] { done.set_value(); });
  ASSERT_EQ(finished.wait_for(kGenerous), std::future_status::ready);
  clock.stop();
  clock.stop();
}

}  // namespace
