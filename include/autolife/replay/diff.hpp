// What would have changed (docs/replay.md, "What changed"): a recorded day
// replayed with its recorded packages and with others, and the decisions
// that differ between the two: focus, transitions, state and launch
// suggestions, instant by instant, with the why-not of each activity that
// no longer starts (in the changed day) or now starts (in the recorded
// day) at that instant.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "autolife/replay/replay.hpp"

namespace autolife::replay {

struct Difference {
  core::Time time{0};
  // The decisions of that instant: {"state", "focused", "transition",
  // "suggestions"} (a list when one was taken several times); {} for none.
  nlohmann::ordered_json was = nlohmann::ordered_json::object();
  nlohmann::ordered_json now = nlohmann::ordered_json::object();
  std::string why;  // the why-nots of the activities whose start differs, "; " between them

  // {"t": 812.0, "was": {...}, "now": {...}, "why": "..."}
  nlohmann::ordered_json json() const;
};

struct DiffResult {
  std::vector<Difference> differences;
  ReplayResult recorded, changed;
};

// Replays `record` with `recorded` (its packages) and with `changed` (other
// packages), and compares. Their outputs are not printed; the packages'
// warnings are said once each, through the options' `warn`.
DiffResult diffDays(RecordReader& record, const ReplayOptions& recorded, const ReplayOptions& changed);

}  // namespace autolife::replay
