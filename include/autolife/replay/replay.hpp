// A recorded day run again (docs/replay.md): a new engine in virtual time
// with the record's seed, robot, wall clock, preferences and Life's journal,
// the recorded packages (or those given instead), the recorded inline
// activities, and every recorded input at its engine time; what it prints
// is the simulator's timeline (sim::simulate runs it, the record's inputs
// fed beside no steps), byte for byte the recording's when nothing changed.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "autolife/replay/record.hpp"
#include "autolife/sim/simulator.hpp"

namespace autolife::replay {

struct ReplayOptions {
  // Packages (folders, .pkg, or folders of packages) replacing the recorded
  // ones of the same uuid; the others join.
  std::vector<std::filesystem::path> packages;
  bool explain = false;
  bool textOnly = false;  // sim::SimulationOptions::textOnly
  // Said once each: a package whose files are not the recorded ones (its
  // hash), a recorded package that is gone.
  std::function<void(const std::string&)> warn;
  // Around the replayed engine (the dashboard's view of a day attaches here).
  sim::EngineHooks hooks;
  // Replay only up to this engine time (the record's end otherwise).
  std::optional<core::Time> until;
};

struct ReplayResult {
  sim::SimulationResult simulation;
  core::Time end{0};
};

// Replays `record` from its first frame. The record's header must be one
// this build reads (RecordReader checked it); what is malformed in a map
// is left out.
ReplayResult replay(RecordReader& record, const ReplayOptions& options, const std::function<void(const sim::Record&)>& output);

// What a replay of `record` would load as its packages, after `given`
// replaced or joined them: the paths, in order, and the warnings.
struct PackagePlan {
  std::vector<std::string> paths;
  std::vector<std::string> warnings;
};
PackagePlan planPackages(RecordReader& record, const std::vector<std::filesystem::path>& given);

}  // namespace autolife::replay
