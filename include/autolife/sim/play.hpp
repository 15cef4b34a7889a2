// `autolife play`: one behavior (a .xar or a new-format folder) run on the
// simulated robot, in virtual time by default, reporting what the robot did:
// each service call, the boxes' logs and errors, and how the behavior ended.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "autolife/core/diagnostic.hpp"
#include "autolife/launchpad/robot_profile.hpp"
#include "autolife/sim/simulator.hpp"

namespace autolife::sim {

struct PlayOptions {
  std::filesystem::path behavior;       // behavior.xar, or a folder in the new format
  bool realtime = false;                // the real clock instead of the virtual one
  std::optional<core::Time> until;      // stop the behavior then if it still runs
  launchpad::RobotModel model = launchpad::RobotModel::Nao;
  // Wall time a box may keep its thread in one go in virtual time before it
  // is interrupted with an error (core::Workers' watchdog); none: its default.
  std::optional<std::chrono::milliseconds> turnLimit;
  // A remote robot (`--robot tcp://...`), the package's services: attached
  // to the engine, then observing it (their records join the output),
  // settled when the behavior has ended, detached last.
  EngineHooks hooks;
  // A package folder loaded in place before the behavior starts (its
  // problems are warnings): the behavior's own, when it declares services.
  std::optional<std::filesystem::path> package;
  std::uint64_t seed = 0;  // box scripts' `random` streams derive from it (--seed)
};

struct PlayResult {
  // finished: the root box fired onStopped; error: a box failed; until: still
  // running at --until (stopped); idle: nothing left that could ever happen
  // (virtual time only); unreadable: the behavior cannot be loaded.
  enum class End { Finished, Error, Until, Idle, Unreadable };
  End end = End::Unreadable;
  std::string error;                      // End::Error: the box's error
  std::vector<core::Diagnostic> problems;  // End::Unreadable: where and why; warnings otherwise
  core::Time endedAt{0};
  int calls = 0;
};

const char* endName(PlayResult::End end);

// The language a behavior's Dialog boxes run in: its package's first (the
// nearest manifest.xml above it: its supported languages, else its
// topics'), "" when it has no package.
std::string packageDialogLanguage(const std::filesystem::path& behavior);

// Runs the behavior; `output` hears each record as it happens (in JSON:
// {"t", "service", "method", "args"} per call, {"t", "log", "box",
// "message"}, {"t", "error", "box"}, and last {"t", "end", ...}).
PlayResult play(const PlayOptions& options, const std::function<void(const Record&)>& output);

}  // namespace autolife::sim
