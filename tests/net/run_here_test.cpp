// core::Clock::runHere on the event loop's clock: a task runs on the
// caller's stack only where that is the order a post would give it (the
// loop's thread, outside any task, nothing due); otherwise it is left to
// the caller to post (docs/api.md "How it runs").
#include <gtest/gtest.h>

#include <future>
#include <stdexcept>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "autolife/net/event_loop.hpp"

namespace autolife::net {
namespace {

// Runs `body` as a handler of the loop's io_context (not as an engine task)
// and waits for it.
template <class F>
void onTheLoopsThread(EventLoop& loop, F body) {
  std::promise<void> done;
  boost::asio::post(loop.ioContext(), [&] {
    body();
    done.set_value();
  });
  done.get_future().wait();
}

TEST(RunHere, OnTheLoopsThreadWithNothingDueTheTaskRunsAtOnce) {
  EventLoop loop;
  loop.start();
  std::vector<int> order;
  onTheLoopsThread(loop, [&] {
    EXPECT_TRUE(loop.clock().runHere([&] { order.push_back(1); }));
    order.push_back(2);
  });
  EXPECT_EQ(order, (std::vector<int>{1, 2}));
}

TEST(RunHere, ATaskAlreadyDueKeepsItsTurnAheadOfIt) {
  EventLoop loop;
  loop.start();
  std::promise<std::vector<int>> result;
  onTheLoopsThread(loop, [&] {
    auto order = std::make_shared<std::vector<int>>();
    loop.clock().post([order] { order->push_back(1); });
    EXPECT_FALSE(loop.clock().runHere([order] { order->push_back(2); }));
    loop.clock().post([order, &result] {
      order->push_back(3);
      result.set_value(*order);
    });
  });
  EXPECT_EQ(result.get_future().get(), (std::vector<int>{1, 3}));  // the refused task was not run
}

TEST(RunHere, NotInsideAnEngineTaskNorFromAnotherThread) {
  EventLoop loop;
  loop.start();
  bool ran = false;
  EXPECT_FALSE(loop.clock().runHere([&] { ran = true; }));  // the test's own thread
  std::promise<bool> inside;
  loop.clock().post([&] { inside.set_value(loop.clock().runHere([&] { ran = true; })); });
  EXPECT_FALSE(inside.get_future().get());
  EXPECT_FALSE(ran);
}

TEST(RunHere, ATaskThatThrowsIsReportedAndTheLoopGoesOn) {
  EventLoop loop;
  loop.start();
  testing::internal::CaptureStderr();
  onTheLoopsThread(loop, [&] { EXPECT_TRUE(loop.clock().runHere([] { throw std::runtime_error("boom"); })); });
  EXPECT_NE(testing::internal::GetCapturedStderr().find("an engine task failed: boom"), std::string::npos);
  // Still the loop's turn: the next call runs in place again.
  onTheLoopsThread(loop, [&] { EXPECT_TRUE(loop.clock().runHere([] {})); });
}

TEST(RunHere, VirtualTimeNeverRunsATaskOnTheCallersStack) {
  core::VirtualClock clock;
  bool ran = false;
  EXPECT_FALSE(clock.runHere([&] { ran = true; }));
  EXPECT_FALSE(ran);
}

}  // namespace
}  // namespace autolife::net
