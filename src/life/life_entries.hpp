// AutonomousLife's private records, shared by autonomous_life.cpp and
// why_not.cpp: a loaded activity and the focused run.
#pragma once

#include <optional>
#include <string>

#include "autolife/life/autonomous_life.hpp"

namespace autolife::life {

struct AutonomousLife::Entry {
  Activity activity;
  std::optional<core::Diagnostic> problem;  // cannot run: never focused
  core::Time relaunchAfter{0};              // engine time: not focused by its trigger before
  std::optional<Failure> failure;           // its last run's error, until a run ends without one

  const std::string& name() const { return activity.name; }
  bool interactive() const { return activity.nature == Nature::Interactive; }
};

struct AutonomousLife::Focus {
  std::string name;
  std::string startReason;
  core::Time since{0};
  std::uint64_t run = 0;  // tells a stale "ended" callback from the current run's
};

}  // namespace autolife::life
