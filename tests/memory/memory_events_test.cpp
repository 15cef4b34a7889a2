// Events (REFERENCE §2, decisions 25–26): declare / raise / raiseMicro, key
// kinds and their conversions, and ALMemory/KeyAdded, KeyRemoved,
// KeyTypeChanged (value = the key name, raised in the same batch as the write).
#include "memory_test_support.hpp"

#include <string>
#include <vector>

using autolife::core::Value;
using namespace autolife::memory;
using namespace autolife::memory::testing;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

// Records the meta events through subscribeToEvent, the way a user sees them.
class MemoryEvents : public MemoryTest {
protected:
  void SetUp() override {
    for (auto metaKey : {Memory::kKeyAdded, Memory::kKeyRemoved, Memory::kKeyTypeChanged})
      memory.subscribeToEvent(metaKey, "test", [this](const std::string& key, const Value& v) {
        ASSERT_TRUE(v.isString()) << key << " carried " << v.toJson();
        meta.push_back(key.substr(std::string("ALMemory/").size()) + ":" + v.asString());
      });
    memory.addObserver(&observer);
  }
  void TearDown() override { memory.removeObserver(&observer); }

  std::vector<std::string> meta;
  RecordingObserver observer;
};

TEST_F(MemoryEvents, MetaEventNamesAreTheNaoqiOnes) {
  EXPECT_EQ(Memory::kKeyAdded, "ALMemory/KeyAdded");
  EXPECT_EQ(Memory::kKeyRemoved, "ALMemory/KeyRemoved");
  EXPECT_EQ(Memory::kKeyTypeChanged, "ALMemory/KeyTypeChanged");
}

TEST_F(MemoryEvents, KindNames) {
  EXPECT_EQ(kindName(KeyKind::Data), "Data");
  EXPECT_EQ(kindName(KeyKind::Event), "Event");
  EXPECT_EQ(kindName(KeyKind::MicroEvent), "MicroEvent");
}

TEST_F(MemoryEvents, RaiseEventStoresTheValueAsAnEvent) {
  memory.raiseEvent("FrontTactilTouched", 1);
  EXPECT_TRUE(identical(memory.getData("FrontTactilTouched"), Value(1)));
  EXPECT_EQ(memory.getType("FrontTactilTouched"), "Event");
  EXPECT_THAT(userKeys(memory.getEventList()), ElementsAre("FrontTactilTouched"));
  EXPECT_THAT(memory.getMicroEventList(), IsEmpty());
}

TEST_F(MemoryEvents, RaiseMicroEventStoresTheValueAsAMicroEvent) {
  memory.raiseMicroEvent("Dialog/LastInput", "hello");
  EXPECT_TRUE(identical(memory.getData("Dialog/LastInput"), Value("hello")));
  EXPECT_EQ(memory.getType("Dialog/LastInput"), "MicroEvent");
  EXPECT_THAT(memory.getMicroEventList(), ElementsAre("Dialog/LastInput"));
  EXPECT_THAT(userKeys(memory.getEventList()), IsEmpty());
}

TEST_F(MemoryEvents, DeclaredNeverSetEventReadsInvalid) {
  memory.declareEvent("Declared/Only");
  EXPECT_TRUE(memory.getData("Declared/Only").isInvalid());
  EXPECT_EQ(memory.getType("Declared/Only"), "Event");
  EXPECT_TRUE(memory.getTimestamp("Declared/Only").value.isInvalid());
  auto history = memory.getEventHistory("Declared/Only");
  ASSERT_EQ(history.size(), 1u);
  EXPECT_TRUE(history[0].value.isInvalid());
  EXPECT_THAT(userKeys(memory.getEventList()), ElementsAre("Declared/Only"));
}

TEST_F(MemoryEvents, EventListsAreSortedAndSeparateByKind) {
  memory.raiseEvent("z", 1);
  memory.declareEvent("a");
  memory.raiseEvent("m", 1);
  memory.raiseMicroEvent("y", 1);
  memory.raiseMicroEvent("b", 1);
  memory.insertData("data", 1);
  auto events = memory.getEventList();
  auto micro = memory.getMicroEventList();
  EXPECT_TRUE(std::is_sorted(events.begin(), events.end()));
  EXPECT_THAT(userKeys(events), ElementsAre("a", "m", "z"));
  EXPECT_THAT(micro, ElementsAre("b", "y"));
}

TEST_F(MemoryEvents, RemovedEventIsNoLongerListed) {
  memory.raiseEvent("e", 1);
  memory.raiseMicroEvent("m", 1);
  memory.removeData("e");
  memory.removeData("m");
  EXPECT_THAT(userKeys(memory.getEventList()), IsEmpty());
  EXPECT_THAT(memory.getMicroEventList(), IsEmpty());
}

// ---- KeyAdded / KeyRemoved --------------------------------------------------

TEST_F(MemoryEvents, NewKeyRaisesKeyAddedWithItsName) {
  memory.insertData("a", 1);
  memory.raiseEvent("b", 1);
  memory.raiseMicroEvent("c", 1);
  memory.declareEvent("d");
  EXPECT_THAT(meta, ElementsAre("KeyAdded:a", "KeyAdded:b", "KeyAdded:c", "KeyAdded:d"));
}

TEST_F(MemoryEvents, WritingAnExistingKeyDoesNotRaiseKeyAdded) {
  memory.insertData("a", 1);
  meta.clear();
  memory.insertData("a", 2);
  memory.raiseEvent("e", 1);
  memory.raiseEvent("e", 2);
  memory.declareEvent("e");
  EXPECT_THAT(meta, ElementsAre("KeyAdded:e"));
}

TEST_F(MemoryEvents, RemoveRaisesKeyRemovedWithItsName) {
  memory.insertData("a", 1);
  memory.raiseEvent("e", 1);
  meta.clear();
  memory.removeData("a");
  memory.removeData("e");
  EXPECT_THAT(meta, ElementsAre("KeyRemoved:a", "KeyRemoved:e"));
}

TEST_F(MemoryEvents, RemovingUnknownKeyRaisesNothing) {
  memory.removeData("unknown");
  memory.insertData("k", 1);
  memory.removeData("k");
  meta.clear();
  memory.removeData("k");  // already removed
  EXPECT_THAT(meta, IsEmpty());
}

TEST_F(MemoryEvents, ReinsertingARemovedKeyRaisesKeyAddedAgain) {
  memory.insertData("k", 1);
  memory.removeData("k");
  memory.insertData("k", 2);
  EXPECT_THAT(meta, ElementsAre("KeyAdded:k", "KeyRemoved:k", "KeyAdded:k"));
}

TEST_F(MemoryEvents, KeyAddedIsInTheSameBatchAsTheWrite) {
  KeyId added = id(Memory::kKeyAdded);
  KeyId k = id("new/key");
  memory.insertData("new/key", 5);
  ASSERT_EQ(observer.batches.size(), 1u);
  const SeenBatch& b = observer.batches[0];
  const SeenChange* write = b.find(k);
  const SeenChange* event = b.find(added);
  ASSERT_NE(write, nullptr);
  ASSERT_NE(event, nullptr);
  EXPECT_TRUE(identical(write->value, Value(5)));
  EXPECT_TRUE(event->raised);
  EXPECT_TRUE(identical(event->value, Value("new/key")));
  EXPECT_EQ(event->lastBatch, b.sequence);
  EXPECT_EQ(write->lastBatch, b.sequence);
}

TEST_F(MemoryEvents, KeyRemovedIsInTheSameBatchAsTheRemoval) {
  KeyId removed = id(Memory::kKeyRemoved);
  KeyId k = id("doomed");
  memory.insertData("doomed", 1);
  observer.batches.clear();
  memory.removeData("doomed");
  ASSERT_EQ(observer.batches.size(), 1u);
  const SeenBatch& b = observer.batches[0];
  const SeenChange* gone = b.find(k);
  const SeenChange* event = b.find(removed);
  ASSERT_NE(gone, nullptr);
  ASSERT_NE(event, nullptr);
  EXPECT_FALSE(gone->exists);
  EXPECT_TRUE(event->raised);
  EXPECT_TRUE(identical(event->value, Value("doomed")));
}

TEST_F(MemoryEvents, OneBatchAddingTwoKeysRaisesKeyAddedForEach) {
  KeyId added = id(Memory::kKeyAdded);
  memory.insertListData({{"x", 1}, {"y", 2}});
  ASSERT_EQ(observer.batches.size(), 1u);
  EXPECT_EQ(observer.batches[0].count(added), 2u);
  EXPECT_THAT(meta, ElementsAre("KeyAdded:x", "KeyAdded:y"));
}

// ---- kinds and KeyTypeChanged ---------------------------------------------

TEST_F(MemoryEvents, InsertDataOnAnEventKeepsItAnEvent) {
  memory.raiseEvent("e", 1);
  memory.raiseMicroEvent("m", 1);
  meta.clear();
  memory.insertData("e", 2);
  memory.insertData("m", 2);
  EXPECT_EQ(memory.getType("e"), "Event");
  EXPECT_EQ(memory.getType("m"), "MicroEvent");
  EXPECT_TRUE(identical(memory.getData("e"), Value(2)));
  EXPECT_TRUE(identical(memory.getData("m"), Value(2)));
  EXPECT_THAT(meta, IsEmpty());
}

TEST_F(MemoryEvents, InsertDataOnADeclaredEventKeepsItAnEvent) {
  memory.declareEvent("e");
  memory.insertData("e", 7);
  EXPECT_EQ(memory.getType("e"), "Event");
  EXPECT_TRUE(identical(memory.getData("e"), Value(7)));
}

TEST_F(MemoryEvents, RaiseEventOnDataConvertsItAndRaisesKeyTypeChanged) {
  memory.insertData("k", 1);
  meta.clear();
  memory.raiseEvent("k", 2);
  EXPECT_EQ(memory.getType("k"), "Event");
  EXPECT_TRUE(identical(memory.getData("k"), Value(2)));
  EXPECT_THAT(meta, ElementsAre("KeyTypeChanged:k"));
}

TEST_F(MemoryEvents, RaiseMicroEventOnDataConvertsIt) {
  memory.insertData("k", 1);
  meta.clear();
  memory.raiseMicroEvent("k", 2);
  EXPECT_EQ(memory.getType("k"), "MicroEvent");
  EXPECT_THAT(meta, ElementsAre("KeyTypeChanged:k"));
}

TEST_F(MemoryEvents, RaisingTheOtherEventKindConvertsBothWays) {
  memory.raiseEvent("k", 1);
  meta.clear();
  memory.raiseMicroEvent("k", 2);
  EXPECT_EQ(memory.getType("k"), "MicroEvent");
  memory.raiseEvent("k", 3);
  EXPECT_EQ(memory.getType("k"), "Event");
  EXPECT_THAT(meta, ElementsAre("KeyTypeChanged:k", "KeyTypeChanged:k"));
}

TEST_F(MemoryEvents, RaisingTheSameKindRaisesNoKeyTypeChanged) {
  memory.raiseEvent("e", 1);
  memory.raiseMicroEvent("m", 1);
  meta.clear();
  memory.raiseEvent("e", 2);
  memory.raiseMicroEvent("m", 2);
  memory.declareEvent("e");
  EXPECT_THAT(meta, IsEmpty());
  EXPECT_EQ(memory.getType("e"), "Event");
}

TEST_F(MemoryEvents, DeclareEventOnDataConvertsIt) {
  memory.insertData("k", 1);
  meta.clear();
  memory.declareEvent("k");
  EXPECT_EQ(memory.getType("k"), "Event");
  EXPECT_THAT(meta, ElementsAre("KeyTypeChanged:k"));
}

// Decision 25: declareEvent "on a key of another kind converts it"; a
// MicroEvent is another kind than the Event that declareEvent declares.
TEST_F(MemoryEvents, DeclareEventOnAMicroEventConvertsIt) {
  memory.raiseMicroEvent("k", 1);
  meta.clear();
  memory.declareEvent("k");
  EXPECT_EQ(memory.getType("k"), "Event");
  EXPECT_THAT(meta, ElementsAre("KeyTypeChanged:k"));
}

TEST_F(MemoryEvents, KeyTypeChangedIsInTheSameBatchAsTheConversion) {
  KeyId typeChanged = id(Memory::kKeyTypeChanged);
  KeyId k = id("k");
  memory.insertData("k", 1);
  observer.batches.clear();
  memory.raiseEvent("k", 2);
  ASSERT_EQ(observer.batches.size(), 1u);
  const SeenChange* write = observer.batches[0].find(k);
  const SeenChange* event = observer.batches[0].find(typeChanged);
  ASSERT_NE(write, nullptr);
  ASSERT_NE(event, nullptr);
  EXPECT_TRUE(write->raised);
  EXPECT_TRUE(identical(event->value, Value("k")));
}

TEST_F(MemoryEvents, NewKeyRaisesKeyAddedButNotKeyTypeChanged) {
  memory.raiseEvent("e", 1);
  memory.raiseMicroEvent("m", 1);
  memory.declareEvent("d");
  EXPECT_THAT(meta, ElementsAre("KeyAdded:e", "KeyAdded:m", "KeyAdded:d"));
}

TEST_F(MemoryEvents, RemovedEventComesBackAsData) {
  memory.raiseEvent("k", 1);
  memory.removeData("k");
  meta.clear();
  memory.insertData("k", 2);
  EXPECT_EQ(memory.getType("k"), "Data");
  EXPECT_THAT(meta, ElementsAre("KeyAdded:k"));
}

}  // namespace
