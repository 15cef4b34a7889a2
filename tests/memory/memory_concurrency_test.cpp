// Memory under concurrent use (also run under ThreadSanitizer): writers on
// their own and a shared key while another thread subscribes, unsubscribes and
// reads. Every callback count must match the writes, each key's notifications
// must arrive in write order and never overlap, and final values must be the
// last writes. All state the test shares between threads is atomic.
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

  // Churning subscribers: they come and go while the writers run. Their
  // callbacks may run after unsubscribing (already queued), so their state is
  // shared-owned; what they see must still be in write order.
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

}  // namespace
