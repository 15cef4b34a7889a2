// A whole engine (all its services) on a virtual clock, for the targets that
// send it calls (api_message, mqtt_call): building one costs more than most
// inputs, so a target makes one for the whole run. Its time moves 1 s per
// input (settle()) so that what a call started (a move, a timer) ends
// instead of piling up.
#pragma once

#include "autolife/core/clock.hpp"
#include "autolife/engine/engine.hpp"
#include "fuzz_support.hpp"

namespace autolife::fuzz {

struct EngineHarness {
  explicit EngineHarness(const char* name) : engine(clock, options(name)) {
    engine.start();
    clock.runUntil(clock.now());
  }
  static engine::EngineOptions options(const char* name) {
    engine::EngineOptions o;
    o.packageRoot = scratchFolder(name) / "packages";
    return o;
  }
  // Runs what the input asked for, then a second more.
  void settle() {
    clock.runUntil(clock.now());
    clock.runUntil(clock.now() + core::fromSeconds(1));
  }

  core::VirtualClock clock;
  engine::Engine engine;
};

}  // namespace autolife::fuzz
