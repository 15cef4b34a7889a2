// Batches (engine interface): apply() writes several keys as one evaluation
// point; BatchObservers see each batch once, with one sequence number, one
// time, and per change the right `raised` and `valueChanged` flags.
#include "memory_test_support.hpp"

#include <string>
#include <vector>

using autolife::core::Value;
using namespace autolife::memory;
using namespace autolife::memory::testing;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

class MemoryBatch : public MemoryTest {
protected:
  void SetUp() override { memory.addObserver(&observer); }
  void TearDown() override { memory.removeObserver(&observer); }

  const SeenBatch& lastBatch() { return observer.batches.back(); }

  RecordingObserver observer;
};

TEST_F(MemoryBatch, EachApiWriteIsOneBatch) {
  memory.insertData("a", 1);
  memory.raiseEvent("e", 1);
  memory.raiseMicroEvent("m", 1);
  memory.declareEvent("d");
  memory.removeData("a");
  memory.insertListData({{"x", 1}, {"y", 2}});
  EXPECT_EQ(observer.batches.size(), 6u);
}

TEST_F(MemoryBatch, SequenceNumbersIncrease) {
  memory.insertData("a", 1);
  memory.insertData("a", 2);
  memory.insertData("b", 3);
  ASSERT_EQ(observer.batches.size(), 3u);
  EXPECT_LT(observer.batches[0].sequence, observer.batches[1].sequence);
  EXPECT_LT(observer.batches[1].sequence, observer.batches[2].sequence);
}

TEST_F(MemoryBatch, ApplyWritesEverythingAsOneBatchWithOneTime) {
  KeyId a = id("a"), e = id("e"), m = id("m"), gone = id("gone");
  memory.insertData("gone", 0);
  clock.advanceTo(sec(2.5));
  observer.batches.clear();
  std::vector<Write> writes{
      {Write::Kind::Set, "a", Value(1)},
      {Write::Kind::Raise, "e", Value("hi")},
      {Write::Kind::RaiseMicro, "m", Value(2.0)},
      {Write::Kind::Remove, "gone", Value()},
  };
  memory.apply(writes);
  ASSERT_EQ(observer.batches.size(), 1u);
  const SeenBatch& b = lastBatch();
  EXPECT_EQ(b.time, sec(2.5));
  for (KeyId k : {a, e, m, gone}) {
    const SeenChange* c = b.find(k);
    ASSERT_NE(c, nullptr) << memory.keyName(k);
    EXPECT_EQ(c->lastBatch, b.sequence);
    EXPECT_EQ(c->changedAt, sec(2.5));
  }
  EXPECT_TRUE(identical(b.find(a)->value, Value(1)));
  EXPECT_FALSE(b.find(a)->raised);
  EXPECT_TRUE(b.find(e)->raised);
  EXPECT_TRUE(b.find(m)->raised);
  EXPECT_FALSE(b.find(gone)->exists);
  EXPECT_EQ(memory.getTimestamp("a").time, sec(2.5));
  EXPECT_EQ(memory.getTimestamp("e").time, sec(2.5));
  EXPECT_EQ(memory.getType("e"), "Event");
  EXPECT_EQ(memory.getType("m"), "MicroEvent");
}

TEST_F(MemoryBatch, ApplyDeclareCreatesAnEvent) {
  std::vector<Write> writes{{Write::Kind::Declare, "declared", Value()}};
  memory.apply(writes);
  EXPECT_EQ(memory.getType("declared"), "Event");
  EXPECT_TRUE(memory.getData("declared").isInvalid());
}

TEST_F(MemoryBatch, BatchTimeIsTheClockTime) {
  clock.advanceTo(sec(0.1) + sec(0.2));
  memory.insertData("k", 1);
  EXPECT_EQ(lastBatch().time, sec(0.3));
}

TEST_F(MemoryBatch, ObserverSeesTheStateOfItsBatch) {
  KeyId k = id("k");
  memory.insertData("k", 1);
  memory.insertData("k", 2);
  ASSERT_EQ(observer.batches.size(), 2u);
  EXPECT_TRUE(identical(observer.batches[0].find(k)->value, Value(1)));
  EXPECT_TRUE(identical(observer.batches[1].find(k)->value, Value(2)));
}

TEST_F(MemoryBatch, InsertingTheSameValueAgainIsNotAValueChange) {
  KeyId k = id("k");
  memory.insertData("k", 1);
  memory.insertData("k", 1);
  memory.insertData("k", 1.0);  // not identical to 1
  memory.insertData("k", 1.0);
  ASSERT_EQ(observer.batches.size(), 4u);
  EXPECT_TRUE(observer.batches[0].find(k)->valueChanged);
  EXPECT_FALSE(observer.batches[1].find(k)->valueChanged);
  EXPECT_TRUE(observer.batches[2].find(k)->valueChanged);
  EXPECT_FALSE(observer.batches[3].find(k)->valueChanged);
}

TEST_F(MemoryBatch, RaisingTheSameValueAgainIsRaisedButNotChanged) {
  KeyId e = id("e");
  memory.raiseEvent("e", "x");
  memory.raiseEvent("e", "x");
  memory.raiseEvent("e", "y");
  ASSERT_EQ(observer.batches.size(), 3u);
  EXPECT_TRUE(observer.batches[0].find(e)->raised);
  EXPECT_TRUE(observer.batches[1].find(e)->raised);
  EXPECT_FALSE(observer.batches[1].find(e)->valueChanged);
  EXPECT_TRUE(observer.batches[2].find(e)->valueChanged);
}

TEST_F(MemoryBatch, ArraysCompareByContents) {
  KeyId k = id("k");
  memory.insertData("k", Value(Value::Array{1, "a"}));
  memory.insertData("k", Value(Value::Array{1, "a"}));
  memory.insertData("k", Value(Value::Array{1, "b"}));
  ASSERT_EQ(observer.batches.size(), 3u);
  EXPECT_FALSE(observer.batches[1].find(k)->valueChanged);
  EXPECT_TRUE(observer.batches[2].find(k)->valueChanged);
}

TEST_F(MemoryBatch, InsertDataOfAnEventIsNotRaised) {
  KeyId e = id("e");
  memory.raiseEvent("e", 1);
  memory.insertData("e", 2);
  ASSERT_EQ(observer.batches.size(), 2u);
  EXPECT_FALSE(observer.batches[1].find(e)->raised);
}

TEST_F(MemoryBatch, RemovingAValueIsAChange) {
  KeyId k = id("k");
  memory.insertData("k", 1);
  memory.removeData("k");
  const SeenChange* c = lastBatch().find(k);
  ASSERT_NE(c, nullptr);
  EXPECT_FALSE(c->exists);
  EXPECT_FALSE(c->raised);
  EXPECT_TRUE(c->valueChanged);
  EXPECT_TRUE(c->value.isInvalid());
}

TEST_F(MemoryBatch, BatchWithAnEmptyKeyChangesNothing) {
  memory.insertData("a", 1);
  observer.batches.clear();
  std::vector<std::string> meta;
  memory.subscribeToEvent(Memory::kKeyAdded, "t", [&](const std::string&, const Value& v) {
    meta.push_back(v.asString());
  });
  int aCalls = 0;
  memory.subscribeToEvent("a", "t", [&](const std::string&, const Value&) { ++aCalls; });
  std::vector<Write> writes{
      {Write::Kind::Set, "a", Value(2)},
      {Write::Kind::Set, "b", Value(3)},
      {Write::Kind::Raise, "", Value(4)},
      {Write::Kind::Remove, "a", Value()},
  };
  EXPECT_THROW(memory.apply(writes), MemoryError);
  EXPECT_TRUE(identical(memory.getData("a"), Value(1)));
  EXPECT_THROW((void)memory.getData("b"), MemoryError);
  EXPECT_THAT(observer.batches, IsEmpty());
  EXPECT_THAT(meta, IsEmpty());
  EXPECT_EQ(aCalls, 0);
  EXPECT_THAT(userKeys(memory.getDataListName()), ElementsAre("a"));
}

TEST_F(MemoryBatch, RemovedObserverIsNoLongerCalled) {
  memory.insertData("a", 1);
  memory.removeObserver(&observer);
  memory.insertData("a", 2);
  EXPECT_EQ(observer.batches.size(), 1u);
  memory.addObserver(&observer);  // for TearDown's symmetry
}

TEST_F(MemoryBatch, SeveralObserversEachSeeEveryBatch) {
  RecordingObserver second;
  memory.addObserver(&second);
  memory.insertData("a", 1);
  memory.insertData("b", 2);
  memory.removeObserver(&second);
  ASSERT_EQ(second.batches.size(), 2u);
  ASSERT_EQ(observer.batches.size(), 2u);
  EXPECT_EQ(second.batches[0].sequence, observer.batches[0].sequence);
  EXPECT_EQ(second.batches[1].sequence, observer.batches[1].sequence);
}

TEST_F(MemoryBatch, ObserverRunsBeforeSubscribers) {
  // The observer is synchronous under the lock; subscribers run after the
  // lock is released, so by then the observer has seen the batch.
  std::size_t batchesSeenBySubscriber = 0;
  memory.subscribeToEvent("k", "t", [&](const std::string&, const Value&) {
    batchesSeenBySubscriber = observer.batches.size();
  });
  memory.insertData("k", 1);
  EXPECT_EQ(batchesSeenBySubscriber, 1u);
}

TEST_F(MemoryBatch, ObserverMayPostToTheDispatcher) {
  struct Poster final : BatchObserver {
    Memory* memory = nullptr;
    std::vector<std::string>* log = nullptr;
    void onBatch(const ChangeBatch& batch, const LockedView&) override {
      auto seq = batch.sequence;
      memory->dispatcher().post([log = log, seq] { log->push_back("posted " + std::to_string(seq)); });
    }
  } poster;
  std::vector<std::string> log;
  poster.memory = &memory;
  poster.log = &log;
  memory.addObserver(&poster);
  memory.insertData("k", 1);
  memory.removeObserver(&poster);
  ASSERT_EQ(log.size(), 1u);  // run when the write released the lock
  EXPECT_EQ(log[0], "posted " + std::to_string(lastBatch().sequence));
}

TEST_F(MemoryBatch, WithLockGivesAViewOfCurrentState) {
  KeyId k = id("k");
  clock.advanceTo(sec(4));
  memory.raiseEvent("k", "v");
  bool ran = false;
  memory.withLock([&](const LockedView& view) {
    ran = true;
    EXPECT_TRUE(view.exists(k));
    EXPECT_TRUE(identical(view.value(k), Value("v")));
    EXPECT_EQ(view.changedAt(k), sec(4));
    EXPECT_TRUE(view.lastWasRaise(k));
    EXPECT_EQ(view.lastBatch(k), lastBatch().sequence);
  });
  EXPECT_TRUE(ran);
  memory.insertData("k", "w");
  memory.withLock([&](const LockedView& view) { EXPECT_FALSE(view.lastWasRaise(k)); });
}

}  // namespace
