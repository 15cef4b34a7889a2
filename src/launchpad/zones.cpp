#include "autolife/launchpad/zones.hpp"

#include <cmath>

namespace autolife::launchpad {

namespace {

// The angle folded into [0, 180]: left and right are the same for zones, and
// 350° is 10° off the axis.
double offAxis(double angleDegrees) {
  double a = std::fmod(std::fabs(angleDegrees), 360.0);
  return a > 180.0 ? 360.0 - a : a;
}

}  // namespace

int engagementZone(const RobotProfile& profile, double distance, double angleDegrees) {
  // Written so that NaN fails the test: a bad reading is not a person.
  if (!(distance >= 0.0 && distance <= profile.perceptionRange)) return 0;
  const EngagementZones& z = profile.zones;
  // An angle that is not a number cannot be in front.
  const bool inFront = offAxis(angleDegrees) <= z.limitAngle / 2.0;
  if (distance < z.firstLimitDistance) return inFront ? 1 : 2;
  if (distance < z.secondLimitDistance) return inFront ? 2 : 3;
  return 3;
}

namespace {

int givenOrPlaced(const RobotProfile& profile, int given, double distance, double angle) {
  if (given >= 1 && given <= 3) return given;
  return engagementZone(profile, distance, angle);
}

}  // namespace

int engagementZone(const RobotProfile& profile, const Person& p) {
  return givenOrPlaced(profile, p.zone, p.distance, p.angle);
}

int engagementZone(const RobotProfile& profile, const MovingObject& m) {
  return givenOrPlaced(profile, m.zone, m.distance, m.angle);
}

bool isPerceived(const RobotProfile& profile, const Person& person) { return engagementZone(profile, person) != 0; }

namespace {

template <class Placed>
ZoneCounts countByZone(const RobotProfile& profile, const std::vector<Placed>& placed) {
  ZoneCounts out;
  for (const auto& p : placed) {
    int zone = engagementZone(profile, p);
    if (zone != 0) ++out.counts[static_cast<std::size_t>(zone - 1)];
  }
  return out;
}

}  // namespace

ZoneCounts countPeople(const RobotProfile& profile, const std::vector<Person>& people) {
  return countByZone(profile, people);
}

ZoneCounts countMotion(const RobotProfile& profile, const std::vector<MovingObject>& objects) {
  return countByZone(profile, objects);
}

}  // namespace autolife::launchpad
