// Engagement zones at their boundaries (REFERENCE §4: zone 1 < first limit
// <= zone 2 < second limit <= zone 3; perception range 3.5 m; limit angle
// 90°, so ±45° is in front), for NAO (1.5 m / 2.5 m) and Pepper
// (0.8 m / 0.9 m), and the people and motion keys derived from them.
#include <cmath>
#include <limits>

#include "autolife/launchpad/zones.hpp"
#include "launchpad_test_support.hpp"

namespace autolife::launchpad::testing {
namespace {

TEST(RobotProfileDefaults, NaoAndPepperFollowReference) {
  const RobotProfile nao = RobotProfile::nao();
  EXPECT_EQ(nao.model, RobotModel::Nao);
  EXPECT_EQ(nao.zones.firstLimitDistance, 1.5);
  EXPECT_EQ(nao.zones.secondLimitDistance, 2.5);
  EXPECT_EQ(nao.zones.limitAngle, 90.0);
  EXPECT_EQ(nao.perceptionRange, 3.5);
  EXPECT_EQ(nao.utcOffset, std::chrono::minutes{0});
  const RobotProfile pepper = RobotProfile::pepper();
  EXPECT_EQ(pepper.model, RobotModel::Pepper);
  EXPECT_EQ(pepper.zones.firstLimitDistance, 0.8);
  EXPECT_EQ(pepper.zones.secondLimitDistance, 0.9);
  EXPECT_EQ(pepper.zones.limitAngle, 90.0);
  EXPECT_EQ(pepper.perceptionRange, 3.5);
  EXPECT_EQ(RobotProfile::forModel(RobotModel::Pepper).zones.firstLimitDistance, 0.8);
}

TEST(RobotProfileDefaults, ModelNamesRoundTrip) {
  EXPECT_EQ(modelName(RobotModel::Nao), "nao");
  EXPECT_EQ(modelName(RobotModel::Pepper), "pepper");
  EXPECT_EQ(parseModel("pepper"), RobotModel::Pepper);
  EXPECT_EQ(parseModel("nao"), RobotModel::Nao);
  EXPECT_EQ(parseModel("romeo"), std::nullopt);
}

TEST(EngagementZone, NaoDistancesInFront) {
  const RobotProfile nao = RobotProfile::nao();
  EXPECT_EQ(engagementZone(nao, 0.0, 0.0), 1);
  EXPECT_EQ(engagementZone(nao, 1.49, 0.0), 1);
  EXPECT_EQ(engagementZone(nao, 1.5, 0.0), 2);  // exactly the first limit: zone 2
  EXPECT_EQ(engagementZone(nao, 2.49, 0.0), 2);
  EXPECT_EQ(engagementZone(nao, 2.5, 0.0), 3);  // exactly the second limit: zone 3
  EXPECT_EQ(engagementZone(nao, 3.5, 0.0), 3);  // exactly the range: still perceived
  EXPECT_EQ(engagementZone(nao, std::nextafter(3.5, 4.0), 0.0), 0);
  EXPECT_EQ(engagementZone(nao, 10.0, 0.0), 0);
}

TEST(EngagementZone, PepperDistancesInFront) {
  const RobotProfile pepper = RobotProfile::pepper();
  EXPECT_EQ(engagementZone(pepper, 0.79, 0.0), 1);
  EXPECT_EQ(engagementZone(pepper, 0.8, 0.0), 2);
  EXPECT_EQ(engagementZone(pepper, 0.89, 0.0), 2);
  EXPECT_EQ(engagementZone(pepper, 0.9, 0.0), 3);
  EXPECT_EQ(engagementZone(pepper, 1.5, 0.0), 3);  // NAO's zone 2 is Pepper's zone 3
  EXPECT_EQ(engagementZone(pepper, 3.5, 0.0), 3);
  EXPECT_EQ(engagementZone(pepper, 3.51, 0.0), 0);
}

TEST(EngagementZone, PlusMinus45DegreesIsStillInFront) {
  const RobotProfile nao = RobotProfile::nao();
  for (double a : {45.0, -45.0}) {
    EXPECT_EQ(engagementZone(nao, 1.0, a), 1) << a;
    EXPECT_EQ(engagementZone(nao, 2.0, a), 2) << a;
    EXPECT_EQ(engagementZone(nao, 3.0, a), 3) << a;
  }
}

TEST(EngagementZone, OnTheSidesNearIsZone2AndFarIsZone3) {
  // ALEngagementZones: zone 2 is "far in front and also near but on the
  // sides"; zone 3 "far on the side and also very far".
  for (const RobotProfile& p : {RobotProfile::nao(), RobotProfile::pepper()}) {
    const double near = p.zones.firstLimitDistance / 2;
    const double middle = (p.zones.firstLimitDistance + p.zones.secondLimitDistance) / 2;
    for (double a : {std::nextafter(45.0, 90.0), -45.01, 90.0, -135.0, 180.0}) {
      EXPECT_EQ(engagementZone(p, near, a), 2) << modelName(p.model) << " " << a;
      EXPECT_EQ(engagementZone(p, middle, a), 3) << modelName(p.model) << " " << a;
      EXPECT_EQ(engagementZone(p, 3.4, a), 3) << modelName(p.model) << " " << a;
      EXPECT_EQ(engagementZone(p, 3.6, a), 0) << modelName(p.model) << " " << a;
    }
  }
}

TEST(EngagementZone, AnglesWrapAroundTheCircle) {
  const RobotProfile nao = RobotProfile::nao();
  EXPECT_EQ(engagementZone(nao, 1.0, 350.0), 1);   // 10° off the axis
  EXPECT_EQ(engagementZone(nao, 1.0, -315.0), 1);  // 45°
  EXPECT_EQ(engagementZone(nao, 1.0, 720.0), 1);
  EXPECT_EQ(engagementZone(nao, 1.0, 300.0), 2);   // 60° off the axis
}

TEST(EngagementZone, BadReadingsAreNotPerceived) {
  const RobotProfile nao = RobotProfile::nao();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(engagementZone(nao, -0.1, 0.0), 0);
  EXPECT_EQ(engagementZone(nao, nan, 0.0), 0);
  EXPECT_EQ(engagementZone(nao, std::numeric_limits<double>::infinity(), 0.0), 0);
  EXPECT_EQ(engagementZone(nao, 1.0, nan), 2);  // perceived, but not known to be in front
}

TEST(EngagementZone, OverriddenProfile) {
  RobotProfile p = RobotProfile::nao();
  p.zones = {1.0, 2.0, 60.0};
  p.perceptionRange = 5.0;
  EXPECT_EQ(engagementZone(p, 0.5, 30.0), 1);
  EXPECT_EQ(engagementZone(p, 0.5, 31.0), 2);
  EXPECT_EQ(engagementZone(p, 1.0, 0.0), 2);
  EXPECT_EQ(engagementZone(p, 4.9, 0.0), 3);
}

class ZoneKeys : public LaunchpadTest {};

TEST_F(ZoneKeys, NaoCountsPeoplePerZoneAtTheBoundaries) {
  start(RobotProfile::nao());
  keys->setPeople({person("a", 1.49), person("b", 1.5), person("c", 2.49, 45.0), person("d", 2.5),
                   person("e", 1.0, -46.0), person("f", 3.5, 90.0), person("g", 3.6)});
  EXPECT_EQ(getInt(keys::NumPeopleZone1), 1);  // a
  EXPECT_EQ(getInt(keys::NumPeopleZone2), 3);  // b, c, e (near but on the side)
  EXPECT_EQ(getInt(keys::NumPeopleZone3), 2);  // d, f; g is beyond the range
  EXPECT_FALSE(getBool(keys::NoPeopleInZones));
  EXPECT_FALSE(getBool(keys::PeopleNotSeen));
}

TEST_F(ZoneKeys, PepperCountsPeoplePerZoneAtTheBoundaries) {
  start(RobotProfile::pepper());
  keys->setPeople({person("a", 0.79, 45.0), person("b", 0.8, -45.0), person("c", 0.9), person("d", 1.5),
                   person("e", 0.5, 100.0), person("f", 3.51)});
  EXPECT_EQ(getInt(keys::NumPeopleZone1), 1);  // a
  EXPECT_EQ(getInt(keys::NumPeopleZone2), 2);  // b, e
  EXPECT_EQ(getInt(keys::NumPeopleZone3), 2);  // c, d
}

TEST_F(ZoneKeys, NobodyWithinRangeMeansNoPeopleAndNotSeen) {
  start();
  keys->setPeople({person("far", 3.6), person("farther", 8.0)});
  EXPECT_EQ(getInt(keys::NumPeopleZone1) + getInt(keys::NumPeopleZone2) + getInt(keys::NumPeopleZone3), 0);
  EXPECT_TRUE(getBool(keys::NoPeopleInZones));
  EXPECT_TRUE(getBool(keys::PeopleNotSeen));
}

TEST_F(ZoneKeys, SomeoneOutOfViewCountsInZonesButIsNotSeen) {
  start();
  Person behind = person("behind", 1.0, 180.0);
  behind.visible = false;
  keys->setPeople({behind});
  EXPECT_EQ(getInt(keys::NumPeopleZone2), 1);
  EXPECT_FALSE(getBool(keys::NoPeopleInZones));
  EXPECT_TRUE(getBool(keys::PeopleNotSeen));
}

TEST_F(ZoneKeys, WavingDetectionIsOneWhileSomeonePerceivedWaves) {
  start();
  Person waver = person("w", 2.0);
  waver.waving = true;
  Person farWaver = person("x", 4.0);
  farWaver.waving = true;
  keys->setPeople({farWaver});
  EXPECT_EQ(getInt(keys::WavingDetection), 0);  // beyond the range: not perceived
  keys->setPeople({farWaver, waver});
  EXPECT_EQ(getInt(keys::WavingDetection), 1);
  keys->setPeople({person("w", 2.0)});
  EXPECT_EQ(getInt(keys::WavingDetection), 0);
}

TEST_F(ZoneKeys, MotionCountsPerZone) {
  start(RobotProfile::nao());
  EXPECT_TRUE(getBool(keys::NoMotionInZones));
  keys->setMotion({{1.0, 0.0}, {1.5, 45.0}, {2.0, 60.0}, {3.5, 0.0}, {3.6, 0.0}});
  EXPECT_EQ(getInt(keys::NumMotionZone1), 1);
  EXPECT_EQ(getInt(keys::NumMotionZone2), 1);
  EXPECT_EQ(getInt(keys::NumMotionZone3), 2);
  EXPECT_FALSE(getBool(keys::NoMotionInZones));
  keys->setMotion({{9.0, 0.0}});
  EXPECT_TRUE(getBool(keys::NoMotionInZones));
  EXPECT_EQ(getInt(keys::NumMotionZone3), 0);
}

TEST_F(ZoneKeys, PepperMotionZones) {
  start(RobotProfile::pepper());
  keys->setMotion({{0.8, 0.0}, {0.9, 0.0}, {0.2, 50.0}});
  EXPECT_EQ(getInt(keys::NumMotionZone1), 0);
  EXPECT_EQ(getInt(keys::NumMotionZone2), 2);
  EXPECT_EQ(getInt(keys::NumMotionZone3), 1);
}

}  // namespace
}  // namespace autolife::launchpad::testing
