// ALBasicAwareness, simulated: its switches and modes, across NAOqi
// versions (2.1-2.4 startAwareness / stopAwareness / isAwarenessRunning,
// 2.5+ setEnabled / isEnabled / isRunning, pauseAwareness /
// resumeAwareness), engagement and tracking modes, stimulus detection and
// parameters. Nobody is tracked by this service itself: engagePerson
// answers false and triggerStimulus -1.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "autolife/robot/robot_core.hpp"
#include "autolife/service/service.hpp"

namespace autolife::robot {

class BasicAwareness {
public:
  explicit BasicAwareness(RobotCore& core);

  std::shared_ptr<service::Service> makeService();

  bool enabled() const;
  bool running() const;  // enabled and not paused
  std::string engagementMode() const;
  std::string trackingMode() const;
  bool stimulusDetection(const std::string& stimulus) const;

private:
  RobotCore& core_;
  bool enabled_ = false;
  bool paused_ = false;
  std::string engagement_ = "Unengaged";
  std::string tracking_;
  std::map<std::string, bool> stimuli_;
  std::map<std::string, double> parameters_;
};

}  // namespace autolife::robot
