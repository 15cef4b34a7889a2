// Memory under concurrent use (also run under ThreadSanitizer): writers on
// their own and a shared key while another thread subscribes, unsubscribes and
// reads. Every callback count must match the writes, each key's notifications
// must arrive in write order and never overlap, and final values must be the
// last writes. Then keys churned: inserted, removed, raised as micro events
// while another thread subscribes and keeps and lets go of their history
// (recycled slots reused). All state the test shares between threads is
// atomic.
#include "memory_test_support.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

using autolife::core::Value;
using namespace autolife::memory;
using namespace autolife::memory::testing;

namespace {

constexpr int kWriters = 4;
constexpr int kWrites = 10000;

std::string ownKey(int w) { return "Writer/" + std::to_string(w); }
// Shared-key values say who wrote them and when: writer * kStride + i.
constexpr std::int64_t kStride = 1'000'000;

// Checks that the values a callback sees from one writer only increase, and
// that no two callbacks of this checker run at the same time.
struct OrderChecker {
  std::atomic<long> calls{0};
  std::atomic<long> outOfOrder{0};
  std::atomic<long> overlaps{0};
  std::atomic<int> inside{0};
  std::array<std::atomic<std::int64_t>, kWriters> last{};

  OrderChecker() {
    for (auto& l : last) l = -1;
  }
  void see(std::int64_t writer, std::int64_t i) {
    if (inside.fetch_add(1) != 0) overlaps.fetch_add(1);
    calls.fetch_add(1);
    if (writer < 0 || writer >= kWriters) {
      outOfOrder.fetch_add(1);
    } else if (last[static_cast<std::size_t>(writer)].exchange(i) >= i) {
      outOfOrder.fetch_add(1);
    }
    inside.fetch_sub(1);
  }
};

TEST(MemoryConcurrency, WritersSubscribersAndReadersTogether) {
  autolife::core::VirtualClock clock;
  Memory memory(clock);
  std::atomic<long> callbackErrors{0};
  memory.dispatcher().setErrorHandler([&](const std::string&) { callbackErrors.fetch_add(1); });

  // Stable subscribers, registered before the writers start: exact counts.
  std::array<OrderChecker, kWriters> ownByCallback;
  std::array<OrderChecker, kWriters> ownBySignal;
  std::vector<std::shared_ptr<Subscriber>> ownSubscribers;
  std::vector<std::string> stableNames[kWriters];
  for (int w = 0; w < kWriters; ++w) {
    auto& checker = ownByCallback[static_cast<std::size_t>(w)];
    memory.subscribeToEvent(ownKey(w), "stable" + std::to_string(w),
                            [&checker, w](const std::string&, const Value& v) { checker.see(w, v.asInt()); });
    auto sub = memory.subscriber(ownKey(w));
    auto& bySignal = ownBySignal[static_cast<std::size_t>(w)];
    sub->signal.connect([&bySignal, w](const Value& v) { bySignal.see(w, v.asInt()); });
    stableNames[w] = {"stable" + std::to_string(w), sub->name()};
    ownSubscribers.push_back(std::move(sub));
  }
  OrderChecker shared;
  memory.subscribeToEvent("Shared", "stableShared", [&](const std::string&, const Value& v) {
    shared.see(v.asInt() / kStride, v.asInt() % kStride);
  });

  // Batches seen by an observer (called under memory's lock, one at a time).
  struct CountingObserver final : BatchObserver {
    std::atomic<long> batches{0};
    void onBatch(const ChangeBatch&, const LockedView&) override { batches.fetch_add(1); }
  } observer;
  memory.addObserver(&observer);

  std::atomic<int> writersDone{0};
  std::vector<std::thread> writers;
  for (int w = 0; w < kWriters; ++w) {
    writers.emplace_back([&memory, &writersDone, w] {
      const std::string own = ownKey(w);
      for (int i = 0; i < kWrites; ++i) {
        memory.insertData(own, i);
        memory.insertData("Shared", w * kStride + i);
      }
      writersDone.fetch_add(1);
    });
  }

  // Churning subscribers: they come and go while the writers run. None of
  // their calls starts after unsubscribing returns, but one under way on a
  // writer's thread may still finish: their state is shared-owned. What they
  // see must still be in write order.
  auto churnChecker = std::make_shared<OrderChecker>();
  std::atomic<long> readErrors{0};
  std::atomic<long> churnRounds{0};
  std::thread churn([&] {
    int round = 0;
    do {
      const int w = round % kWriters;
      const std::string key = round % 3 == 0 ? std::string("Shared") : ownKey(w);
      auto checker = churnChecker;
      SubscriptionId sid = memory.subscribeToEvent(key, "churn", [checker](const std::string&, const Value&) {
        checker->calls.fetch_add(1);
      });
      auto sub = memory.subscriber(key);
      if (key == "Shared")
        sub->signal.connect([checker](const Value& v) { checker->see(v.asInt() / kStride, v.asInt() % kStride); });
      // Reads of every kind while writes go on.
      try {
        Value own = memory.getData(ownKey(w));  // may not exist yet: MemoryError is fine
        if (!own.isInt() || own.asInt() < 0 || own.asInt() >= kWrites) readErrors.fetch_add(1);
      } catch (const MemoryError&) {
      }
      auto names = memory.getDataList("Writer/");
      if (!std::is_sorted(names.begin(), names.end())) readErrors.fetch_add(1);
      (void)memory.getSubscribers(key);
      (void)memory.getDataListName();
      try {
        (void)memory.getTimestamp("Shared");
        (void)memory.getEventHistory("Shared");
      } catch (const MemoryError&) {
      }
      if (!memory.unsubscribeToEvent(sid)) readErrors.fetch_add(1);
      sub.reset();
      ++round;
      churnRounds.fetch_add(1);
    } while (writersDone.load() < kWriters);
  });

  for (auto& t : writers) t.join();
  churn.join();
  memory.removeObserver(&observer);

  EXPECT_EQ(callbackErrors.load(), 0);
  EXPECT_EQ(readErrors.load(), 0);
  EXPECT_GT(churnRounds.load(), 0);
  EXPECT_EQ(observer.batches.load(), 2L * kWriters * kWrites);

  for (int w = 0; w < kWriters; ++w) {
    SCOPED_TRACE(ownKey(w));
    const auto& byCallback = ownByCallback[static_cast<std::size_t>(w)];
    const auto& bySignal = ownBySignal[static_cast<std::size_t>(w)];
    EXPECT_EQ(byCallback.calls.load(), kWrites);
    EXPECT_EQ(byCallback.outOfOrder.load(), 0);
    EXPECT_EQ(byCallback.overlaps.load(), 0);
    EXPECT_EQ(bySignal.calls.load(), kWrites);
    EXPECT_EQ(bySignal.outOfOrder.load(), 0);
    EXPECT_EQ(bySignal.overlaps.load(), 0);
    EXPECT_TRUE(identical(memory.getData(ownKey(w)), Value(kWrites - 1)));
    EXPECT_EQ(memory.getType(ownKey(w)), "Data");
    // The churning subscriptions are all gone; the stable ones remain.
    auto subs = memory.getSubscribers(ownKey(w));
    std::sort(subs.begin(), subs.end());
    auto expected = stableNames[w];
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(subs, expected);
  }

  EXPECT_EQ(shared.calls.load(), static_cast<long>(kWriters) * kWrites);
  EXPECT_EQ(shared.outOfOrder.load(), 0);
  EXPECT_EQ(shared.overlaps.load(), 0);
  for (int w = 0; w < kWriters; ++w) EXPECT_EQ(shared.last[static_cast<std::size_t>(w)].load(), kWrites - 1);
  Value finalShared = memory.getData("Shared");
  ASSERT_TRUE(finalShared.isInt());
  EXPECT_EQ(finalShared.asInt() % kStride, kWrites - 1) << "the last write to Shared is some writer's last";
  EXPECT_EQ(churnChecker->outOfOrder.load(), 0);
  EXPECT_EQ(churnChecker->overlaps.load(), 0);
  EXPECT_LE(churnChecker->calls.load(), 2L * kWriters * kWrites);
  EXPECT_THAT(memory.getSubscribers("Shared"), ::testing::ElementsAre("stableShared"));
}

// Key churn: two writers insert, remove and raise (as micro events, which
// changes the kind of a data key) 50 keys, while a third thread subscribes,
// unsubscribes, acquires keys and keeps and lets go of their history: slots
// are freed and reused under all of it.
TEST(MemoryConcurrency, KeysComeAndGoWhileOthersSubscribeAndKeepHistory) {
  autolife::core::VirtualClock clock;
  Memory memory(clock);
  std::atomic<long> callbackErrors{0};
  memory.dispatcher().setErrorHandler([&](const std::string&) { callbackErrors.fetch_add(1); });
  constexpr int kKeys = 50;
  constexpr int kRounds = 4000;
  auto key = [](int i) { return "Churn/" + std::to_string(i); };

  std::atomic<int> writersDone{0};
  std::vector<std::thread> writers;
  for (int w = 0; w < 2; ++w) {
    writers.emplace_back([&, w] {
      for (int i = 0; i < kRounds; ++i) {
        const std::string k = key((i * 7 + w * 13) % kKeys);
        switch ((i + w) % 3) {
          case 0: memory.insertData(k, i); break;
          case 1: memory.removeData(k); break;
          default: memory.raiseMicroEvent(k, i); break;
        }
      }
      writersDone.fetch_add(1);
    });
  }

  auto calls = std::make_shared<std::atomic<long>>(0);
  std::atomic<long> errors{0};
  std::thread churn([&] {
    int round = 0;
    do {
      const std::string k = key(round % kKeys);
      SubscriptionId sid = memory.subscribeToEvent(k, "churn", [calls](const std::string&, const Value&) {
        calls->fetch_add(1);
      });
      auto sub = memory.subscriber(k);
      sub->signal.connect([calls](const Value&) { calls->fetch_add(1); });
      KeyId id = memory.acquireKey(k);
      memory.retainHistory(id, autolife::core::fromSeconds(1 + round % 3));
      memory.withLock([&](const LockedView& view) {
        if (const auto* h = view.history(id); h && h->size() > static_cast<std::size_t>(2 * kRounds)) errors.fetch_add(1);
        (void)view.knownSince(id);
      });
      try {
        (void)memory.getEventHistory(k);
        (void)memory.getType(k);
      } catch (const MemoryError&) {  // removed meanwhile
      }
      memory.releaseHistory(id, autolife::core::fromSeconds(1 + round % 3));
      memory.releaseKey(id);
      if (!memory.unsubscribeToEvent(sid)) errors.fetch_add(1);
      sub.reset();
      ++round;
    } while (writersDone.load() < 2);
  });
  for (auto& t : writers) t.join();
  churn.join();

  EXPECT_EQ(callbackErrors.load(), 0);
  EXPECT_EQ(errors.load(), 0);
  for (int i = 0; i < kKeys; ++i) {
    EXPECT_TRUE(memory.getSubscribers(key(i)).empty()) << key(i);
    KeyId id = memory.acquireKey(key(i));
    EXPECT_EQ(memory.historyRetention(id), autolife::core::Duration::zero()) << key(i);
    memory.releaseKey(id);
  }
  // Every listed key is one of the churned keys that exists now.
  for (const auto& name : memory.getDataList("Churn/")) EXPECT_NO_THROW((void)memory.getData(name)) << name;
}

// Memory's own lock (decision 910): threads that take it at once, some
// holding it long enough for others to sleep on it, never overlap, and each
// sees what the one before it wrote (a plain counter: ThreadSanitizer
// reports a race if the lock does not order the holders).
TEST(MemoryConcurrency, ItsLockExcludesAndOrdersHolders) {
  autolife::core::VirtualClock clock;
  Memory memory(clock);
  constexpr int kThreads = 4;
  constexpr int kRounds = 5000;
  long counter = 0;  // only touched under the lock
  std::atomic<int> inside{0};
  std::atomic<long> overlaps{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kRounds; ++i) {
        memory.withLock([&](const LockedView&) {
          if (inside.fetch_add(1) != 0) overlaps.fetch_add(1);
          const long before = counter;
          // Now and then a holder stays a while: the others find the lock
          // taken and wait for it (its slow path), not only spin on it.
          if ((i + t) % 97 == 0) std::this_thread::yield();
          counter = before + 1;
          inside.fetch_sub(1);
        });
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(overlaps.load(), 0);
  long total = 0;
  memory.withLock([&](const LockedView&) { total = counter; });
  EXPECT_EQ(total, static_cast<long>(kThreads) * kRounds);
  memory.insertData("AfterTheRace", 1);  // the lock is free again
  EXPECT_EQ(memory.getData("AfterTheRace").asInt(), 1);
}

}  // namespace
