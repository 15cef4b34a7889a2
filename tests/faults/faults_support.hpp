// Shared by the fault tests (docs/robustness.md, "Faults"): an engine on a
// virtual clock with real child processes, and what "back in a valid state"
// means for Life.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "../sim/engine_fixture.hpp"

namespace autolife::faulttest {

using namespace std::chrono_literals;

// The contract of issue 7: after a fault is noticed, Life is back in a valid
// state within one second of virtual time.
inline constexpr core::Duration kRecoveryBound = std::chrono::seconds(1);

// Waits, with a generous wall-clock deadline, for something a real process
// (or thread) does. Virtual time stands still meanwhile: the clock only runs
// the tasks other threads post at the current instant (the process runner
// reports an exit that way), so what the engine does about the fault
// happens at the instant it was noticed.
template <class Clock, class P>
bool pumpUntil(Clock& clock, P done, std::chrono::seconds wall = 30s) {
  const auto deadline = std::chrono::steady_clock::now() + wall;
  for (;;) {
    clock.runUntil(clock.now());
    if (done()) return true;
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(2ms);
  }
}

// An engine with exec activities, whose failures and transitions are
// recorded with the virtual time they happened at.
class FaultEngine : public simtest::EngineFixture {
protected:
  struct Failure {
    std::string activity;
    std::string error;
    core::Time at;
  };

  void startWith(const std::vector<simtest::ActivitySpec>& activities) {
    start(launchpad::RobotModel::Nao, activities);
    engine().life.activityFailed.connect([this](const std::string& name, const std::string& error) {
      failures.push_back({name, error, clock_.now()});
    });
    engine().life.activityTransition.connect([this](const service::Any&) { transitionTimes.push_back(clock_.now()); });
  }

  // The Launchpad keys agree with Life, and Life answers through its service.
  void expectConsistent(const std::string& focusedActivity, const std::string& lifeState) {
    EXPECT_EQ(focused(), focusedActivity);
    EXPECT_EQ(state(), lifeState);
    EXPECT_EQ(call("ALAutonomousLife.focusedActivity"), focusedActivity);
    EXPECT_EQ(call("ALAutonomousLife.getState"), lifeState);
    EXPECT_EQ(key("AutonomousLife/FocusedActivity"), focusedActivity);
    EXPECT_EQ(key("AutonomousLife/State"), lifeState);
  }

  core::Time now() { return clock_.now(); }

  std::vector<Failure> failures;
  std::vector<core::Time> transitionTimes;  // of each activityTransition, in order
};

inline life::RunProgram shell(const std::string& script, std::vector<std::string> arguments = {}) {
  std::vector<std::string> argv{"/bin/sh", "-c", script};
  argv.insert(argv.end(), arguments.begin(), arguments.end());
  return life::RunProgram{std::move(argv)};
}

}  // namespace autolife::faulttest
