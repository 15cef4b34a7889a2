// Behaviors' runs in the data folder's database (docs/persistence.md,
// "Behavior runs"): a row per run, a row per box event it kept.
#include "autolife/store/store.hpp"
#include "database.hpp"

namespace autolife::store {

namespace {

constexpr const char* kRunColumns = "run, started, ended, life_time, end_how, error, event_count";

BehaviorRunRecord runFrom(const std::string& activity, const Statement& s) {
  BehaviorRunRecord r;
  r.activity = activity;
  r.run = static_cast<int>(s.integer(0));
  r.started = s.real(1);
  r.ended = s.real(2);
  r.lifeTime = s.integer(3);
  r.end = s.text(4);
  r.error = s.text(5);
  r.eventCount = s.integer(6);
  return r;
}

}  // namespace

void Store::saveBehaviorRun(const BehaviorRunRecord& run, int keep) {
  std::lock_guard lock(mutex_);
  doing("saving run " + std::to_string(run.run) + " of " + run.activity, [&] {
    Transaction t(*db_);
    Statement(*db_,
              "INSERT OR REPLACE INTO behavior_runs (activity, run, started, ended, life_time, end_how, error, event_count) "
              "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")
        .bind(1, run.activity)
        .bind(2, static_cast<std::int64_t>(run.run))
        .bind(3, run.started)
        .bind(4, run.ended)
        .bind(5, run.lifeTime)
        .bind(6, run.end)
        .bind(7, run.error)
        .bind(8, run.eventCount)
        .run();
    Statement(*db_, "DELETE FROM box_events WHERE activity = ?1 AND run = ?2")
        .bind(1, run.activity)
        .bind(2, static_cast<std::int64_t>(run.run))
        .run();
    Statement event(*db_, "INSERT INTO box_events (activity, run, seq, t, box, event, detail) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    std::int64_t seq = 0;
    for (const auto& e : run.events)
      event.bind(1, run.activity)
          .bind(2, static_cast<std::int64_t>(run.run))
          .bind(3, seq++)
          .bind(4, e.t)
          .bind(5, e.box)
          .bind(6, e.event)
          .bind(7, e.detail)
          .run();
    // Bounded: the activity's runs older than its latest `keep` go.
    const std::int64_t oldest = static_cast<std::int64_t>(run.run) - keep;
    for (const char* table : {"behavior_runs", "box_events"})
      Statement(*db_, std::string("DELETE FROM ") + table + " WHERE activity = ?1 AND run <= ?2")
          .bind(1, run.activity)
          .bind(2, oldest)
          .run();
    t.commit();
  });
}

std::vector<BehaviorRunRecord> Store::behaviorRuns(const std::string& activity) {
  std::lock_guard lock(mutex_);
  return doing("reading the runs of " + activity, [&] {
    std::vector<BehaviorRunRecord> out;
    Statement s(*db_, std::string("SELECT ") + kRunColumns + " FROM behavior_runs WHERE activity = ?1 ORDER BY run DESC");
    s.bind(1, activity);
    while (s.step()) out.push_back(runFrom(activity, s));
    return out;
  });
}

BehaviorRunRecord Store::behaviorRun(const std::string& activity, int run) {
  std::lock_guard lock(mutex_);
  return doing("reading run " + std::to_string(run) + " of " + activity, [&] {
    Statement s(*db_, std::string("SELECT ") + kRunColumns + " FROM behavior_runs WHERE activity = ?1 AND run = ?2");
    s.bind(1, activity).bind(2, static_cast<std::int64_t>(run));
    if (!s.step()) return BehaviorRunRecord{};
    BehaviorRunRecord r = runFrom(activity, s);
    Statement e(*db_, "SELECT t, box, event, detail FROM box_events WHERE activity = ?1 AND run = ?2 ORDER BY seq");
    e.bind(1, activity).bind(2, static_cast<std::int64_t>(run));
    while (e.step()) r.events.push_back({e.real(0), e.text(1), e.text(2), e.text(3)});
    return r;
  });
}

int Store::lastBehaviorRun(const std::string& activity) {
  std::lock_guard lock(mutex_);
  return doing("reading the runs of " + activity, [&] {
    Statement s(*db_, "SELECT MAX(run) FROM behavior_runs WHERE activity = ?1");
    s.bind(1, activity);
    return s.step() ? static_cast<int>(s.integer(0)) : 0;
  });
}

}  // namespace autolife::store
