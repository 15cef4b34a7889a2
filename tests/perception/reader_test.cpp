// ExtractorReader and ExtractorSource: a robot's extractor keys read back
// into observations. The robot here is a memory written by ExtractorWriter,
// so each test is the mapping's round trip (the qi tests make it over
// sockets, against a served simulated robot).
#include <gmock/gmock.h>

#include "autolife/launchpad/zones.hpp"
#include "autolife/perception/extractor_writer.hpp"
#include "autolife/perception/naoqi_keys.hpp"
#include "perception_support.hpp"

namespace autolife::perceptiontest {
namespace {

using perception::Observation;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
namespace keys = perception::naoqi;

class RoundTrip : public ::testing::TestWithParam<launchpad::RobotModel> {
protected:
  void start() {
    source = std::make_shared<perception::ExtractorSource>(robot, GetParam(), [this](const Observation& o) { heard.push_back(o); });
    source->start();
  }
  // The last observation that set `field`.
  template <class T>
  std::optional<T> last(std::optional<T> Observation::*field) const {
    for (auto it = heard.rbegin(); it != heard.rend(); ++it)
      if ((*it).*field) return (*it).*field;
    return std::nullopt;
  }
  launchpad::RobotProfile profile() const { return launchpad::RobotProfile::forModel(GetParam()); }

  core::VirtualClock clock;
  memory::Memory memory{clock};
  perception::ExtractorWriter writer{memory, profile()};
  LocalRobotMemory robot{memory};
  std::shared_ptr<perception::ExtractorSource> source;
  std::vector<Observation> heard;
};

TEST_P(RoundTrip, PeopleComeBackWithTheirZonesAttributesAndWhoIsTracked) {
  start();
  Observation o;
  launchpad::Person alice = person("alice", 0.5, 20.0), bob = person("bob", 3.0, -100.0);
  alice.looking = true;
  bob.waving = true;
  bob.visible = false;
  o.people = std::vector{alice, bob};
  o.trackedHuman = "alice";
  writer.write(o);
  const auto people = last(&Observation::people);
  ASSERT_TRUE(people);
  ASSERT_EQ(people->size(), 2u);
  const auto& a = (*people)[0];
  const auto& b = (*people)[1];
  EXPECT_EQ(a.id, "1");
  EXPECT_DOUBLE_EQ(a.distance, 0.5);
  EXPECT_NEAR(a.angle, 20.0, 1e-9);
  EXPECT_TRUE(a.looking);
  EXPECT_TRUE(a.visible);
  EXPECT_EQ(a.zone, launchpad::engagementZone(profile(), alice));
  EXPECT_EQ(b.id, "2");
  EXPECT_TRUE(b.waving);
  EXPECT_FALSE(b.visible);
  EXPECT_EQ(b.zone, 3);
  EXPECT_EQ(last(&Observation::trackedHuman), "1");

  writer.write([] {
    Observation gone;
    gone.people.emplace();
    gone.trackedHuman = "";
    return gone;
  }());
  EXPECT_THAT(*last(&Observation::people), IsEmpty());
  EXPECT_EQ(last(&Observation::trackedHuman), "");
}

TEST_P(RoundTrip, TheStateAlreadyThereIsReadAtTheStart) {
  Observation before;
  before.people = std::vector{person("alice", 1.0)};
  before.trackedHuman = "alice";
  before.battery = 55.0;
  before.charging = true;
  before.posture = "Crouch";
  writer.write(before);
  start();
  ASSERT_TRUE(last(&Observation::people));
  EXPECT_EQ(last(&Observation::people)->size(), 1u);
  EXPECT_EQ(last(&Observation::trackedHuman), "1");
  EXPECT_EQ(last(&Observation::battery), 55.0);
  EXPECT_EQ(last(&Observation::charging), true);
  EXPECT_EQ(last(&Observation::posture), "Crouch");
  EXPECT_EQ(last(&Observation::postureFamily), "Crouching");
}

TEST_P(RoundTrip, MomentsAreNotReplayedAtTheStart) {
  Observation fell;
  fell.fallen = true;
  fell.pushed = true;
  writer.write(fell);
  start();
  EXPECT_FALSE(last(&Observation::fallen));
  EXPECT_FALSE(last(&Observation::pushed));
}

TEST_P(RoundTrip, AFallAndAPush) {
  start();
  Observation fell;
  fell.fallen = true;
  writer.write(fell);
  EXPECT_EQ(last(&Observation::fallen), true);
  Observation up;
  up.fallen = false;
  writer.write(up);
  EXPECT_EQ(last(&Observation::fallen), false);
  Observation pushed;
  pushed.pushed = true;
  writer.write(pushed);
  ASSERT_GE(heard.size(), 2u);
  EXPECT_EQ(heard[heard.size() - 2].pushed, true);  // it happened, then the robot rebalanced
  EXPECT_EQ(heard.back().pushed, false);
}

TEST_P(RoundTrip, TheBodyAndItsContext) {
  start();
  Observation o;
  o.battery = 12.0;
  o.charging = false;
  o.onPod = true;
  o.hatchOpen = true;
  o.sleeping = true;
  o.lifted = true;
  launchpad::MovingObject near;
  near.distance = 0.5;
  o.motion = std::vector{near, near};
  writer.write(o);
  EXPECT_EQ(last(&Observation::battery), 12.0);
  EXPECT_EQ(last(&Observation::onPod), true);
  EXPECT_EQ(last(&Observation::hatchOpen), true);
  EXPECT_EQ(last(&Observation::sleeping), true);
  EXPECT_EQ(last(&Observation::lifted), true);
  ASSERT_TRUE(last(&Observation::motion));
  ASSERT_EQ(last(&Observation::motion)->size(), 2u);
  EXPECT_EQ((*last(&Observation::motion))[0].zone, 1);
}

TEST_P(RoundTrip, ACriticalHeadAndACriticalDevice) {
  start();
  Observation hot;
  hot.temperatures = launchpad::JointTemperatures{{"HeadPitch", 76.0}, {"RKneePitch", 51.0}};
  writer.write(hot);
  EXPECT_EQ(last(&Observation::criticalTemperature), true);
  ASSERT_TRUE(last(&Observation::temperatures));
  EXPECT_EQ(*last(&Observation::temperatures), (launchpad::JointTemperatures{{"HeadPitch", 76.0}, {"RKneePitch", 51.0}}));
  Observation kneeOnly;
  kneeOnly.temperatures = launchpad::JointTemperatures{{"HeadPitch", 40.0}, {"RKneePitch", 80.0}};
  writer.write(kneeOnly);
  EXPECT_EQ(last(&Observation::criticalTemperature), false);  // only the head's is a safeguard
  Observation failing;
  failing.criticalDevices = std::vector<std::string>{"Battery"};
  writer.write(failing);
  EXPECT_THAT(*last(&Observation::criticalDevices), ElementsAre("Battery"));
}

INSTANTIATE_TEST_SUITE_P(Models, RoundTrip, ::testing::Values(launchpad::RobotModel::Nao, launchpad::RobotModel::Pepper),
                         [](const auto& info) { return std::string(launchpad::modelName(info.param)); });

TEST(Reader, ARobotsOwnZonePlacementWins) {
  perception::ExtractorReader reader(launchpad::RobotModel::Pepper);
  reader.onEvent(keys::PeopleList, core::Value(core::Value::Array{core::Value(7)}));
  const auto stale = reader.takeStaleKeys();
  EXPECT_THAT(stale, ::testing::Contains(keys::personKey(7, keys::Distance)));
  std::map<std::string, core::Value> values{{std::string(keys::PeopleInZone2), core::Value(core::Value::Array{core::Value(7)})},
                                            {keys::personKey(7, keys::Distance), core::Value(0.2)}};
  const auto out = reader.onData(values);
  ASSERT_EQ(out.size(), 1u);
  ASSERT_EQ(out[0].people->size(), 1u);
  EXPECT_EQ((*out[0].people)[0].zone, 2);  // though 0.2 m would be zone 1
  EXPECT_TRUE(reader.takeStaleKeys().empty());
}

// Unplugged, nothing charges, even on a battery that never lowers its
// charging flag; plugged in tells nothing (BatteryChargingFlagChanged does).
TEST(Reader, UnpluggedIsNotCharging) {
  perception::ExtractorReader reader(launchpad::RobotModel::Nao);
  const auto unplugged = reader.onEvent(keys::BatteryPowerPluggedChanged, core::Value(false));
  ASSERT_EQ(unplugged.size(), 1u);
  EXPECT_EQ(unplugged[0].charging, false);
  EXPECT_THAT(reader.onEvent(keys::BatteryPowerPluggedChanged, core::Value(true)), IsEmpty());
}

TEST(Reader, UnknownKeysAndOddValuesTellNothing) {
  perception::ExtractorReader reader(launchpad::RobotModel::Nao);
  EXPECT_THAT(reader.onEvent("Some/Other/Key", core::Value(1)), IsEmpty());
  EXPECT_THAT(reader.onEvent(keys::TemperatureStatusChanged, core::Value("not a list")).size(), 1u);
  EXPECT_THAT(reader.onEvent(keys::PeopleList, core::Value("not a list")), IsEmpty());
  const auto out = reader.onData({});  // nothing was asked: nothing told
  EXPECT_THAT(out.size(), 0u);
}

}  // namespace
}  // namespace autolife::perceptiontest
