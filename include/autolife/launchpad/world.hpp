// The inputs the Launchpad keys are derived from: what NAOqi's extractors
// (people perception, movement detection, battery, posture, body
// temperature) report, and what the simulated world provides in their place.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace autolife::launchpad {

// A person the robot perceives. Positions are relative to the robot:
// `distance` in metres, `angle` in degrees (0 straight ahead, the sign
// does not matter: zones are symmetric).
struct Person {
  std::string id;  // stable while the person stays perceived (BasicAwareness tracks it)
  double distance = 0.0;
  double angle = 0.0;
  bool looking = false;  // looking at the robot (gaze analysis)
  bool waving = false;   // waving at the robot (waving detection)
  // In the cameras' view right now (PeoplePerception/VisiblePeopleList). A
  // person still perceived but out of view (remembered behind the robot)
  // counts in the zones but does not make Launchpad/PeopleNotSeen false.
  bool visible = true;
  // 1 to 3: the engagement zone the robot's own ALEngagementZones placed
  // them in (a real robot's); 0: from distance and angle, with the
  // profile's zones (the simulation).
  int zone = 0;
};

// Something moving around the robot (movement detection), placed like a person.
struct MovingObject {
  double distance = 0.0;  // metres
  double angle = 0.0;     // degrees, 0 ahead
  int zone = 0;           // as Person::zone
};

struct BatteryState {
  double percent = 100.0;  // charge, 0 to 100 (clamped)
  bool charging = false;
};

// Joint name (HeadYaw, LKneePitch, ...) → temperature in °C.
using JointTemperatures = std::map<std::string, double>;

}  // namespace autolife::launchpad
