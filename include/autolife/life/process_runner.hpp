// Runs activities that are external programs (`run: {exec: [argv...]}`).
// Stopping always works: SIGTERM, then SIGKILL after a grace period. A
// reaper thread waits for the children (pidfds, no polling loop) and reports
// a program that exits by itself through the engine clock, so `ended` runs
// on the engine's thread, in order with everything else.
#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

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
  struct Child {
    int pid = -1;
    int pidfd = -1;
    std::string activity;  // empty once stopped: its exit is not reported
    EndedCallback ended;
    std::chrono::steady_clock::time_point killAt{};  // set once SIGTERM was sent
  };
  void reap();
  void wake();

  core::Clock& clock_;
  std::chrono::milliseconds grace_;
  mutable std::mutex mutex_;
  std::vector<Child> children_;
  int wakeFd_ = -1;
  bool stopping_ = false;
  std::thread reaper_;
};

}  // namespace autolife::life
