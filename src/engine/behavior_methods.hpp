// The Autolife service's methods for watching and steering activities'
// behaviors (docs/api.md, "Behaviors"): the diagram, box states, the log of
// runs, breakpoints and faults, and the boxEvent signal.
#pragma once

#include "autolife/engine/behavior_log.hpp"
#include "autolife/engine/box_states.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/runtime/behavior_runner.hpp"
#include "autolife/service/service.hpp"

namespace autolife::engine {

struct BehaviorSources {
  life::AutonomousLife& life;
  runtime::BehaviorRunner& runner;
  BehaviorLog& log;
  BoxStates& states;
};

// Adds them to `autolife`; the sources must outlive it.
void addBehaviorMethods(service::Service& autolife, BehaviorSources sources);

}  // namespace autolife::engine
