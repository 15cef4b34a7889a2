// Dispatcher: a serial notification queue. FIFO; a task that queues tasks sees
// them run after itself (never nested); a throwing task is reported and the
// queue goes on.
#include "autolife/core/dispatcher.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

using autolife::core::Dispatcher;

namespace {

TEST(Dispatcher, PostedTasksWaitForDrain) {
  Dispatcher d;
  int runs = 0;
  d.post([&] { ++runs; });
  d.post([&] { ++runs; });
  EXPECT_EQ(runs, 0);
  d.drain();
  EXPECT_EQ(runs, 2);
  d.drain();  // nothing left
  EXPECT_EQ(runs, 2);
}

TEST(Dispatcher, DrainOfEmptyQueueDoesNothing) {
  Dispatcher d;
  d.drain();
  int runs = 0;
  d.dispatch([&] { ++runs; });
  EXPECT_EQ(runs, 1);
}

TEST(Dispatcher, RunsTasksInFifoOrder) {
  Dispatcher d;
  std::vector<int> order;
  for (int i = 0; i < 100; ++i) d.post([&, i] { order.push_back(i); });
  d.drain();
  ASSERT_EQ(order.size(), 100u);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(order[static_cast<std::size_t>(i)], i);
}

TEST(Dispatcher, DispatchRunsImmediatelyWhenIdle) {
  Dispatcher d;
  std::string log;
  d.dispatch([&] { log += 'a'; });
  log += '|';
  d.dispatch([&] { log += 'b'; });
  EXPECT_EQ(log, "a|b");
}

TEST(Dispatcher, TaskDispatchingTasksRunsThemAfterItselfNotNested) {
  Dispatcher d;
  std::vector<std::string> log;
  d.dispatch([&] {
    log.push_back("A begin");
    d.dispatch([&] {
      log.push_back("B begin");
      d.dispatch([&] { log.push_back("D"); });
      log.push_back("B end");
    });
    d.post([&] { log.push_back("C"); });
    log.push_back("A end");
  });
  EXPECT_EQ(log, (std::vector<std::string>{"A begin", "A end", "B begin", "B end", "C", "D"}));
}

TEST(Dispatcher, TasksPostedBeforeANestedDispatchKeepTheirPlace) {
  Dispatcher d;
  std::string log;
  d.post([&] {
    log += '1';
    d.dispatch([&] { log += '3'; });
  });
  d.post([&] { log += '2'; });
  d.drain();
  EXPECT_EQ(log, "123");
}

TEST(Dispatcher, ThrowingTaskIsReportedAndQueueContinues) {
  Dispatcher d;
  std::vector<std::string> errors;
  d.setErrorHandler([&](const std::string& msg) { errors.push_back(msg); });
  std::string log;
  d.post([&] { log += 'a'; });
  d.post([] { throw std::runtime_error("callback exploded"); });
  d.post([&] { log += 'b'; });
  d.post([] { throw 42; });  // not a std::exception
  d.post([&] { log += 'c'; });
  d.drain();
  EXPECT_EQ(log, "abc");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_NE(errors[0].find("callback exploded"), std::string::npos);
  EXPECT_FALSE(errors[1].empty());
}

TEST(Dispatcher, DispatcherStillWorksAfterAThrowingDispatch) {
  Dispatcher d;
  int reported = 0;
  d.setErrorHandler([&](const std::string&) { ++reported; });
  EXPECT_NO_THROW(d.dispatch([] { throw std::logic_error("boom"); }));
  int runs = 0;
  d.dispatch([&] { ++runs; });
  EXPECT_EQ(reported, 1);
  EXPECT_EQ(runs, 1);
}

TEST(Dispatcher, ThrowingTaskWithoutHandlerDoesNotPropagate) {
  Dispatcher d;
  int runs = 0;
  d.post([] { throw std::runtime_error("to stderr"); });
  d.post([&] { ++runs; });
  EXPECT_NO_THROW(d.drain());
  EXPECT_EQ(runs, 1);
}

}  // namespace

namespace {

// A Hold defers the notifications of writes made while it lives, so that a
// state machine's listeners run after its transition, never half-way.
TEST(DispatcherHold, DefersTasksUntilTheHoldEnds) {
  autolife::core::Dispatcher d;
  std::vector<int> log;
  {
    autolife::core::Dispatcher::Hold hold(d);
    d.dispatch([&] { log.push_back(1); });
    d.dispatch([&] { log.push_back(2); });
    log.push_back(0);  // the transition goes on first
  }
  EXPECT_EQ(log, (std::vector<int>{0, 1, 2}));
}

TEST(DispatcherHold, InsideADrainItChangesNothing) {
  autolife::core::Dispatcher d;
  std::vector<int> log;
  d.dispatch([&] {
    autolife::core::Dispatcher::Hold hold(d);
    d.dispatch([&] { log.push_back(2); });
    log.push_back(1);
  });
  EXPECT_EQ(log, (std::vector<int>{1, 2}));
}

}  // namespace
