// The simulated robot's surroundings and body, as scenarios describe them:
// people and movement, battery, posture, falls and pushes, temperatures,
// diagnosis, the charging pod and hatch, sleep. It is the simulation's
// source of perception (docs/architecture.md, "Perception"): each change is
// written into memory as NAOqi's extractors would write it (ExtractorWriter:
// PeoplePerception/..., EngagementZones/..., ALBasicAwareness/HumanTracked,
// BatteryChargeChanged, ...) and then reported to the engine's perception,
// from which the Launchpad keys, Life's context and its safeguards follow.
// It also plays ALBasicAwareness's part of choosing whom to track.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "autolife/launchpad/tracked_human.hpp"
#include "autolife/perception/extractor_writer.hpp"
#include "autolife/perception/observation.hpp"

namespace autolife::robot {

// What one `world:` step changes; absent fields stay as they are.
struct WorldUpdate {
  std::optional<double> battery;  // percent
  std::optional<bool> charging, onPod, sleeping, fall, push, moved, lifted, speaking, listening, hatchOpen;
  std::optional<std::string> posture;
  std::optional<std::map<std::string, double>> temperature;     // joint -> °C (merged)
  std::optional<std::map<std::string, std::string>> diagnosis;  // device -> ok | critical | permanent (merged)
  std::optional<std::vector<launchpad::MovingObject>> motion;
};

class SimulatedWorld {
public:
  // Reports to `perception` and writes NAOqi's keys into `memory`.
  SimulatedWorld(memory::Memory& memory, launchpad::RobotProfile profile, perception::Perception& perception);

  // Writes the extractors' state at the engine's start, as a robot's
  // shows from its boot: nobody perceived or tracked (HumanTracked -1, no
  // user session), no movement, the battery and the posture.
  void start();

  void setPeople(std::vector<launchpad::Person> people);
  void apply(const WorldUpdate& update);
  // The simulated robot's own posture changed (ALRobotPosture).
  void postureChanged(const std::string& posture, const std::string& family);
  // Life's BasicAwareness ability started or stopped: nobody is tracked while it is stopped.
  void setBasicAwarenessRunning(bool running);

  // A real robot perceives for itself (`--robot tcp://...`): from then on
  // the simulated world reports nothing and writes nothing.
  void disconnect();
  bool connected() const { return connected_; }
  // What it holds now (the dashboard's world panel shows it).
  const std::vector<launchpad::Person>& people() const { return people_; }
  double battery() const { return battery_; }
  bool charging() const { return charging_; }
  bool onPod() const { return onPod_; }

  // Joints whose critical temperature puts the robot in safeguard.
  static constexpr double kCriticalCelsius = 75.0;  // Launchpad's "Critical"
  static bool isCriticalDevice(const std::string& joint) { return joint == "HeadYaw" || joint == "HeadPitch"; }

private:
  // To the perception, after writing NAOqi's keys (unless something wrote them already).
  void report(const perception::Observation& observation, bool write = true);
  void track(perception::Observation& o);
  void applyBody(const WorldUpdate& u, perception::Observation& o);
  void applyIncidents(const WorldUpdate& u, perception::Observation& o);
  void applyHealth(const WorldUpdate& u, perception::Observation& o);

  perception::ExtractorWriter writer_;
  perception::Perception& perception_;
  const launchpad::RobotProfile profile_;
  bool connected_ = true;
  std::vector<launchpad::Person> people_;
  launchpad::HumanTracker tracker_;
  bool basicAwarenessRunning_ = true;  // solitary, the starting state, runs it
  std::string posture_ = "Stand";
  double battery_ = 100.0;
  bool charging_ = false;
  bool onPod_ = false;
  std::map<std::string, double> temperatures_;
  std::map<std::string, std::string> diagnosis_;
};

}  // namespace autolife::robot
