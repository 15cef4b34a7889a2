// Subscriptions (REFERENCE §2, decision 27): subscriber(key).signal and
// subscribeToEvent callbacks are called on insertData and raise* (not on remove
// or declare), after the write, in write order, on the writing thread; a
// callback that writes memory sees its own notification come after it, not
// nested; a throwing callback is reported and the others still run.
#include "memory_test_support.hpp"

#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using autolife::core::Value;
using namespace autolife::memory;
using namespace autolife::memory::testing;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

namespace {

using MemorySubscriptions = MemoryTest;

std::string show(const std::string& key, const Value& v) { return key + "=" + v.toJson(); }

TEST_F(MemorySubscriptions, SubscriberSignalFiresOnInsertAndRaise) {
  auto sub = memory.subscriber("k");
  EXPECT_EQ(sub->key(), "k");
  std::vector<std::string> got;
  sub->signal.connect([&](const Value& v) { got.push_back(v.toJson()); });
  memory.insertData("k", 1);
  memory.insertData("k", 1);  // the same value again is still a write
  memory.raiseEvent("k", 2.5);
  memory.raiseMicroEvent("k", "m");
  EXPECT_THAT(got, ElementsAre("1", "1", "2.5", "\"m\""));
}

TEST_F(MemorySubscriptions, SubscriberIsNotCalledOnRemoveOrDeclare) {
  auto sub = memory.subscriber("k");
  int calls = 0;
  sub->signal.connect([&](const Value&) { ++calls; });
  memory.declareEvent("k");
  memory.removeData("k");
  memory.insertData("k", 1);
  memory.removeData("k");
  memory.declareEvent("k");
  EXPECT_EQ(calls, 1);
}

TEST_F(MemorySubscriptions, SubscriberOnlyHearsItsOwnKey) {
  auto sub = memory.subscriber("mine");
  int calls = 0;
  sub->signal.connect([&](const Value&) { ++calls; });
  memory.insertData("other", 1);
  memory.insertData("mine/child", 1);
  memory.raiseEvent("minee", 1);
  EXPECT_EQ(calls, 0);
}

TEST_F(MemorySubscriptions, SubscriberOnExistingKeyIsNotCalledForThePast) {
  memory.insertData("k", 1);
  auto sub = memory.subscriber("k");
  std::vector<std::string> got;
  sub->signal.connect([&](const Value& v) { got.push_back(v.toJson()); });
  EXPECT_THAT(got, IsEmpty());
  memory.insertData("k", 2);
  EXPECT_THAT(got, ElementsAre("2"));
}

TEST_F(MemorySubscriptions, SubscribersHaveDistinctNamesListedByGetSubscribers) {
  auto a = memory.subscriber("k");
  auto b = memory.subscriber("k");
  memory.subscribeToEvent("k", "MyModule", [](const std::string&, const Value&) {});
  EXPECT_NE(a->name(), b->name());
  EXPECT_EQ(a->name().rfind("k#", 0), 0u) << a->name();
  EXPECT_THAT(memory.getSubscribers("k"), UnorderedElementsAre(a->name(), b->name(), "MyModule"));
  EXPECT_THAT(memory.getSubscribers("unwatched"), IsEmpty());
}

TEST_F(MemorySubscriptions, DroppedSubscriberStopsReceivingAndDisappears) {
  auto kept = memory.subscriber("k");
  auto dropped = memory.subscriber("k");
  std::string droppedName = dropped->name();
  auto calls = std::make_shared<int>(0);
  dropped->signal.connect([calls](const Value&) { ++*calls; });
  int keptCalls = 0;
  kept->signal.connect([&](const Value&) { ++keptCalls; });
  memory.insertData("k", 1);
  EXPECT_EQ(*calls, 1);
  dropped.reset();
  EXPECT_THAT(memory.getSubscribers("k"), ElementsAre(kept->name()));
  memory.insertData("k", 2);
  memory.raiseEvent("k", 3);
  EXPECT_EQ(*calls, 1);
  EXPECT_EQ(keptCalls, 3);
}

TEST_F(MemorySubscriptions, SubscribeToEventCallbackGetsKeyAndValue) {
  std::vector<std::string> got;
  memory.subscribeToEvent("FrontTactilTouched", "test",
                          [&](const std::string& key, const Value& v) { got.push_back(show(key, v)); });
  memory.raiseEvent("FrontTactilTouched", 1);
  memory.raiseEvent("FrontTactilTouched", 0);
  memory.insertData("FrontTactilTouched", 1.0);
  EXPECT_THAT(got, ElementsAre("FrontTactilTouched=1", "FrontTactilTouched=0", "FrontTactilTouched=1.0"));
}

TEST_F(MemorySubscriptions, SubscribeToEventNotCalledOnRemoveOrDeclare) {
  int calls = 0;
  memory.subscribeToEvent("e", "test", [&](const std::string&, const Value&) { ++calls; });
  memory.declareEvent("e");
  memory.raiseEvent("e", 1);
  memory.removeData("e");
  EXPECT_EQ(calls, 1);
}

TEST_F(MemorySubscriptions, UnsubscribeToEventStopsTheCallback) {
  int calls = 0;
  SubscriptionId sid = memory.subscribeToEvent("e", "gone", [&](const std::string&, const Value&) { ++calls; });
  memory.raiseEvent("e", 1);
  EXPECT_TRUE(memory.unsubscribeToEvent(sid));
  EXPECT_FALSE(memory.unsubscribeToEvent(sid));
  memory.raiseEvent("e", 2);
  EXPECT_EQ(calls, 1);
  EXPECT_THAT(memory.getSubscribers("e"), IsEmpty());
}

TEST_F(MemorySubscriptions, UnsubscribeOnlyRemovesThatSubscription) {
  std::string log;
  SubscriptionId a = memory.subscribeToEvent("e", "A", [&](const std::string&, const Value&) { log += 'a'; });
  memory.subscribeToEvent("e", "B", [&](const std::string&, const Value&) { log += 'b'; });
  memory.raiseEvent("e", 1);
  memory.unsubscribeToEvent(a);
  memory.raiseEvent("e", 2);
  EXPECT_EQ(log, "ab" "b");
  EXPECT_THAT(memory.getSubscribers("e"), ElementsAre("B"));
}

TEST_F(MemorySubscriptions, UnsubscribeUnknownIdReturnsFalse) {
  EXPECT_FALSE(memory.unsubscribeToEvent(987654));
}

TEST_F(MemorySubscriptions, CallbacksFireInWriteOrderAcrossKeys) {
  std::vector<std::string> got;
  auto record = [&](const std::string& key, const Value& v) { got.push_back(show(key, v)); };
  memory.subscribeToEvent("a", "t", record);
  memory.subscribeToEvent("b", "t", record);
  memory.insertListData({{"a", 1}, {"b", 2}, {"a", 3}});
  memory.raiseEvent("b", 4);
  memory.insertData("a", 5);
  EXPECT_THAT(got, ElementsAre("a=1", "b=2", "a=3", "b=4", "a=5"));
}

TEST_F(MemorySubscriptions, SeveralSubscribersOfOneKeyAreCalledInSubscriptionOrder) {
  std::string log;
  memory.subscribeToEvent("k", "1", [&](const std::string&, const Value&) { log += '1'; });
  auto sub = memory.subscriber("k");
  sub->signal.connect([&](const Value&) { log += '2'; });
  memory.subscribeToEvent("k", "3", [&](const std::string&, const Value&) { log += '3'; });
  memory.insertData("k", 0);
  EXPECT_EQ(log, "123");
}

TEST_F(MemorySubscriptions, CallbackRunsAfterTheWriteAndCanReadMemory) {
  Value seen;
  std::string seenType;
  memory.subscribeToEvent("k", "t", [&](const std::string& key, const Value&) {
    seen = memory.getData(key);
    seenType = memory.getType(key);
  });
  memory.raiseEvent("k", 42);
  EXPECT_TRUE(identical(seen, Value(42)));
  EXPECT_EQ(seenType, "Event");
}

TEST_F(MemorySubscriptions, CallbackWritingMemoryIsNotNested) {
  std::vector<std::string> log;
  memory.subscribeToEvent("a", "t", [&](const std::string&, const Value& v) {
    log.push_back("a begin " + v.toJson());
    memory.insertData("b", v.asInt() * 10);
    log.push_back("a end " + v.toJson());
  });
  memory.subscribeToEvent("b", "t", [&](const std::string&, const Value& v) { log.push_back("b " + v.toJson()); });
  memory.insertData("a", 1);
  EXPECT_THAT(log, ElementsAre("a begin 1", "a end 1", "b 10"));
  EXPECT_TRUE(identical(memory.getData("b"), Value(10)));
}

TEST_F(MemorySubscriptions, CallbackWritingItsOwnKeySeesEachWriteInOrder) {
  std::vector<std::string> log;
  int depth = 0;
  int maxDepth = 0;
  memory.subscribeToEvent("counter", "t", [&](const std::string&, const Value& v) {
    maxDepth = std::max(maxDepth, ++depth);
    log.push_back(v.toJson());
    if (v.asInt() < 5) memory.insertData("counter", v.asInt() + 1);
    --depth;
  });
  memory.insertData("counter", 1);
  EXPECT_THAT(log, ElementsAre("1", "2", "3", "4", "5"));
  EXPECT_EQ(maxDepth, 1);
  EXPECT_TRUE(identical(memory.getData("counter"), Value(5)));
}

TEST_F(MemorySubscriptions, NotificationsQueuedBeforeACallbackWriteComeFirst) {
  std::vector<std::string> got;
  memory.subscribeToEvent("a", "t", [&](const std::string& k, const Value& v) {
    got.push_back(show(k, v));
    if (v.asInt() == 1) memory.insertData("c", 3);
  });
  memory.subscribeToEvent("b", "t", [&](const std::string& k, const Value& v) { got.push_back(show(k, v)); });
  memory.subscribeToEvent("c", "t", [&](const std::string& k, const Value& v) { got.push_back(show(k, v)); });
  memory.insertListData({{"a", 1}, {"b", 2}});  // b was written before c
  EXPECT_THAT(got, ElementsAre("a=1", "b=2", "c=3"));
}

TEST_F(MemorySubscriptions, ThrowingCallbackIsReportedAndOthersStillRun) {
  std::vector<std::string> errors;
  memory.dispatcher().setErrorHandler([&](const std::string& e) { errors.push_back(e); });
  std::string log;
  memory.subscribeToEvent("k", "bad", [&](const std::string&, const Value&) {
    log += 'x';
    throw std::runtime_error("user callback failed");
  });
  memory.subscribeToEvent("k", "good", [&](const std::string&, const Value&) { log += 'g'; });
  memory.subscribeToEvent("other", "good", [&](const std::string&, const Value&) { log += 'o'; });
  EXPECT_NO_THROW(memory.insertListData({{"k", 1}, {"other", 2}}));
  EXPECT_NO_THROW(memory.raiseEvent("k", 3));
  EXPECT_EQ(log, "xgo" "xg");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_NE(errors[0].find("user callback failed"), std::string::npos);
  EXPECT_TRUE(identical(memory.getData("k"), Value(3)));
}

TEST_F(MemorySubscriptions, ThrowingSubscriberDoesNotStopOtherSubscribers) {
  int reported = 0;
  memory.dispatcher().setErrorHandler([&](const std::string&) { ++reported; });
  auto bad = memory.subscriber("k");
  auto good = memory.subscriber("k");
  bad->signal.connect([](const Value&) { throw std::runtime_error("bad subscriber"); });
  int goodCalls = 0;
  good->signal.connect([&](const Value&) { ++goodCalls; });
  memory.insertData("k", 1);
  memory.insertData("k", 2);
  EXPECT_EQ(goodCalls, 2);
  EXPECT_EQ(reported, 2);
}

TEST_F(MemorySubscriptions, ThrowingSignalCallbackDoesNotStopTheNextOneOnTheSameSignal) {
  int reported = 0;
  memory.dispatcher().setErrorHandler([&](const std::string&) { ++reported; });
  auto sub = memory.subscriber("k");
  sub->signal.connect([](const Value&) { throw std::runtime_error("first callback"); });
  int secondCalls = 0;
  sub->signal.connect([&](const Value&) { ++secondCalls; });
  memory.raiseEvent("k", 1);
  EXPECT_EQ(secondCalls, 1);
  EXPECT_EQ(reported, 1);
}

TEST_F(MemorySubscriptions, CallbackRunsOnTheWritingThread) {
  std::thread::id callbackThread;
  memory.subscribeToEvent("k", "t", [&](const std::string&, const Value&) { callbackThread = std::this_thread::get_id(); });
  std::thread::id writer;
  std::thread t([&] {
    writer = std::this_thread::get_id();
    memory.insertData("k", 1);
  });
  t.join();
  EXPECT_EQ(callbackThread, writer);
}

TEST_F(MemorySubscriptions, MetaEventsReachSubscribers) {
  std::vector<std::string> got;
  auto sub = memory.subscriber(Memory::kKeyAdded);
  sub->signal.connect([&](const Value& v) { got.push_back(v.toJson()); });
  memory.insertData("fresh", 1);
  memory.insertData("fresh", 2);
  EXPECT_THAT(got, ElementsAre("\"fresh\""));
}

TEST_F(MemorySubscriptions, SubscribingDoesNotCreateTheKey) {
  auto sub = memory.subscriber("later");
  memory.subscribeToEvent("later2", "t", [](const std::string&, const Value&) {});
  EXPECT_THROW((void)memory.getData("later"), MemoryError);
  EXPECT_THROW((void)memory.getData("later2"), MemoryError);
  std::vector<std::string> got;
  sub->signal.connect([&](const Value& v) { got.push_back(v.toJson()); });
  memory.insertData("later", "now");
  EXPECT_THAT(got, ElementsAre("\"now\""));
}

}  // namespace

namespace {

// A notification queued (here behind a Hold, as during a Life transition)
// is not delivered once its subscription is gone: a caller that
// unsubscribes in its destructor is never called back afterwards.
TEST_F(MemorySubscriptions, NoCallbackRunsAfterUnsubscribeReturnsEvenWhenAlreadyQueued) {
  int calls = 0;
  int signalCalls = 0;
  {
    autolife::core::Dispatcher::Hold hold(memory.dispatcher());
    SubscriptionId sid = memory.subscribeToEvent("k", "gone", [&](const std::string&, const Value&) { ++calls; });
    auto sub = memory.subscriber("k");
    sub->signal.connect([&](const Value&) { ++signalCalls; });
    memory.insertData("k", 1);
    EXPECT_TRUE(memory.unsubscribeToEvent(sid));
    sub.reset();
  }
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(signalCalls, 0);
}

TEST_F(MemorySubscriptions, AQueuedNotificationStillReachesTheSubscriptionsThatRemain) {
  std::string log;
  {
    autolife::core::Dispatcher::Hold hold(memory.dispatcher());
    SubscriptionId a = memory.subscribeToEvent("k", "A", [&](const std::string&, const Value&) { log += 'a'; });
    memory.subscribeToEvent("k", "B", [&](const std::string&, const Value&) { log += 'b'; });
    memory.insertData("k", 1);
    memory.unsubscribeToEvent(a);
  }
  EXPECT_EQ(log, "b");
}

}  // namespace
