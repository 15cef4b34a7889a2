// VirtualClock (REFERENCE §9): a discrete-event queue; nothing sleeps.
#include "autolife/core/clock.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

using autolife::core::fromSeconds;
using autolife::core::Phase;
using autolife::core::Time;
using autolife::core::TimerId;
using autolife::core::VirtualClock;

namespace {

Time sec(double s) { return fromSeconds(s); }

TEST(VirtualClock, StartsAtZeroWithNothingPending) {
  VirtualClock clock;
  EXPECT_EQ(clock.now(), Time{0});
  EXPECT_EQ(clock.pending(), 0u);
  EXPECT_FALSE(clock.nextEventTime().has_value());
  EXPECT_FALSE(clock.runNext());
}

TEST(VirtualClock, TasksRunInDeadlineOrderAtTheirDeadline) {
  VirtualClock clock;
  std::vector<std::pair<int, Time>> ran;
  clock.schedule(sec(3), [&] { ran.push_back({3, clock.now()}); });
  clock.schedule(sec(1), [&] { ran.push_back({1, clock.now()}); });
  clock.schedule(sec(2), [&] { ran.push_back({2, clock.now()}); });
  EXPECT_EQ(clock.pending(), 3u);
  EXPECT_EQ(clock.nextEventTime(), sec(1));
  clock.runUntil(sec(10));
  std::vector<std::pair<int, Time>> expected{{1, sec(1)}, {2, sec(2)}, {3, sec(3)}};
  EXPECT_EQ(ran, expected);
  EXPECT_EQ(clock.now(), sec(10));
  EXPECT_EQ(clock.pending(), 0u);
}

TEST(VirtualClock, SameInstantRunsInputPhaseBeforeAfterInputsThenFifo) {
  VirtualClock clock;
  std::string order;
  clock.schedule(sec(1), [&] { order += 'a'; }, Phase::AfterInputs);
  clock.schedule(sec(1), [&] { order += 'B'; }, Phase::Input);
  clock.schedule(sec(1), [&] { order += 'c'; }, Phase::AfterInputs);
  clock.schedule(sec(1), [&] { order += 'D'; });  // Input is the default phase
  clock.schedule(sec(0.5), [&] { order += '0'; }, Phase::AfterInputs);
  clock.runUntil(sec(1));
  EXPECT_EQ(order, "0BDac");
}

TEST(VirtualClock, ExactSumsOfSecondsMeetAtTheSameInstant) {
  VirtualClock clock;
  std::string order;
  clock.schedule(sec(0.1) + sec(0.2), [&] { order += "late-phase"; }, Phase::AfterInputs);
  clock.schedule(sec(0.3), [&] { order += "input,"; }, Phase::Input);
  clock.runUntil(sec(0.3));
  EXPECT_EQ(order, "input,late-phase");
}

TEST(VirtualClock, AdvanceToLeavesTasksDueExactlyAtTargetPending) {
  VirtualClock clock;
  std::vector<int> ran;
  clock.schedule(sec(1), [&] { ran.push_back(1); });
  clock.schedule(sec(2), [&] { ran.push_back(2); });
  clock.schedule(sec(2), [&] { ran.push_back(22); }, Phase::AfterInputs);
  clock.advanceTo(sec(2));
  EXPECT_EQ(ran, std::vector<int>{1});
  EXPECT_EQ(clock.now(), sec(2));
  EXPECT_EQ(clock.pending(), 2u);
  EXPECT_EQ(clock.nextEventTime(), sec(2));
  // Now (inputs applied at t=2 would go here) run what is due at 2.
  clock.runUntil(sec(2));
  EXPECT_EQ(ran, (std::vector<int>{1, 2, 22}));
  EXPECT_EQ(clock.pending(), 0u);
}

TEST(VirtualClock, AdvanceToRunsTasksScheduledByTasksBeforeTarget) {
  VirtualClock clock;
  std::vector<std::pair<std::string, Time>> ran;
  clock.schedule(sec(1), [&] {
    ran.push_back({"first", clock.now()});
    clock.schedule(sec(1.5), [&] { ran.push_back({"inner", clock.now()}); });
    clock.schedule(sec(3), [&] { ran.push_back({"at-target", clock.now()}); });
  });
  clock.advanceTo(sec(3));
  std::vector<std::pair<std::string, Time>> expected{{"first", sec(1)}, {"inner", sec(1.5)}};
  EXPECT_EQ(ran, expected);
  EXPECT_EQ(clock.pending(), 1u);
  EXPECT_EQ(clock.now(), sec(3));
}

TEST(VirtualClock, RunUntilRunsTasksScheduledAtOrBeforeTarget) {
  VirtualClock clock;
  std::vector<std::pair<std::string, Time>> ran;
  clock.schedule(sec(2), [&] {
    ran.push_back({"outer", clock.now()});
    clock.schedule(sec(2), [&] {
      ran.push_back({"same-instant", clock.now()});
      clock.schedule(sec(2), [&] { ran.push_back({"chained", clock.now()}); });
    });
    clock.schedule(sec(1), [&] { ran.push_back({"past", clock.now()}); });
    clock.schedule(sec(2.5), [&] { ran.push_back({"later", clock.now()}); });
  });
  clock.runUntil(sec(2));
  std::vector<std::pair<std::string, Time>> expected{
      {"outer", sec(2)}, {"same-instant", sec(2)}, {"past", sec(2)}, {"chained", sec(2)}};
  EXPECT_EQ(ran, expected);
  EXPECT_EQ(clock.now(), sec(2));
  EXPECT_EQ(clock.pending(), 1u);
  EXPECT_EQ(clock.nextEventTime(), sec(2.5));
}

TEST(VirtualClock, NowMovesOnlyWhenAdvanced) {
  VirtualClock clock;
  clock.schedule(sec(5), [] {});
  EXPECT_EQ(clock.now(), Time{0});
  clock.advanceTo(sec(1));
  EXPECT_EQ(clock.now(), sec(1));
  clock.runUntil(sec(4));
  EXPECT_EQ(clock.now(), sec(4));
  EXPECT_EQ(clock.pending(), 1u);
}

TEST(VirtualClock, RunNextRunsOneTaskAndMovesToItsTime) {
  VirtualClock clock;
  std::vector<int> ran;
  clock.schedule(sec(7), [&] { ran.push_back(7); });
  clock.schedule(sec(4), [&] { ran.push_back(4); });
  EXPECT_TRUE(clock.runNext());
  EXPECT_EQ(ran, std::vector<int>{4});
  EXPECT_EQ(clock.now(), sec(4));
  EXPECT_TRUE(clock.runNext());
  EXPECT_EQ(clock.now(), sec(7));
  EXPECT_FALSE(clock.runNext());
  EXPECT_EQ(ran, (std::vector<int>{4, 7}));
}

TEST(VirtualClock, CancelledTaskNeverRuns) {
  VirtualClock clock;
  std::vector<int> ran;
  TimerId a = clock.schedule(sec(1), [&] { ran.push_back(1); });
  TimerId b = clock.schedule(sec(2), [&] { ran.push_back(2); });
  EXPECT_NE(a, b);
  EXPECT_TRUE(clock.cancel(a));
  EXPECT_FALSE(clock.cancel(a));  // already cancelled
  EXPECT_EQ(clock.pending(), 1u);
  EXPECT_EQ(clock.nextEventTime(), sec(2));
  clock.runUntil(sec(5));
  EXPECT_EQ(ran, std::vector<int>{2});
  EXPECT_FALSE(clock.cancel(b));  // already ran
}

TEST(VirtualClock, TaskCanCancelALaterTask) {
  VirtualClock clock;
  std::vector<int> ran;
  TimerId later = 0;
  clock.schedule(sec(1), [&] {
    ran.push_back(1);
    EXPECT_TRUE(clock.cancel(later));
  });
  later = clock.schedule(sec(1), [&] { ran.push_back(2); });
  clock.runUntil(sec(1));
  EXPECT_EQ(ran, std::vector<int>{1});
}

TEST(VirtualClock, SchedulingInThePastRunsAtNow) {
  VirtualClock clock;
  clock.advanceTo(sec(5));
  std::vector<Time> at;
  clock.schedule(sec(2), [&] { at.push_back(clock.now()); });
  EXPECT_EQ(clock.nextEventTime(), sec(5));
  clock.runUntil(sec(5));
  ASSERT_EQ(at.size(), 1u);
  EXPECT_EQ(at[0], sec(5));
  EXPECT_EQ(clock.now(), sec(5));
}

TEST(VirtualClock, PastTaskRunsAfterTasksAlreadyDueNow) {
  VirtualClock clock;
  std::string order;
  clock.schedule(sec(5), [&] { order += 'a'; });
  clock.advanceTo(sec(5));
  clock.schedule(sec(1), [&] { order += 'b'; });  // in the past: due now, queued after 'a'
  clock.runUntil(sec(5));
  EXPECT_EQ(order, "ab");
}

TEST(VirtualClock, PostRunsAtNow) {
  VirtualClock clock;
  clock.advanceTo(sec(3));
  Time ranAt{-1};
  clock.post([&] { ranAt = clock.now(); });
  EXPECT_EQ(clock.pending(), 1u);
  clock.runUntil(sec(3));
  EXPECT_EQ(ranAt, sec(3));
}

TEST(VirtualClock, DefaultWallStartIsMonday5January2026At9Utc) {
  using namespace std::chrono;
  VirtualClock clock;
  const sys_seconds expected = sys_days{year{2026} / January / 5} + hours{9};
  EXPECT_EQ(VirtualClock::defaultWallStart(), expected);
  EXPECT_EQ(clock.wallTime(Time{0}), expected);
  EXPECT_EQ(weekday{sys_days{year{2026} / January / 5}}, Monday);
  EXPECT_EQ(clock.wallTime(sec(90)), expected + seconds{90});
  EXPECT_EQ(clock.wallTime(sec(0.5)), expected + milliseconds{500});
}

TEST(VirtualClock, WallStartCanBeChosen) {
  using namespace std::chrono;
  const sys_seconds start = sys_days{year{2030} / June / 1} + hours{22};
  VirtualClock clock(start);
  EXPECT_EQ(clock.wallTime(Time{0}), start);
  EXPECT_EQ(clock.wallTime(sec(7200)), start + hours{2});
}

}  // namespace
