// ALMemory (REFERENCE §2): a process-wide key → value store with events,
// subscriptions, timestamps and a per-key history bounded by what the
// loaded conditions need.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "autolife/core/clock.hpp"
#include "autolife/core/dispatcher.hpp"
#include "autolife/core/signal.hpp"
#include "autolife/core/value.hpp"
#include "autolife/memory/chunked_vector.hpp"
#include "autolife/memory/key_index.hpp"

namespace autolife::memory {

using core::Duration;
using core::Time;
using core::Value;

// Dense index of a key's slot; stable while someone holds a reference.
using KeyId = std::uint32_t;

enum class KeyKind : std::uint8_t { Data, Event, MicroEvent };
std::string_view kindName(KeyKind k);  // "Data", "Event", "MicroEvent"

// Unknown key, bad argument: the message is the sentence a user sees, the
// reason what went wrong (the service's refusal reason).
class MemoryError : public std::runtime_error {
public:
  enum class Reason : std::uint8_t { UnknownKey, BadArgument };
  explicit MemoryError(const std::string& message, Reason reason = Reason::UnknownKey)
      : std::runtime_error(message), reason_(reason) {}
  Reason reason() const { return reason_; }

private:
  Reason reason_;
};

// A value with the engine time it was set at.
struct Stamped {
  Value value;
  Time time{0};
};

// One retained change of a key.
struct HistoryEntry {
  Time time{0};
  std::uint64_t batch = 0;  // writes of one batch share it (one evaluation point)
  Value value;
  bool raised = false;  // raised as an event (what bang() sees)
};

// One write of a batch.
struct Write {
  enum class Kind : std::uint8_t { Set, Raise, RaiseMicro, Declare, Remove };
  Kind kind = Kind::Set;
  std::string_view key;
  Value value;
};

// What a batch changed, for batch observers.
struct Change {
  KeyId key;
  bool raised;        // raiseEvent / raiseMicroEvent
  bool valueChanged;  // the stored value is not identical to the previous one
};
struct ChangeBatch {
  std::uint64_t sequence = 0;
  Time time{0};
  std::vector<Change> changes;
};

// Read access to slots; only valid while memory's lock is held (inside a
// BatchObserver callback or a withLock() block).
class LockedView {
public:
  const Value& value(KeyId key) const;
  bool exists(KeyId key) const;
  // Engine time of the key's last change: a write of another value or a
  // raise (0 when never set). A write of the same value is no change.
  Time changedAt(KeyId key) const;
  bool lastWasRaise(KeyId key) const;  // the last change was a raise
  std::uint64_t lastBatch(KeyId key) const;
  // Retained changes, oldest first (empty when the key keeps no history).
  const std::deque<HistoryEntry>* history(KeyId key) const;
  // From when on the key's past is exactly known (its history or last change
  // covers every change since then).
  Time knownSince(KeyId key) const;

private:
  friend class Memory;
  explicit LockedView(const class Memory& m) : memory_(m) {}
  const class Memory& memory_;
};

// The condition monitor: told about every batch synchronously, under the
// memory lock, so that each evaluation point sees exactly that batch's state.
// It must not call back into Memory (it may post to the dispatcher).
class BatchObserver {
public:
  virtual ~BatchObserver() = default;
  virtual void onBatch(const ChangeBatch& batch, const LockedView& view) = 0;
};

// What memory.subscriber(name) returns: an object whose signal fires with the
// key's new value at each insertData / raiseEvent of that key. Dropping the
// last reference unsubscribes it; drop it outside memory's callbacks that
// hold its lock (BatchObserver, withLock), and before Memory is destroyed.
class Subscriber {
public:
  explicit Subscriber(std::string key, std::string name) : key_(std::move(key)), name_(std::move(name)) {}
  const std::string& key() const { return key_; }
  const std::string& name() const { return name_; }
  core::Signal<const Value&> signal;

private:
  std::string key_;
  std::string name_;
};

using EventCallback = std::function<void(const std::string& key, const Value& value)>;
using SubscriptionId = std::uint64_t;

// Who may call a Memory: any thread (the engine's, shared by the API, box
// threads and the loop), or only the thread that made it (`autolife eval`'s
// private engine, where the lock was a tenth of a trace line's cost).
enum class Threads : std::uint8_t { Any, One };

namespace detail {
// Memory's lock: for a memory shared by threads, a lock word taken with one
// compare-exchange and given back with one exchange, both inline; a thread
// that finds it taken sleeps on the word (std::atomic's wait: a futex on
// Linux), and the unlock that finds a sleeper wakes one. std::mutex cost two
// calls into libpthread, about 60 instructions a write (decision 910). For a
// memory one thread owns, nothing.
class MemoryLock {
public:
  explicit MemoryLock(Threads threads) : shared_(threads == Threads::Any) {}
  [[gnu::always_inline]] void lock() {
    if (!shared_) return;
    std::uint32_t expected = kFree;
    if (!word_.compare_exchange_strong(expected, kHeld, std::memory_order_acquire, std::memory_order_relaxed))
        [[unlikely]]
      lockContended();
  }
  [[gnu::always_inline]] void unlock() {
    if (!shared_) return;
    if (word_.exchange(kFree, std::memory_order_seq_cst) == kContended) [[unlikely]]
      word_.notify_one();
  }

private:
  // Free, held, or held with (maybe) a sleeper: the unlock of a word left
  // at kHeld wakes no one, so a thread that waits marks it kContended first.
  static constexpr std::uint32_t kFree = 0, kHeld = 1, kContended = 2;
  void lockContended();
  std::atomic<std::uint32_t> word_{kFree};
  bool shared_;
};
}  // namespace detail

class Memory {
public:
  explicit Memory(core::Clock& clock, Threads threads = Threads::Any);
  ~Memory();
  Memory(const Memory&) = delete;
  Memory& operator=(const Memory&) = delete;

  // ---- the ALMemory API ----
  void insertData(std::string_view key, Value value) { writeOne(Write::Kind::Set, key, std::move(value)); }
  void insertListData(const std::vector<std::pair<std::string, Value>>& list);
  Value getData(std::string_view key) const;  // MemoryError for an unknown key
  std::vector<Value> getListData(const std::vector<std::string>& keys) const;
  std::vector<std::string> getDataList(std::string_view substring) const;
  std::vector<std::string> getDataListName() const;
  void removeData(std::string_view key);
  void declareEvent(std::string_view name);
  void raiseEvent(std::string_view name, Value value) { writeOne(Write::Kind::Raise, name, std::move(value)); }
  void raiseMicroEvent(std::string_view name, Value value) { writeOne(Write::Kind::RaiseMicro, name, std::move(value)); }
  std::vector<std::string> getEventList() const;
  std::vector<std::string> getMicroEventList() const;
  std::string getType(std::string_view key) const;  // "Data" | "Event" | "MicroEvent"
  Stamped getTimestamp(std::string_view key) const;
  // The key's retained history, oldest first, ending with its current value.
  std::vector<Stamped> getEventHistory(std::string_view key) const;
  // A new subscriber object (named "<key>#<n>"); it stops receiving when the
  // last shared_ptr to it is dropped.
  std::shared_ptr<Subscriber> subscriber(std::string_view key);
  SubscriptionId subscribeToEvent(std::string_view key, std::string subscriberName, EventCallback cb);
  // Once it returns, no call of that subscription starts, not even for a
  // write already queued (a call under way on another thread may finish).
  // False for an unknown id.
  bool unsubscribeToEvent(SubscriptionId id);
  std::vector<std::string> getSubscribers(std::string_view key) const;

  // ---- engine interface ----
  // Applies several writes as one batch: one timestamp, one evaluation point
  // (REFERENCE §3: one step that raises two events raises them together).
  void apply(std::span<Write> writes);

  // A key's id, creating an empty placeholder (not listed, reads Invalid) if
  // needed; the key stays allocated until releaseKey.
  KeyId acquireKey(std::string_view name);
  void releaseKey(KeyId key);
  std::string keyName(KeyId key) const;

  // History retention requested by a loaded condition; the key keeps changes
  // back to now - max(requested windows) (plus the one change before).
  void retainHistory(KeyId key, Duration window);
  void releaseHistory(KeyId key, Duration window);
  Duration historyRetention(KeyId key) const;

  void addObserver(BatchObserver* observer);
  void removeObserver(BatchObserver* observer);

  // Runs fn(view) under the memory lock (exclusive: fn may change observers'
  // state); then drains the dispatcher.
  void withLock(const std::function<void(const LockedView&)>& fn);

  core::Clock& clock() const { return clock_; }
  core::Dispatcher& dispatcher() { return dispatcher_; }

  static constexpr std::string_view kKeyAdded = "ALMemory/KeyAdded";
  static constexpr std::string_view kKeyRemoved = "ALMemory/KeyRemoved";
  static constexpr std::string_view kKeyTypeChanged = "ALMemory/KeyTypeChanged";

private:
  friend class LockedView;
  struct Slot;
  struct Retained;
  struct Listener;
  using Listeners = std::vector<Listener>;

  // The steps of a write are inline in memory.cpp (their only user), so
  // that a write is one function, not seven calls (decision 911).
  inline KeyId findLocked(std::string_view name) const;  // kNoKey when absent
  inline KeyId findLocked(std::string_view name, const Slot*& slot) const;  // and its slot (null when absent)
  inline KeyId findOrCreateLocked(std::string_view name);
  inline Slot& findOrCreateLocked(std::string_view name, KeyId& id);
  KeyId createLocked(std::string_view name);
  std::vector<std::string> namesWhere(const std::function<bool(const Slot&)>& keep) const;
  KeyId slotForWriteLocked(std::string_view name, bool& created);
  const Slot& existingSlotLocked(std::string_view key, std::string_view method) const;
  // One write as a batch of its own: what apply() does, without its loops.
  void writeOne(Write::Kind kind, std::string_view key, Value&& value);
  inline ChangeBatch& beginBatchLocked();
  inline void endBatchLocked(ChangeBatch& batch, bool removes);
  void applyMetaEventsLocked(ChangeBatch& batch);
  // `withMeta`: a write that adds a key or changes its kind queues
  // KeyAdded or KeyTypeChanged (not the meta events' own writes).
  inline void applyOne(Write::Kind kind, std::string_view key, Value&& value, ChangeBatch& batch, bool withMeta);
  void removeOne(std::string_view key, ChangeBatch& batch, bool withMeta);
  void queueMeta(std::string_view metaKey, std::string_view name);
  inline void record(Slot& slot, KeyId id, Value&& value, bool raised, ChangeBatch& batch);
  void trimHistory(Retained& retained, Time now);
  std::shared_ptr<const Listeners> addListenerLocked(KeyId id, Listener l);
  void maybeRecycle(KeyId id);
  static void notify(const std::vector<Listener>& listeners, const std::string& key, const Value& value);

  static constexpr KeyId kNoKey = ~KeyId{0};

  core::Clock& clock_;
  core::Dispatcher dispatcher_;
  // One exclusive lock (MemoryLock above): writes dominate, and it is cheaper than a rwlock.
  mutable detail::MemoryLock mutex_;
  detail::ChunkedVector<Slot> slots_;  // references stay valid as it grows
  std::vector<KeyId> freeSlots_;
  detail::KeyIndex index_;
  // The ids of recent lookups, by a cheap hash of the name: a writer that
  // repeats its keys (a trace) skips the index. Checked against the slot's
  // live name, so a recycled slot is never mistaken for the key; the name's
  // last bytes, kept beside the id, turn most misses away without reading
  // the slot (a cache miss among many keys).
  struct Recent {
    KeyId id = ~KeyId{0};
    std::uint32_t tail = 0;
    const Slot* slot = nullptr;  // slots_[id], without the chunk lookup
  };
  mutable std::array<Recent, 16> recent_;
  // Among many keys written at random the cache only misses, and checking
  // and refilling it cost a write about 35 of its 570 instructions: after
  // kRecentMissesBeforeRest misses in a row, the next kRecentRest lookups
  // go straight to the index; then the cache is tried again (decision 920).
  static constexpr std::uint32_t kRecentMissesBeforeRest = 64, kRecentRest = 1024;
  mutable std::uint32_t recentMisses_ = 0;
  mutable std::uint32_t recentRest_ = 0;
  std::unordered_map<KeyId, std::shared_ptr<const Listeners>> listeners_;  // copied on write
  std::unordered_map<SubscriptionId, KeyId> subscriptionKeys_;
  std::vector<BatchObserver*> observers_;
  ChangeBatch batch_;  // reused by apply() under the lock: no allocation per write
  std::vector<Write> metaEvents_;  // KeyAdded & co of the batch under way, likewise
  std::uint64_t batchSequence_ = 0;
  SubscriptionId nextSubscription_ = 1;
  KeyId keyAdded_, keyRemoved_, keyTypeChanged_;
  std::shared_ptr<int> alive_ = std::make_shared<int>(0);  // subscribers outliving memory check it
};

}  // namespace autolife::memory
