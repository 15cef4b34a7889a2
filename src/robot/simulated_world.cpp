#include "autolife/robot/simulated_world.hpp"

namespace autolife::robot {

using life::SafeguardCause;

SimulatedWorld::SimulatedWorld(launchpad::LaunchpadKeys& keys, life::AutonomousLife& life) : keys_(keys), life_(life) {
  keys_.setBattery(battery_, charging_);
  keys_.setPosture(posture_);
}

void SimulatedWorld::setPeople(std::vector<launchpad::Person> people) { keys_.setPeople(std::move(people)); }

void SimulatedWorld::apply(const WorldUpdate& u) {
  applyBody(u);
  applyIncidents(u);
  applyHealth(u);
}

void SimulatedWorld::applyBody(const WorldUpdate& u) {
  if (u.battery || u.charging) {
    battery_ = u.battery.value_or(battery_);
    charging_ = u.charging.value_or(charging_);
    keys_.setBattery(battery_, charging_);
  }
  if (u.posture) {
    posture_ = *u.posture;
    keys_.setPosture(posture_);
  }
  if (u.lifted) keys_.setLifted(*u.lifted);
  if (u.motion) keys_.setMotion(*u.motion);
  if (u.speaking) life_.setSpeaking(*u.speaking);
  if (u.listening) life_.setListening(*u.listening);
  if (u.onPod || u.sleeping) {
    context_.onPod = u.onPod.value_or(context_.onPod);
    context_.sleeping = u.sleeping.value_or(context_.sleeping);
    life_.setContext(context_);
  }
}

// A fall lays the robot down until it is upright again; a push (Pepper)
// ends 3 s after rebalancing; being rolled with the hatch closed (Pepper)
// lasts while it does.
void SimulatedWorld::applyIncidents(const WorldUpdate& u) {
  if (u.fall) {
    if (*u.fall) {
      keys_.robotFell();
      keys_.setPosture("LyingBack");
    } else {
      keys_.setPosture(posture_);
    }
    life_.setSafeguardCondition(SafeguardCause::RobotFell, *u.fall);
  }
  if (u.push) {
    if (*u.push) keys_.robotPushed();
    life_.setSafeguardCondition(SafeguardCause::RobotPushed, *u.push);
  }
  if (u.moved) life_.setSafeguardCondition(SafeguardCause::RobotMoved, *u.moved);
}

// A critical device or a critical HeadYaw/HeadPitch temperature holds the
// robot in safeguard; a permanent failure never recovers.
void SimulatedWorld::applyHealth(const WorldUpdate& u) {
  if (u.temperature) {
    for (const auto& [joint, celsius] : *u.temperature) temperatures_[joint] = celsius;
    keys_.setTemperatures(temperatures_);
    bool critical = false;
    for (const auto& [joint, celsius] : temperatures_)
      critical = critical || (isCriticalDevice(joint) && celsius >= kCriticalCelsius);
    life_.setSafeguardCondition(SafeguardCause::CriticalTemperature, critical);
  }
  if (u.diagnosis) {
    for (const auto& [device, status] : *u.diagnosis)
      if (diagnosis_[device] != "permanent") diagnosis_[device] = status;
    bool failing = false;
    for (const auto& [device, status] : diagnosis_) failing = failing || status != "ok";
    life_.setSafeguardCondition(SafeguardCause::CriticalDiagnosis, failing);
  }
}

}  // namespace autolife::robot
