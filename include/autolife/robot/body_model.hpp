// The bodies of NAO (H25, 26 joints) and Pepper (17 joints, wheels left
// out): joint names in ALMotion's "Body" order, limits in radians (hands:
// 0 closed .. 1 open), maximum velocities, chains, and ALRobotPosture's
// predefined postures with the angles this simulation gives them.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "autolife/launchpad/robot_profile.hpp"

namespace autolife::robot {

struct JointInfo {
  std::string name;
  double min = 0;
  double max = 0;
  double maxVelocity = 0;  // rad/s (hands: opening fraction per second)
  double maxTorque = 0;    // N.m, for getLimits
};

struct PostureInfo {
  std::string name;
  std::string family;
  std::vector<double> angles;  // one per joint, Body order, inside the limits
  // Recognised from the legs alone (lying postures differ from StandZero
  // only by the torso's orientation, which joints do not tell).
  bool recognisable = true;
};

class BodyModel {
public:
  static const BodyModel& of(launchpad::RobotModel model);

  launchpad::RobotModel model() const { return model_; }
  const std::vector<JointInfo>& joints() const { return joints_; }
  std::optional<std::size_t> joint(std::string_view name) const;
  // The joints of a chain or alias ("Head", "LArm", "Body", "Arms"...);
  // nullopt when `name` is none.
  std::optional<std::vector<std::size_t>> chain(std::string_view name) const;
  std::vector<std::string> chainNames() const;
  // The joints posture recognition looks at.
  const std::vector<std::size_t>& postureJoints() const { return postureJoints_; }

  const std::vector<PostureInfo>& postures() const { return postures_; }
  const PostureInfo* posture(std::string_view name) const;
  std::vector<std::string> postureFamilies() const;
  // Where rest() goes, and where Pepper's wakeUp() goes.
  std::string_view restPosture() const { return "Crouch"; }
  std::string_view wakePosture() const { return "StandInit"; }

  // Base movement: how fast moveTo goes (m/s, rad/s).
  double walkSpeed() const { return walkSpeed_; }
  double turnSpeed() const { return turnSpeed_; }

  // NAO's LHipYawPitch and RHipYawPitch are one motor.
  std::optional<std::pair<std::size_t, std::size_t>> coupledHips() const { return coupledHips_; }

private:
  explicit BodyModel(launchpad::RobotModel model);
  launchpad::RobotModel model_;
  std::vector<JointInfo> joints_;
  std::vector<std::pair<std::string, std::vector<std::size_t>>> chains_;
  std::vector<std::size_t> postureJoints_;
  std::vector<PostureInfo> postures_;
  double walkSpeed_ = 0.1;
  double turnSpeed_ = 0.5;
  std::optional<std::pair<std::size_t, std::size_t>> coupledHips_;
};

}  // namespace autolife::robot
