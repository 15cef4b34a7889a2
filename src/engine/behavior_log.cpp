#include "autolife/engine/behavior_log.hpp"

#include <algorithm>

#include "autolife/service/service.hpp"
#include "autolife/store/store.hpp"

namespace autolife::engine {

BehaviorLog::BehaviorLog(store::Store* store, const core::Clock& clock, std::function<void(const std::string&)> problem)
    : store_(store), clock_(clock), problem_(std::move(problem)) {}

int BehaviorLog::lastRunLocked(const std::string& activity) {
  auto it = last_.find(activity);
  if (it != last_.end()) return it->second;
  int last = 0;
  if (store_) {
    try {
      last = store_->lastBehaviorRun(activity);
    } catch (const std::exception& e) {
      if (problem_) problem_(e.what());
    }
  }
  return last_[activity] = last;
}

int BehaviorLog::lastRun(const std::string& activity) {
  std::lock_guard lock(mutex_);
  return lastRunLocked(activity);
}

int BehaviorLog::runNumber(std::uint64_t serial) const {
  std::lock_guard lock(mutex_);
  auto it = live_.find(serial);
  return it == live_.end() ? 0 : it->second.record.run;
}

void BehaviorLog::runStarted(const runtime::RunInfo& run, core::Time time) {
  const std::string activity(run.behavior);
  const auto wall = std::chrono::duration_cast<std::chrono::seconds>(clock_.wallTime(time).time_since_epoch());
  std::lock_guard lock(mutex_);
  Live live;
  live.record.activity = activity;
  live.record.run = last_[activity] = lastRunLocked(activity) + 1;
  live.record.started = core::toSeconds(time);
  live.record.lifeTime = wall.count();
  live_[run.serial] = std::move(live);
}

void BehaviorLog::boxEvent(const runtime::RunInfo& run, const runtime::BoxEvent& event) {
  std::lock_guard lock(mutex_);
  auto it = live_.find(run.serial);
  if (it == live_.end()) return;
  auto& live = it->second;
  ++live.record.eventCount;
  if (live.events.size() == kEventsKept) live.events.pop_front();
  live.events.push_back({core::toSeconds(event.time), std::string(event.box), runtime::boxEventName(event.kind), event.detail()});
}

store::BehaviorRunRecord BehaviorLog::finished(Live& live) const {
  store::BehaviorRunRecord r = live.record;
  r.events.assign(live.events.begin(), live.events.end());
  return r;
}

void BehaviorLog::runEnded(const runtime::RunInfo& run, const runtime::RunEnding& ending) {
  store::BehaviorRunRecord record;
  {
    std::lock_guard lock(mutex_);
    auto it = live_.find(run.serial);
    if (it == live_.end()) return;
    it->second.record.ended = core::toSeconds(ending.time);
    it->second.record.end = runtime::runEndingName(ending.how);
    it->second.record.error = std::string(ending.error);
    record = finished(it->second);
    live_.erase(it);
    if (!store_) {
      auto& kept = kept_[record.activity];
      kept.push_back(std::move(record));
      while (kept.size() > static_cast<std::size_t>(kRunsKept)) kept.pop_front();
      return;
    }
  }
  // Committed when it ends, as Life's journal writes: synchronously.
  try {
    store_->saveBehaviorRun(record, kRunsKept);
  } catch (const std::exception& e) {
    if (problem_) problem_(e.what());
  }
}

std::vector<store::BehaviorRunRecord> BehaviorLog::runs(const std::string& activity) {
  std::vector<store::BehaviorRunRecord> out;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [serial, live] : live_)
      if (live.record.activity == activity) out.push_back(live.record);
    if (!store_)
      if (auto it = kept_.find(activity); it != kept_.end())
        for (const auto& r : it->second) {
          out.push_back(r);
          out.back().events.clear();
        }
  }
  if (store_) {
    try {
      for (auto& r : store_->behaviorRuns(activity)) out.push_back(std::move(r));
    } catch (const std::exception& e) {
      if (problem_) problem_(e.what());
    }
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.run > b.run; });
  return out;
}

store::BehaviorRunRecord BehaviorLog::run(const std::string& activity, int number) {
  {
    std::lock_guard lock(mutex_);
    if (number == 0) number = lastRunLocked(activity);
    for (auto& [serial, live] : live_)
      if (live.record.activity == activity && live.record.run == number) return finished(live);
    if (!store_)
      if (auto it = kept_.find(activity); it != kept_.end())
        for (const auto& r : it->second)
          if (r.run == number) return r;
  }
  if (store_ && number > 0) {
    store::BehaviorRunRecord r;
    try {
      r = store_->behaviorRun(activity, number);
    } catch (const std::exception& e) {
      service::refuse("storage-failed", e.what());
    }
    if (r.run == number) return r;
  }
  if (number == 0) service::refuse("unknown-run", "'" + activity + "' has not run yet");
  service::refuse("unknown-run", "run " + std::to_string(number) + " of '" + activity + "' is not kept (the latest " +
                                     std::to_string(kRunsKept) + " runs of each activity are; run 0 is the latest)");
}

}  // namespace autolife::engine
