// ExtractorWriter: what the simulated world writes as NAOqi's extractors
// would (docs/scenarios.md, "What the world writes").
#include <gmock/gmock.h>

#include "autolife/perception/extractor_writer.hpp"
#include "autolife/perception/naoqi_keys.hpp"
#include "perception_support.hpp"

namespace autolife::perceptiontest {
namespace {

using nlohmann::json;
using perception::Observation;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
namespace keys = perception::naoqi;

Observation people(std::vector<launchpad::Person> everyone, std::string tracked) {
  Observation o;
  o.people = std::move(everyone);
  o.trackedHuman = std::move(tracked);
  return o;
}

class Writer : public ::testing::Test {
protected:
  json data(std::string_view key) { return core::valueToJson(memory.getData(key)); }
  bool has(std::string_view key) { return !memory.getDataList(key).empty(); }
  std::vector<std::string> everyKey() {
    std::vector<std::string> k;
    for (const auto& key : perception::ExtractorReader::followedKeys()) k.push_back(key);
    for (auto extra : {keys::JustArrived, keys::JustLeft, keys::PersonEnteredZone1, keys::PersonEnteredZone2,
                       keys::PersonEnteredZone3, keys::PersonApproached, keys::PersonMovedAway, keys::FocusedUser,
                       keys::SessionsOpened, keys::SessionsClosed, keys::NoOpenSessions, keys::NonVisiblePeopleList,
                       keys::PersonStartsLookingAtRobot, keys::PersonStopsLookingAtRobot})
      k.emplace_back(extra);
    return k;
  }

  core::VirtualClock clock;
  memory::Memory memory{clock};
  perception::ExtractorWriter writer{memory, launchpad::RobotProfile::nao()};
  Heard heard{memory, everyKey()};
};

TEST_F(Writer, APersonArrivingIsInThePopulationTheZonesAndTracked) {
  writer.write(people({person("alice", 1.0, 10.0, true)}, "alice"));
  EXPECT_EQ(heard.of(std::string(keys::PeopleList)), std::vector<json>{json::array({1})});
  EXPECT_EQ(heard.of(std::string(keys::VisiblePeopleList)), std::vector<json>{json::array({1})});
  EXPECT_EQ(heard.of(std::string(keys::JustArrived)), std::vector<json>{1});
  EXPECT_EQ(data(keys::personKey(1, keys::Distance)), 1.0);
  EXPECT_NEAR(data(keys::personKey(1, keys::AnglesYawPitch))[0].get<double>(), 0.1745, 1e-4);
  EXPECT_EQ(data(keys::personKey(1, keys::IsLookingAtRobot)), true);
  EXPECT_EQ(data(keys::personKey(1, keys::EngagementZone)), 1);
  EXPECT_EQ(data(keys::PeopleInZone1), json::array({1}));
  EXPECT_EQ(data(keys::PeopleInZone2), json::array());
  EXPECT_EQ(heard.of(std::string(keys::PersonEnteredZone1)), std::vector<json>{1});
  EXPECT_EQ(heard.of(std::string(keys::PersonStartsLookingAtRobot)), std::vector<json>{1});
  EXPECT_EQ(heard.of(std::string(keys::HumanTracked)), std::vector<json>{1});
  EXPECT_EQ(heard.of(std::string(keys::FocusedUser)), std::vector<json>{1});
  EXPECT_EQ(heard.of(std::string(keys::SessionsOpened)), std::vector<json>{json::array({1})});
  EXPECT_EQ(data(keys::OpenSessions), json::array({1}));
  EXPECT_EQ(heard.of(std::string(keys::NoOpenSessions)), std::vector<json>{false});
}

TEST_F(Writer, MovingAwayLeavingAndBeingLostAreTheirEvents) {
  writer.write(people({person("alice", 1.0)}, "alice"));
  heard.events.clear();
  writer.write(people({person("alice", 2.0)}, "alice"));  // zone 2 for NAO
  EXPECT_EQ(heard.of(std::string(keys::PersonEnteredZone2)), std::vector<json>{1});
  EXPECT_EQ(heard.of(std::string(keys::PersonMovedAway)), std::vector<json>{1});
  EXPECT_THAT(heard.of(std::string(keys::PeopleList)), IsEmpty());  // the same people: not raised again
  EXPECT_THAT(heard.of(std::string(keys::HumanTracked)), IsEmpty());
  heard.events.clear();
  writer.write(people({}, ""));
  EXPECT_EQ(heard.of(std::string(keys::PeopleList)), std::vector<json>{json::array()});
  EXPECT_EQ(heard.of(std::string(keys::JustLeft)), std::vector<json>{1});
  EXPECT_FALSE(has(keys::personKey(1, keys::Distance)));  // the person's keys go with them
  EXPECT_EQ(heard.of(std::string(keys::HumanTracked)), std::vector<json>{-1});
  EXPECT_EQ(heard.of(std::string(keys::HumanLost)).size(), 1u);
  EXPECT_EQ(heard.of(std::string(keys::FocusedUser)), std::vector<json>{-1});
  EXPECT_EQ(heard.of(std::string(keys::SessionsClosed)), std::vector<json>{json::array({1})});
  EXPECT_EQ(heard.of(std::string(keys::NoOpenSessions)), std::vector<json>{true});
}

TEST_F(Writer, NamesGetStableIdsAndNumbersAreTheirOwn) {
  EXPECT_EQ(writer.idOf("7"), 7);
  EXPECT_EQ(writer.idOf("alice"), 1);
  EXPECT_EQ(writer.idOf("bob"), 2);
  EXPECT_EQ(writer.idOf("alice"), 1);
  EXPECT_EQ(writer.idOf("3"), 3);
  EXPECT_EQ(writer.idOf("carol"), 4);  // 3 is taken
  writer.write(people({person("bob", 1.0), person("beyond", 9.0)}, ""));
  EXPECT_EQ(data(keys::PeopleList), json::array({2}));  // beyond the range: not perceived
}

TEST_F(Writer, WavingAndLookingAreTold) {
  writer.write(people({person("alice", 2.0, 0.0, false, true), person("bob", 3.0, 120.0, true)}, "alice"));
  EXPECT_EQ(heard.of(std::string(keys::PersonWaving)), std::vector<json>{1});
  EXPECT_EQ(heard.of(std::string(keys::PeopleLookingAtRobot)), std::vector<json>{json::array({2})});
  EXPECT_EQ(data(keys::PeopleInZone2), json::array({1}));
  EXPECT_EQ(data(keys::PeopleInZone3), json::array({2}));
  heard.events.clear();
  writer.write(people({person("alice", 2.0, 0.0, false, true), person("bob", 3.0, 120.0, false)}, "alice"));
  EXPECT_THAT(heard.of(std::string(keys::PersonWaving)), IsEmpty());  // still waving: no new event
  EXPECT_EQ(heard.of(std::string(keys::PersonStopsLookingAtRobot)), std::vector<json>{2});
}

TEST_F(Writer, MovementsFillTheZonesMovementLists) {
  Observation o;
  launchpad::MovingObject near, far;
  near.distance = 1.0;
  far.distance = 3.0;
  o.motion = std::vector<launchpad::MovingObject>{near, near, far};
  writer.write(o);
  EXPECT_EQ(data(keys::LastMovementsInZone1)[1].size(), 2u);
  EXPECT_EQ(data(keys::LastMovementsInZone2)[1].size(), 0u);
  EXPECT_EQ(data(keys::LastMovementsInZone3)[1].size(), 1u);
  EXPECT_EQ(heard.of(std::string(keys::MovementsInZonesUpdated)).size(), 1u);
}

TEST_F(Writer, TheBodyAsTheRobotsServicesTellIt) {
  Observation o;
  o.battery = 42.4;
  o.charging = true;
  o.onPod = true;
  o.posture = "Sit";
  o.lifted = true;
  writer.write(o);
  EXPECT_EQ(heard.of(std::string(keys::BatteryChargeChanged)), std::vector<json>{42});
  EXPECT_EQ(heard.of(std::string(keys::BatteryChargingFlagChanged)), std::vector<json>{true});
  EXPECT_EQ(heard.of(std::string(keys::BatteryPowerPluggedChanged)), std::vector<json>{true});
  EXPECT_EQ(heard.of(std::string(keys::ConnectedToChargingStation)), std::vector<json>{true});
  EXPECT_EQ(heard.of(std::string(keys::PostureChanged)), std::vector<json>{"Sit"});
  EXPECT_EQ(heard.of(std::string(keys::PostureFamilyChanged)), std::vector<json>{"Sitting"});
  EXPECT_EQ(heard.of(std::string(keys::FootContactChanged)), std::vector<json>{false});
  EXPECT_EQ(data(keys::FootContact), 0.0);
  heard.events.clear();
  writer.write(o);  // nothing changed: nothing raised
  EXPECT_THAT(heard.events, IsEmpty());
}

TEST_F(Writer, AFallOnNaoEndsWithRobotHasFallen) {
  Observation fell;
  fell.fallen = true;
  writer.write(fell);
  EXPECT_EQ(heard.of(std::string(keys::RobotIsFalling)), std::vector<json>{true});
  EXPECT_THAT(heard.of(std::string(keys::RobotHasFallen)), IsEmpty());
  Observation over;
  over.fallen = false;
  writer.write(over);
  EXPECT_EQ(heard.of(std::string(keys::RobotHasFallen)), std::vector<json>{true});
}

TEST_F(Writer, TemperaturesAndDiagnosisAsALBodyTemperatureAndALDiagnosisTellThem) {
  Observation hot;
  hot.temperatures = launchpad::JointTemperatures{{"HeadYaw", 80.0}, {"LKneePitch", 40.0}};
  writer.write(hot);
  EXPECT_EQ(data(keys::temperatureKey("HeadYaw")), 80.0);
  EXPECT_EQ(data(keys::temperatureKey("LKneePitch")), 40.0);
  EXPECT_EQ(heard.of(std::string(keys::HotDeviceDetected)), std::vector<json>{json::array({"HeadYaw"})});
  EXPECT_EQ(heard.of(std::string(keys::TemperatureStatusChanged)), std::vector<json>{json::array({3, json::array({"HeadYaw"})})});
  Observation cool;
  cool.temperatures = launchpad::JointTemperatures{{"HeadYaw", 30.0}, {"LKneePitch", 40.0}};
  writer.write(cool);
  EXPECT_EQ(heard.of(std::string(keys::DeviceNoLongerHotDetected)), std::vector<json>{json::array({"HeadYaw"})});
  EXPECT_EQ(heard.of(std::string(keys::TemperatureStatusChanged)).back(), json::array({0, json::array()}));
  Observation failing;
  failing.criticalDevices = std::vector<std::string>{"LArm"};
  writer.write(failing);
  EXPECT_EQ(heard.of(std::string(keys::DiagnosisErrorChanged)), std::vector<json>{json::array({2, json::array({"LArm"})})});
}

}  // namespace
}  // namespace autolife::perceptiontest
