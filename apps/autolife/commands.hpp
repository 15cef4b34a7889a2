// The subcommands of the `autolife` tool. Each registers itself on the app
// and returns the exit status through `status`.
#pragma once

#include <chrono>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "autolife/sim/simulator.hpp"

namespace autolife::app {

void addEvalCommand(CLI::App& app, int& status);
void addCheckCommand(CLI::App& app, int& status);
void addSimulateCommand(CLI::App& app, int& status);
void addConvertCommand(CLI::App& app, int& status);
void addPlayCommand(CLI::App& app, int& status);
void addServeCommand(CLI::App& app, int& status);
void addChatCommand(CLI::App& app, int& status);
void addReplayCommand(CLI::App& app, int& status);
void addFleetCommand(CLI::App& app, int& status);

// --turn-limit SECONDS (play, simulate): the wall time a box may keep its
// thread in virtual time before it is interrupted (core::Workers' watchdog).
inline void addTurnLimitOption(CLI::App* command, std::optional<double>& seconds) {
  command->add_option("--turn-limit", seconds,
                      "Virtual time: seconds of wall time a box may run without giving its thread back (default 5)");
}

// --seed N (play, serve, simulate): seeds everything random in the engine
// (EngineOptions::seed: rand() in conditions, the simulated world, box
// scripts' random); the same seed gives the same run.
template <class Seed>
void addSeedOption(CLI::App* command, Seed& seed, const std::string& unset = "0") {
  command->add_option("--seed", seed, "Seed for everything random: rand(), the world, box scripts (default " + unset + ")")
      ->check(CLI::NonNegativeNumber);
}

// The option as milliseconds in `out`; false, with the reason on stderr,
// when it is not in (0, 86400].
inline bool turnLimitFrom(const std::optional<double>& seconds, const std::string& command,
                          std::optional<std::chrono::milliseconds>& out) {
  if (!seconds) return true;
  if (!(*seconds > 0 && *seconds <= 86400)) {
    std::cerr << "autolife " << command << ": --turn-limit must be seconds, more than 0 and at most 86400\n";
    return false;
  }
  out = std::chrono::milliseconds(static_cast<std::int64_t>(*seconds * 1000 + 0.5));
  if (out->count() == 0) out = std::chrono::milliseconds(1);
  return true;
}

// The readable timeline's last line (simulate, replay):
// "0:02:10.000  end: all expectations met".
inline std::string timelineEnd(const sim::SimulationResult& result) {
  return sim::clockText(result.endedAt) + "  end: " +
         (result.failedExpectations ? std::to_string(result.failedExpectations) + " expectation(s) failed"
                                    : std::string("all expectations met"));
}

}  // namespace autolife::app
