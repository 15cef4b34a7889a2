#include "autolife/memory/memory.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <utility>

namespace autolife::memory {

std::string_view kindName(KeyKind k) {
  switch (k) {
    case KeyKind::Data: return "Data";
    case KeyKind::Event: return "Event";
    case KeyKind::MicroEvent: return "MicroEvent";
  }
  return "Data";
}

// The past of a key that some condition looks back on (kept out of Slot so
// that the common key stays small).
struct Memory::Retained {
  std::deque<HistoryEntry> entries;
  std::map<Duration, std::uint32_t> holders;  // window -> number of holders
  Duration window{0};                         // the largest window held
  Time knownSince{0};                         // entries cover every change since
  // No entry can go before this time (the second entry's time plus the
  // window): most writes then skip the trimming walk. Time::min() makes the
  // next write look again (after the window or the entries changed).
  Time trimDue = core::kNever;
};

struct Memory::Slot {
  std::string name;
  Value value;
  Time written{0};            // last write (getTimestamp)
  // The last change: a write of another value, or a raise. A write of the
  // same value is no change: the key's signal did not move (decision 20).
  Time time{0};
  std::uint64_t batch = 0;    // batch of the last change
  KeyKind kind = KeyKind::Data;
  bool exists = false;        // inserted or declared, and not removed
  bool lastRaised = false;    // the last change was a raise
  bool everChanged = false;   // written at least once
  bool hasListeners = false;
  std::uint32_t refs = 0;     // acquireKey holders (conditions)
  std::unique_ptr<Retained> retained;  // only while some condition needs the key's past

  const std::deque<HistoryEntry>* history() const {
    return retained && retained->window > Duration::zero() ? &retained->entries : nullptr;
  }
};

// Listener lists are copied on write: a notification holds the list of its
// write (no copy per write), and unsubscribing clears `active`, which the
// queued notification checks before each call.
struct Memory::Listener {
  SubscriptionId id;
  std::string name;
  std::shared_ptr<const EventCallback> callback;  // subscribeToEvent
  std::weak_ptr<Subscriber> subscriber;           // subscriber()
  std::shared_ptr<std::atomic<bool>> active = std::make_shared<std::atomic<bool>>(true);
};

// ---- the lock ------------------------------------------------------------

void detail::MemoryLock::lockContended() {
  // Taken: say so (kContended), and sleep until the word changes; the
  // thread that gets it this way leaves it kContended, so that its unlock
  // wakes the next sleeper if there is one (a spare wake-up at worst).
  while (word_.exchange(kContended, std::memory_order_acquire) != kFree)
    word_.wait(kContended, std::memory_order_relaxed);
}

namespace {
// lock_guard for the write path, forced inline: GCC kept lock_guard's
// destructor (the unlock) a call of its own.
class [[nodiscard]] WriteGuard {
public:
  [[gnu::always_inline]] explicit WriteGuard(detail::MemoryLock& lock) : lock_(lock) { lock_.lock(); }
  [[gnu::always_inline]] ~WriteGuard() { lock_.unlock(); }
  WriteGuard(const WriteGuard&) = delete;
  WriteGuard& operator=(const WriteGuard&) = delete;

private:
  detail::MemoryLock& lock_;
};
}  // namespace

// ---- LockedView ----------------------------------------------------------

const Value& LockedView::value(KeyId key) const { return memory_.slots_[key].value; }
bool LockedView::exists(KeyId key) const { return memory_.slots_[key].exists; }
Time LockedView::changedAt(KeyId key) const { return memory_.slots_[key].time; }
bool LockedView::lastWasRaise(KeyId key) const { return memory_.slots_[key].lastRaised; }
std::uint64_t LockedView::lastBatch(KeyId key) const { return memory_.slots_[key].batch; }
const std::deque<HistoryEntry>* LockedView::history(KeyId key) const { return memory_.slots_[key].history(); }
Time LockedView::knownSince(KeyId key) const {
  const auto& s = memory_.slots_[key];
  if (s.history()) return s.retained->knownSince;
  return s.everChanged ? s.time : Time{0};
}

// ---- construction --------------------------------------------------------

Memory::Memory(core::Clock& clock, Threads threads) : clock_(clock), mutex_(threads) {
  auto makeMeta = [this](std::string_view name) {
    KeyId id = acquireKey(name);
    slots_[id].kind = KeyKind::Event;
    slots_[id].exists = true;
    return id;
  };
  keyAdded_ = makeMeta(kKeyAdded);
  keyRemoved_ = makeMeta(kKeyRemoved);
  keyTypeChanged_ = makeMeta(kKeyTypeChanged);
}

Memory::~Memory() = default;

// ---- slots ---------------------------------------------------------------

[[gnu::always_inline]] inline KeyId Memory::findLocked(std::string_view name, const Slot*& slot) const {
  // The index compares names in their slots: the slot of the last one
  // compared is the key's, when found (no second lookup of it).
  const Slot* compared = nullptr;
  const auto nameOf = [this, &compared](KeyId k) -> std::string_view {
    compared = &slots_[k];
    return compared->name;
  };
  if (name.empty()) [[unlikely]] {
    const KeyId id = index_.find(name, nameOf);  // a recycled slot's name too: never from the cache
    slot = compared;
    return id;
  }
  if (recentRest_ != 0) [[likely]] {  // the cache has missed lately: see recentRest_
    --recentRest_;
    const KeyId id = index_.find(name, nameOf);
    slot = compared;
    return id;
  }
  Recent& recent = recent_[(name.size() * 31 + static_cast<unsigned char>(name.back())) % recent_.size()];
  const std::uint32_t tail = detail::KeyIndex::tail(name);
  // (A slot never moves, and a recycled one has another name.)
  if (recent.tail == tail && recent.slot && detail::KeyIndex::sameName(recent.slot->name, name)) {
    recentMisses_ = 0;
    slot = recent.slot;
    return recent.id;
  }
  const KeyId id = index_.find(name, nameOf);
  slot = compared;
  if (id != kNoKey) recent = {id, tail, compared};
  if (++recentMisses_ == kRecentMissesBeforeRest) [[unlikely]] {
    recentMisses_ = 0;
    recentRest_ = kRecentRest;
  }
  return id;
}

[[gnu::always_inline]] inline KeyId Memory::findLocked(std::string_view name) const {
  const Slot* slot = nullptr;
  return findLocked(name, slot);
}

KeyId Memory::acquireKey(std::string_view name) {
  std::lock_guard lock(mutex_);
  KeyId id = findOrCreateLocked(name);
  ++slots_[id].refs;
  return id;
}

[[gnu::always_inline]] inline KeyId Memory::findOrCreateLocked(std::string_view name) {
  const KeyId id = findLocked(name);
  if (id != kNoKey) [[likely]]
    return id;
  return createLocked(name);
}

[[gnu::always_inline]] inline Memory::Slot& Memory::findOrCreateLocked(std::string_view name, KeyId& id) {
  const Slot* found = nullptr;
  id = findLocked(name, found);
  if (id != kNoKey) [[likely]]
    return const_cast<Slot&>(*found);  // (found through a const lookup; this is the write)
  id = createLocked(name);
  return slots_[id];
}

KeyId Memory::createLocked(std::string_view name) {
  KeyId id;
  if (!freeSlots_.empty()) {
    id = freeSlots_.back();
    freeSlots_.pop_back();
    slots_[id] = Slot{};
  } else {
    id = static_cast<KeyId>(slots_.size());
    slots_.emplace_back();
  }
  slots_[id].name = std::string(name);
  index_.insert(slots_[id].name, id);
  return id;
}

void Memory::releaseKey(KeyId key) {
  std::lock_guard lock(mutex_);
  if (key >= slots_.size() || slots_[key].refs == 0) return;
  --slots_[key].refs;
  maybeRecycle(key);
}

void Memory::maybeRecycle(KeyId id) {
  Slot& s = slots_[id];
  // Forget a removed key nobody refers to, so that churn of unique keys does
  // not grow memory without bound. (An empty name: already recycled.)
  if (s.name.empty() || s.refs > 0 || s.exists || s.hasListeners || s.retained) return;
  index_.erase(s.name, [this](KeyId k) -> std::string_view { return slots_[k].name; });
  s = Slot{};
  freeSlots_.push_back(id);
}

std::string Memory::keyName(KeyId key) const {
  std::lock_guard lock(mutex_);
  return key < slots_.size() ? slots_[key].name : std::string();
}

KeyId Memory::slotForWriteLocked(std::string_view name, bool& created) {
  KeyId id = findOrCreateLocked(name);
  created = !slots_[id].exists;
  return id;
}

const Memory::Slot& Memory::existingSlotLocked(std::string_view key, std::string_view method) const {
  KeyId id = findLocked(key);
  if (id == kNoKey || !slots_[id].exists)
    throw MemoryError(std::string(method) + ": there is no key named '" + std::string(key) + "'");
  return slots_[id];
}

// ---- writes --------------------------------------------------------------

void Memory::insertListData(const std::vector<std::pair<std::string, Value>>& list) {
  std::vector<Write> writes;
  writes.reserve(list.size());
  for (const auto& [k, v] : list) writes.push_back({Write::Kind::Set, k, v});
  apply(writes);
}

void Memory::removeData(std::string_view key) { writeOne(Write::Kind::Remove, key, {}); }

void Memory::declareEvent(std::string_view name) { writeOne(Write::Kind::Declare, name, {}); }

void Memory::writeOne(Write::Kind kind, std::string_view key, Value&& value) {
  if (key.empty()) throw MemoryError("ALMemory: a key name cannot be empty", MemoryError::Reason::BadArgument);
  const auto write = [&](Write::Kind k) __attribute__((always_inline)) {
    WriteGuard lock(mutex_);
    ChangeBatch& batch = beginBatchLocked();
    applyOne(k, key, std::move(value), batch, true);
    endBatchLocked(batch, k == Write::Kind::Remove);
  };
  // insertData's steps with the kind known: its tests of the kind fold away.
  if (kind == Write::Kind::Set) write(Write::Kind::Set);
  else write(kind);
  dispatcher_.drain();
}

void Memory::apply(std::span<Write> writes) {
  // Refuse the whole batch before changing anything.
  for (const auto& w : writes)
    if (w.key.empty()) throw MemoryError("ALMemory: a key name cannot be empty", MemoryError::Reason::BadArgument);
  {
    std::lock_guard lock(mutex_);
    ChangeBatch& batch = beginBatchLocked();
    bool removes = false;
    for (auto& w : writes) {
      applyOne(w.kind, w.key, std::move(w.value), batch, true);
      removes |= w.kind == Write::Kind::Remove;
    }
    endBatchLocked(batch, removes);
  }
  dispatcher_.drain();
}

[[gnu::always_inline]] inline ChangeBatch& Memory::beginBatchLocked() {
  ChangeBatch& batch = batch_;
  batch.sequence = ++batchSequence_;
  batch.time = clock_.now();
  batch.changes.clear();
  metaEvents_.clear();  // (a batch that threw half-way may have left some)
  return batch;
}

// The batch's meta events join it; then its observers see it.
[[gnu::always_inline]] inline void Memory::endBatchLocked(ChangeBatch& batch, bool removes) {
  if (!metaEvents_.empty()) [[unlikely]]
    applyMetaEventsLocked(batch);
  LockedView view(*this);
  for (auto* o : observers_) o->onBatch(batch, view);
  if (removes)  // (only a removal leaves a written key not existing)
    for (const auto& c : batch.changes)
      if (!slots_[c.key].exists) maybeRecycle(c.key);
}

void Memory::applyMetaEventsLocked(ChangeBatch& batch) {
  for (auto& m : metaEvents_) applyOne(m.kind, m.key, std::move(m.value), batch, false);
}

void Memory::removeOne(std::string_view key, ChangeBatch& batch, bool withMeta) {
  KeyId id = findLocked(key);
  if (id == kNoKey || !slots_[id].exists) return;  // removing an unknown key: no-op
  Slot& slot = slots_[id];
  slot.exists = false;
  record(slot, id, Value{}, false, batch);
  if (withMeta) queueMeta(kKeyRemoved, slot.name);
}

[[gnu::always_inline]] inline void Memory::applyOne(Write::Kind kind, std::string_view key, Value&& value,
                                                    ChangeBatch& batch, bool withMeta) {
  if (kind == Write::Kind::Remove) return removeOne(key, batch, withMeta);
  KeyId id;
  Slot& slot = findOrCreateLocked(key, id);
  const bool created = !slot.exists;
  // KeyTypeChanged for a key that was of another kind; KeyAdded for a new
  // one (never both).
  std::string_view meta;
  if (kind == Write::Kind::Set) {
    // insertData keeps an event an event: it only stores the value.
    if (created) slot.kind = KeyKind::Data;
  } else {
    const KeyKind to = kind == Write::Kind::RaiseMicro ? KeyKind::MicroEvent : KeyKind::Event;
    if (!created && slot.kind != to) meta = kKeyTypeChanged;
    slot.kind = to;
  }
  slot.exists = true;
  if (kind != Write::Kind::Declare) record(slot, id, std::move(value), kind != Write::Kind::Set, batch);
  if (created) meta = kKeyAdded;
  if (withMeta && !meta.empty()) [[unlikely]]
    queueMeta(meta, slot.name);
}

// A meta event (KeyAdded & co) raised at the end of the batch, naming `name`.
void Memory::queueMeta(std::string_view metaKey, std::string_view name) {
  Write& w = metaEvents_.emplace_back();
  w.kind = Write::Kind::Raise;
  w.key = metaKey;
  w.value = Value(name);
}

// identical() with the kind a write carries most (an int) compared inline:
// GCC leaves identical() itself a call, a twentieth of a write's cost.
namespace {
[[gnu::always_inline]] inline bool sameValue(const Value& a, const Value& b) {
  if (a.isInt() && b.isInt()) return a.asInt() == b.asInt();
  return identical(a, b);
}
}  // namespace

[[gnu::always_inline]] inline void Memory::record(Slot& slot, KeyId id, Value&& value, bool raised,
                                                  ChangeBatch& batch) {
  const bool changed = !slot.everChanged || !sameValue(slot.value, value);
  if (slot.hasListeners && (raised || slot.exists)) {
    // Delivered after the lock is released, in write order.
    dispatcher_.post([listeners = listeners_.find(id)->second, key = slot.name, v = value] { notify(*listeners, key, v); });
  }
  // Only changes and raises are history: what a condition can observe
  // (bang needs raises, ~ # @ stable need changes). Retention is then
  // bounded by the key's changes, not by how often it is written.
  Retained* history = slot.history() ? slot.retained.get() : nullptr;
  if (changed || raised) {
    if (history) {
      history->entries.push_back({batch.time, batch.sequence, value, raised});
      if (history->entries.size() == 2)
        history->trimDue = std::min(history->trimDue, core::addSaturating(batch.time, history->window));
    }
    slot.time = batch.time;
    slot.batch = batch.sequence;
    slot.lastRaised = raised;
  }
  // An identical value is there already (most writes of a trace repeat
  // one): no move. Floats are moved anyway: -0.0 is identical to 0.0.
  if (changed || slot.value.isFloat()) slot.value = std::move(value);
  slot.written = batch.time;
  slot.everChanged = true;
  if (history) trimHistory(*history, batch.time);
  batch.changes.push_back({id, raised, changed});
}

void Memory::trimHistory(Retained& r, Time now) {
  auto& h = r.entries;
  if (now >= r.trimDue) {
    const Time cutoff = now - r.window;
    // Keep the last change before the cutoff (it gives the value then) and
    // every change at the cutoff instant: the window [now - window, now] is
    // closed, and a raise there is still in it.
    while (h.size() >= 2 && h[1].time <= cutoff && h[0].time < cutoff) h.pop_front();
    r.trimDue = h.size() >= 2 ? core::addSaturating(h[1].time, r.window) : core::kNever;
  }
  if (!h.empty() && h.front().time > r.knownSince) r.knownSince = h.front().time;
}

// Calls every listener even when one throws; the first failure is rethrown
// afterwards for the dispatcher to report.
void Memory::notify(const std::vector<Listener>& listeners, const std::string& key, const Value& value) {
  std::exception_ptr failure;
  for (const auto& l : listeners) {
    if (!l.active->load()) continue;  // unsubscribed since the write
    try {
      if (l.callback) (*l.callback)(key, value);
      else if (auto sub = l.subscriber.lock()) sub->signal(value);
    } catch (...) {
      if (!failure) failure = std::current_exception();
    }
  }
  if (failure) std::rethrow_exception(failure);
}

// ---- history retention ---------------------------------------------------

void Memory::retainHistory(KeyId key, Duration window) {
  std::lock_guard lock(mutex_);
  if (key >= slots_.size()) return;
  Slot& s = slots_[key];
  if (!s.retained) s.retained = std::make_unique<Retained>();
  Retained& r = *s.retained;
  ++r.holders[window];
  const bool wasKeeping = r.window > Duration::zero();
  r.window = r.holders.rbegin()->first;
  if (!wasKeeping && r.window > Duration::zero()) {
    // History starts now, with the last change (not the last write: an
    // identical write since did not change the key): before it, the past
    // is not known.
    r.entries.clear();
    if (s.everChanged) r.entries.push_back({s.time, s.batch, s.value, s.lastRaised});
    r.knownSince = s.everChanged ? s.time : Time{0};
  }
  r.trimDue = Time::min();  // the window may have grown: look again
}

void Memory::releaseHistory(KeyId key, Duration window) {
  std::lock_guard lock(mutex_);
  if (key >= slots_.size()) return;
  Slot& s = slots_[key];
  if (!s.retained) return;
  auto it = s.retained->holders.find(window);
  if (it == s.retained->holders.end()) return;
  if (--it->second == 0) s.retained->holders.erase(it);
  if (s.retained->holders.empty()) {
    s.retained.reset();
    maybeRecycle(key);
    return;
  }
  s.retained->window = s.retained->holders.rbegin()->first;
  s.retained->trimDue = Time::min();  // the window may have shrunk: look now
  if (s.retained->window == Duration::zero()) s.retained->entries.clear();
  else trimHistory(*s.retained, clock_.now());
}

Duration Memory::historyRetention(KeyId key) const {
  std::lock_guard lock(mutex_);
  if (key >= slots_.size() || !slots_[key].retained) return Duration::zero();
  return slots_[key].retained->window;
}

// ---- reads ---------------------------------------------------------------

Value Memory::getData(std::string_view key) const {
  std::lock_guard lock(mutex_);
  return existingSlotLocked(key, "ALMemory.getData").value;
}

std::vector<Value> Memory::getListData(const std::vector<std::string>& keys) const {
  std::lock_guard lock(mutex_);
  std::vector<Value> out;
  out.reserve(keys.size());
  for (const auto& k : keys) out.push_back(existingSlotLocked(k, "ALMemory.getListData").value);
  return out;
}

std::vector<std::string> Memory::namesWhere(const std::function<bool(const Slot&)>& keep) const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> out;
  slots_.forEach([&](const Slot& s) {
    if (s.exists && keep(s)) out.push_back(s.name);
  });
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> Memory::getDataList(std::string_view substring) const {
  return namesWhere([&](const Slot& s) { return s.name.find(substring) != std::string::npos; });
}

std::vector<std::string> Memory::getDataListName() const { return getDataList(""); }

std::vector<std::string> Memory::getEventList() const {
  return namesWhere([](const Slot& s) { return s.kind == KeyKind::Event; });
}

std::vector<std::string> Memory::getMicroEventList() const {
  return namesWhere([](const Slot& s) { return s.kind == KeyKind::MicroEvent; });
}

std::string Memory::getType(std::string_view key) const {
  std::lock_guard lock(mutex_);
  return std::string(kindName(existingSlotLocked(key, "ALMemory.getType").kind));
}

Stamped Memory::getTimestamp(std::string_view key) const {
  std::lock_guard lock(mutex_);
  const Slot& s = existingSlotLocked(key, "ALMemory.getTimestamp");
  return {s.value, s.written};
}

std::vector<Stamped> Memory::getEventHistory(std::string_view key) const {
  std::lock_guard lock(mutex_);
  const Slot& s = existingSlotLocked(key, "ALMemory.getEventHistory");
  std::vector<Stamped> out;
  if (s.history() && !s.history()->empty()) {
    for (const auto& e : *s.history()) out.push_back({e.value, e.time});
  } else {
    out.push_back({s.value, s.time});
  }
  return out;
}

// ---- subscriptions -------------------------------------------------------

std::shared_ptr<Subscriber> Memory::subscriber(std::string_view key) {
  if (key.empty()) throw MemoryError("ALMemory.subscriber: a key name cannot be empty", MemoryError::Reason::BadArgument);
  std::shared_ptr<const Listeners> replaced;
  std::lock_guard lock(mutex_);
  bool created = false;
  KeyId id = slotForWriteLocked(key, created);
  SubscriptionId sid = nextSubscription_++;
  // Dropping the last reference unsubscribes, so that a key nobody listens
  // to any more can be forgotten once removed.
  auto* raw = new Subscriber(std::string(key), std::string(key) + "#" + std::to_string(sid));
  std::shared_ptr<Subscriber> sub(raw, [this, sid, alive = std::weak_ptr<int>(alive_)](Subscriber* s) {
    if (alive.lock()) unsubscribeToEvent(sid);
    delete s;
  });
  replaced = addListenerLocked(id, Listener{sid, sub->name(), nullptr, sub});
  return sub;
}

SubscriptionId Memory::subscribeToEvent(std::string_view key, std::string subscriberName, EventCallback cb) {
  if (key.empty()) throw MemoryError("ALMemory.subscribeToEvent: a key name cannot be empty", MemoryError::Reason::BadArgument);
  if (!cb) throw MemoryError("ALMemory.subscribeToEvent: no callback given", MemoryError::Reason::BadArgument);
  auto callback = std::make_shared<const EventCallback>(std::move(cb));
  std::shared_ptr<const Listeners> replaced;
  std::lock_guard lock(mutex_);
  bool created = false;
  KeyId id = slotForWriteLocked(key, created);
  SubscriptionId sid = nextSubscription_++;
  replaced = addListenerLocked(id, Listener{sid, std::move(subscriberName), std::move(callback), {}});
  return sid;
}

// The key's listeners with `l` added (a new list: queued notifications keep
// theirs). Returns the old list, for the caller to let go of after the lock.
std::shared_ptr<const Memory::Listeners> Memory::addListenerLocked(KeyId id, Listener l) {
  auto& list = listeners_[id];
  auto next = list ? std::make_shared<Listeners>(*list) : std::make_shared<Listeners>();
  subscriptionKeys_[l.id] = id;
  next->push_back(std::move(l));
  slots_[id].hasListeners = true;
  return std::exchange(list, std::move(next));
}

bool Memory::unsubscribeToEvent(SubscriptionId sid) {
  // The old list, and the callback with it, go after the lock is released:
  // what a callback captured may take locks of its own when destroyed.
  std::shared_ptr<const Listeners> replaced;
  std::lock_guard lock(mutex_);
  auto found = subscriptionKeys_.find(sid);
  if (found == subscriptionKeys_.end()) return false;
  const KeyId id = found->second;
  subscriptionKeys_.erase(found);
  auto it = listeners_.find(id);
  auto next = std::make_shared<Listeners>();
  for (const auto& l : *it->second) {
    if (l.id == sid) l.active->store(false);  // a notification already queued skips it
    else next->push_back(l);
  }
  replaced = std::move(it->second);
  if (next->empty()) {
    listeners_.erase(it);
    slots_[id].hasListeners = false;
    maybeRecycle(id);
  } else {
    it->second = std::move(next);
  }
  return true;
}

std::vector<std::string> Memory::getSubscribers(std::string_view key) const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> out;
  KeyId id = findLocked(key);
  if (id == kNoKey) return out;
  auto it = listeners_.find(id);
  if (it == listeners_.end()) return out;
  for (const auto& l : *it->second)
    if (l.callback || !l.subscriber.expired()) out.push_back(l.name);
  return out;
}

// ---- observers -----------------------------------------------------------

void Memory::addObserver(BatchObserver* observer) {
  std::lock_guard lock(mutex_);
  observers_.push_back(observer);
}

void Memory::removeObserver(BatchObserver* observer) {
  std::lock_guard lock(mutex_);
  std::erase(observers_, observer);
}

void Memory::withLock(const std::function<void(const LockedView&)>& fn) {
  {
    std::lock_guard lock(mutex_);
    LockedView view(*this);
    fn(view);
  }
  dispatcher_.drain();
}

}  // namespace autolife::memory
