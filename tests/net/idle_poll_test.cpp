// The event loop's polling before it sleeps (docs/api.md "How it runs"):
// the window's rule (haltpoll's), and a loop that polls still runs every
// task in order and stops when asked, wherever it is.
#include <gtest/gtest.h>

#include <future>
#include <vector>

#include "autolife/net/event_loop.hpp"
#include "autolife/net/idle_poll.hpp"

namespace autolife::net {
namespace {

using std::chrono::microseconds;
using std::chrono::milliseconds;

TEST(IdlePoll, StartsWithNoWindow) { EXPECT_EQ(IdlePoll(microseconds(100)).window().count(), 0); }

TEST(IdlePoll, AnIdleTheWindowMissedButMaxWouldCatchDoublesItFromGrowStart) {
  IdlePoll idle(microseconds(100), microseconds(10));
  idle.idled(microseconds(30));
  EXPECT_EQ(idle.window(), microseconds(10));
  idle.idled(microseconds(30));
  EXPECT_EQ(idle.window(), microseconds(20));
  idle.idled(microseconds(30));
  EXPECT_EQ(idle.window(), microseconds(40));
  idle.idled(microseconds(90));
  EXPECT_EQ(idle.window(), microseconds(80));
  idle.idled(microseconds(90));
  EXPECT_EQ(idle.window(), microseconds(100));  // not beyond max
  idle.idled(microseconds(100));
  EXPECT_EQ(idle.window(), microseconds(100));
}

TEST(IdlePoll, AnIdleTheWindowCaughtLeavesIt) {
  IdlePoll idle(microseconds(100), microseconds(10));
  idle.idled(microseconds(30));
  idle.idled(microseconds(30));
  ASSERT_EQ(idle.window(), microseconds(20));
  idle.idled(microseconds(15));
  idle.idled(microseconds(0));
  EXPECT_EQ(idle.window(), microseconds(20));
}

TEST(IdlePoll, AnIdleLongerThanMaxHalvesItAndBelowGrowStartThereIsNone) {
  IdlePoll idle(microseconds(100), microseconds(10));
  for (int i = 0; i < 5; ++i) idle.idled(microseconds(90));
  ASSERT_EQ(idle.window(), microseconds(100));
  idle.idled(microseconds(101));
  EXPECT_EQ(idle.window(), microseconds(50));
  idle.idled(milliseconds(5));
  EXPECT_EQ(idle.window(), microseconds(25));
  idle.idled(milliseconds(5));
  EXPECT_EQ(idle.window(), microseconds(12) + std::chrono::nanoseconds(500));
  idle.idled(milliseconds(5));
  EXPECT_EQ(idle.window().count(), 0);
  idle.idled(milliseconds(5));
  EXPECT_EQ(idle.window().count(), 0);
}

TEST(IdlePoll, ALoopWokenEveryFewMillisecondsEndsWithNoWindow) {
  IdlePoll idle(microseconds(100));
  for (int i = 0; i < 4; ++i) idle.idled(microseconds(60));  // a burst of calls
  ASSERT_GT(idle.window().count(), 0);
  for (int i = 0; i < 4; ++i) idle.idled(milliseconds(10));  // then life's pace
  EXPECT_EQ(idle.window().count(), 0);
}

TEST(IdlePoll, MaxZeroNeverPolls) {
  IdlePoll idle(microseconds(0));
  for (auto d : {0, 1, 50, 5000}) {
    idle.idled(microseconds(d));
    EXPECT_EQ(idle.window().count(), 0) << d;
  }
}

// Another thread and the loop take turns, as a client and the server do:
// the window opens, and every task still runs, in order.
std::vector<int> pingPong(EventLoop& loop, int turns) {
  std::vector<int> seen;
  for (int i = 0; i < turns; ++i) {
    std::promise<void> done;
    loop.clock().post([&, i] {
      seen.push_back(i);
      done.set_value();
    });
    done.get_future().wait();
  }
  return seen;
}

TEST(PollingLoop, RunsEveryTaskInOrderAndStopsWhilePolling) {
  for (const auto max : {microseconds(0), microseconds(100), microseconds(20000)}) {
    EventLoop loop({max});
    loop.start();
    const auto seen = pingPong(loop, 500);
    ASSERT_EQ(seen.size(), 500u) << max.count();
    for (int i = 0; i < 500; ++i) ASSERT_EQ(seen[i], i) << max.count();
    loop.stop();  // with a 20 ms window, most likely while it polls
    EXPECT_FALSE(loop.running());
  }
}

// The window grows to its maximum in a few misses, each a wait; after that
// a peer's turn shorter than a second is found by polling. A loop that
// never polled waits hundreds of times here (one wait may run several
// turns, when the next task comes while the clock runs its due ones).
TEST(PollingLoop, APeerTakingTurnsIsFoundByPollingNotWaitedFor) {
  EventLoop loop({std::chrono::seconds(1)});
  loop.start();
  const auto before = loop.idleCounts();
  pingPong(loop, 1000);
  const auto after = loop.idleCounts();
  EXPECT_LT(after.waited - before.waited, 50u);
  EXPECT_GT(after.polled - before.polled, 0u);  // (a poll may run several turns)
}

// What the test holds is `polled == 0`. Read once the loop stopped: under
// load the clock may run every turn inside the one wait still going when
// pingPong returns, and a count read then was 0 (seen under a full ctest
// -j2 beside two fuzzers); after the stop that wait has ended and counted.
TEST(PollingLoop, WithNoWindowEveryIdlePeriodIsAWait) {
  EventLoop loop({microseconds(0)});
  loop.start();
  pingPong(loop, 200);
  loop.stop();
  const auto counts = loop.idleCounts();
  EXPECT_EQ(counts.polled, 0u);
  EXPECT_GT(counts.waited, 0u);
}

TEST(PollingLoop, TimersStillFireAndTheLoopStartsAgain) {
  EventLoop loop({microseconds(100)});
  for (int round = 0; round < 2; ++round) {
    loop.start();
    std::promise<void> fired;
    loop.clock().schedule(loop.clock().now() + milliseconds(2), [&] { fired.set_value(); });
    EXPECT_EQ(fired.get_future().wait_for(std::chrono::seconds(30)), std::future_status::ready) << round;
    loop.stop();
  }
}

}  // namespace
}  // namespace autolife::net
