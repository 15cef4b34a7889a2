// The perception seam (docs/architecture.md, "Perception"): what the robot
// perceives of itself and of its surroundings, as the Launchpad keys, Life's
// context and the safeguards read it. Two sources report it through the
// same interface: the simulated world (src/robot) and a real robot's own
// extractors, read over qi (src/remote). The engine is its one reader
// (engine::PerceivedWorld); nothing else feeds the Launchpad's inputs or
// Life's context and safeguard causes.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "autolife/launchpad/world.hpp"

namespace autolife::perception {

// What changed: each field that is set is the new value; an absent field
// is as it was.
struct Observation {
  // People (ALPeoplePerception, ALEngagementZones, ALGazeAnalysis,
  // ALWavingDetection): everyone perceived now.
  std::optional<std::vector<launchpad::Person>> people;
  // Who BasicAwareness tracks ("" nobody), from a source that knows: then
  // the Launchpad's tracked-human keys follow it instead of choosing.
  std::optional<std::string> trackedHuman;
  // Movement detection: what moves around the robot now.
  std::optional<std::vector<launchpad::MovingObject>> motion;

  // Body: battery (percent), charging, posture (its family given, or
  // derived from the name), lifted (NAO), the charging hatch (Pepper).
  std::optional<double> battery;
  std::optional<bool> charging;
  std::optional<std::string> posture;
  std::optional<std::string> postureFamily;
  std::optional<bool> lifted;
  std::optional<bool> hatchOpen;

  // Incidents: true when one starts, false when it ends. A fall starts with
  // the fall and ends once the robot is stable (NAO) or upright again
  // (Pepper); a push ends when the robot has rebalanced; moved is being
  // rolled around with the hatch closed (Pepper).
  std::optional<bool> fallen;
  std::optional<bool> pushed;
  std::optional<bool> moved;

  // Health: every joint's temperature (°C, replaces the last map); whether
  // a temperature is critical and which devices a diagnosis finds critical
  // (empty: none), as the source judges them.
  std::optional<launchpad::JointTemperatures> temperatures;
  std::optional<bool> criticalTemperature;
  std::optional<std::vector<std::string>> criticalDevices;

  // Context (permissions) and what the movement abilities follow.
  std::optional<bool> onPod;
  std::optional<bool> sleeping;
  std::optional<bool> speaking;
  std::optional<bool> listening;

  bool empty() const;
};

// Where observations go. Called on the engine's thread: a source on
// another thread (a robot's connection) posts onto the engine's clock.
class Perception {
public:
  virtual ~Perception() = default;
  virtual void observe(const Observation& observation) = 0;
};

}  // namespace autolife::perception
