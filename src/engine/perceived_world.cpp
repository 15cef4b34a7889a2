#include "autolife/engine/perceived_world.hpp"

namespace autolife::engine {

using life::SafeguardCause;
using perception::Observation;

PerceivedWorld::PerceivedWorld(launchpad::LaunchpadKeys& keys, life::AutonomousLife& life) : keys_(keys), life_(life) {}

// In the order the inputs have always been applied: people, then the body,
// incidents, health; each input its own batch of Launchpad keys.
void PerceivedWorld::observe(const Observation& o) {
  if (o.people) keys_.setPeople(*o.people, o.trackedHuman);
  else if (o.trackedHuman) keys_.setTrackedHuman(*o.trackedHuman);
  body(o);
  incidents(o);
  health(o);
}

void PerceivedWorld::body(const Observation& o) {
  if (o.battery || o.charging) {
    battery_ = o.battery.value_or(battery_);
    charging_ = o.charging.value_or(charging_);
    keys_.setBattery(battery_, charging_);
  }
  if (!o.fallen) posture(o);  // a fall's posture comes with the fall
  if (o.lifted) keys_.setLifted(*o.lifted);
  if (o.motion) keys_.setMotion(*o.motion);
  if (o.speaking) life_.setSpeaking(*o.speaking);
  if (o.listening) life_.setListening(*o.listening);
  if (o.onPod || o.sleeping) {
    context_.onPod = o.onPod.value_or(context_.onPod);
    context_.sleeping = o.sleeping.value_or(context_.sleeping);
    life_.setContext(context_);
  }
}

void PerceivedWorld::posture(const Observation& o) {
  if (!o.posture) return;
  if (o.postureFamily) keys_.setPosture(*o.posture, *o.postureFamily);
  else keys_.setPosture(*o.posture);
}

// A fall is RobotFellRecently from its start and the RobotFell safeguard
// until it ends; a push the same (Pepper; Life ends the safeguard 3 s after
// the robot rebalanced); being rolled around counts only with the hatch
// closed (the wheels are free when it is open).
void PerceivedWorld::incidents(const Observation& o) {
  if (o.fallen) {
    if (*o.fallen) keys_.robotFell();
    posture(o);
    life_.setSafeguardCondition(SafeguardCause::RobotFell, *o.fallen);
  }
  if (o.pushed) {
    if (*o.pushed) keys_.robotPushed();
    life_.setSafeguardCondition(SafeguardCause::RobotPushed, *o.pushed);
  }
  if (!o.moved && !o.hatchOpen) return;
  moved_ = o.moved.value_or(moved_);
  hatchOpen_ = o.hatchOpen.value_or(hatchOpen_);
  life_.setSafeguardCondition(SafeguardCause::RobotMoved, moved_ && !hatchOpen_);
}

void PerceivedWorld::health(const Observation& o) {
  if (o.temperatures) keys_.setTemperatures(*o.temperatures);
  if (o.criticalTemperature) life_.setSafeguardCondition(SafeguardCause::CriticalTemperature, *o.criticalTemperature);
  if (o.criticalDevices) life_.setSafeguardCondition(SafeguardCause::CriticalDiagnosis, !o.criticalDevices->empty());
}

}  // namespace autolife::engine
