// ALNavigation, ALLocalization and ALAutonomousMoves, simulated on the
// body's base (docs/robot.md): a navigation is a move of the base that
// takes the time walking or rolling there takes and changes the robot's
// position in the world (ALMotion.getRobotPosition); a learnt home is a
// position to go back to. There are no obstacles in the simulated room:
// every navigation succeeds.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "autolife/robot/body.hpp"
#include "autolife/robot/motion.hpp"
#include "autolife/robot/robot_core.hpp"
#include "autolife/service/service.hpp"

namespace autolife::robot {

class Navigation {
public:
  Navigation(RobotCore& core, Body& body, Motion& motion);

  std::shared_ptr<service::Service> makeNavigation();
  std::shared_ptr<service::Service> makeLocalization();
  std::shared_ptr<service::Service> makeAutonomousMoves();

private:
  // Moves by (x, y, theta) in the robot frame; raises `begin` now and
  // `success` when it ends (none when empty); false when the robot rests.
  bool go(const Pose2D& delta, const std::string& begin, const std::string& success);

  RobotCore& core_;
  Body& body_;
  Motion& motion_;
  std::optional<Pose2D> home_;
  double securityDistance_ = 0.4;
  bool expressiveListening_ = true;
  std::string backgroundStrategy_ = "backToNeutral";
  bool smallDisplacements_ = false;
};

}  // namespace autolife::robot
