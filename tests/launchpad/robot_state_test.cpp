// Battery (level 0–5 by nearest fifth, status from the level), temperature
// (status from the hottest joint) and posture (NAOqi's families): the
// thresholds docs/launchpad.md records, exactly at each one.
#include <cmath>
#include <limits>

#include "autolife/launchpad/battery.hpp"
#include "autolife/launchpad/posture.hpp"
#include "autolife/launchpad/temperature.hpp"
#include "launchpad_test_support.hpp"

namespace autolife::launchpad::testing {
namespace {

TEST(Battery, LevelAtEachThreshold) {
  const std::vector<std::pair<double, int>> cases{
      {0, 0},  {9.99, 0},  {10, 1}, {29.99, 1}, {30, 2},  {49.99, 2}, {50, 3},
      {69.99, 3}, {std::nextafter(70.0, 0.0), 3}, {70, 4}, {89.99, 4}, {90, 5}, {100, 5}};
  for (auto [percent, level] : cases) EXPECT_EQ(batteryLevel(percent), level) << percent;
}

TEST(Battery, OutOfRangeChargeIsClamped) {
  EXPECT_EQ(batteryLevel(-5), 0);
  EXPECT_EQ(batteryLevel(150), 5);
  EXPECT_EQ(batteryLevel(std::numeric_limits<double>::quiet_NaN()), 0);
}

TEST(Battery, StatusFromLevel) {
  EXPECT_EQ(batteryStatus(0), "Critical");
  EXPECT_EQ(batteryStatus(1), "Low");
  EXPECT_EQ(batteryStatus(2), "Half");
  EXPECT_EQ(batteryStatus(3), "Half");
  EXPECT_EQ(batteryStatus(4), "Half");
  EXPECT_EQ(batteryStatus(5), "Full");
}

TEST(Temperature, StatusAtEachThreshold) {
  EXPECT_EQ(temperatureStatus(0.0), "Cold");
  EXPECT_EQ(temperatureStatus(49.99), "Cold");
  EXPECT_EQ(temperatureStatus(50.0), "Warm");
  EXPECT_EQ(temperatureStatus(64.99), "Warm");
  EXPECT_EQ(temperatureStatus(65.0), "Hot");
  EXPECT_EQ(temperatureStatus(74.99), "Hot");
  EXPECT_EQ(temperatureStatus(75.0), "Critical");
  EXPECT_EQ(temperatureStatus(120.0), "Critical");
}

TEST(Temperature, HottestJoint) {
  EXPECT_EQ(hottestJoint({}).joint, "");
  EXPECT_EQ(hottestJoint({}).celsius, 0.0);
  const Hottest h = hottestJoint({{"HeadYaw", 41.0}, {"RKneePitch", 58.5}, {"LKneePitch", 58.5},
                                  {"HeadPitch", std::numeric_limits<double>::quiet_NaN()}});
  EXPECT_EQ(h.joint, "LKneePitch");  // tie: first by name
  EXPECT_EQ(h.celsius, 58.5);
}

TEST(Posture, NaoqiFamilies) {
  EXPECT_EQ(postureFamily("Stand"), "Standing");
  EXPECT_EQ(postureFamily("StandInit"), "Standing");
  EXPECT_EQ(postureFamily("StandZero"), "Standing");
  EXPECT_EQ(postureFamily("Crouch"), "Crouching");
  EXPECT_EQ(postureFamily("Sit"), "Sitting");
  EXPECT_EQ(postureFamily("SitRelax"), "Sitting");
  EXPECT_EQ(postureFamily("SitOnChair"), "SittingOnChair");
  EXPECT_EQ(postureFamily("LyingBelly"), "LyingBelly");
  EXPECT_EQ(postureFamily("LyingBack"), "LyingBack");
  EXPECT_EQ(postureFamily("Handstand"), "Unknown");
  EXPECT_EQ(postureFamily("stand"), "Unknown");  // names are case-sensitive, as in NAOqi
}

class RobotStateKeys : public LaunchpadTest {};

TEST_F(RobotStateKeys, BatteryKeys) {
  start();
  keys->setBattery(9.5, true);
  EXPECT_TRUE(getBool(keys::BatteryIsCharging));
  EXPECT_EQ(getInt(keys::BatteryLevel), 0);
  EXPECT_EQ(getString(keys::BatteryStatus), "Critical");
  keys->setBattery(10, true);
  EXPECT_EQ(getInt(keys::BatteryLevel), 1);
  EXPECT_EQ(getString(keys::BatteryStatus), "Low");
  keys->setBattery(30, false);
  EXPECT_FALSE(getBool(keys::BatteryIsCharging));
  EXPECT_EQ(getString(keys::BatteryStatus), "Half");
  keys->setBattery(89.9, false);
  EXPECT_EQ(getInt(keys::BatteryLevel), 4);
  EXPECT_EQ(getString(keys::BatteryStatus), "Half");
  keys->setBattery(90, false);
  EXPECT_EQ(getString(keys::BatteryStatus), "Full");
}

TEST_F(RobotStateKeys, ChargingAloneRaisesOnlyCharging) {
  start();
  const std::size_t before = mark();
  keys->setBattery(100, true);
  const auto batches = launchpadBatchesSince(before);
  ASSERT_EQ(batches.size(), 1u);
  ASSERT_EQ(batches[0].keys.size(), 1u);
  EXPECT_EQ(batches[0].keys[0].first, keys::BatteryIsCharging);
}

TEST_F(RobotStateKeys, TemperatureKeys) {
  start();
  keys->setTemperatures({{"HeadYaw", 45.0}, {"LAnklePitch", 66.0}});
  EXPECT_EQ(getString(keys::TemperatureStatus), "Hot");
  EXPECT_EQ(getFloat(keys::HighestTemperature), 66.0);
  EXPECT_EQ(getString(keys::HighestJoint), "LAnklePitch");
  keys->setTemperatures({{"HeadYaw", 75.0}, {"LAnklePitch", 60.0}});
  EXPECT_EQ(getString(keys::TemperatureStatus), "Critical");
  EXPECT_EQ(getString(keys::HighestJoint), "HeadYaw");
  keys->setTemperatures({{"HeadYaw", 35.0}});
  EXPECT_EQ(getString(keys::TemperatureStatus), "Cold");
  keys->setTemperatures({});
  EXPECT_EQ(getString(keys::HighestJoint), "");
  EXPECT_EQ(getFloat(keys::HighestTemperature), 0.0);
}

TEST_F(RobotStateKeys, PostureKeys) {
  start();
  keys->setPosture("SitRelax");
  EXPECT_EQ(getString(keys::Posture), "SitRelax");
  EXPECT_EQ(getString(keys::PostureFamily), "Sitting");
  keys->setPosture("Unknown", "LyingLeft");  // after a fall: a family with no predefined posture
  EXPECT_EQ(getString(keys::Posture), "Unknown");
  EXPECT_EQ(getString(keys::PostureFamily), "LyingLeft");
  const std::size_t before = mark();
  keys->setPosture("StandInit");
  keys->setPosture("Stand");  // same family: only Posture changes
  EXPECT_EQ(raisesSince(before, keys::Posture), 2);
  EXPECT_EQ(raisesSince(before, keys::PostureFamily), 1);
}

}  // namespace
}  // namespace autolife::launchpad::testing
