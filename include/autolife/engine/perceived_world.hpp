// The engine's side of the perception seam (docs/architecture.md,
// "Perception"): every observation, from the simulated world or from a
// robot, becomes the Launchpad keys' inputs, Life's context (on the pod,
// asleep, speaking, listening) and its safeguard causes. Engine thread.
#pragma once

#include "autolife/launchpad/launchpad_keys.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/perception/observation.hpp"

namespace autolife::engine {

class PerceivedWorld final : public perception::Perception {
public:
  PerceivedWorld(launchpad::LaunchpadKeys& keys, life::AutonomousLife& life);

  void observe(const perception::Observation& o) override;

private:
  void body(const perception::Observation& o);
  void incidents(const perception::Observation& o);
  void health(const perception::Observation& o);
  void posture(const perception::Observation& o);

  launchpad::LaunchpadKeys& keys_;
  life::AutonomousLife& life_;
  double battery_ = 100.0;
  bool charging_ = false;
  life::Context context_;
  bool hatchOpen_ = false;
  bool moved_ = false;
};

}  // namespace autolife::engine
