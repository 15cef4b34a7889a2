// Every Launchpad key of the seed's table is published, as an event, with
// the type the table gives it (int → Int, float → Float, bool → Bool,
// string → String), at start and after changes; the starting values.
#include <map>
#include <set>

#include "launchpad_test_support.hpp"

namespace autolife::launchpad::testing {
namespace {

using Type = Value::Type;

// The seed's table, key by key.
const std::map<std::string_view, Type>& seedTypes() {
  static const std::map<std::string_view, Type> types{
      {keys::NumMotionZone1, Type::Int},       {keys::NumMotionZone2, Type::Int},
      {keys::NumMotionZone3, Type::Int},       {keys::NoMotionInZones, Type::Bool},
      {keys::WavingDetection, Type::Int},      {keys::NumPeopleZone1, Type::Int},
      {keys::NumPeopleZone2, Type::Int},       {keys::NumPeopleZone3, Type::Int},
      {keys::NoPeopleInZones, Type::Bool},     {keys::PeopleNotSeen, Type::Bool},
      {keys::SameTrackedHuman, Type::Bool},    {keys::ZoneOfTrackedHuman, Type::Int},
      {keys::DistanceOfTrackedHuman, Type::Float}, {keys::TrackedHumanIsLookingAtRobot, Type::Bool},
      {keys::BatteryIsCharging, Type::Bool},   {keys::BatteryLevel, Type::Int},
      {keys::BatteryStatus, Type::String},     {keys::RobotType, Type::String},
      {keys::Lifted, Type::Bool},              {keys::PostureFamily, Type::String},
      {keys::Posture, Type::String},           {keys::RobotFellRecently, Type::Bool},
      {keys::RobotPushedRecently, Type::Bool}, {keys::TemperatureStatus, Type::String},
      {keys::HighestTemperature, Type::Float}, {keys::HighestJoint, Type::String},
      {keys::Year, Type::Int},                 {keys::Month, Type::Int},
      {keys::MonthName, Type::String},         {keys::Day, Type::Int},
      {keys::DayName, Type::String},           {keys::Date, Type::Int},
      {keys::Hour, Type::Int},                 {keys::Minute, Type::Int},
      {keys::MinuteOfDay, Type::Int},          {keys::Week, Type::Int},
      {keys::LifeTime, Type::Int},             {keys::State, Type::String},
      {keys::PreviousState, Type::String},     {keys::FocusedActivity, Type::String},
      {keys::PreviousActivity, Type::String},
  };
  return types;
}

class KeyTypes : public LaunchpadTest {
protected:
  void expectSeedTypes() {
    for (const auto& [key, type] : seedTypes()) {
      const Value v = get(key);
      EXPECT_EQ(v.type(), type) << key << " is " << v.typeName() << ": " << v.toJson();
    }
  }
};

TEST_F(KeyTypes, TheKeyListIsTheSeedsTable) {
  const std::set<std::string_view> listed(keys::all.begin(), keys::all.end());
  EXPECT_EQ(listed.size(), keys::all.size()) << "a key is listed twice";
  EXPECT_EQ(listed.size(), seedTypes().size());
  for (const auto& [key, type] : seedTypes()) EXPECT_TRUE(listed.contains(key)) << key;
}

TEST_F(KeyTypes, StartPublishesEveryKeyAsAnEventInOneBatch) {
  const std::size_t before = mark();
  start();
  const auto batches = launchpadBatchesSince(before);
  ASSERT_EQ(batches.size(), 1u);
  EXPECT_EQ(batches[0].keys.size(), keys::all.size());
  for (std::string_view key : keys::all) {
    EXPECT_TRUE(batches[0].has(key)) << key;
    EXPECT_EQ(memory.getType(key), "Event") << key;
  }
  expectSeedTypes();
}

TEST_F(KeyTypes, TypesHoldAfterEveryKindOfChange) {
  start(RobotProfile::pepper());
  Person p = person("p", 2.0);  // whole metres: still a Float distance
  p.looking = true;
  p.waving = true;
  keys->setPeople({p});
  keys->setMotion({{1.0, 0.0}});
  keys->setBattery(42, true);
  keys->setPosture("Crouch");
  keys->setLifted(true);
  keys->robotFell();
  keys->robotPushed();
  keys->setTemperatures({{"HeadYaw", 40.0}, {"LKneePitch", 55}});
  keys->setLifeState("interactive");
  keys->setFocusedActivity("pkg/behavior_1");
  runUntil(3600 * 30);  // across midnight: the calendar keys change too
  expectSeedTypes();
  EXPECT_EQ(get(keys::focusCount("pkg/behavior_1")).type(), Type::Int);
  EXPECT_EQ(getFloat(keys::DistanceOfTrackedHuman), 2.0);
  EXPECT_EQ(getFloat(keys::HighestTemperature), 55.0);
}

TEST_F(KeyTypes, StartingValues) {
  start(RobotProfile::nao());
  for (auto k : {keys::NumMotionZone1, keys::NumMotionZone2, keys::NumMotionZone3, keys::NumPeopleZone1,
                 keys::NumPeopleZone2, keys::NumPeopleZone3, keys::WavingDetection, keys::ZoneOfTrackedHuman})
    EXPECT_EQ(getInt(k), 0) << k;
  for (auto k : {keys::NoMotionInZones, keys::NoPeopleInZones, keys::PeopleNotSeen}) EXPECT_TRUE(getBool(k)) << k;
  for (auto k : {keys::SameTrackedHuman, keys::TrackedHumanIsLookingAtRobot, keys::BatteryIsCharging,
                 keys::Lifted, keys::RobotFellRecently, keys::RobotPushedRecently})
    EXPECT_FALSE(getBool(k)) << k;
  EXPECT_EQ(getFloat(keys::DistanceOfTrackedHuman), -1.0);
  EXPECT_EQ(getInt(keys::BatteryLevel), 5);
  EXPECT_EQ(getString(keys::BatteryStatus), "Full");
  EXPECT_EQ(getString(keys::RobotType), "nao");
  EXPECT_EQ(getString(keys::Posture), "Stand");
  EXPECT_EQ(getString(keys::PostureFamily), "Standing");
  EXPECT_EQ(getString(keys::TemperatureStatus), "Cold");
  EXPECT_EQ(getFloat(keys::HighestTemperature), 0.0);
  EXPECT_EQ(getString(keys::HighestJoint), "");
  EXPECT_EQ(getString(keys::State), "solitary");
  EXPECT_EQ(getString(keys::PreviousState), "");
  EXPECT_EQ(getString(keys::FocusedActivity), "");
  EXPECT_EQ(getString(keys::PreviousActivity), "");
}

TEST_F(KeyTypes, PepperReportsItsType) {
  start(RobotProfile::pepper());
  EXPECT_EQ(getString(keys::RobotType), "pepper");
}

TEST_F(KeyTypes, NothingIsPublishedBeforeStart) {
  keys = std::make_unique<LaunchpadKeys>(memory, RobotProfile::nao());
  const std::size_t before = mark();
  keys->setPeople({person("a", 1.0)});
  keys->setBattery(20, false);
  keys->setLifeState("interactive");
  EXPECT_FALSE(keys->started());
  EXPECT_TRUE(launchpadBatchesSince(before).empty());
  EXPECT_TRUE(memory.getDataList("Launchpad/").empty());
  keys->start();
  EXPECT_TRUE(keys->started());
  EXPECT_EQ(getInt(keys::BatteryLevel), 1);
  EXPECT_EQ(getString(keys::State), "interactive");
  EXPECT_EQ(getString(keys::PreviousState), "solitary");
  keys->start();  // idempotent
  EXPECT_EQ(launchpadBatchesSince(before).size(), 1u);
}

}  // namespace
}  // namespace autolife::launchpad::testing
