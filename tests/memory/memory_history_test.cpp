// Time and history (REFERENCE §2, decisions 20, 28, 29): every change is
// stamped with engine time; a key keeps history only as far back as the
// windows requested by retainHistory need (now − window, plus the change
// before), never unbounded.
#include "memory_test_support.hpp"

#include <string>
#include <vector>

using autolife::core::Duration;
using autolife::core::Time;
using autolife::core::Value;
using namespace autolife::memory;
using namespace autolife::memory::testing;

namespace {

using MemoryHistory = MemoryTest;

std::vector<Time> times(const std::vector<Stamped>& history) {
  std::vector<Time> out;
  for (const auto& s : history) out.push_back(s.time);
  return out;
}

// ---- timestamps ------------------------------------------------------------

TEST_F(MemoryHistory, TimestampIsEngineTimeOfTheLastWrite) {
  clock.advanceTo(sec(1.5));
  memory.insertData("k", 7);
  Stamped s = memory.getTimestamp("k");
  EXPECT_TRUE(identical(s.value, Value(7)));
  EXPECT_EQ(s.time, sec(1.5));
  clock.advanceTo(sec(10));
  EXPECT_EQ(memory.getTimestamp("k").time, sec(1.5));  // time passing is not a change
  memory.raiseEvent("k", 8);
  EXPECT_EQ(memory.getTimestamp("k").time, sec(10));
  EXPECT_TRUE(identical(memory.getTimestamp("k").value, Value(8)));
}

TEST_F(MemoryHistory, TimestampAtEngineStartIsZero) {
  memory.insertData("k", 1);
  EXPECT_EQ(memory.getTimestamp("k").time, Time{0});
}

TEST_F(MemoryHistory, TimestampsAreExactEngineTime) {
  clock.advanceTo(sec(0.1) + sec(0.2));
  memory.insertData("k", 1);
  EXPECT_EQ(memory.getTimestamp("k").time, sec(0.3));
  EXPECT_EQ(memory.getTimestamp("k").time.count(), 300'000'000);
}

TEST_F(MemoryHistory, WritesFromClockTasksAreStampedWithTheTaskTime) {
  clock.schedule(sec(3), [&] { memory.raiseEvent("e", 1); });
  clock.schedule(sec(5), [&] { memory.insertData("d", 1); });
  clock.runUntil(sec(100));
  EXPECT_EQ(memory.getTimestamp("e").time, sec(3));
  EXPECT_EQ(memory.getTimestamp("d").time, sec(5));
}

// ---- history without retention ---------------------------------------------

TEST_F(MemoryHistory, WithoutRetentionHistoryIsOnlyTheCurrentValue) {
  for (int i = 0; i < 10; ++i) {
    clock.advanceTo(sec(i));
    memory.insertData("k", i);
  }
  auto h = memory.getEventHistory("k");
  ASSERT_EQ(h.size(), 1u);
  EXPECT_TRUE(identical(h[0].value, Value(9)));
  EXPECT_EQ(h[0].time, sec(9));
  KeyId k = id("k");
  EXPECT_EQ(memory.historyRetention(k), Duration::zero());
  memory.withLock([&](const LockedView& view) {
    auto* hist = view.history(k);
    EXPECT_TRUE(hist == nullptr || hist->empty());
  });
}

// ---- retention -------------------------------------------------------------

TEST_F(MemoryHistory, RetainedHistoryCoversTheWindowPlusTheChangeBefore) {
  KeyId k = id("k");
  memory.retainHistory(k, sec(10.25));
  EXPECT_EQ(memory.historyRetention(k), sec(10.25));
  // Changes at 0.5, 1.5, ..., 30.5.
  for (int i = 0; i <= 30; ++i) {
    clock.advanceTo(sec(i + 0.5));
    memory.insertData("k", i);
  }
  // now = 30.5, now - window = 20.25: the changes after it are 20.5 … 30.5,
  // and 19.5 gives the value at 20.25.
  auto h = memory.getEventHistory("k");
  ASSERT_EQ(h.size(), 12u);
  for (std::size_t j = 0; j < h.size(); ++j) {
    int i = 19 + static_cast<int>(j);
    EXPECT_EQ(h[j].time, sec(i + 0.5)) << j;
    EXPECT_TRUE(identical(h[j].value, Value(i))) << j;
  }
  // Ends with the current value.
  EXPECT_TRUE(identical(h.back().value, memory.getData("k")));
}

TEST_F(MemoryHistory, HistoryStaysBoundedOverThousandsOfChanges) {
  KeyId k = id("k");
  memory.retainHistory(k, sec(5));
  std::size_t largest = 0;
  for (int i = 0; i < 5000; ++i) {
    clock.advanceTo(sec(i * 0.5));  // two changes per second
    memory.insertData("k", i % 7);
    if (i % 50 == 0) largest = std::max(largest, memory.getEventHistory("k").size());
  }
  std::size_t inLockedView = 0;
  memory.withLock([&](const LockedView& view) {
    ASSERT_NE(view.history(k), nullptr);
    inLockedView = view.history(k)->size();
  });
  // 5 s at two changes per second, plus the one at the cutoff or before it.
  EXPECT_LE(largest, 12u);
  EXPECT_LE(inLockedView, 12u);
  EXPECT_GE(inLockedView, 11u);
  EXPECT_EQ(memory.getEventHistory("k").size(), inLockedView);
}

TEST_F(MemoryHistory, HistoryRecordsRaisesAndBatches) {
  KeyId k = id("k");
  memory.retainHistory(k, sec(100));
  clock.advanceTo(sec(1));
  memory.insertData("k", 1);
  clock.advanceTo(sec(2));
  memory.raiseEvent("k", 2);
  clock.advanceTo(sec(3));
  memory.raiseEvent("k", 2);  // the same value raised again is kept: bang() sees it
  memory.withLock([&](const LockedView& view) {
    const auto* h = view.history(k);
    ASSERT_NE(h, nullptr);
    ASSERT_EQ(h->size(), 3u);
    EXPECT_FALSE((*h)[0].raised);
    EXPECT_TRUE((*h)[1].raised);
    EXPECT_TRUE((*h)[2].raised);
    EXPECT_EQ((*h)[2].time, sec(3));
    EXPECT_LT((*h)[0].batch, (*h)[1].batch);
    EXPECT_LT((*h)[1].batch, (*h)[2].batch);
    EXPECT_EQ((*h)[2].batch, view.lastBatch(k));
  });
}

TEST_F(MemoryHistory, WritesOfOneBatchShareTheBatchInHistory) {
  KeyId a = id("a"), b = id("b");
  memory.retainHistory(a, sec(10));
  memory.retainHistory(b, sec(10));
  clock.advanceTo(sec(1));
  std::vector<Write> writes{{Write::Kind::Raise, "a", Value(1)}, {Write::Kind::Set, "b", Value(2)}};
  memory.apply(writes);
  memory.withLock([&](const LockedView& view) {
    ASSERT_NE(view.history(a), nullptr);
    ASSERT_NE(view.history(b), nullptr);
    ASSERT_FALSE(view.history(a)->empty());
    ASSERT_FALSE(view.history(b)->empty());
    EXPECT_EQ(view.history(a)->back().batch, view.history(b)->back().batch);
    EXPECT_EQ(view.history(a)->back().time, view.history(b)->back().time);
  });
}

TEST_F(MemoryHistory, HistoryStartsWithTheValueAtRetentionTime) {
  clock.advanceTo(sec(1));
  memory.insertData("k", "before");
  clock.advanceTo(sec(5));
  KeyId k = id("k");
  memory.retainHistory(k, sec(100));
  clock.advanceTo(sec(6));
  memory.insertData("k", "after");
  auto h = memory.getEventHistory("k");
  ASSERT_EQ(h.size(), 2u);
  EXPECT_TRUE(identical(h[0].value, Value("before")));
  EXPECT_EQ(h[0].time, sec(1));
  EXPECT_TRUE(identical(h[1].value, Value("after")));
  EXPECT_EQ(h[1].time, sec(6));
}

TEST_F(MemoryHistory, LargestRequestedWindowWins) {
  KeyId k = id("k");
  memory.retainHistory(k, sec(2));
  memory.retainHistory(k, sec(8));
  memory.retainHistory(k, sec(4));
  EXPECT_EQ(memory.historyRetention(k), sec(8));
  for (int i = 1; i <= 20; ++i) {
    clock.advanceTo(sec(i));
    memory.insertData("k", i);
  }
  // Window 8 at now = 20: changes 12 … 20 (12 is at the cutoff itself and
  // gives the value there; the change before it is not needed).
  auto h = memory.getEventHistory("k");
  ASSERT_FALSE(h.empty());
  EXPECT_LE(h.front().time, sec(12));
  EXPECT_GE(h.front().time, sec(11));
  EXPECT_EQ(h.back().time, sec(20));
}

TEST_F(MemoryHistory, ReleasingTheLargestWindowShrinksTheHistory) {
  KeyId k = id("k");
  memory.retainHistory(k, sec(20));
  memory.retainHistory(k, sec(3.5));
  for (int i = 1; i <= 30; ++i) {
    clock.advanceTo(sec(i));
    memory.insertData("k", i);
  }
  EXPECT_GE(memory.getEventHistory("k").size(), 20u);
  memory.releaseHistory(k, sec(20));
  EXPECT_EQ(memory.historyRetention(k), sec(3.5));
  // now = 30, window 3.5: changes 27 … 30 plus 26 (the value at 26.5).
  EXPECT_EQ(times(memory.getEventHistory("k")), (std::vector<Time>{sec(26), sec(27), sec(28), sec(29), sec(30)}));
}

TEST_F(MemoryHistory, SameWindowRequestedTwiceNeedsTwoReleases) {
  KeyId k = id("k");
  memory.retainHistory(k, sec(10));
  memory.retainHistory(k, sec(10));
  memory.releaseHistory(k, sec(10));
  EXPECT_EQ(memory.historyRetention(k), sec(10));
  clock.advanceTo(sec(1));
  memory.insertData("k", 1);
  clock.advanceTo(sec(2));
  memory.insertData("k", 2);
  EXPECT_EQ(memory.getEventHistory("k").size(), 2u);
  memory.releaseHistory(k, sec(10));
  EXPECT_EQ(memory.historyRetention(k), Duration::zero());
}

TEST_F(MemoryHistory, ReleasingAWindowNeverRequestedChangesNothing) {
  KeyId k = id("k");
  memory.retainHistory(k, sec(10));
  memory.releaseHistory(k, sec(3));
  EXPECT_EQ(memory.historyRetention(k), sec(10));
}

TEST_F(MemoryHistory, ReleasingBackToZeroDropsTheHistory) {
  KeyId k = id("k");
  memory.retainHistory(k, sec(50));
  for (int i = 1; i <= 10; ++i) {
    clock.advanceTo(sec(i));
    memory.insertData("k", i);
  }
  ASSERT_EQ(memory.getEventHistory("k").size(), 10u);
  memory.releaseHistory(k, sec(50));
  EXPECT_EQ(memory.historyRetention(k), Duration::zero());
  auto h = memory.getEventHistory("k");
  ASSERT_EQ(h.size(), 1u);
  EXPECT_TRUE(identical(h[0].value, Value(10)));
  EXPECT_EQ(h[0].time, sec(10));
  memory.withLock([&](const LockedView& view) {
    auto* hist = view.history(k);
    EXPECT_TRUE(hist == nullptr || hist->empty());
  });
  // And no history accumulates afterwards.
  for (int i = 11; i <= 20; ++i) {
    clock.advanceTo(sec(i));
    memory.insertData("k", i);
  }
  EXPECT_EQ(memory.getEventHistory("k").size(), 1u);
}

TEST_F(MemoryHistory, HistoryOfARemovedKeyIsUnavailable) {
  KeyId k = id("k");
  memory.retainHistory(k, sec(10));
  memory.insertData("k", 1);
  memory.removeData("k");
  EXPECT_THROW((void)memory.getEventHistory("k"), MemoryError);
}

// ---- knownSince ------------------------------------------------------------

TEST_F(MemoryHistory, KnownSinceOfANeverChangedKeyIsEngineStart) {
  KeyId k = id("k");
  clock.advanceTo(sec(7));
  memory.withLock([&](const LockedView& view) { EXPECT_EQ(view.knownSince(k), Time{0}); });
}

TEST_F(MemoryHistory, KnownSinceWithoutHistoryIsTheLastChange) {
  KeyId k = id("k");
  clock.advanceTo(sec(2));
  memory.insertData("k", 1);
  clock.advanceTo(sec(6));
  memory.insertData("k", 2);
  clock.advanceTo(sec(9));
  memory.withLock([&](const LockedView& view) {
    EXPECT_EQ(view.knownSince(k), sec(6));
    EXPECT_EQ(view.changedAt(k), sec(6));
  });
}

TEST_F(MemoryHistory, KnownSinceStartsAtTheLastChangeBeforeRetention) {
  KeyId k = id("k");
  clock.advanceTo(sec(1));
  memory.insertData("k", 1);
  clock.advanceTo(sec(5));
  memory.retainHistory(k, sec(10));
  memory.withLock([&](const LockedView& view) { EXPECT_EQ(view.knownSince(k), sec(1)); });
  clock.advanceTo(sec(6));
  memory.insertData("k", 2);
  memory.withLock([&](const LockedView& view) { EXPECT_EQ(view.knownSince(k), sec(1)); });
}

TEST_F(MemoryHistory, KnownSinceFollowsTheTrimmedHistory) {
  KeyId k = id("k");
  memory.retainHistory(k, sec(10.25));
  for (int i = 0; i <= 40; ++i) {
    clock.advanceTo(sec(i + 0.5));
    memory.insertData("k", i);
  }
  const Time now = clock.now();
  memory.withLock([&](const LockedView& view) {
    const auto* h = view.history(k);
    ASSERT_NE(h, nullptr);
    ASSERT_FALSE(h->empty());
    // Known far enough back for the window, and exactly from the oldest entry.
    EXPECT_LE(view.knownSince(k), now - sec(10.25));
    EXPECT_EQ(view.knownSince(k), h->front().time);
    EXPECT_EQ(h->front().time, sec(29.5));
  });
}

}  // namespace

namespace {

// ---- identical writes (a write that neither changes the value nor raises) --

TEST_F(MemoryHistory, AnIdenticalWriteMovesTheTimestampButNotTheLastChange) {
  KeyId k = id("k");
  memory.insertData("k", 1);
  clock.advanceTo(sec(4));
  memory.insertData("k", 1);
  EXPECT_EQ(memory.getTimestamp("k").time, sec(4)) << "getTimestamp reports the last write";
  memory.withLock([&](const LockedView& view) {
    EXPECT_EQ(view.knownSince(k), Time{0}) << "k has been 1 since 0";
    EXPECT_EQ(view.changedAt(k), Time{0});
  });
}

TEST_F(MemoryHistory, HistorySeededAfterAnIdenticalWriteStartsAtTheChange) {
  KeyId k = id("k");
  memory.insertData("k", 1);
  clock.advanceTo(sec(4));
  memory.insertData("k", 1);
  clock.advanceTo(sec(4.5));
  memory.retainHistory(k, sec(3));
  memory.withLock([&](const LockedView& view) {
    EXPECT_EQ(view.knownSince(k), Time{0});
    ASSERT_NE(view.history(k), nullptr);
    ASSERT_EQ(view.history(k)->size(), 1u);
    EXPECT_EQ(view.history(k)->front().time, Time{0});
  });
}

TEST_F(MemoryHistory, IdenticalWritesAddNothingToHistoryButRaisesDo) {
  KeyId k = id("k");
  memory.retainHistory(k, sec(600));
  for (int i = 0; i < 10000; ++i) {
    clock.advanceTo(sec(i * 0.02));  // 50 Hz over 200 s
    memory.insertData("k", 1);
  }
  ASSERT_EQ(memory.getEventHistory("k").size(), 1u);
  EXPECT_EQ(memory.getEventHistory("k")[0].time, Time{0});
  clock.advanceTo(sec(201));
  memory.raiseEvent("k", 1);  // the same value, raised: bang() sees it
  auto h = memory.getEventHistory("k");
  ASSERT_EQ(h.size(), 2u);
  EXPECT_EQ(h[1].time, sec(201));
  memory.withLock([&](const LockedView& view) { EXPECT_TRUE(view.history(k)->back().raised); });
}

TEST_F(MemoryHistory, ManyIdenticalWritesAtOneInstantAddNothing) {
  KeyId k = id("k");
  memory.retainHistory(k, sec(1));
  memory.insertData("k", 2);
  for (int i = 0; i < 100000; ++i) memory.insertData("k", 2);
  EXPECT_EQ(memory.getEventHistory("k").size(), 1u);
}

// An entry at the exact start of the window is inside it (the window is closed).
TEST_F(MemoryHistory, TrimmingKeepsEveryEntryAtTheCutoffInstant) {
  KeyId k = id("k");
  memory.retainHistory(k, sec(5));
  clock.advanceTo(sec(1));
  memory.raiseEvent("k", 2);
  memory.insertData("k", 3);
  clock.advanceTo(sec(6));
  memory.insertData("k", 4);
  auto h = memory.getEventHistory("k");
  ASSERT_EQ(h.size(), 3u);
  EXPECT_EQ(times(h), (std::vector<Time>{sec(1), sec(1), sec(6)}));
  memory.withLock([&](const LockedView& view) { EXPECT_TRUE(view.history(k)->front().raised); });
}

// A key removed and inserted again while its history is kept: the removal
// is an Invalid entry (the key's value was Invalid from then on).
TEST_F(MemoryHistory, ARemovalIsAnInvalidEntryOfTheHistory) {
  KeyId k = id("k");
  memory.retainHistory(k, sec(100));
  memory.insertData("k", 1);
  clock.advanceTo(sec(2));
  memory.removeData("k");
  clock.advanceTo(sec(3));
  memory.insertData("k", 1);
  auto h = memory.getEventHistory("k");
  ASSERT_EQ(h.size(), 3u);
  EXPECT_EQ(times(h), (std::vector<Time>{Time{0}, sec(2), sec(3)}));
  EXPECT_TRUE(h[1].value.isInvalid());
}

TEST_F(MemoryHistory, RetentionCallsWithAnUnknownIdDoNothing) {
  const KeyId bogus = 1'000'000;
  memory.retainHistory(bogus, sec(1));
  memory.releaseHistory(bogus, sec(1));
  EXPECT_EQ(memory.historyRetention(bogus), Duration::zero());
}

}  // namespace
