// Key ids (engine interface): acquireKey / releaseKey / keyName, and the
// recycling of removed keys nobody references, so that churn of unique key
// names does not grow memory (REFERENCE §2: bounded memory). The slot count is
// not public; its public effect is that a new key gets a recycled id instead
// of an ever larger one.
#include "memory_test_support.hpp"

#include <string>
#include <vector>

using autolife::core::Value;
using namespace autolife::memory;
using namespace autolife::memory::testing;

namespace {

using MemoryKeys = MemoryTest;

constexpr int kChurn = 2000;
// However many slots memory keeps for itself and for the few live keys of a
// test, a new id beyond this margin means churned keys were not recycled.
constexpr KeyId kMargin = 16;

// The id a brand-new key gets now (acquired and released at once).
KeyId probe(Memory& memory, const std::string& name) {
  KeyId id = memory.acquireKey(name);
  memory.releaseKey(id);
  return id;
}

TEST_F(MemoryKeys, AcquireReturnsTheSameIdForTheSameName) {
  KeyId a = memory.acquireKey("a");
  KeyId a2 = memory.acquireKey("a");
  KeyId b = memory.acquireKey("b");
  EXPECT_EQ(a, a2);
  EXPECT_NE(a, b);
  EXPECT_EQ(memory.keyName(a), "a");
  EXPECT_EQ(memory.keyName(b), "b");
}

TEST_F(MemoryKeys, AcquireOfAnExistingKeyGivesItsSlot) {
  memory.insertData("k", 5);
  KeyId k = memory.acquireKey("k");
  memory.withLock([&](const LockedView& view) {
    EXPECT_TRUE(view.exists(k));
    EXPECT_TRUE(identical(view.value(k), Value(5)));
  });
  memory.insertData("k", 6);
  memory.withLock([&](const LockedView& view) { EXPECT_TRUE(identical(view.value(k), Value(6))); });
}

TEST_F(MemoryKeys, PlaceholderBecomesTheKeyWhenInserted) {
  KeyId k = memory.acquireKey("later");
  memory.withLock([&](const LockedView& view) {
    EXPECT_FALSE(view.exists(k));
    EXPECT_TRUE(view.value(k).isInvalid());
    EXPECT_EQ(view.changedAt(k), autolife::core::Time{0});
  });
  memory.insertData("later", 1);
  memory.withLock([&](const LockedView& view) {
    EXPECT_TRUE(view.exists(k));
    EXPECT_TRUE(identical(view.value(k), Value(1)));
  });
  EXPECT_EQ(memory.acquireKey("later"), k);
}

TEST_F(MemoryKeys, ReferencedKeyKeepsItsIdAcrossRemoval) {
  KeyId k = memory.acquireKey("k");
  memory.insertData("k", 1);
  memory.removeData("k");
  for (int i = 0; i < 50; ++i) probe(memory, "other" + std::to_string(i));
  EXPECT_EQ(memory.keyName(k), "k");
  memory.insertData("k", 2);
  EXPECT_EQ(memory.acquireKey("k"), k);
  memory.withLock([&](const LockedView& view) { EXPECT_TRUE(identical(view.value(k), Value(2))); });
}

TEST_F(MemoryKeys, ExistingKeyIsNotRecycledWhenReleased) {
  KeyId k = memory.acquireKey("k");
  memory.insertData("k", 1);
  memory.releaseKey(k);
  for (int i = 0; i < 50; ++i) EXPECT_NE(probe(memory, "new" + std::to_string(i)), k);
  EXPECT_TRUE(identical(memory.getData("k"), Value(1)));
  EXPECT_EQ(memory.acquireKey("k"), k);
}

TEST_F(MemoryKeys, ReleasedPlaceholderIdIsReused) {
  KeyId a = memory.acquireKey("placeholder");
  memory.releaseKey(a);
  KeyId b = memory.acquireKey("another");
  EXPECT_EQ(b, a);
  EXPECT_EQ(memory.keyName(b), "another");
}

TEST_F(MemoryKeys, KeyAcquiredTwiceNeedsTwoReleases) {
  KeyId a = memory.acquireKey("twice");
  memory.acquireKey("twice");
  memory.releaseKey(a);
  EXPECT_NE(memory.acquireKey("fresh"), a);
  EXPECT_EQ(memory.keyName(a), "twice");
}

TEST_F(MemoryKeys, AcquireReleaseChurnDoesNotGrow) {
  const KeyId base = probe(memory, "base");
  for (int i = 0; i < kChurn; ++i) probe(memory, "churn/" + std::to_string(i));
  EXPECT_LE(probe(memory, "after"), base + kMargin);
}

TEST_F(MemoryKeys, InsertRemoveChurnDoesNotGrow) {
  const KeyId base = probe(memory, "base");
  for (int i = 0; i < kChurn; ++i) {
    std::string name = "Temp/" + std::to_string(i);
    memory.insertData(name, i);
    memory.removeData(name);
  }
  EXPECT_LE(probe(memory, "after"), base + kMargin);
  EXPECT_TRUE(userKeys(memory.getDataListName()).empty());
}

TEST_F(MemoryKeys, EventChurnDoesNotGrow) {
  const KeyId base = probe(memory, "base");
  for (int i = 0; i < kChurn; ++i) {
    std::string name = "Event/" + std::to_string(i);
    memory.raiseEvent(name, i);
    memory.removeData(name);
    std::string declared = "Declared/" + std::to_string(i);
    memory.declareEvent(declared);
    memory.removeData(declared);
  }
  EXPECT_LE(probe(memory, "after"), base + kMargin);
}

TEST_F(MemoryKeys, AcquireInsertReleaseRemoveChurnDoesNotGrow) {
  const KeyId base = probe(memory, "base");
  for (int i = 0; i < kChurn; ++i) {
    std::string name = "Cond/" + std::to_string(i);
    KeyId k = memory.acquireKey(name);
    memory.insertData(name, i);
    if (i % 2 == 0) {
      memory.releaseKey(k);
      memory.removeData(name);
    } else {
      memory.removeData(name);
      memory.releaseKey(k);
    }
  }
  EXPECT_LE(probe(memory, "after"), base + kMargin);
}

TEST_F(MemoryKeys, UnsubscribedKeysAreRecycled) {
  const KeyId base = probe(memory, "base");
  for (int i = 0; i < kChurn; ++i) {
    std::string name = "Watched/" + std::to_string(i);
    SubscriptionId sid = memory.subscribeToEvent(name, "t", [](const std::string&, const Value&) {});
    memory.insertData(name, i);
    if (i % 2 == 0) {
      memory.removeData(name);
      memory.unsubscribeToEvent(sid);
    } else {
      memory.unsubscribeToEvent(sid);
      memory.removeData(name);
    }
  }
  EXPECT_LE(probe(memory, "after"), base + kMargin);
}

TEST_F(MemoryKeys, KeysOfDroppedSubscribersAreRecycled) {
  const KeyId base = probe(memory, "base");
  for (int i = 0; i < kChurn; ++i) {
    std::string name = "Sub/" + std::to_string(i);
    auto sub = memory.subscriber(name);
    memory.insertData(name, i);
    sub.reset();  // nobody references the key any more once it is removed
    memory.removeData(name);
  }
  EXPECT_LE(probe(memory, "after"), base + kMargin);
}

TEST_F(MemoryKeys, KeysWithReleasedHistoryAreRecycled) {
  const KeyId base = probe(memory, "base");
  for (int i = 0; i < kChurn; ++i) {
    std::string name = "Hist/" + std::to_string(i);
    KeyId k = memory.acquireKey(name);
    memory.retainHistory(k, sec(5));
    clock.advanceTo(sec(i));
    memory.insertData(name, i);
    memory.removeData(name);
    // A condition unloading gives back its window and its key reference.
    memory.releaseHistory(k, sec(5));
    memory.releaseKey(k);
  }
  EXPECT_LE(probe(memory, "after"), base + kMargin);
}

TEST_F(MemoryKeys, KeysWithHistoryReleasedAfterTheKeyAreRecycled) {
  const KeyId base = probe(memory, "base");
  for (int i = 0; i < kChurn; ++i) {
    std::string name = "Hist/" + std::to_string(i);
    KeyId k = memory.acquireKey(name);
    memory.retainHistory(k, sec(5));
    clock.advanceTo(sec(i));
    memory.insertData(name, i);
    memory.removeData(name);
    // The same, releasing in the other order.
    memory.releaseKey(k);
    memory.releaseHistory(k, sec(5));
  }
  EXPECT_LE(probe(memory, "after"), base + kMargin);
}

TEST_F(MemoryKeys, RecycledKeyStartsFresh) {
  memory.insertData("old", Value(Value::Array{1, 2}));
  memory.raiseEvent("old", 3);
  memory.removeData("old");
  KeyId k = memory.acquireKey("new");
  memory.withLock([&](const LockedView& view) {
    EXPECT_FALSE(view.exists(k));
    EXPECT_TRUE(view.value(k).isInvalid());
    EXPECT_FALSE(view.lastWasRaise(k));
    EXPECT_EQ(view.knownSince(k), autolife::core::Time{0});
  });
  EXPECT_EQ(memory.historyRetention(k), autolife::core::Duration::zero());
  memory.insertData("new", 1);
  EXPECT_EQ(memory.getType("new"), "Data");
  EXPECT_THROW((void)memory.getData("old"), MemoryError);
}

// The recent-lookup cache rests after a run of misses (many keys written at
// random) and comes back later: before, during and after its rest, every
// name finds its own key, also one whose cached slot was recycled for
// another name.
TEST_F(MemoryKeys, LookupsStayExactWhileTheRecentCacheRestsAndResumes) {
  memory.insertData("hot", 0);  // cached now
  for (int i = 0; i < 300; ++i) memory.insertData("many" + std::to_string(i), i);  // misses: the cache rests
  memory.removeData("hot");                                                       // its slot is recycled...
  memory.insertData("cold", 1);                                                   // ...for another name
  EXPECT_THROW((void)memory.getData("hot"), MemoryError);
  EXPECT_TRUE(identical(memory.getData("cold"), Value(1)));
  memory.removeData("many7");
  memory.insertData("fresh", 2);
  EXPECT_THROW((void)memory.getData("many7"), MemoryError);
  // Past the rest (a few thousand lookups), repeated names go through the cache again.
  for (int round = 0; round < 3000; ++round) {
    memory.insertData("cold", round);
    memory.insertData("fresh", -round);
  }
  EXPECT_TRUE(identical(memory.getData("cold"), Value(2999)));
  EXPECT_TRUE(identical(memory.getData("fresh"), Value(-2999)));
  memory.removeData("cold");
  memory.insertData("hot", 3);  // may take cold's slot, which the cache remembers
  EXPECT_THROW((void)memory.getData("cold"), MemoryError);
  EXPECT_TRUE(identical(memory.getData("hot"), Value(3)));
  for (int i = 0; i < 300; ++i) {
    if (i != 7) {
      EXPECT_TRUE(identical(memory.getData("many" + std::to_string(i)), Value(i))) << i;
    }
  }
}

}  // namespace
