// The robot a behavior was animated for, as its timelines say: `play`'s
// robot when the behavior's package names none (decision 1187).
// Choregraphe writes the model a timeline's curves were made for on its
// actuator list (`<ActuatorList model="juliette">` is Pepper, "nao" NAO);
// an older file writes "" there, and then the joints its curves move that
// only one of the two robots has tell (Pepper's HipPitch, HipRoll,
// KneePitch; NAO's legs).
#pragma once

#include <optional>
#include <string>

#include "autolife/behavior/xar_model.hpp"
#include "autolife/launchpad/robot_profile.hpp"

namespace autolife::sim {

struct AnimatedRobot {
  launchpad::RobotModel model;
  std::string why;  // "its timelines are made for Pepper (model \"juliette\")"
};

// None when the timelines say nothing, or name both robots.
std::optional<AnimatedRobot> robotAnimatedBy(const behavior::Behavior& behavior);

}  // namespace autolife::sim
