// The log of behaviors' runs (docs/persistence.md, "Behavior runs"): an
// observer of the runtime's seam (runtime/run_observer.hpp) that numbers each
// activity's runs (1, 2, ... across restarts when the runs are stored) and
// keeps every run's box events, for the latest kRunsKept runs of each
// activity: in the data folder's database when the engine has one (each run
// committed when it ends), else in memory.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "autolife/core/clock.hpp"
#include "autolife/runtime/run_observer.hpp"
#include "autolife/store/behavior_run_record.hpp"

namespace autolife::store {
class Store;
}

namespace autolife::engine {

class BehaviorLog final : public runtime::RunObserver {
public:
  static constexpr int kRunsKept = 20;
  // A run keeps its latest events up to this many (decision 1067).
  static constexpr std::size_t kEventsKept = 20000;

  // `store`: none keeps the runs in memory. `clock`: its wall time stamps
  // each run (lifeTime). `problem`: told when the store fails a write.
  BehaviorLog(store::Store* store, const core::Clock& clock, std::function<void(const std::string&)> problem);

  void runStarted(const runtime::RunInfo& run, core::Time time) override;
  void boxEvent(const runtime::RunInfo& run, const runtime::BoxEvent& event) override;
  void runEnded(const runtime::RunInfo& run, const runtime::RunEnding& ending) override;

  // The number the log gave a run (0 for a run it never heard start).
  int runNumber(std::uint64_t serial) const;
  // The activity's latest run number (0: it never ran).
  int lastRun(const std::string& activity);
  // The activity's runs kept, newest first (the one running now first), without their events.
  std::vector<store::BehaviorRunRecord> runs(const std::string& activity);
  // A run with its events: 0 the latest, else its number. Refused
  // (service::CallError unknown-run) when it is not kept.
  store::BehaviorRunRecord run(const std::string& activity, int run);

private:
  struct Live {
    store::BehaviorRunRecord record;
    std::deque<store::BoxEventRecord> events;
  };
  int lastRunLocked(const std::string& activity);
  store::BehaviorRunRecord finished(Live& live) const;

  store::Store* store_;
  const core::Clock& clock_;
  std::function<void(const std::string&)> problem_;
  mutable std::mutex mutex_;
  std::unordered_map<std::uint64_t, Live> live_;  // by run serial
  std::map<std::string, int> last_;               // activity -> its latest run number
  // Without a store: the finished runs, oldest first, at most kRunsKept each.
  std::map<std::string, std::deque<store::BehaviorRunRecord>> kept_;
};

}  // namespace autolife::engine
