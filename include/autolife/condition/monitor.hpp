// The condition monitor: keeps a set of loaded conditions true to memory.
// Event-driven (REFERENCE §3): a memory batch re-evaluates only the
// conditions that read a key it changed (the dependency index), and a
// condition's time operators re-evaluate it at the exact instant it may flip
// (one clock timer on the earliest deadline). Nothing polls.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <variant>
#include <vector>

#include "autolife/condition/evaluator.hpp"
#include "autolife/condition/explain.hpp"
#include "autolife/core/preferences.hpp"
#include "autolife/memory/memory.hpp"

namespace autolife::condition {

using ConditionId = std::uint64_t;

struct ConditionChange {
  ConditionId id = 0;
  Time time{0};
  Value value;
  bool changed = true;  // false only for notifyEveryEvaluation's unchanged points
  std::shared_ptr<const Explanation> explanation;  // with explainEachEvaluation
  // The evaluation point: changes with the same point happened together
  // (one input, or one settle pass, or deadlines due at the same instant).
  std::uint64_t point = 0;
};
using ConditionListener = std::function<void(const ConditionChange&)>;

struct MonitorOptions {
  std::uint64_t seed = 0;  // rand() draws are reproducible for a given seed
  core::PreferenceSource* preferences = nullptr;
  // Re-evaluate every condition on every batch: the benchmark's baseline.
  bool naive = false;
  CompileLimits limits;
};

struct ConditionOptions {
  ConditionListener listener;  // called, in order, through memory's dispatcher
  bool notifyEveryEvaluation = false;  // also evaluation points that changed nothing
  bool explainEachEvaluation = false;  // attach an Explanation to each notification
};

class ConditionMonitor final : public memory::BatchObserver {
public:
  using Options = MonitorOptions;
  using AddOptions = ConditionOptions;

  ConditionMonitor(memory::Memory& memory, Options options);
  ~ConditionMonitor() override;
  ConditionMonitor(const ConditionMonitor&) = delete;
  ConditionMonitor& operator=(const ConditionMonitor&) = delete;

  // Compiles and loads a condition; evaluates it now. A condition loaded
  // after time 0 replays the memory history it needs, so `('k' == 1) ~ 3`
  // is already true if k has been 1 for 3 s (as far as history is known).
  std::variant<ConditionId, core::Diagnostic> add(std::string_view text, AddOptions options = {});
  ConditionId add(std::shared_ptr<const Program> program, AddOptions options = {});
  bool remove(ConditionId id);
  // Changes a loaded condition's ConditionOptions::notifyEveryEvaluation
  // (`autolife eval` needs it for the first input only).
  void setNotifyEveryEvaluation(ConditionId id, bool every);

  bool contains(ConditionId id) const;
  Value value(ConditionId id) const;  // std::out_of_range for an unknown id
  Explanation explain(ConditionId id) const;
  std::shared_ptr<const Program> program(ConditionId id) const;
  // The largest window any of its time operators has used so far.
  Duration largestWindow(ConditionId id) const;
  std::size_t size() const;

  void onBatch(const memory::ChangeBatch& batch, const memory::LockedView& view) override;

  // While a hold lives, preference changes wait for the next memory batch
  // (they join its evaluation point) or for the hold's end (one evaluation
  // point for all of them): a trace step that sets preferences and keys
  // together is one input. For one thread feeding the monitor (a trace):
  // the hold is the monitor's, so another thread's preference change would
  // join it too. Never end one under memory's lock: its end evaluates.
  class PreferenceHold {
  public:
    explicit PreferenceHold(ConditionMonitor& monitor);
    ~PreferenceHold();
    PreferenceHold(const PreferenceHold&) = delete;
    PreferenceHold& operator=(const PreferenceHold&) = delete;

  private:
    ConditionMonitor& monitor_;
  };

private:
  struct Loaded;
  struct Deadline {
    Time at;
    std::uint64_t version;
    std::uint32_t slot;
    bool operator>(const Deadline& o) const { return at > o.at; }
  };
  struct Outcome {
    Value value;
    Time nextDeadline;
    bool instant;
    std::shared_ptr<const Explanation> explanation;
  };
  class LiveSource;
  class ReplaySource;
  // An evaluation point: an input (a memory batch, a preference), or the
  // time operators' deadlines, which run after every input at their instant.
  struct Point {
    Time time;
    bool input;
    static Point ofInput(Time t) { return {t, true}; }
    static Point ofDeadlines(Time t) { return {t, false}; }
  };

  // onBatch's general case (onBatch returns early for a batch that reaches no condition).
  [[gnu::noinline]] void onAffectingBatch(const memory::ChangeBatch& batch, const memory::LockedView& view);
  Loaded* find(ConditionId id) const;
  Loaded& at(ConditionId id) const;
  Outcome run(Loaded& c, const ValueSource& source, Time now, bool atInput, bool explain = false);
  bool evaluateLive(Loaded& c, const memory::LockedView& view, const Point& at, std::uint64_t batch,
                    std::uint64_t point);
  void evaluatePoint(const std::vector<std::uint32_t>& slots, const memory::LockedView& view, const Point& at,
                     std::uint64_t batch);
  void evaluateSettled(Loaded& c, const memory::LockedView& view, const Point& at);
  void commit(Loaded& c, const Outcome& outcome, Time now, std::uint64_t point);
  void setDeadline(Loaded& c, Time at);
  void arm(Time at);
  void onTimer(std::uint64_t generation, const memory::LockedView& view);
  void processDue(const memory::LockedView& view, Time now);
  void compactDeadlines();
  void warmUp(Loaded& c, const memory::LockedView& view, Time now);
  void replay(Loaded& c, const memory::LockedView& view, Time start, Time now);
  void onPreferenceChanged(const std::string& domain, const std::string& setting);
  void evaluatePreferenceInput(const std::vector<std::uint32_t>& slots, const memory::LockedView& view);
  void settleProvisional(const std::function<bool(const Loaded&)>& touched);

  memory::Memory& memory_;
  core::Clock& clock_;
  Options options_;
  std::vector<std::unique_ptr<Loaded>> slots_;
  std::vector<std::uint32_t> freeSlots_;
  std::vector<std::vector<std::uint32_t>> dependents_;  // KeyId -> slots
  std::map<std::pair<std::string, std::string>, std::vector<std::uint32_t>> preferenceDependents_;
  std::vector<std::uint64_t> raisedInBatch_;  // KeyId -> sequence of the batch that raised it (as dependents_)
  std::vector<Deadline> deadlines_;  // min-heap; stale entries skipped by version
  std::size_t liveDeadlines_ = 0;
  core::TimerId timer_ = 0;
  Time timerAt_ = core::kNever;
  std::uint64_t timerGeneration_ = 0;
  std::uint64_t nextRandStream_ = 0;
  std::uint64_t lastPoint_ = 0;
  std::uint32_t nextGeneration_ = 1;
  std::vector<std::uint32_t> affected_;  // scratch for onBatch
  std::vector<ConditionId> provisional_;  // loaded, and no input yet at their load instant
  int preferenceHolds_ = 0;
  std::vector<std::uint32_t> heldPreferenceSlots_;  // read a preference changed under a hold
  bool heldPreferenceInput_ = false;  // a preference changed under a hold, not yet evaluated
  // The next batch takes onAffectingBatch whatever it changed: naive
  // evaluation, or a held preference input or a provisional load to settle
  // (set where those begin, so that onBatch tests one flag, not four).
  bool generalPass_;
  std::size_t loaded_ = 0;
  std::shared_ptr<int> alive_ = std::make_shared<int>(0);
  core::SignalLink preferenceLink_ = 0;
};

}  // namespace autolife::condition
