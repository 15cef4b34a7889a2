// Runs activities that are external programs (`run: {exec: [argv...]}`),
// as core::ChildProcesses: each in its own process group, stopping always
// works (SIGTERM, then SIGKILL after a grace period). A program that exits
// by itself is reported through the engine clock, so `ended` runs on the
// engine's thread, in order with everything else.
#pragma once

#include <chrono>
#include <map>
#include <mutex>

#include "autolife/core/child_processes.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/life/runner.hpp"

namespace autolife::life {

class ProcessRunner final : public ActivityRunner {
public:
  explicit ProcessRunner(core::Clock& clock, std::chrono::milliseconds grace = std::chrono::seconds(2));
  ~ProcessRunner() override;  // kills what still runs
  ProcessRunner(const ProcessRunner&) = delete;
  ProcessRunner& operator=(const ProcessRunner&) = delete;

  void start(const Activity& activity, EndedCallback ended) override;
  void stop(const std::string& activityName) override;

  // Processes not yet reaped (running, or stopping within the grace period).
  std::size_t liveProcesses() const;

private:
  core::Clock& clock_;
  std::chrono::milliseconds grace_;
  mutable std::mutex mutex_;
  std::map<std::string, core::ChildProcesses::Id> running_;  // by activity
  core::ChildProcesses processes_;  // last: its reaper stops before the rest goes
};

}  // namespace autolife::life
