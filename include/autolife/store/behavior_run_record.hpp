// One run of an activity's behavior as its log keeps it (docs/persistence.md,
// "Behavior runs"): when it ran, how it ended, and its box events (engine
// time, box path, event, detail), as Autolife.behaviorLog returns them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace autolife::store {

struct BoxEventRecord {
  double t = 0;        // engine time, seconds
  std::string box;     // its path; "" the root box
  std::string event;   // start, stop, error, input, output, paused, frame, heard, said
  std::string detail;
};

struct BehaviorRunRecord {
  std::string activity;
  int run = 0;               // 1, 2, ...: the activity's runs, counted across restarts
  double started = 0;        // engine time, seconds (of the process that ran it)
  double ended = -1;         // -1 while it runs
  std::int64_t lifeTime = 0;  // when it started, as life's histories count time (seconds since the epoch)
  std::string end;           // "" while it runs, else finished, error, stopped
  std::string error;         // end == "error": the error
  std::int64_t eventCount = 0;  // every event it had, kept or not
  std::vector<BoxEventRecord> events;  // the latest ones (a bounded number)
};

}  // namespace autolife::store
