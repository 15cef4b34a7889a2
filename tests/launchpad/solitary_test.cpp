// Extractors by state (REFERENCE §4): the keys "only available during
// solitary state" keep their value in interactive, safeguard and disabled,
// and catch up in the batch that enters solitary again. The other keys
// update in every state.
#include "launchpad_test_support.hpp"

namespace autolife::launchpad::testing {
namespace {

class SolitaryOnly : public LaunchpadTest {
protected:
  void SetUp() override {
    start();
    keys->setPeople({person("a", 1.0)});
    keys->setMotion({{2.0, 0.0}});
  }
};

TEST_F(SolitaryOnly, FrozenOutsideSolitary) {
  for (const char* state : {"interactive", "safeguard", "disabled"}) {
    keys->setLifeState(state);
    const std::size_t before = mark();
    Person waver = person("b", 3.0);
    waver.waving = true;
    keys->setPeople({waver});
    keys->setMotion({});
    for (auto k : {keys::NumPeopleZone1, keys::NumPeopleZone2, keys::NumPeopleZone3, keys::NoPeopleInZones,
                   keys::PeopleNotSeen, keys::WavingDetection, keys::NumMotionZone1, keys::NumMotionZone2,
                   keys::NumMotionZone3, keys::NoMotionInZones})
      EXPECT_EQ(raisesSince(before, k), 0) << state << " " << k;
    EXPECT_EQ(getInt(keys::NumPeopleZone1), 1) << state;
    EXPECT_EQ(getInt(keys::NumPeopleZone3), 0) << state;
    EXPECT_EQ(getInt(keys::NumMotionZone2), 1) << state;
    EXPECT_EQ(getInt(keys::WavingDetection), 0) << state;
    keys->setPeople({person("a", 1.0)});
    keys->setMotion({{2.0, 0.0}});
  }
}

TEST_F(SolitaryOnly, CatchUpInTheBatchThatEntersSolitary) {
  keys->setLifeState("interactive");
  Person waver = person("b", 3.0);
  waver.waving = true;
  keys->setPeople({waver});
  keys->setMotion({});
  at(5);
  const std::size_t before = mark();
  keys->setLifeState("solitary");
  const auto batches = launchpadBatchesSince(before);
  ASSERT_EQ(batches.size(), 1u);
  const Raised& b = batches[0];
  EXPECT_EQ(b.time, sec(5));
  EXPECT_TRUE(b.has(keys::State));
  EXPECT_TRUE(b.has(keys::PreviousState));
  EXPECT_TRUE(identical(*b.find(keys::NumPeopleZone1), Value(0)));
  EXPECT_TRUE(identical(*b.find(keys::NumPeopleZone3), Value(1)));
  EXPECT_TRUE(identical(*b.find(keys::WavingDetection), Value(1)));
  EXPECT_TRUE(identical(*b.find(keys::NumMotionZone2), Value(0)));
  EXPECT_TRUE(identical(*b.find(keys::NoMotionInZones), Value(true)));
  EXPECT_FALSE(b.has(keys::NoPeopleInZones));  // someone then, someone now
  EXPECT_FALSE(b.has(keys::PeopleNotSeen));
}

TEST_F(SolitaryOnly, NoChangeWhileAwayMeansNothingToCatchUp) {
  keys->setLifeState("interactive");
  keys->setPeople({person("x", 9.0)});
  keys->setPeople({person("a", 1.0)});  // back as it was
  const std::size_t before = mark();
  keys->setLifeState("solitary");
  const auto batches = launchpadBatchesSince(before);
  ASSERT_EQ(batches.size(), 1u);
  EXPECT_EQ(batches[0].keys.size(), 2u);  // State, PreviousState
}

TEST_F(SolitaryOnly, OtherKeysUpdateInEveryState) {
  for (const char* state : {"interactive", "safeguard", "disabled"}) {
    keys->setLifeState(state);
    keys->setPeople({person("a", 2.0)});
    EXPECT_EQ(getInt(keys::ZoneOfTrackedHuman), 2) << state;
    keys->setPeople({person("a", 1.0)});
    EXPECT_EQ(getInt(keys::ZoneOfTrackedHuman), 1) << state;
    keys->setBattery(25, true);
    EXPECT_EQ(getString(keys::BatteryStatus), "Low") << state;
    keys->setBattery(100, false);
    keys->setPosture("Sit");
    EXPECT_EQ(getString(keys::PostureFamily), "Sitting") << state;
    keys->setPosture("Stand");
  }
}

TEST_F(SolitaryOnly, ReenteringSolitaryKeepsTheKeysLive) {
  keys->setLifeState("solitary");  // re-entered
  EXPECT_EQ(getString(keys::PreviousState), "solitary");
  keys->setPeople({person("a", 2.0)});
  EXPECT_EQ(getInt(keys::NumPeopleZone2), 1);
}

TEST_F(SolitaryOnly, KeysStartedOutsideSolitaryShowTheWorldAtStart) {
  keys.reset();
  start(RobotProfile::nao(), [](LaunchpadKeys& k) {
    k.setLifeState("disabled");
    k.setPeople({person("a", 2.0)});
  });
  EXPECT_EQ(getInt(keys::NumPeopleZone2), 1);
  keys->setPeople({});
  EXPECT_EQ(getInt(keys::NumPeopleZone2), 1);
}

TEST_F(SolitaryOnly, UnknownStateIsRefusedWithAReason) {
  try {
    keys->setLifeState("asleep");
    FAIL() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'asleep' is not a state"), std::string::npos) << e.what();
  }
  EXPECT_EQ(getString(keys::State), "solitary");
}

}  // namespace
}  // namespace autolife::launchpad::testing
