// How the keys reach memory: raised as events only when their value
// changes, everything one input changes in one memory batch, and seen by
// subscribers and by conditions (bang(), ~) like any other event.
#include <memory>
#include <variant>

#include "autolife/condition/monitor.hpp"
#include "launchpad_test_support.hpp"

namespace autolife::launchpad::testing {
namespace {

class Publishing : public LaunchpadTest {};

TEST_F(Publishing, AnInputThatChangesNothingRaisesNothing) {
  start();
  keys->setPeople({person("a", 1.0)});
  const std::size_t before = mark();
  keys->setPeople({person("a", 1.0)});
  keys->setPeople({person("a", 1.2)});  // same zone: only the distance moves
  keys->setMotion({});
  keys->setBattery(100, false);
  keys->setPosture("Stand");
  keys->setLifted(false);
  keys->setTemperatures({});
  keys->setBasicAwarenessRunning(true);
  keys->setFocusedActivity("");
  const auto batches = launchpadBatchesSince(before);
  ASSERT_EQ(batches.size(), 1u);
  ASSERT_EQ(batches[0].keys.size(), 1u);
  EXPECT_EQ(batches[0].keys[0].first, keys::DistanceOfTrackedHuman);
}

TEST_F(Publishing, OnlyTheKeysThatChangedAreRaised) {
  start();
  const std::size_t before = mark();
  keys->setPeople({person("a", 2.0), person("b", 3.0)});  // zones 2 and 3
  auto batches = launchpadBatchesSince(before);
  ASSERT_EQ(batches.size(), 1u);
  const Raised& b = batches[0];
  EXPECT_TRUE(b.has(keys::NumPeopleZone2));
  EXPECT_TRUE(b.has(keys::NumPeopleZone3));
  EXPECT_FALSE(b.has(keys::NumPeopleZone1));  // still 0
  EXPECT_TRUE(b.has(keys::NoPeopleInZones));
  EXPECT_TRUE(b.has(keys::PeopleNotSeen));
  EXPECT_FALSE(b.has(keys::WavingDetection));
  EXPECT_TRUE(b.has(keys::SameTrackedHuman));
  EXPECT_TRUE(b.has(keys::ZoneOfTrackedHuman));
  EXPECT_TRUE(b.has(keys::DistanceOfTrackedHuman));
  EXPECT_FALSE(b.has(keys::TrackedHumanIsLookingAtRobot));
  EXPECT_FALSE(b.has(keys::NumMotionZone1));
  EXPECT_EQ(b.keys.size(), 7u);
}

TEST_F(Publishing, EachInputIsOneBatch) {
  start(RobotProfile::pepper());
  const auto oneBatch = [this](auto&& input, std::initializer_list<std::string_view> expected) {
    const std::size_t before = mark();
    input();
    const auto batches = launchpadBatchesSince(before);
    ASSERT_EQ(batches.size(), 1u);
    for (auto k : expected) EXPECT_TRUE(batches[0].has(k)) << k;
  };
  oneBatch([&] { keys->setBattery(5, true); },
           {keys::BatteryIsCharging, keys::BatteryLevel, keys::BatteryStatus});
  oneBatch([&] { keys->setPosture("LyingBack"); }, {keys::Posture, keys::PostureFamily});
  oneBatch([&] { keys->setTemperatures({{"HeadPitch", 80.0}}); },
           {keys::TemperatureStatus, keys::HighestTemperature, keys::HighestJoint});
  oneBatch([&] { keys->setMotion({{0.5, 0.0}}); }, {keys::NumMotionZone1, keys::NoMotionInZones});
  oneBatch([&] { keys->robotFell(); }, {keys::RobotFellRecently});
  oneBatch([&] { keys->robotPushed(); }, {keys::RobotPushedRecently});
  oneBatch([&] { keys->setLifeState("interactive"); }, {keys::State, keys::PreviousState});
  oneBatch([&] { keys->setFocusedActivity("p/a"); }, {keys::FocusedActivity, "Launchpad/FocusCount/p/a"});
  oneBatch([&] { keys->setFocusedActivity("p/b"); },
           {keys::FocusedActivity, keys::PreviousActivity, "Launchpad/FocusCount/p/b"});
}

TEST_F(Publishing, ATickIsOneBatch) {
  start();  // 09:00:00.000: the next minute starts at 60 s
  const std::size_t before = mark();
  runUntil(60);
  const auto batches = launchpadBatchesSince(before);
  ASSERT_EQ(batches.size(), 60u);  // one per second
  EXPECT_EQ(batches.back().time, sec(60));
  EXPECT_TRUE(batches.back().has(keys::LifeTime));
  EXPECT_TRUE(batches.back().has(keys::Minute));
  EXPECT_TRUE(batches.back().has(keys::MinuteOfDay));
  EXPECT_FALSE(batches.back().has(keys::Hour));
}

TEST_F(Publishing, SubscribersAreCalledOncePerChange) {
  start();
  int calls = 0;
  Value last;
  auto id = memory.subscribeToEvent(keys::NumPeopleZone2, "test", [&](const std::string&, const Value& v) {
    ++calls;
    last = v;
  });
  keys->setPeople({person("a", 2.0)});
  keys->setPeople({person("a", 2.1)});
  keys->setPeople({person("a", 2.0), person("b", 1.6)});
  keys->setPeople({person("a", 2.0), person("b", 1.6)});
  keys->setLifeState("interactive");
  keys->setPeople({});  // frozen outside solitary: no call
  EXPECT_EQ(calls, 2);
  EXPECT_TRUE(identical(last, Value(2)));
  memory.unsubscribeToEvent(id);
}

TEST_F(Publishing, ASubscriberMayFeedAnInputBack) {
  start();
  // Life-like reaction: someone in zone 1 makes an activity focused.
  auto id = memory.subscribeToEvent(keys::NumPeopleZone1, "life", [&](const std::string&, const Value& v) {
    if (v.asInt() > 0) keys->setFocusedActivity("greet/main");
  });
  keys->setPeople({person("a", 1.0)});
  EXPECT_EQ(getString(keys::FocusedActivity), "greet/main");
  EXPECT_EQ(getInt("Launchpad/FocusCount/greet/main"), 1);
  memory.unsubscribeToEvent(id);
}

class PublishingToConditions : public LaunchpadTest {
protected:
  ~PublishingToConditions() override { monitor.reset(); }

  condition::ConditionId load(std::string_view text) {
    auto r = monitor->add(text, {[this](const condition::ConditionChange& c) {
      changes.push_back({c.time, c.value.truthy()});
    }});
    EXPECT_TRUE(std::holds_alternative<condition::ConditionId>(r));
    return std::get<condition::ConditionId>(r);
  }

  std::unique_ptr<condition::ConditionMonitor> monitor =
      std::make_unique<condition::ConditionMonitor>(memory, condition::MonitorOptions{});
  std::vector<std::pair<Time, bool>> changes;
};

TEST_F(PublishingToConditions, BangFiresOnEachChangeOnly) {
  start();
  load("bang('Launchpad/NumPeopleZone2')");
  changes.clear();
  at(1);
  keys->setPeople({person("a", 2.0)});
  at(2);
  keys->setPeople({person("a", 2.2)});  // no change of the count
  at(3);
  keys->setPeople({});
  // A pulse at 1 and one at 3: true then false at the same instant.
  const std::vector<std::pair<Time, bool>> expected{
      {sec(1), true}, {sec(1), false}, {sec(3), true}, {sec(3), false}};
  EXPECT_EQ(changes, expected);
}

TEST_F(PublishingToConditions, TheSeedsExampleCondition) {
  start();
  const auto id = load("('Launchpad/NumPeopleZone2' >= 1) ~ 3");
  at(10);
  keys->setPeople({person("a", 2.0)});
  runUntil(12.9);
  EXPECT_FALSE(monitor->value(id).truthy());
  runUntil(13);
  EXPECT_TRUE(monitor->value(id).truthy());
}

}  // namespace
}  // namespace autolife::launchpad::testing

namespace autolife::launchpad::testing {
namespace {

// docs/launchpad.md's "Using it" example, as written there.
TEST(DocsExample, UsingIt) {
  core::VirtualClock clock;
  memory::Memory memory(clock);
  {
    launchpad::RobotProfile profile = launchpad::RobotProfile::pepper();
    profile.utcOffset = std::chrono::minutes{60};      // every field can be overridden
    launchpad::LaunchpadKeys keys(memory, profile);     // memory's clock drives the timers
    keys.setBattery(80, false);                         // before start(): only remembered
    keys.start();                                       // every key, one batch; timers armed

    keys.setPeople({{"p1", 1.2, 10.0, true, false}});  // id, metres, degrees, looking, waving
    keys.setLifeState("interactive");                  // from life, on every state entry
    keys.setFocusedActivity("my-app/behavior_1");      // from life, on every focus change
  }
  EXPECT_EQ(memory.getData(keys::BatteryLevel).asInt(), 4);
  EXPECT_EQ(memory.getData(keys::NumPeopleZone3).asInt(), 1);  // Pepper: 1.2 m is zone 3
  EXPECT_TRUE(memory.getData(keys::TrackedHumanIsLookingAtRobot).asBool());
  EXPECT_EQ(memory.getData(keys::Hour).asInt(), 10);  // 09:00 UTC + 1 h
  EXPECT_EQ(memory.getData("Launchpad/FocusCount/my-app/behavior_1").asInt(), 1);
}

}  // namespace
}  // namespace autolife::launchpad::testing
