// What Life remembers beyond one run: each activity's statistics and the
// focus and state histories. Life tells a `LifeJournal` every change as it
// happens (the store module keeps them in SQLite, docs/persistence.md) and
// is given a `LifeRecord` back at start (AutonomousLife::restore).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace autolife::life {

// getActivityStatistics' per-activity fields.
struct ActivityStatistics {
  std::int64_t prevFocusTime = 0;    // life time (seconds since the epoch)
  std::int64_t prevUnfocusTime = 0;
  int focusCount = 0;
  double totalDuration = 0;          // seconds focused, all runs together

  bool operator==(const ActivityStatistics&) const = default;
};

// One line of getFocusHistory / getStateHistory: an activity or a state,
// and the life time it was focused or entered.
struct HistoryEntry {
  std::string name;
  std::int64_t lifeTime = 0;

  bool operator==(const HistoryEntry&) const = default;
};

struct LifeRecord {
  std::map<std::string, ActivityStatistics> statistics;  // by activity name
  std::vector<HistoryEntry> focusHistory;                // oldest first
  std::vector<HistoryEntry> stateHistory;                // oldest first
};

// Told each change, under Life's lock, before the API call that caused it
// returns: an implementation that commits synchronously makes every
// acknowledged change durable. It must not throw: a journal that cannot
// write reports that itself, and life goes on in memory.
class LifeJournal {
public:
  virtual ~LifeJournal() = default;
  virtual void focused(const HistoryEntry& entry, const ActivityStatistics& statistics) = 0;
  virtual void unfocused(const std::string& activity, const ActivityStatistics& statistics) = 0;
  virtual void stateEntered(const HistoryEntry& entry) = 0;
};

}  // namespace autolife::life
