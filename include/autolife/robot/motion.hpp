// ALMotion, simulated: joints (setAngles, changeAngles, getAngles, the angle
// interpolations a timeline sends), stiffness, wakeUp / rest, base moves
// (moveTo, move, moveToward), tasks, and the switches behaviors flip
// (collision protection, breathing, fall manager...). Names may be a joint,
// a chain ("Head", "LArm", "Body"...) or a list of them; angles are clamped
// to the joint's limits. Blocking calls `take` their longest time; the
// final angles apply (and reach memory) when the motion ends.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "autolife/robot/body.hpp"
#include "autolife/robot/robot_core.hpp"
#include "autolife/service/service.hpp"

namespace autolife::robot {

class Motion {
public:
  Motion(RobotCore& core, Body& body);

  std::shared_ptr<service::Service> makeService();

  // wakeUp() and rest(); each returns how long it takes (0 when the robot
  // already is in that state: for wakeUp, awake with every joint stiff).
  core::Duration wakeUp();
  core::Duration rest();

  // Joint indices of a joint, a chain, or a list of them; refused with
  // unknown-joint (or bad-argument for what is not a name).
  std::vector<std::size_t> resolve(const service::Any& names, std::string_view where) const;

  // A switch's state ("ExternalCollisionProtection/All", "Breath/Body"...).
  bool setting(const std::string& key) const;

  // Moves the base through `legs` (robot frame, one after the other) in
  // `seconds` or the time walking them takes, which the call then takes
  // (service::takes); false (and nothing moves) when the robot rests.
  service::Any moveTo(const std::vector<Pose2D>& legs, std::optional<double> seconds);

  // Time constants (seconds).
  static constexpr double kWakeUpSeconds = 1.0;     // stiffening
  static constexpr double kRestSpeed = 0.8;         // posture speed of rest()
  static constexpr double kWakePostureSpeed = 0.5;  // Pepper's wakeUp to StandInit
  static constexpr double kHandSeconds = 0.5;       // openHand / closeHand

private:
  void declareJoints(service::Service& s);
  void declareStiffness(service::Service& s);
  void declareInterpolations(service::Service& s);
  void declareMoves(service::Service& s);
  void declareTasks(service::Service& s);
  void declareSettings(service::Service& s);
  void declareInfo(service::Service& s);

  std::string summary() const;

  RobotCore& core_;
  Body& body_;
  std::map<std::string, bool> settings_;
};

}  // namespace autolife::robot
