// Engagement zones (ALEngagementZones, REFERENCE §4): where a person or a
// movement is, as seen by the Launchpad.
//
//   zone 1: nearer than the first limit, in front;
//   zone 2: nearer than the second limit in front, or nearer than the first
//           limit on the sides;
//   zone 3: farther in front, the rest of the sides, and beyond the second
//           limit, up to the perception range.
//
// Distances: zone 1 < first limit <= zone 2 < second limit <= zone 3
// <= perception range (exactly at the range is still perceived). "In front"
// means |angle| <= limitAngle / 2 (exactly at ±45° with the default 90° is
// in front). Behind the robot counts as the sides.
#pragma once

#include <array>
#include <vector>

#include "autolife/launchpad/robot_profile.hpp"
#include "autolife/launchpad/world.hpp"

namespace autolife::launchpad {

// 1, 2 or 3; 0 when not perceived (beyond the range, or a distance that is
// negative or not a number).
int engagementZone(const RobotProfile& profile, double distance, double angleDegrees);
// A person's or a movement's: the zone it was given (a robot's), else from
// where it is.
int engagementZone(const RobotProfile& profile, const Person& person);
int engagementZone(const RobotProfile& profile, const MovingObject& object);

// How many are in each zone: counts[0] is zone 1.
struct ZoneCounts {
  std::array<int, 3> counts{0, 0, 0};
  int total() const { return counts[0] + counts[1] + counts[2]; }
};

ZoneCounts countPeople(const RobotProfile& profile, const std::vector<Person>& people);
ZoneCounts countMotion(const RobotProfile& profile, const std::vector<MovingObject>& objects);

bool isPerceived(const RobotProfile& profile, const Person& person);

}  // namespace autolife::launchpad
