// The tracked-human keys: a simulated BasicAwareness keeps tracking the same
// person while they stay perceived, else picks the closest;
// SameTrackedHuman dips to false for an instant (two batches, one time)
// when the tracked person changes; nobody tracked gives zone 0 and
// distance -1.0; stopped, BasicAwareness tracks nobody.
#include <memory>
#include <variant>

#include "autolife/condition/monitor.hpp"
#include "autolife/launchpad/tracked_human.hpp"
#include "launchpad_test_support.hpp"

namespace autolife::launchpad::testing {
namespace {

TEST(HumanTracker, PicksTheClosestPerceivedPerson) {
  HumanTracker t;
  const std::vector<Person> people{person("far", 3.0), person("near", 1.0), person("gone", 0.5 + 3.5)};
  const auto u = t.update(RobotProfile::nao(), people, true);
  ASSERT_TRUE(u.tracked);
  EXPECT_EQ(u.tracked->id, "near");
  EXPECT_FALSE(u.switched);
  EXPECT_EQ(t.trackedId(), "near");
}

TEST(HumanTracker, KeepsTrackingTheSamePersonWhileTheyArePerceived) {
  HumanTracker t;
  t.update(RobotProfile::nao(), {person("a", 2.0)}, true);
  const auto u = t.update(RobotProfile::nao(), {person("b", 0.5), person("a", 3.4)}, true);
  EXPECT_EQ(u.tracked->id, "a");
  EXPECT_FALSE(u.switched);
}

TEST(HumanTracker, SwitchesToTheClosestWhenTheTrackedPersonIsLost) {
  HumanTracker t;
  t.update(RobotProfile::nao(), {person("a", 2.0)}, true);
  const auto u = t.update(RobotProfile::nao(), {person("c", 2.0), person("b", 1.0), person("a", 3.6)}, true);
  EXPECT_EQ(u.tracked->id, "b");
  EXPECT_TRUE(u.switched);
}

TEST(HumanTracker, TiesGoToTheSmallestId) {
  HumanTracker t;
  const auto u = t.update(RobotProfile::nao(), {person("b", 1.0), person("a", 1.0)}, true);
  EXPECT_EQ(u.tracked->id, "a");
}

TEST(HumanTracker, StoppedTracksNobody) {
  HumanTracker t;
  t.update(RobotProfile::nao(), {person("a", 1.0)}, true);
  const auto u = t.update(RobotProfile::nao(), {person("a", 1.0)}, false);
  EXPECT_FALSE(u.tracked);
  EXPECT_FALSE(u.switched);
  EXPECT_EQ(t.trackedId(), std::nullopt);
  // Started again: not a switch, a new track.
  EXPECT_FALSE(t.update(RobotProfile::nao(), {person("b", 1.0)}, true).switched);
}

class TrackedHuman : public LaunchpadTest {};

TEST_F(TrackedHuman, NobodyTrackedAtStart) {
  start();
  EXPECT_FALSE(getBool(keys::SameTrackedHuman));
  EXPECT_EQ(getInt(keys::ZoneOfTrackedHuman), 0);
  EXPECT_EQ(getFloat(keys::DistanceOfTrackedHuman), -1.0);
  EXPECT_FALSE(getBool(keys::TrackedHumanIsLookingAtRobot));
  EXPECT_EQ(keys->trackedHumanId(), std::nullopt);
}

TEST_F(TrackedHuman, SomeoneTrackedThenLost) {
  start();
  Person a = person("a", 2.0, 10.0);
  a.looking = true;
  keys->setPeople({a});
  EXPECT_TRUE(getBool(keys::SameTrackedHuman));
  EXPECT_EQ(getInt(keys::ZoneOfTrackedHuman), 2);
  EXPECT_EQ(getFloat(keys::DistanceOfTrackedHuman), 2.0);
  EXPECT_TRUE(getBool(keys::TrackedHumanIsLookingAtRobot));
  EXPECT_EQ(keys->trackedHumanId(), "a");
  keys->setPeople({});
  EXPECT_FALSE(getBool(keys::SameTrackedHuman));
  EXPECT_EQ(getInt(keys::ZoneOfTrackedHuman), 0);
  EXPECT_EQ(getFloat(keys::DistanceOfTrackedHuman), -1.0);
  EXPECT_FALSE(getBool(keys::TrackedHumanIsLookingAtRobot));
}

TEST_F(TrackedHuman, FollowsTheTrackedPersonAcrossZones) {
  start();
  keys->setPeople({person("a", 3.0)});
  EXPECT_EQ(getInt(keys::ZoneOfTrackedHuman), 3);
  const std::size_t before = mark();
  keys->setPeople({person("b", 0.5), person("a", 1.4)});  // someone closer comes: a is still tracked
  EXPECT_EQ(keys->trackedHumanId(), "a");
  EXPECT_EQ(getInt(keys::ZoneOfTrackedHuman), 1);
  EXPECT_EQ(getFloat(keys::DistanceOfTrackedHuman), 1.4);
  EXPECT_EQ(raisesSince(before, keys::SameTrackedHuman), 0);
  keys->setPeople({person("b", 0.5), person("a", 1.4, 60.0)});
  EXPECT_EQ(getInt(keys::ZoneOfTrackedHuman), 2);  // near but on the side
}

TEST_F(TrackedHuman, ASwitchIsAMomentaryFalse) {
  start();
  keys->setPeople({person("a", 1.0)});
  at(7);
  const std::size_t before = mark();
  keys->setPeople({person("b", 2.0)});  // a left, b is there: a new person is tracked
  const auto batches = launchpadBatchesSince(before);
  ASSERT_EQ(batches.size(), 2u);
  EXPECT_EQ(batches[0].time, sec(7));
  EXPECT_EQ(batches[1].time, sec(7));
  EXPECT_TRUE(identical(*batches[0].find(keys::SameTrackedHuman), Value(false)));
  // The first batch already describes the new person.
  EXPECT_TRUE(identical(*batches[0].find(keys::ZoneOfTrackedHuman), Value(2)));
  EXPECT_TRUE(identical(*batches[0].find(keys::DistanceOfTrackedHuman), Value(2.0)));
  ASSERT_EQ(batches[1].keys.size(), 1u);
  EXPECT_TRUE(identical(*batches[1].find(keys::SameTrackedHuman), Value(true)));
  EXPECT_EQ(keys->trackedHumanId(), "b");
}

TEST_F(TrackedHuman, LosingThenFindingSomeoneIsNotADip) {
  start();
  keys->setPeople({person("a", 1.0)});
  std::size_t before = mark();
  keys->setPeople({});
  keys->setPeople({person("b", 1.0)});
  const auto batches = launchpadBatchesSince(before);
  ASSERT_EQ(batches.size(), 2u);
  EXPECT_TRUE(identical(*batches[0].find(keys::SameTrackedHuman), Value(false)));
  EXPECT_TRUE(identical(*batches[1].find(keys::SameTrackedHuman), Value(true)));
}

TEST_F(TrackedHuman, NeedsBasicAwarenessRunning) {
  start();
  keys->setPeople({person("a", 1.0)});
  const std::size_t before = mark();
  keys->setBasicAwarenessRunning(false);
  EXPECT_EQ(launchpadBatchesSince(before).size(), 1u);
  EXPECT_FALSE(getBool(keys::SameTrackedHuman));
  EXPECT_EQ(getInt(keys::ZoneOfTrackedHuman), 0);
  EXPECT_EQ(getFloat(keys::DistanceOfTrackedHuman), -1.0);
  keys->setPeople({person("a", 2.0), person("b", 1.0)});
  EXPECT_EQ(getInt(keys::ZoneOfTrackedHuman), 0);
  EXPECT_EQ(getInt(keys::NumPeopleZone2), 1);  // people perception is not BasicAwareness
  keys->setBasicAwarenessRunning(true);
  EXPECT_EQ(keys->trackedHumanId(), "b");  // the closest
  EXPECT_TRUE(getBool(keys::SameTrackedHuman));
  EXPECT_EQ(getInt(keys::ZoneOfTrackedHuman), 1);
}

TEST_F(TrackedHuman, BasicAwarenessStoppedBeforeStart) {
  start(RobotProfile::nao(), [](LaunchpadKeys& k) {
    k.setPeople({person("a", 1.0)});
    k.setBasicAwarenessRunning(false);
  });
  EXPECT_EQ(getInt(keys::ZoneOfTrackedHuman), 0);
}

TEST_F(TrackedHuman, ASwitchBeforeStartIsNoDip) {
  const std::size_t before = mark();
  start(RobotProfile::nao(), [](LaunchpadKeys& k) {
    k.setPeople({person("a", 1.0)});
    k.setPeople({person("b", 1.0)});
  });
  EXPECT_EQ(launchpadBatchesSince(before).size(), 1u);
  EXPECT_TRUE(getBool(keys::SameTrackedHuman));
}

TEST_F(TrackedHuman, PepperZonesForTheTrackedPerson) {
  start(RobotProfile::pepper());
  keys->setPeople({person("a", 0.85)});
  EXPECT_EQ(getInt(keys::ZoneOfTrackedHuman), 2);
  keys->setPeople({person("a", 0.9)});
  EXPECT_EQ(getInt(keys::ZoneOfTrackedHuman), 3);
}

TEST_F(TrackedHuman, AConditionSeesTheDip) {
  start();
  condition::ConditionMonitor monitor(memory, {});
  std::vector<std::pair<Time, bool>> seen;
  auto added = monitor.add("!'Launchpad/SameTrackedHuman'",
                           {[&](const condition::ConditionChange& c) { seen.push_back({c.time, c.value.truthy()}); }});
  ASSERT_TRUE(std::holds_alternative<condition::ConditionId>(added));
  keys->setPeople({person("a", 1.0)});
  at(4);
  seen.clear();
  keys->setPeople({person("b", 1.0)});
  const std::vector<std::pair<Time, bool>> expected{{sec(4), true}, {sec(4), false}};
  EXPECT_EQ(seen, expected);
}

}  // namespace
}  // namespace autolife::launchpad::testing
