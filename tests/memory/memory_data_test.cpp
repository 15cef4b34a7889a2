// ALMemory data API (REFERENCE §2, decisions 26): insert, read, list, remove,
// and the errors for unknown and empty keys.
#include "memory_test_support.hpp"

#include <string>
#include <vector>

using autolife::core::Value;
using namespace autolife::memory;
using namespace autolife::memory::testing;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::ThrowsMessage;

namespace {

using MemoryData = MemoryTest;

TEST_F(MemoryData, InsertThenGetReturnsTheValue) {
  memory.insertData("Dialog/Answered", "hello");
  Value v = memory.getData("Dialog/Answered");
  ASSERT_TRUE(v.isString());
  EXPECT_EQ(v.asString(), "hello");
}

TEST_F(MemoryData, InsertKeepsEveryValueType) {
  memory.insertData("i", 3);
  memory.insertData("f", 3.0);
  memory.insertData("b", true);
  memory.insertData("n", Value());
  memory.insertData("a", Value(Value::Array{1, "x", Value::Array{2.5}}));
  EXPECT_TRUE(identical(memory.getData("i"), Value(3)));
  EXPECT_TRUE(identical(memory.getData("f"), Value(3.0)));
  EXPECT_TRUE(identical(memory.getData("b"), Value(true)));
  EXPECT_TRUE(memory.getData("n").isInvalid());
  EXPECT_TRUE(identical(memory.getData("a"), Value(Value::Array{1, "x", Value::Array{2.5}})));
}

TEST_F(MemoryData, InsertOverwrites) {
  memory.insertData("k", 1);
  memory.insertData("k", "two");
  EXPECT_TRUE(identical(memory.getData("k"), Value("two")));
}

TEST_F(MemoryData, NewKeysAreData) {
  memory.insertData("k", 1);
  EXPECT_EQ(memory.getType("k"), "Data");
}

TEST_F(MemoryData, InsertListDataInsertsEveryPair) {
  memory.insertListData({{"a", 1}, {"b", "x"}, {"a", 2}});
  EXPECT_TRUE(identical(memory.getData("a"), Value(2)));  // later pairs win
  EXPECT_TRUE(identical(memory.getData("b"), Value("x")));
}

TEST_F(MemoryData, GetListDataReturnsValuesInRequestedOrder) {
  memory.insertData("a", 1);
  memory.insertData("b", 2.5);
  memory.insertData("c", "three");
  auto values = memory.getListData({"c", "a", "b", "a"});
  ASSERT_EQ(values.size(), 4u);
  EXPECT_TRUE(identical(values[0], Value("three")));
  EXPECT_TRUE(identical(values[1], Value(1)));
  EXPECT_TRUE(identical(values[2], Value(2.5)));
  EXPECT_TRUE(identical(values[3], Value(1)));
  EXPECT_THAT(memory.getListData({}), IsEmpty());
}

TEST_F(MemoryData, GetDataOfUnknownKeyThrowsNamingTheKey) {
  EXPECT_THAT([&] { (void)memory.getData("No/Such/Key"); }, ThrowsMessage<MemoryError>(HasSubstr("No/Such/Key")));
}

TEST_F(MemoryData, GetListDataWithAnUnknownKeyThrowsNamingIt) {
  memory.insertData("known", 1);
  EXPECT_THAT([&] { (void)memory.getListData({"known", "Missing/One"}); },
              ThrowsMessage<MemoryError>(HasSubstr("Missing/One")));
}

TEST_F(MemoryData, GetTypeTimestampAndHistoryOfUnknownKeyThrowNamingTheKey) {
  EXPECT_THAT([&] { (void)memory.getType("ghost1"); }, ThrowsMessage<MemoryError>(HasSubstr("ghost1")));
  EXPECT_THAT([&] { (void)memory.getTimestamp("ghost2"); }, ThrowsMessage<MemoryError>(HasSubstr("ghost2")));
  EXPECT_THAT([&] { (void)memory.getEventHistory("ghost3"); }, ThrowsMessage<MemoryError>(HasSubstr("ghost3")));
}

TEST_F(MemoryData, RemoveDataMakesTheKeyUnknown) {
  memory.insertData("k", 1);
  memory.removeData("k");
  EXPECT_THROW((void)memory.getData("k"), MemoryError);
  EXPECT_THROW((void)memory.getType("k"), MemoryError);
  EXPECT_THAT(userKeys(memory.getDataListName()), IsEmpty());
}

TEST_F(MemoryData, RemoveDataOfUnknownKeyDoesNothing) {
  memory.insertData("other", 1);
  EXPECT_NO_THROW(memory.removeData("never/there"));
  EXPECT_THROW((void)memory.getData("never/there"), MemoryError);
  EXPECT_THAT(userKeys(memory.getDataListName()), ElementsAre("other"));
}

TEST_F(MemoryData, RemovedKeyCanBeInsertedAgain) {
  memory.insertData("k", 1);
  memory.removeData("k");
  memory.insertData("k", 2);
  EXPECT_TRUE(identical(memory.getData("k"), Value(2)));
  EXPECT_EQ(memory.getType("k"), "Data");
}

TEST_F(MemoryData, GetDataListFiltersBySubstringSorted) {
  memory.insertData("Device/SubDeviceList/Battery/Charge", 0.8);
  memory.insertData("Dialog/Answered", "yes");
  memory.raiseEvent("FrontTactilTouched", 1);
  memory.insertData("AutonomousLife/State", "solitary");
  memory.declareEvent("Dialog/NotUnderstood");
  memory.raiseMicroEvent("Dialog/LastInput", "hi");
  EXPECT_THAT(memory.getDataList("Dialog"),
              ElementsAre("Dialog/Answered", "Dialog/LastInput", "Dialog/NotUnderstood"));
  EXPECT_THAT(memory.getDataList("Battery"), ElementsAre("Device/SubDeviceList/Battery/Charge"));
  EXPECT_THAT(memory.getDataList("Touched"), ElementsAre("FrontTactilTouched"));
  EXPECT_THAT(memory.getDataList("nothing matches this"), IsEmpty());
  EXPECT_THAT(memory.getDataList("dialog"), IsEmpty());  // case matters
}

TEST_F(MemoryData, GetDataListNameListsEveryExistingKeySorted) {
  memory.insertData("b", 1);
  memory.insertData("a", 1);
  memory.raiseEvent("c/event", 1);
  memory.raiseMicroEvent("d/micro", 1);
  memory.declareEvent("e/declared");
  memory.insertData("gone", 1);
  memory.removeData("gone");
  auto names = memory.getDataListName();
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  EXPECT_THAT(userKeys(names), ElementsAre("a", "b", "c/event", "d/micro", "e/declared"));
  EXPECT_EQ(memory.getDataList(""), names);
}

TEST_F(MemoryData, PlaceholdersAreNeverListed) {
  KeyId placeholder = memory.acquireKey("watched/by/condition");
  auto sub = memory.subscriber("watched/by/subscriber");
  memory.subscribeToEvent("watched/by/callback", "test", [](const std::string&, const Value&) {});
  memory.insertData("real", 1);
  EXPECT_THAT(userKeys(memory.getDataListName()), ElementsAre("real"));
  EXPECT_THAT(memory.getDataList("watched"), IsEmpty());
  EXPECT_THAT(userKeys(memory.getEventList()), IsEmpty());
  EXPECT_THROW((void)memory.getType("watched/by/condition"), MemoryError);
  EXPECT_THROW((void)memory.getData("watched/by/subscriber"), MemoryError);
  memory.withLock([&](const LockedView& view) {
    EXPECT_FALSE(view.exists(placeholder));
    EXPECT_TRUE(view.value(placeholder).isInvalid());
  });
}

TEST_F(MemoryData, EmptyKeyNameIsRefused) {
  EXPECT_THROW(memory.insertData("", 1), MemoryError);
  EXPECT_THROW(memory.raiseEvent("", 1), MemoryError);
  EXPECT_THROW(memory.raiseMicroEvent("", 1), MemoryError);
  EXPECT_THROW(memory.declareEvent(""), MemoryError);
  EXPECT_THROW(memory.removeData(""), MemoryError);
  EXPECT_THROW((void)memory.subscriber(""), MemoryError);
  EXPECT_THROW(memory.subscribeToEvent("", "s", [](const std::string&, const Value&) {}), MemoryError);
  EXPECT_THAT(userKeys(memory.getDataListName()), IsEmpty());
}

TEST_F(MemoryData, InsertListDataWithAnEmptyKeyChangesNothing) {
  memory.insertData("a", 1);
  EXPECT_THROW(memory.insertListData({{"a", 2}, {"new", 3}, {"", 4}}), MemoryError);
  EXPECT_TRUE(identical(memory.getData("a"), Value(1)));
  EXPECT_THROW((void)memory.getData("new"), MemoryError);
  EXPECT_THAT(userKeys(memory.getDataListName()), ElementsAre("a"));
}

TEST_F(MemoryData, KeysAreCaseSensitiveAndExact) {
  memory.insertData("Key", 1);
  memory.insertData("key", 2);
  memory.insertData("key ", 3);
  EXPECT_TRUE(identical(memory.getData("Key"), Value(1)));
  EXPECT_TRUE(identical(memory.getData("key"), Value(2)));
  EXPECT_TRUE(identical(memory.getData("key "), Value(3)));
}

}  // namespace

namespace {

// A memory one thread owns (`autolife eval`'s) takes no lock and otherwise
// behaves as the shared one: values, identical writes, history, events,
// subscribers, many keys through the recent-lookup cache.
TEST(MemoryOneThread, BehavesAsTheSharedMemory) {
  autolife::core::VirtualClock clock;
  Memory memory(clock, Threads::One);
  const KeyId k = memory.acquireKey("k");
  memory.retainHistory(k, sec(2));
  std::vector<Value> heard;
  auto sub = memory.subscriber("e");
  sub->signal.connect([&](const Value& v) { heard.push_back(v); });
  for (int i = 0; i < 10; ++i) {
    clock.advanceTo(sec(i));
    memory.insertData("k", i / 2);  // every value written twice
    memory.raiseEvent("e", i);
    memory.insertData("key" + std::to_string(i * 7919 % 1000), i);
  }
  EXPECT_TRUE(identical(memory.getData("k"), Value(4)));
  EXPECT_EQ(memory.getTimestamp("k").time, sec(9));
  // Changes at 0, 2, 4, 6, 8: the window [7, 9] and the change before it.
  auto h = memory.getEventHistory("k");
  ASSERT_EQ(h.size(), 2u);
  EXPECT_EQ(h[0].time, sec(6));
  EXPECT_EQ(h[1].time, sec(8));
  EXPECT_EQ(heard.size(), 10u);
  for (int i = 0; i < 10; ++i) EXPECT_TRUE(identical(memory.getData("key" + std::to_string(i * 7919 % 1000)), Value(i)));
  memory.releaseHistory(k, sec(2));
  memory.releaseKey(k);
}

}  // namespace
