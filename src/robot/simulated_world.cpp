#include "autolife/robot/simulated_world.hpp"

namespace autolife::robot {

using perception::Observation;

SimulatedWorld::SimulatedWorld(memory::Memory& memory, launchpad::RobotProfile profile,
                               perception::Perception& perception)
    : writer_(memory, profile), perception_(perception), profile_(std::move(profile)) {
  Observation initial;
  initial.battery = battery_;
  initial.charging = charging_;
  initial.posture = posture_;
  perception_.observe(initial);  // before start(): remembered, nothing raised yet
}

void SimulatedWorld::disconnect() { connected_ = false; }

void SimulatedWorld::start() {
  if (!connected_) return;
  Observation o;
  o.people = people_;
  track(o);
  o.motion.emplace();
  o.battery = battery_;
  o.charging = charging_;
  o.posture = posture_;
  writer_.write(o);
}

// What a robot's extractors write first, then what the Launchpad derives.
void SimulatedWorld::report(const Observation& o, bool write) {
  if (!connected_ || o.empty()) return;
  if (write) writer_.write(o);
  perception_.observe(o);
}

void SimulatedWorld::setPeople(std::vector<launchpad::Person> people) {
  people_ = std::move(people);
  Observation o;
  o.people = people_;
  track(o);
  report(o);
}

// The simulated BasicAwareness: the same person while they stay perceived,
// else the closest (launchpad::HumanTracker).
void SimulatedWorld::track(Observation& o) {
  const auto update = tracker_.update(profile_, people_, basicAwarenessRunning_);
  o.trackedHuman = update.tracked ? update.tracked->id : "";
}

void SimulatedWorld::setBasicAwarenessRunning(bool running) {
  if (running == basicAwarenessRunning_) return;
  basicAwarenessRunning_ = running;
  Observation o;
  o.people = people_;
  track(o);
  report(o);
}

// The simulated body raised PostureChanged itself (docs/robot.md).
void SimulatedWorld::postureChanged(const std::string& posture, const std::string& family) {
  posture_ = posture;
  if (connected_) writer_.postureWritten(posture, family);
  Observation o;
  o.posture = posture;
  o.postureFamily = family;
  report(o, false);
}

void SimulatedWorld::apply(const WorldUpdate& u) {
  Observation o;
  applyBody(u, o);
  applyIncidents(u, o);
  applyHealth(u, o);
  report(o);
}

void SimulatedWorld::applyBody(const WorldUpdate& u, Observation& o) {
  battery_ = u.battery.value_or(battery_);
  charging_ = u.charging.value_or(charging_);
  onPod_ = u.onPod.value_or(onPod_);
  o.battery = u.battery;
  o.charging = u.charging;
  if (u.posture) posture_ = *u.posture;
  o.posture = u.posture;
  o.lifted = u.lifted;
  o.motion = u.motion;
  o.speaking = u.speaking;
  o.listening = u.listening;
  o.onPod = u.onPod;
  o.sleeping = u.sleeping;
  o.hatchOpen = u.hatchOpen;
}

// A fall lays the robot down until it is upright again; a push (Pepper)
// ends 3 s after rebalancing; being rolled with the hatch closed (Pepper)
// lasts while it does.
void SimulatedWorld::applyIncidents(const WorldUpdate& u, Observation& o) {
  if (u.fall) {
    o.fallen = *u.fall;
    o.posture = *u.fall ? std::string("LyingBack") : posture_;
    o.postureFamily.reset();
  }
  o.pushed = u.push;
  o.moved = u.moved;
}

// A critical HeadYaw/HeadPitch temperature or a device that is not ok
// holds the robot in safeguard; a permanent failure never recovers.
void SimulatedWorld::applyHealth(const WorldUpdate& u, Observation& o) {
  if (u.temperature) {
    for (const auto& [joint, celsius] : *u.temperature) temperatures_[joint] = celsius;
    o.temperatures = temperatures_;
    bool critical = false;
    for (const auto& [joint, celsius] : temperatures_)
      critical = critical || (isCriticalDevice(joint) && celsius >= kCriticalCelsius);
    o.criticalTemperature = critical;
  }
  if (u.diagnosis) {
    for (const auto& [device, status] : *u.diagnosis)
      if (diagnosis_[device] != "permanent") diagnosis_[device] = status;
    std::vector<std::string> failing;
    for (const auto& [device, status] : diagnosis_)
      if (status != "ok") failing.push_back(device);
    o.criticalDevices = std::move(failing);
  }
}

}  // namespace autolife::robot
