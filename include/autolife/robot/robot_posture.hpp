// ALRobotPosture, simulated: goToPosture / applyPosture move every joint to
// a predefined posture (NAO: Stand, StandInit, StandZero, Crouch, Sit,
// SitRelax, LyingBack, LyingBelly; Pepper: Stand, StandInit, StandZero,
// Crouch) and take the time the transition takes; the posture and its
// family change at the end, raising PostureChanged / PostureFamilyChanged.
#pragma once

#include <memory>
#include <string>

#include "autolife/robot/body.hpp"
#include "autolife/service/service.hpp"

namespace autolife::robot {

class RobotPosture {
public:
  RobotPosture(RobotCore& core, Body& body);

  std::shared_ptr<service::Service> makeService();

  // Starts going to `name` at `speed` (fraction of the maximum speed);
  // returns how long it takes. `smart` (goToPosture) adds the time to get up
  // from lying. Refused: unknown-posture, bad-argument.
  core::Duration goTo(const std::string& name, double speed, bool smart, std::string_view where);

private:
  RobotCore& core_;
  Body& body_;
  std::uint64_t task_ = 0;
  int maxTryNumber_ = 3;
};

}  // namespace autolife::robot
