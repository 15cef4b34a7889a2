// The simulated robot's surroundings and body, as scenarios describe them:
// people and movement, battery, posture, falls and pushes, temperatures,
// diagnosis, the charging pod, sleep. It feeds what a real robot's
// extractors would: the Launchpad keys' inputs, Life's context and its
// safeguard causes.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "autolife/launchpad/launchpad_keys.hpp"
#include "autolife/life/autonomous_life.hpp"

namespace autolife::robot {

// What one `world:` step changes; absent fields stay as they are.
struct WorldUpdate {
  std::optional<double> battery;  // percent
  std::optional<bool> charging, onPod, sleeping, fall, push, moved, lifted, speaking, listening;
  std::optional<std::string> posture;
  std::optional<std::map<std::string, double>> temperature;     // joint -> °C (merged)
  std::optional<std::map<std::string, std::string>> diagnosis;  // device -> ok | critical | permanent (merged)
  std::optional<std::vector<launchpad::MovingObject>> motion;
};

class SimulatedWorld {
public:
  SimulatedWorld(launchpad::LaunchpadKeys& keys, life::AutonomousLife& life);

  void setPeople(std::vector<launchpad::Person> people);
  void apply(const WorldUpdate& update);

  // Joints whose critical temperature puts the robot in safeguard.
  static constexpr double kCriticalCelsius = 75.0;  // Launchpad's "Critical"
  static bool isCriticalDevice(const std::string& joint) { return joint == "HeadYaw" || joint == "HeadPitch"; }

private:
  void applyBody(const WorldUpdate& u);
  void applyIncidents(const WorldUpdate& u);
  void applyHealth(const WorldUpdate& u);

  launchpad::LaunchpadKeys& keys_;
  life::AutonomousLife& life_;
  double battery_ = 100.0;
  bool charging_ = false;
  life::Context context_;
  std::string posture_ = "Stand";
  std::map<std::string, double> temperatures_;
  std::map<std::string, std::string> diagnosis_;
};

}  // namespace autolife::robot
