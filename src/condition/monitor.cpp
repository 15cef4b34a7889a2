#include "autolife/condition/monitor.hpp"

#include <algorithm>
#include <stdexcept>

namespace autolife::condition {

using memory::KeyId;
using memory::LockedView;

// A settle pass clears instantaneous truths; a few more replay simultaneous
// changes under `@`. Far more than any real condition needs.
constexpr int kMaxSettlePasses = 10000;

struct ConditionMonitor::Loaded {
  ConditionId id = 0;
  std::shared_ptr<const Program> program;
  ConditionState state;
  std::vector<KeyId> keys;  // Program::keys -> memory ids
  std::vector<Value> preferences;
  Value value;
  std::shared_ptr<ConditionListener> listener;
  bool notifyEveryEvaluation = false;
  bool explainEachEvaluation = false;
  Time deadline = core::kNever;
  std::uint64_t deadlineVersion = 0;
  std::uint64_t markedBatch = 0;  // dedupes a condition within one batch
};

// Reads memory as it is now; a bang is true when its key was raised by the
// batch being evaluated.
class ConditionMonitor::LiveSource final : public ValueSource {
public:
  LiveSource(const LockedView& view, const Loaded& c, const std::vector<std::uint64_t>& raisedIn, std::uint64_t batch)
      : view_(view), c_(c), raisedIn_(raisedIn), batch_(batch) {}
  const Value& key(std::uint32_t i) const override { return view_.value(c_.keys[i]); }
  bool raised(std::uint32_t i) const override {
    return batch_ != 0 && raisedIn_[c_.keys[i]] == batch_;  // (sized for every key a condition reads)
  }
  const Value& preference(std::uint32_t i) const override { return c_.preferences[i]; }

private:
  const LockedView& view_;
  const Loaded& c_;
  const std::vector<std::uint64_t>& raisedIn_;
  std::uint64_t batch_;
};

// The condition's keys as they were at some past instant, rebuilt from
// memory history while a condition loaded late catches up.
class ConditionMonitor::ReplaySource final : public ValueSource {
public:
  explicit ReplaySource(const Loaded& c) : c_(c), values(c.keys.size()), raisedFlags(c.keys.size(), false) {}
  const Value& key(std::uint32_t i) const override { return values[i]; }
  bool raised(std::uint32_t i) const override { return raisedFlags[i]; }
  const Value& preference(std::uint32_t i) const override { return c_.preferences[i]; }

  const Loaded& c_;
  std::vector<Value> values;
  std::vector<bool> raisedFlags;
};

ConditionMonitor::ConditionMonitor(memory::Memory& memory, Options options)
    : memory_(memory), clock_(memory.clock()), options_(options), generalPass_(options.naive) {
  memory_.addObserver(this);
  if (options_.preferences) {
    preferenceLink_ = options_.preferences->changed.connect(
        [this, weak = std::weak_ptr<int>(alive_)](const std::string& d, const std::string& s) {
          if (weak.lock()) onPreferenceChanged(d, s);
        });
  }
}

ConditionMonitor::~ConditionMonitor() {
  if (options_.preferences) options_.preferences->changed.disconnect(preferenceLink_);
  std::vector<std::pair<KeyId, Duration>> toRelease;
  memory_.withLock([&](const LockedView&) {
    alive_.reset();  // a timer already due finds it expired, under this same lock
    if (timer_) clock_.cancel(timer_);
    for (auto& c : slots_) {
      if (!c) continue;
      for (std::size_t k = 0; k < c->keys.size(); ++k) toRelease.emplace_back(c->keys[k], c->program->keyHorizon[k]);
    }
  });
  memory_.removeObserver(this);
  for (auto [key, horizon] : toRelease) {
    if (horizon > Duration::zero()) memory_.releaseHistory(key, horizon);
    memory_.releaseKey(key);
  }
}

// ---- loading -------------------------------------------------------------

std::variant<ConditionId, core::Diagnostic> ConditionMonitor::add(std::string_view text, AddOptions options) {
  auto compiled = compile(text, options_.limits);
  if (auto* d = std::get_if<core::Diagnostic>(&compiled)) return *d;
  return add(std::get<std::shared_ptr<const Program>>(std::move(compiled)), std::move(options));
}

ConditionId ConditionMonitor::add(std::shared_ptr<const Program> program, AddOptions options) {
  auto c = std::make_unique<Loaded>();
  for (std::size_t k = 0; k < program->keys.size(); ++k) {
    KeyId id = memory_.acquireKey(program->keys[k]);
    c->keys.push_back(id);
    if (program->keyHorizon[k] > Duration::zero()) memory_.retainHistory(id, program->keyHorizon[k]);
  }
  for (const auto& p : program->prefs) {
    auto v = options_.preferences ? options_.preferences->preference(p.domain, p.setting) : std::nullopt;
    c->preferences.push_back(v ? Value(*v) : Value());
  }
  c->program = std::move(program);
  if (options.listener) c->listener = std::make_shared<ConditionListener>(std::move(options.listener));
  c->notifyEveryEvaluation = options.notifyEveryEvaluation;
  c->explainEachEvaluation = options.explainEachEvaluation;

  ConditionId id = 0;
  memory_.withLock([&](const LockedView& view) {
    std::uint32_t slot;
    if (!freeSlots_.empty()) {
      slot = freeSlots_.back();
      freeSlots_.pop_back();
    } else {
      slot = static_cast<std::uint32_t>(slots_.size());
      slots_.emplace_back();
    }
    id = (static_cast<ConditionId>(nextGeneration_++) << 32) | slot;
    c->id = id;
    for (KeyId k : c->keys) {
      if (k >= dependents_.size()) {
        dependents_.resize(k + 1);
        raisedInBatch_.resize(k + 1, 0);
      }
      dependents_[k].push_back(slot);
    }
    for (const auto& p : c->program->prefs) preferenceDependents_[{p.domain, p.setting}].push_back(slot);
    c->state = ConditionState(*c->program, clock_.now(), nextRandStream_);
    nextRandStream_ += c->program->randCount;
    slots_[slot] = std::move(c);
    ++loaded_;
    warmUp(*slots_[slot], view, clock_.now());
  });
  return id;
}

bool ConditionMonitor::remove(ConditionId id) {
  std::unique_ptr<Loaded> removed;
  memory_.withLock([&](const LockedView&) {
    Loaded* c = find(id);
    if (!c) return;
    auto slot = static_cast<std::uint32_t>(id & 0xffffffffu);
    for (KeyId k : c->keys) std::erase(dependents_[k], slot);
    for (const auto& p : c->program->prefs) std::erase(preferenceDependents_[{p.domain, p.setting}], slot);
    if (c->deadline != core::kNever) --liveDeadlines_;
    removed = std::move(slots_[slot]);
    freeSlots_.push_back(slot);
    --loaded_;
  });
  if (!removed) return false;
  for (std::size_t k = 0; k < removed->keys.size(); ++k) {
    if (removed->program->keyHorizon[k] > Duration::zero())
      memory_.releaseHistory(removed->keys[k], removed->program->keyHorizon[k]);
    memory_.releaseKey(removed->keys[k]);
  }
  return true;
}

void ConditionMonitor::setNotifyEveryEvaluation(ConditionId id, bool every) {
  memory_.withLock([&](const LockedView&) { at(id).notifyEveryEvaluation = every; });
}

ConditionMonitor::Loaded* ConditionMonitor::find(ConditionId id) const {
  auto slot = static_cast<std::size_t>(id & 0xffffffffu);
  if (slot >= slots_.size() || !slots_[slot] || slots_[slot]->id != id) return nullptr;
  return slots_[slot].get();
}

ConditionMonitor::Loaded& ConditionMonitor::at(ConditionId id) const {
  Loaded* c = find(id);
  if (!c) throw std::out_of_range("no condition with id " + std::to_string(id));
  return *c;
}

// ---- queries -------------------------------------------------------------

bool ConditionMonitor::contains(ConditionId id) const {
  bool found = false;
  memory_.withLock([&](const LockedView&) { found = find(id) != nullptr; });
  return found;
}

Value ConditionMonitor::value(ConditionId id) const {
  Value v;
  memory_.withLock([&](const LockedView&) { v = at(id).value; });
  return v;
}

std::shared_ptr<const Program> ConditionMonitor::program(ConditionId id) const {
  std::shared_ptr<const Program> p;
  memory_.withLock([&](const LockedView&) { p = at(id).program; });
  return p;
}

Duration ConditionMonitor::largestWindow(ConditionId id) const {
  Duration d{0};
  memory_.withLock([&](const LockedView&) {
    const Loaded& c = at(id);
    d = c.program->largestWindow;
    for (const auto& t : c.state.temporal) d = std::max(d, t.largestWindow);
  });
  return d;
}

std::size_t ConditionMonitor::size() const {
  std::size_t n = 0;
  memory_.withLock([&](const LockedView&) { n = loaded_; });
  return n;
}

Explanation ConditionMonitor::explain(ConditionId id) const {
  Explanation out;
  memory_.withLock([&](const LockedView& view) {
    Loaded& c = at(id);
    LiveSource source(view, c, raisedInBatch_, 0);
    std::vector<NodeRecord> records;
    Evaluation e{*c.program, c.state, source, clock_.now(), options_.seed, true, &records, false};
    evaluate(e);
    out = buildExplanation(*c.program, records, clock_.now());
  });
  return out;
}

// ---- evaluation ----------------------------------------------------------

ConditionMonitor::Outcome ConditionMonitor::run(Loaded& c, const ValueSource& source, Time now, bool atInput,
                                                bool explain) {
  std::vector<NodeRecord> records;
  Evaluation e{*c.program, c.state, source, now, options_.seed, false, explain ? &records : nullptr, atInput};
  Value v = evaluate(e);
  Outcome o{std::move(v), e.nextDeadline, e.instant, nullptr};
  if (explain) o.explanation = std::make_shared<const Explanation>(buildExplanation(*c.program, records, now));
  return o;
}

bool ConditionMonitor::evaluateLive(Loaded& c, const LockedView& view, const Point& at, std::uint64_t batch,
                                    std::uint64_t point) {
  const Time now = at.time;
  if (c.state.provisional) {
    c.state.provisional = false;
    if (now == c.state.start) c.state = ConditionState(*c.program, now, c.state.randStreamBase);
  }
  LiveSource source(view, c, raisedInBatch_, batch);
  Outcome o = run(c, source, now, at.input, c.explainEachEvaluation && c.listener);
  if (at.input && o.nextDeadline == now && !o.instant) {
    // A time operator of it flips at this very instant, after every input
    // (REFERENCE §3): its value is not settled yet. The deadline's own
    // evaluation, right after, reports it; reporting this one would show a
    // truth, or a dip, that holds at no instant. (A bang or a stable() dip
    // exists only at this input: those are reported.)
    setDeadline(c, o.nextDeadline);
    return false;
  }
  commit(c, o, now, point);
  return o.instant;
}

// One evaluation point for all the given conditions, then settle passes at
// the same instant until no instantaneous truth (bang, stable() dip, a
// replayed pulse) remains. Each pass is its own evaluation point, shared by
// every condition in it: listeners can tell "true together" from "one after
// the other".
void ConditionMonitor::evaluatePoint(const std::vector<std::uint32_t>& slots, const LockedView& view, const Point& at,
                                     std::uint64_t batch) {
  std::vector<std::uint32_t> unsettled;
  const std::uint64_t point = ++lastPoint_;
  for (std::uint32_t s : slots)
    if (evaluateLive(*slots_[s], view, at, batch, point)) unsettled.push_back(s);
  for (int pass = 0; !unsettled.empty() && pass < kMaxSettlePasses; ++pass) {
    const std::uint64_t settlePoint = ++lastPoint_;
    std::vector<std::uint32_t> still;
    for (std::uint32_t s : unsettled)
      if (evaluateLive(*slots_[s], view, at, 0, settlePoint)) still.push_back(s);
    unsettled.swap(still);
  }
}

void ConditionMonitor::evaluateSettled(Loaded& c, const LockedView& view, const Point& at) {
  evaluatePoint({static_cast<std::uint32_t>(c.id & 0xffffffffu)}, view, at, 0);
}

void ConditionMonitor::commit(Loaded& c, const Outcome& o, Time now, std::uint64_t point) {
  const bool changed = !identical(o.value, c.value);
  if ((changed || c.notifyEveryEvaluation) && c.listener) {
    memory_.dispatcher().post([listener = c.listener, change = ConditionChange{c.id, now, o.value, changed, o.explanation, point}] {
      (*listener)(change);
    });
  }
  if (changed) c.value = o.value;
  setDeadline(c, o.nextDeadline);
}

// Most batches are one write of a key no condition reads, or one that left
// the value as it was: those return here, before the general pass (its
// frame and loops cost such a write 25 of its 575 instructions; decision 922).
void ConditionMonitor::onBatch(const memory::ChangeBatch& batch, const LockedView& view) {
  if (loaded_ == 0) return;
  if (batch.changes.size() == 1 && !generalPass_) [[likely]] {
    const memory::Change& change = batch.changes.front();
    if (change.key >= dependents_.size()) return;
    if (change.raised) raisedInBatch_[change.key] = batch.sequence;
    else if (!change.valueChanged) return;
    if (dependents_[change.key].empty()) return;
  }
  onAffectingBatch(batch, view);
}

void ConditionMonitor::onAffectingBatch(const memory::ChangeBatch& batch, const LockedView& view) {
  affected_.clear();
  auto affect = [&](std::uint32_t s) {
    Loaded& c = *slots_[s];
    if (c.markedBatch == batch.sequence) return;
    c.markedBatch = batch.sequence;
    affected_.push_back(s);
  };
  // One pass over the changes: a key no condition reads (beyond
  // dependents_, which add() sizes with raisedInBatch_) is neither marked
  // raised nor looked up.
  for (const auto& change : batch.changes) {
    if (change.key >= dependents_.size()) continue;
    if (change.raised) raisedInBatch_[change.key] = batch.sequence;
    if ((change.valueChanged || change.raised) && !options_.naive)
      for (std::uint32_t s : dependents_[change.key]) affect(s);
  }
  if (options_.naive)
    for (std::uint32_t s = 0; s < slots_.size(); ++s)
      if (slots_[s]) affect(s);
  // Preference changes held for this input join its evaluation point.
  for (std::uint32_t s : heldPreferenceSlots_)
    if (slots_[s]) affect(s);
  heldPreferenceSlots_.clear();
  heldPreferenceInput_ = false;
  if (!provisional_.empty())
    settleProvisional([&](const Loaded& c) { return c.markedBatch == batch.sequence; });
  // Most writes touch no condition: no evaluation point for them.
  generalPass_ = options_.naive;  // (held preferences and provisional loads are settled now)
  if (!affected_.empty()) evaluatePoint(affected_, view, Point::ofInput(batch.time), batch.sequence);
}

// Decision 19b: a condition's load evaluation is provisional until the first
// input at its load instant. The conditions that input touches restart from
// it (evaluateLive); for every other one the load evaluation becomes final,
// so that a later input at the same instant is a real change.
void ConditionMonitor::settleProvisional(const std::function<bool(const Loaded&)>& touched) {
  for (ConditionId id : provisional_) {
    Loaded* c = find(id);
    if (c && !touched(*c)) c->state.provisional = false;
  }
  provisional_.clear();
}

void ConditionMonitor::onPreferenceChanged(const std::string& domain, const std::string& setting) {
  auto value = options_.preferences->preference(domain, setting);
  memory_.withLock([&](const LockedView& view) {
    if (preferenceHolds_ > 0) heldPreferenceInput_ = generalPass_ = true;
    auto it = preferenceDependents_.find({domain, setting});
    if (it == preferenceDependents_.end()) {
      if (preferenceHolds_ == 0) evaluatePreferenceInput({}, view);  // still an input (decision 19b)
      return;
    }
    for (std::uint32_t s : it->second) {
      Loaded& c = *slots_[s];
      for (std::size_t p = 0; p < c.program->prefs.size(); ++p)
        if (c.program->prefs[p].domain == domain && c.program->prefs[p].setting == setting)
          c.preferences[p] = value ? Value(*value) : Value();
      if (preferenceHolds_ > 0 && std::find(heldPreferenceSlots_.begin(), heldPreferenceSlots_.end(), s) ==
                                       heldPreferenceSlots_.end())
        heldPreferenceSlots_.push_back(s);
    }
    if (preferenceHolds_ == 0) evaluatePreferenceInput(it->second, view);
  });
}

// A preference change is an input: one evaluation point for the conditions
// that read it.
void ConditionMonitor::evaluatePreferenceInput(const std::vector<std::uint32_t>& slots, const LockedView& view) {
  std::vector<std::uint32_t> live;
  for (std::uint32_t s : slots)
    if (slots_[s]) live.push_back(s);
  if (!provisional_.empty())
    settleProvisional([&](const Loaded& c) {
      return std::find(live.begin(), live.end(), static_cast<std::uint32_t>(c.id & 0xffffffffu)) != live.end();
    });
  evaluatePoint(live, view, Point::ofInput(clock_.now()), 0);
}

ConditionMonitor::PreferenceHold::PreferenceHold(ConditionMonitor& monitor) : monitor_(monitor) {
  monitor_.memory_.withLock([&](const LockedView&) { ++monitor_.preferenceHolds_; });
}

ConditionMonitor::PreferenceHold::~PreferenceHold() {
  monitor_.memory_.withLock([&](const LockedView& view) {
    if (--monitor_.preferenceHolds_ > 0 || !monitor_.heldPreferenceInput_) return;
    monitor_.heldPreferenceInput_ = false;
    std::vector<std::uint32_t> held;
    held.swap(monitor_.heldPreferenceSlots_);
    monitor_.evaluatePreferenceInput(held, view);
  });
}

// ---- deadlines -----------------------------------------------------------

void ConditionMonitor::setDeadline(Loaded& c, Time at) {
  if (at == c.deadline) return;
  if (c.deadline != core::kNever) --liveDeadlines_;
  if (at != core::kNever) ++liveDeadlines_;
  c.deadline = at;
  ++c.deadlineVersion;
  if (at == core::kNever) return;
  deadlines_.push_back({at, c.deadlineVersion, static_cast<std::uint32_t>(c.id & 0xffffffffu)});
  std::push_heap(deadlines_.begin(), deadlines_.end(), std::greater<>());
  if (deadlines_.size() > 2 * liveDeadlines_ + 64) compactDeadlines();
  if (at < timerAt_) arm(at);
}

// Drops stale heap entries (deadlines that moved), keeping the heap as small
// as the number of conditions waiting for one.
void ConditionMonitor::compactDeadlines() {
  std::erase_if(deadlines_, [this](const Deadline& d) {
    const auto& c = slots_[d.slot];
    return !c || c->deadlineVersion != d.version;
  });
  std::make_heap(deadlines_.begin(), deadlines_.end(), std::greater<>());
}

void ConditionMonitor::arm(Time at) {
  if (timer_) clock_.cancel(timer_);
  const std::uint64_t generation = ++timerGeneration_;
  timerAt_ = at;
  timer_ = clock_.schedule(
      at,
      [this, &memory = memory_, weak = std::weak_ptr<int>(alive_), generation] {
        memory.withLock([&](const LockedView& view) {
          // The destructor expires `alive_` under this same lock: past this
          // check, the monitor stays alive until the lock is released.
          if (weak.expired()) return;
          onTimer(generation, view);
        });
      },
      core::Phase::AfterInputs);
}

void ConditionMonitor::onTimer(std::uint64_t generation, const LockedView& view) {
  if (generation == timerGeneration_) {
    timer_ = 0;
    timerAt_ = core::kNever;
  }
  processDue(view, clock_.now());
}

// Every condition whose deadline is now is evaluated at one evaluation point.
void ConditionMonitor::processDue(const LockedView& view, Time now) {
  std::vector<std::uint32_t> due;
  while (!deadlines_.empty()) {
    Deadline top = deadlines_.front();
    const auto& slot = slots_[top.slot];
    bool stale = !slot || slot->deadlineVersion != top.version;
    if (!stale && top.at > now) break;
    std::pop_heap(deadlines_.begin(), deadlines_.end(), std::greater<>());
    deadlines_.pop_back();
    if (stale) continue;
    --liveDeadlines_;
    slot->deadline = core::kNever;
    due.push_back(top.slot);
  }
  if (!due.empty()) evaluatePoint(due, view, Point::ofDeadlines(now), 0);
  if (!deadlines_.empty() && deadlines_.front().at < timerAt_) arm(deadlines_.front().at);
}

// ---- late loading --------------------------------------------------------

void ConditionMonitor::warmUp(Loaded& c, const LockedView& view, Time now) {
  Time start = now > Duration::zero() ? now - c.program->horizon : now;
  // Only keys read through a time operator need their past; a key read as
  // it is now (`'b' == 2`) must not cut the replay short.
  for (std::size_t k = 0; k < c.keys.size(); ++k)
    if (c.program->keyHorizon[k] > Duration::zero()) start = std::max(start, view.knownSince(c.keys[k]));
  start = std::max(start, Time{0});
  const bool replayed = c.program->hasState() && start < now;
  if (replayed) replay(c, view, start, now);
  evaluateSettled(c, view, Point::ofDeadlines(now));
  c.state.provisional = !replayed;
  if (c.state.provisional) {
    provisional_.push_back(c.id);
    generalPass_ = true;
  }
}

// Rebuilds the time operators' state as if the condition had been loaded at
// `start`, from the history memory kept of its keys. Silent: no listener.
void ConditionMonitor::replay(Loaded& c, const LockedView& view, Time start, Time now) {
  struct Step {
    Time time;
    std::uint64_t batch;
    std::uint32_t key;
    const memory::HistoryEntry* entry;
  };
  ReplaySource source(c);
  std::vector<Step> steps;
  for (std::uint32_t k = 0; k < c.keys.size(); ++k) {
    const auto* history = view.history(c.keys[k]);
    if (c.program->keyHorizon[k] == Duration::zero()) {
      // Its past is not needed, so not known: it reads as it is now
      // throughout (a stable() of it sees no change at the load).
      source.values[k] = view.value(c.keys[k]);
    } else if (history && !history->empty()) {
      for (const auto& e : *history) {
        if (e.time <= start) source.values[k] = e.value;
        else if (e.time <= now) steps.push_back({e.time, e.batch, k, &e});
      }
    } else if (view.changedAt(c.keys[k]) <= start) {
      source.values[k] = view.value(c.keys[k]);
    }
  }
  std::sort(steps.begin(), steps.end(), [](const Step& a, const Step& b) { return a.batch < b.batch; });

  c.state = ConditionState(*c.program, start, c.state.randStreamBase);
  Time deadline = core::kNever;
  auto evaluateAt = [&](const Point& at) {
    Outcome o = run(c, source, at.time, at.input);
    for (int pass = 0; o.instant && pass < kMaxSettlePasses; ++pass) {
      std::fill(source.raisedFlags.begin(), source.raisedFlags.end(), false);
      o = run(c, source, at.time, at.input);
    }
    std::fill(source.raisedFlags.begin(), source.raisedFlags.end(), false);
    c.value = o.value;
    deadline = o.nextDeadline;
  };
  auto runDeadlinesBefore = [&](Time t, bool inclusive) {
    while (deadline != core::kNever && (inclusive ? deadline <= t : deadline < t)) evaluateAt(Point::ofDeadlines(deadline));
  };

  evaluateAt(Point::ofDeadlines(start));
  for (std::size_t i = 0; i < steps.size();) {
    const Time t = steps[i].time;
    runDeadlinesBefore(t, false);
    const std::uint64_t batch = steps[i].batch;
    for (; i < steps.size() && steps[i].batch == batch; ++i) {
      source.values[steps[i].key] = steps[i].entry->value;
      if (steps[i].entry->raised) source.raisedFlags[steps[i].key] = true;
    }
    evaluateAt(Point::ofInput(t));
  }
  runDeadlinesBefore(now, true);
}

}  // namespace autolife::condition
