// The data folder's database (docs/persistence.md): one SQLite file,
// DATA/autolife.db, in WAL mode, holding ALPreferenceManager's settings,
// ALKnowledge's triples, each activity's statistics and the focus and
// state histories. Every write
// is one committed transaction before the method returns, so a change the
// API acknowledged survives the process being killed (and, with
// Sync::Full, the machine losing power).
//
// Thread-safe: one connection, one write at a time.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "autolife/core/preferences.hpp"
#include "autolife/life/journal.hpp"
#include "autolife/store/behavior_run_record.hpp"
#include "autolife/store/store_error.hpp"

namespace autolife::store {

class Database;  // SQLite, private to the store (src/store/database.hpp)

// One of ALKnowledge's triples, in its domain.
struct KnowledgeTriple {
  std::string domain, subject, predicate, object;
};

struct StoreOptions {
  // SQLite's synchronous setting in WAL mode. Full: each commit is on the
  // disk (fsync) before it returns, so it survives power loss. Normal: a
  // commit is in the operating system's hands when it returns: it survives
  // the process being killed, not a power loss (the last commits may go).
  enum class Sync { Normal, Full };
  Sync sync = Sync::Full;
  // Focus and state history rows kept (each): the latest ones.
  std::size_t historyLimit = 10000;
  // A cap on the file's size in pages (SQLite's max_page_count; 0: none).
  // Tests fill it to see what a full disk does.
  std::int64_t maxPages = 0;
};

class Store {
public:
  static constexpr const char* kFileName = "autolife.db";
  static constexpr int kSchemaVersion = 1;

  // Opens or creates `file`. A file that is no database, or a corrupt one,
  // is moved aside (to FILE.corrupt, FILE.corrupt.1, ...; said in notes())
  // and a fresh database started. Anything else (a folder that cannot be
  // written, a database from a newer autolife) throws StoreError.
  explicit Store(std::filesystem::path file, StoreOptions options = {});
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  const std::filesystem::path& file() const { return file_; }
  const StoreOptions& options() const { return options_; }
  // What opening did that someone should know (a corrupt file moved aside).
  const std::vector<std::string>& notes() const { return notes_; }

  // ---- preferences ----
  std::vector<core::PreferenceChange> preferences();
  // Sets and removes, all in one transaction. Throws StoreError.
  void write(const std::vector<core::PreferenceChange>& changes);

  // ---- ALKnowledge ----
  // Every triple, in the order they were added.
  std::vector<KnowledgeTriple> knowledge();
  // Removes, then adds, in one transaction. Throws StoreError.
  void writeKnowledge(const std::vector<KnowledgeTriple>& removed, const std::vector<KnowledgeTriple>& added);

  // ---- life ----
  life::LifeRecord lifeRecord();
  // One transaction each. Throw StoreError.
  void recordFocus(const life::HistoryEntry& entry, const life::ActivityStatistics& statistics);
  void recordUnfocus(const std::string& activity, const life::ActivityStatistics& statistics);
  void recordState(const life::HistoryEntry& entry);

  // ---- behaviors' runs (behavior_runs.cpp) ----
  // One transaction: the run and its events, then the activity's runs
  // older than its latest `keep` deleted. Throws StoreError.
  void saveBehaviorRun(const BehaviorRunRecord& run, int keep);
  // The activity's runs kept, newest first, without their events.
  std::vector<BehaviorRunRecord> behaviorRuns(const std::string& activity);
  // One run with its events; an empty record (run 0) when it is not kept.
  BehaviorRunRecord behaviorRun(const std::string& activity, int run);
  // The activity's highest run number ever saved (0: none).
  int lastBehaviorRun(const std::string& activity);

private:
  void open();
  void moveAside();
  void saveStatistics(const std::string& activity, const life::ActivityStatistics& statistics);
  void appendHistory(const char* table, const life::HistoryEntry& entry);

  std::filesystem::path file_;
  StoreOptions options_;
  std::vector<std::string> notes_;
  std::mutex mutex_;
  std::unique_ptr<Database> db_;
};

// ALPreferenceManager's settings, read from memory, each change committed
// to the store before it is visible (and before `changed` fires).
class StoredPreferences final : public core::PreferenceStore {
public:
  explicit StoredPreferences(Store& store);

protected:
  void persist(const std::vector<core::PreferenceChange>& changes) override;

private:
  Store& store_;
};

// Life's journal in the store. A write that fails is reported through
// `report` (once per failure) and life goes on: what is in memory is still
// right, only a restart would miss it.
class StoredLifeJournal final : public life::LifeJournal {
public:
  StoredLifeJournal(Store& store, std::function<void(const std::string&)> report);
  void focused(const life::HistoryEntry& entry, const life::ActivityStatistics& statistics) override;
  void unfocused(const std::string& activity, const life::ActivityStatistics& statistics) override;
  void stateEntered(const life::HistoryEntry& entry) override;

private:
  void guarded(const std::function<void()>& write);
  Store& store_;
  std::function<void(const std::string&)> report_;
};

}  // namespace autolife::store
