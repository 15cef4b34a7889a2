// The simulated robot's extractors: writes into memory what NAOqi's own
// (ALPeoplePerception, ALEngagementZones, ALGazeAnalysis, ALWavingDetection,
// ALBasicAwareness, ALUserSession, ALBattery, ALMotion, ALRobotPosture,
// ALFSR, ALBodyTemperature, ALDiagnosis) write on a robot, from the
// simulated world's observations, so that triggers and boxes reading
// NAOqi's keys see in simulation what they see on a robot (docs/scenarios.md,
// "What the world writes"). ExtractorReader reads the same keys back.
//
// Each observation is one memory batch. Events are raised when their value
// changes (a list, a flag) or when what they tell happens (a person
// arrives, enters a zone, starts waving); data keys are set.
//
// Simulated people are named in scenarios ("alice"); NAOqi's ids are ints.
// A name that is an integer is its id; the others get 1, 2, 3... in order
// of first appearance, skipping ids taken. A person keeps their id for the
// run. Their user session id is the same number.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "autolife/launchpad/robot_profile.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/perception/observation.hpp"

namespace autolife::perception {

class ExtractorWriter {
public:
  ExtractorWriter(memory::Memory& memory, launchpad::RobotProfile profile);
  ~ExtractorWriter();
  ExtractorWriter(const ExtractorWriter&) = delete;
  ExtractorWriter& operator=(const ExtractorWriter&) = delete;

  // What `observation` changes, written as the robot's extractors would.
  // The people's keys need trackedHuman with people (who BasicAwareness
  // tracks: HumanTracked, the user sessions).
  void write(const Observation& observation);
  // The posture something else already raised (the simulated ALRobotPosture
  // raises its own PostureChanged): remembered, nothing raised, so that the
  // next change is told against it.
  void postureWritten(const std::string& posture, const std::string& family);

  // The NAOqi id of a simulated person's name (assigned on first use).
  long long idOf(const std::string& name);

  class Batch;  // the writes of one observation (src/perception)

private:
  struct People;
  void writePeople(Batch& batch, const Observation& o);
  void writeMotion(Batch& batch, const std::vector<launchpad::MovingObject>& motion);
  void writeBody(Batch& batch, const Observation& o);
  void writeIncidents(Batch& batch, const Observation& o);
  void writeHealth(Batch& batch, const Observation& o);

  memory::Memory& memory_;
  const launchpad::RobotProfile profile_;
  std::unique_ptr<People> people_;
  // What was last written, so that events tell changes.
  std::optional<long long> charge_;
  std::optional<bool> charging_, onPod_, hatchOpen_, sleeping_, lifted_;
  std::string posture_, family_;
  std::map<std::string, int> temperatureLevels_;  // joint -> 0..3
  std::optional<std::vector<std::string>> criticalDevices_;
};

}  // namespace autolife::perception
