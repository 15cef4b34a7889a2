#include "autolife/store/store.hpp"

#include <algorithm>

#include "database.hpp"

namespace autolife::store {

namespace {

// Settings of any size up to 1 MB: a rowid table (SQLite advises against
// WITHOUT ROWID for large rows). Histories: an increasing id, so that the
// oldest rows beyond the limit are one range to delete.
constexpr const char* kSchema = R"(
CREATE TABLE IF NOT EXISTS preferences (
  domain TEXT NOT NULL, setting TEXT NOT NULL, value TEXT NOT NULL, UNIQUE (domain, setting));
CREATE TABLE IF NOT EXISTS knowledge (
  id INTEGER PRIMARY KEY, domain TEXT NOT NULL, subject TEXT NOT NULL, predicate TEXT NOT NULL, object TEXT NOT NULL,
  UNIQUE (domain, subject, predicate, object));
CREATE TABLE IF NOT EXISTS activity_statistics (
  activity TEXT PRIMARY KEY, prev_focus_time INTEGER NOT NULL, prev_unfocus_time INTEGER NOT NULL,
  focus_count INTEGER NOT NULL, total_duration REAL NOT NULL);
CREATE TABLE IF NOT EXISTS focus_history (id INTEGER PRIMARY KEY, activity TEXT NOT NULL, life_time INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS state_history (id INTEGER PRIMARY KEY, state TEXT NOT NULL, life_time INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS behavior_runs (
  activity TEXT NOT NULL, run INTEGER NOT NULL, started REAL NOT NULL, ended REAL NOT NULL, life_time INTEGER NOT NULL,
  end_how TEXT NOT NULL, error TEXT NOT NULL, event_count INTEGER NOT NULL, PRIMARY KEY (activity, run));
CREATE TABLE IF NOT EXISTS box_events (
  activity TEXT NOT NULL, run INTEGER NOT NULL, seq INTEGER NOT NULL, t REAL NOT NULL, box TEXT NOT NULL,
  event TEXT NOT NULL, detail TEXT NOT NULL, PRIMARY KEY (activity, run, seq)) WITHOUT ROWID;
PRAGMA user_version = 1;
)";

// The first free name among FILE.corrupt, FILE.corrupt.1, ...
std::filesystem::path asideName(const std::filesystem::path& file) {
  std::filesystem::path candidate = file.string() + ".corrupt";
  for (int n = 1; std::filesystem::exists(candidate); ++n) candidate = file.string() + ".corrupt." + std::to_string(n);
  return candidate;
}

}  // namespace

Store::Store(std::filesystem::path file, StoreOptions options) : file_(std::move(file)), options_(options) {
  try {
    open();
  } catch (const StoreError& e) {
    if (!e.corrupt()) throw;
    db_.reset();
    notes_.push_back(e.what());
    moveAside();
    open();
  }
}

Store::~Store() = default;

void Store::open() {
  db_ = std::make_unique<Database>(file_);
  Database& db = *db_;
  db.execute("PRAGMA busy_timeout = 5000");  // another process on the same folder: wait, do not fail
  // Reading the header is the first thing that fails on a file that is no database.
  if (db.single("PRAGMA journal_mode = WAL") != "wal")
    throw StoreError(SQLITE_ERROR, file_.string() + ": the database cannot use write-ahead logging here");
  db.execute(options_.sync == StoreOptions::Sync::Full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
  if (options_.maxPages > 0) db.execute("PRAGMA max_page_count = " + std::to_string(options_.maxPages));
  if (auto check = db.single("PRAGMA quick_check"); check != "ok") {
    std::string found = check.value_or("no answer");
    std::replace(found.begin(), found.end(), '\n', ' ');
    throw StoreError(SQLITE_CORRUPT, file_.string() + ": the database is corrupt: " + found);
  }
  const auto version = std::stoi(db.single("PRAGMA user_version").value_or("0"));
  if (version > kSchemaVersion)
    throw StoreError(SQLITE_ERROR, file_.string() + ": written by a newer autolife (schema " + std::to_string(version) +
                                       ", this one reads " + std::to_string(kSchemaVersion) + "); left as it is");
  doing("creating the tables", [&] { db.execute(kSchema); });
}

void Store::moveAside() {
  const auto aside = asideName(file_);
  std::filesystem::rename(file_, aside);
  // Its write-ahead log and index belong to it, not to the fresh database.
  for (const char* suffix : {"-wal", "-shm"}) {
    std::error_code ignored;
    const std::filesystem::path companion = file_.string() + suffix;
    if (std::filesystem::exists(companion, ignored)) std::filesystem::rename(companion, aside.string() + suffix, ignored);
  }
  notes_.push_back(file_.string() + ": moved aside to " + aside.string() + "; starting with an empty database");
}

// ---- preferences ----

std::vector<core::PreferenceChange> Store::preferences() {
  std::lock_guard lock(mutex_);
  return doing("reading the preferences", [&] {
    std::vector<core::PreferenceChange> out;
    Statement s(*db_, "SELECT domain, setting, value FROM preferences ORDER BY domain, setting");
    while (s.step()) out.push_back({s.text(0), s.text(1), s.text(2)});
    return out;
  });
}

void Store::write(const std::vector<core::PreferenceChange>& changes) {
  std::lock_guard lock(mutex_);
  doing("saving the preferences", [&] {
    Transaction t(*db_);
    Statement set(*db_,
                  "INSERT INTO preferences (domain, setting, value) VALUES (?1, ?2, ?3) "
                  "ON CONFLICT (domain, setting) DO UPDATE SET value = excluded.value");
    Statement remove(*db_, "DELETE FROM preferences WHERE domain = ?1 AND setting = ?2");
    for (const auto& c : changes) {
      if (c.value) set.bind(1, c.domain).bind(2, c.setting).bind(3, *c.value).run();
      else remove.bind(1, c.domain).bind(2, c.setting).run();
    }
    t.commit();
  });
}

// ---- ALKnowledge ----

std::vector<KnowledgeTriple> Store::knowledge() {
  std::lock_guard lock(mutex_);
  return doing("reading ALKnowledge's triples", [&] {
    std::vector<KnowledgeTriple> out;
    Statement s(*db_, "SELECT domain, subject, predicate, object FROM knowledge ORDER BY id");
    while (s.step()) out.push_back({s.text(0), s.text(1), s.text(2), s.text(3)});
    return out;
  });
}

void Store::writeKnowledge(const std::vector<KnowledgeTriple>& removed, const std::vector<KnowledgeTriple>& added) {
  std::lock_guard lock(mutex_);
  doing("saving ALKnowledge's triples", [&] {
    Transaction t(*db_);
    Statement remove(*db_, "DELETE FROM knowledge WHERE domain = ?1 AND subject = ?2 AND predicate = ?3 AND object = ?4");
    for (const auto& k : removed) remove.bind(1, k.domain).bind(2, k.subject).bind(3, k.predicate).bind(4, k.object).run();
    Statement add(*db_, "INSERT OR IGNORE INTO knowledge (domain, subject, predicate, object) VALUES (?1, ?2, ?3, ?4)");
    for (const auto& k : added) add.bind(1, k.domain).bind(2, k.subject).bind(3, k.predicate).bind(4, k.object).run();
    t.commit();
  });
}

// ---- life ----

life::LifeRecord Store::lifeRecord() {
  std::lock_guard lock(mutex_);
  return doing("reading life's statistics and histories", [&] {
    life::LifeRecord record;
    Statement stats(*db_,
                    "SELECT activity, prev_focus_time, prev_unfocus_time, focus_count, total_duration "
                    "FROM activity_statistics");
    while (stats.step())
      record.statistics[stats.text(0)] = {stats.integer(1), stats.integer(2), static_cast<int>(stats.integer(3)),
                                          stats.real(4)};
    auto history = [&](const char* sql, std::vector<life::HistoryEntry>& out) {
      Statement s(*db_, sql);
      s.bind(1, static_cast<std::int64_t>(options_.historyLimit));
      while (s.step()) out.push_back({s.text(0), s.integer(1)});
    };
    // The latest rows, oldest first.
    history("SELECT activity, life_time FROM (SELECT id, activity, life_time FROM focus_history ORDER BY id DESC LIMIT ?1) ORDER BY id",
            record.focusHistory);
    history("SELECT state, life_time FROM (SELECT id, state, life_time FROM state_history ORDER BY id DESC LIMIT ?1) ORDER BY id",
            record.stateHistory);
    return record;
  });
}

void Store::saveStatistics(const std::string& activity, const life::ActivityStatistics& s) {
  Statement(*db_,
            "INSERT OR REPLACE INTO activity_statistics "
            "(activity, prev_focus_time, prev_unfocus_time, focus_count, total_duration) VALUES (?1, ?2, ?3, ?4, ?5)")
      .bind(1, activity)
      .bind(2, s.prevFocusTime)
      .bind(3, s.prevUnfocusTime)
      .bind(4, static_cast<std::int64_t>(s.focusCount))
      .bind(5, s.totalDuration)
      .run();
}

void Store::appendHistory(const char* table, const life::HistoryEntry& entry) {
  const std::string t = table;
  const char* column = t == "focus_history" ? "activity" : "state";
  Statement(*db_, "INSERT INTO " + t + " (" + column + ", life_time) VALUES (?1, ?2)").bind(1, entry.name).bind(2, entry.lifeTime).run();
  // Bounded: rows older than the latest historyLimit go.
  const std::int64_t keepFrom = db_->lastInsertId() - static_cast<std::int64_t>(options_.historyLimit);
  Statement(*db_, "DELETE FROM " + t + " WHERE id <= ?1").bind(1, keepFrom).run();
}

void Store::recordFocus(const life::HistoryEntry& entry, const life::ActivityStatistics& statistics) {
  std::lock_guard lock(mutex_);
  doing("saving the focus of " + entry.name, [&] {
    Transaction t(*db_);
    appendHistory("focus_history", entry);
    saveStatistics(entry.name, statistics);
    t.commit();
  });
}

void Store::recordUnfocus(const std::string& activity, const life::ActivityStatistics& statistics) {
  std::lock_guard lock(mutex_);
  doing("saving the statistics of " + activity, [&] {
    Transaction t(*db_);
    saveStatistics(activity, statistics);
    t.commit();
  });
}

void Store::recordState(const life::HistoryEntry& entry) {
  std::lock_guard lock(mutex_);
  doing("saving the state " + entry.name, [&] {
    Transaction t(*db_);
    appendHistory("state_history", entry);
    t.commit();
  });
}

// ---- the engine's views of it ----

StoredPreferences::StoredPreferences(Store& store) : store_(store) { load(store.preferences()); }

void StoredPreferences::persist(const std::vector<core::PreferenceChange>& changes) { store_.write(changes); }

StoredLifeJournal::StoredLifeJournal(Store& store, std::function<void(const std::string&)> report)
    : store_(store), report_(std::move(report)) {}

void StoredLifeJournal::guarded(const std::function<void()>& write) {
  try {
    write();
  } catch (const std::exception& e) {
    if (report_) report_(e.what());
  }
}

void StoredLifeJournal::focused(const life::HistoryEntry& entry, const life::ActivityStatistics& statistics) {
  guarded([&] { store_.recordFocus(entry, statistics); });
}

void StoredLifeJournal::unfocused(const std::string& activity, const life::ActivityStatistics& statistics) {
  guarded([&] { store_.recordUnfocus(activity, statistics); });
}

void StoredLifeJournal::stateEntered(const life::HistoryEntry& entry) {
  guarded([&] { store_.recordState(entry); });
}

}  // namespace autolife::store
