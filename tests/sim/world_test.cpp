// The simulated world's effect on the Launchpad keys and on life
// (docs/scenarios.md, the `world` table; docs/life.md, "Safeguard" and
// "Permissions and context"), in virtual time.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "engine_fixture.hpp"

namespace {

using namespace autolife;
using autolife::simtest::ActivitySpec;
using autolife::simtest::EngineFixture;
using launchpad::RobotModel;
using nlohmann::json;
using robot::WorldUpdate;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

using World = EngineFixture;

WorldUpdate battery(double percent) {
  WorldUpdate u;
  u.battery = percent;
  return u;
}

template <class T>
WorldUpdate with(std::optional<T> WorldUpdate::*field, T value) {
  WorldUpdate u;
  u.*field = value;
  return u;
}

WorldUpdate flag(std::optional<bool> WorldUpdate::*field, bool value) { return with(field, value); }

WorldUpdate temperature(std::map<std::string, double> joints) {
  WorldUpdate u;
  u.temperature = std::move(joints);
  return u;
}

WorldUpdate diagnosis(std::map<std::string, std::string> devices) {
  WorldUpdate u;
  u.diagnosis = std::move(devices);
  return u;
}

ActivitySpec spec(std::string name, life::Nature nature = life::Nature::Solitary, std::string condition = "",
                  life::Permissions permissions = {}) {
  ActivitySpec s;
  s.name = std::move(name);
  s.nature = nature;
  s.condition = std::move(condition);
  s.permissions = permissions;
  return s;
}

const ActivitySpec kPlain = spec("demo/plain");
const ActivitySpec kOnPod = spec("demo/onpod", life::Nature::Solitary, "", {true, false, false});
const ActivitySpec kInSleep = spec("demo/insleep", life::Nature::Solitary, "", {false, false, true});
const ActivitySpec kChat = spec("demo/chat", life::Nature::Interactive);

// ---- battery -----------------------------------------------------------------------

TEST_F(World, BatteryGivesLevelAndStatus) {
  start();
  world(1, battery(12));
  EXPECT_EQ(key("Launchpad/BatteryLevel"), 1);
  EXPECT_EQ(key("Launchpad/BatteryStatus"), "Low");
  world(2, battery(80));
  EXPECT_EQ(key("Launchpad/BatteryLevel"), 4);
  EXPECT_EQ(key("Launchpad/BatteryStatus"), "Half");
  world(3, battery(95));
  EXPECT_EQ(key("Launchpad/BatteryLevel"), 5);
  EXPECT_EQ(key("Launchpad/BatteryStatus"), "Full");
  world(4, battery(5));
  EXPECT_EQ(key("Launchpad/BatteryLevel"), 0);
  EXPECT_EQ(key("Launchpad/BatteryStatus"), "Critical");
}

TEST_F(World, ChargingAndBatteryChangeIndependently) {
  start();
  EXPECT_EQ(key("Launchpad/BatteryIsCharging"), false);
  world(1, battery(40));
  world(2, flag(&WorldUpdate::charging, true));
  EXPECT_EQ(key("Launchpad/BatteryIsCharging"), true);
  EXPECT_EQ(key("Launchpad/BatteryLevel"), 2) << "the charge stays as it was";
  world(3, battery(92));
  EXPECT_EQ(key("Launchpad/BatteryIsCharging"), true) << "charging stays as it was";
  EXPECT_EQ(key("Launchpad/BatteryLevel"), 5);
  world(4, flag(&WorldUpdate::charging, false));
  EXPECT_EQ(key("Launchpad/BatteryIsCharging"), false);
}

// ---- onPod and sleeping ------------------------------------------------------------

TEST_F(World, OnPodStopsAFocusedActivityWithoutCanRunOnPod) {
  start(RobotModel::Pepper, {kPlain, kOnPod});
  at(1, [&] { call("ALAutonomousLife.switchFocus", {"demo/plain"}); });
  ASSERT_EQ(focused(), "demo/plain");
  world(2, flag(&WorldUpdate::onPod, true));
  EXPECT_EQ(focused(), "");
  EXPECT_EQ(lastStop(), "demo/plain/permission-context");
  EXPECT_EQ(call("ALAutonomousLife.getActivityContextPermissionViolations", {"demo/plain"}), json::array({"canRunOnPod"}));
  EXPECT_EQ(call("ALAutonomousLife.getActivityContextPermissionViolations", {"demo/onpod"}), json::array());
  EXPECT_EQ(refusal("ALAutonomousLife.switchFocus", {"demo/plain"}), "permission-context");
}

TEST_F(World, OnPodKeepsAnActivityWithCanRunOnPod) {
  start(RobotModel::Pepper, {kPlain, kOnPod});
  at(1, [&] { call("ALAutonomousLife.switchFocus", {"demo/onpod"}); });
  world(2, flag(&WorldUpdate::onPod, true));
  EXPECT_EQ(focused(), "demo/onpod");
  EXPECT_EQ(transitions.size(), 1u);
  world(3, flag(&WorldUpdate::onPod, false));
  at(4, [&] { call("ALAutonomousLife.switchFocus", {"demo/plain"}); });
  EXPECT_EQ(focused(), "demo/plain") << "off the pod, it may run again";
}

TEST_F(World, OnPodKeepsAnActivityWithoutPermissionFromStartingByItsCondition) {
  start(RobotModel::Nao, {spec("demo/auto", life::Nature::Solitary, "'go' == 1")});
  world(1, flag(&WorldUpdate::onPod, true));
  at(2, [&] { call("ALMemory.insertData", {"go", 1}); });
  EXPECT_EQ(call("ALAutonomousLife.getLaunchSuggestions"), json::array({"demo/auto"}));
  EXPECT_EQ(focused(), "");
}

TEST_F(World, SleepingStopsAFocusedActivityWithoutCanRunInSleep) {
  start(RobotModel::Nao, {kPlain, kInSleep});
  at(1, [&] { call("ALAutonomousLife.switchFocus", {"demo/plain"}); });
  world(2, flag(&WorldUpdate::sleeping, true));
  EXPECT_EQ(focused(), "");
  EXPECT_EQ(lastStop(), "demo/plain/permission-context");
  EXPECT_EQ(call("ALAutonomousLife.getActivityContextPermissionViolations", {"demo/plain"}),
            json::array({"canRunInSleep"}));
  at(3, [&] { call("ALAutonomousLife.switchFocus", {"demo/insleep"}); });
  EXPECT_EQ(focused(), "demo/insleep");
  world(4, flag(&WorldUpdate::sleeping, true));
  EXPECT_EQ(focused(), "demo/insleep");
}

TEST_F(World, OnPodAndSleepingAreRememberedSeparately) {
  start(RobotModel::Pepper, {kPlain, kOnPod});
  world(1, flag(&WorldUpdate::onPod, true));
  world(2, flag(&WorldUpdate::sleeping, true));
  EXPECT_EQ(call("ALAutonomousLife.getActivityContextPermissionViolations", {"demo/onpod"}),
            json::array({"canRunInSleep"}));
  world(3, flag(&WorldUpdate::sleeping, false));
  EXPECT_EQ(call("ALAutonomousLife.getActivityContextPermissionViolations", {"demo/plain"}),
            json::array({"canRunOnPod"}))
      << "onPod stays as it was when only sleeping is given";
}

// ---- fall --------------------------------------------------------------------------

class Fall : public EngineFixture {
protected:
  void fallAndGetUp(RobotModel model) {
    start(model, {kPlain, kChat});
    at(1, [&] { call("ALAutonomousLife.switchFocus", {"demo/plain"}); });
    at(2, [&] { call("ALAutonomousLife.switchFocus", {"demo/chat", 1}); });
    ASSERT_EQ(engine().life.focusStack(), std::vector<std::string>{"demo/plain"});
    world(10, flag(&WorldUpdate::fall, true));
    EXPECT_EQ(state(), "safeguard");
    EXPECT_EQ(focused(), "");
    EXPECT_EQ(lastStop(), "demo/chat/safeguard-state");
    EXPECT_THAT(engine().life.focusStack(), IsEmpty());
    EXPECT_EQ(key("Launchpad/RobotFellRecently"), true);
    EXPECT_EQ(key("Launchpad/Posture"), "LyingBack");
    EXPECT_EQ(key("Launchpad/PostureFamily"), "LyingBack");
    runTo(14);
    EXPECT_EQ(state(), "safeguard") << "still down";
    world(15, flag(&WorldUpdate::fall, false));
    EXPECT_EQ(state(), "solitary");
    EXPECT_EQ(key("Launchpad/Posture"), "Stand");
    EXPECT_EQ(key("Launchpad/PostureFamily"), "Standing");
    runTo(22.999);
    EXPECT_EQ(key("Launchpad/RobotFellRecently"), true);
    runTo(23);
    EXPECT_EQ(key("Launchpad/RobotFellRecently"), false) << "13 s after the fall";
  }
};

TEST_F(Fall, IsASafeguardUntilUprightAgainOnNao) { fallAndGetUp(RobotModel::Nao); }
TEST_F(Fall, IsASafeguardUntilUprightAgainOnPepper) { fallAndGetUp(RobotModel::Pepper); }

// ---- push --------------------------------------------------------------------------

TEST_F(World, APushOnPepperEndsExactlyThreeSecondsAfterRebalancing) {
  start(RobotModel::Pepper, {kPlain});
  at(1, [&] { call("ALAutonomousLife.switchFocus", {"demo/plain"}); });
  world(45, flag(&WorldUpdate::push, true));
  EXPECT_EQ(state(), "safeguard");
  EXPECT_EQ(lastStop(), "demo/plain/safeguard-state");
  EXPECT_EQ(key("Launchpad/RobotPushedRecently"), true);
  world(46, flag(&WorldUpdate::push, false));
  EXPECT_EQ(state(), "safeguard");
  runTo(48.999);
  EXPECT_EQ(state(), "safeguard");
  runTo(49);
  EXPECT_EQ(state(), "solitary");
  runTo(57.999);
  EXPECT_EQ(key("Launchpad/RobotPushedRecently"), true);
  runTo(58);
  EXPECT_EQ(key("Launchpad/RobotPushedRecently"), false) << "13 s after the push";
}

TEST_F(World, APushAgainWhileRecoveringRestartsTheWait) {
  start(RobotModel::Pepper);
  world(10, flag(&WorldUpdate::push, true));
  world(11, flag(&WorldUpdate::push, false));
  world(13, flag(&WorldUpdate::push, true));
  runTo(14.5);
  EXPECT_EQ(state(), "safeguard") << "pushed again: the first rebalancing's 3 s do not end it";
  world(20, flag(&WorldUpdate::push, false));
  runTo(22.999);
  EXPECT_EQ(state(), "safeguard");
  runTo(23);
  EXPECT_EQ(state(), "solitary");
}

TEST_F(World, APushOnNaoIsIgnored) {
  start(RobotModel::Nao, {kPlain});
  at(1, [&] { call("ALAutonomousLife.switchFocus", {"demo/plain"}); });
  world(2, flag(&WorldUpdate::push, true));
  EXPECT_EQ(state(), "solitary");
  EXPECT_EQ(focused(), "demo/plain");
  EXPECT_EQ(key("Launchpad/RobotPushedRecently"), false);
  world(3, flag(&WorldUpdate::push, false));
  runTo(10);
  EXPECT_EQ(state(), "solitary");
  EXPECT_EQ(focused(), "demo/plain");
}

// ---- moved -------------------------------------------------------------------------

TEST_F(World, MovedOnPepperIsASafeguardWhileItLasts) {
  start(RobotModel::Pepper, {kPlain});
  at(1, [&] { call("ALAutonomousLife.switchFocus", {"demo/plain"}); });
  world(2, flag(&WorldUpdate::moved, true));
  EXPECT_EQ(state(), "safeguard");
  EXPECT_EQ(lastStop(), "demo/plain/safeguard-state");
  runTo(30);
  EXPECT_EQ(state(), "safeguard");
  world(31, flag(&WorldUpdate::moved, false));
  EXPECT_EQ(state(), "solitary") << "ends as soon as it is no longer rolled";
}

TEST_F(World, MovedOnNaoIsIgnored) {
  start(RobotModel::Nao, {kPlain});
  at(1, [&] { call("ALAutonomousLife.switchFocus", {"demo/plain"}); });
  world(2, flag(&WorldUpdate::moved, true));
  EXPECT_EQ(state(), "solitary");
  EXPECT_EQ(focused(), "demo/plain");
}

// ---- temperature -------------------------------------------------------------------

TEST_F(World, AHotHeadYawIsASafeguardUntilItCools) {
  start(RobotModel::Nao, {kPlain});
  at(1, [&] { call("ALAutonomousLife.switchFocus", {"demo/plain"}); });
  world(2, temperature({{"HeadYaw", 80}}));
  EXPECT_EQ(state(), "safeguard");
  EXPECT_EQ(lastStop(), "demo/plain/safeguard-state");
  EXPECT_EQ(key("Launchpad/TemperatureStatus"), "Critical");
  EXPECT_EQ(key("Launchpad/HighestTemperature"), 80.0);
  EXPECT_TRUE(key("Launchpad/HighestTemperature").is_number_float());
  EXPECT_EQ(key("Launchpad/HighestJoint"), "HeadYaw");
  world(3, temperature({{"HeadYaw", 60}}));
  EXPECT_EQ(state(), "solitary");
  EXPECT_EQ(key("Launchpad/TemperatureStatus"), "Warm");
  EXPECT_EQ(key("Launchpad/HighestTemperature"), 60.0);
}

TEST_F(World, SeventyFiveDegreesIsAlreadyCritical) {
  start();
  world(1, temperature({{"HeadPitch", 74.9}}));
  EXPECT_EQ(state(), "solitary");
  EXPECT_EQ(key("Launchpad/TemperatureStatus"), "Hot");
  world(2, temperature({{"HeadPitch", 75}}));
  EXPECT_EQ(state(), "safeguard");
  EXPECT_EQ(key("Launchpad/TemperatureStatus"), "Critical");
  world(3, temperature({{"HeadPitch", 74.9}}));
  EXPECT_EQ(state(), "solitary");
}

TEST_F(World, TemperaturesAreMerged) {
  start();
  world(1, temperature({{"LKneePitch", 70}}));
  world(2, temperature({{"HeadYaw", 40}}));
  EXPECT_EQ(key("Launchpad/HighestJoint"), "LKneePitch") << "the knee's reading stays";
  EXPECT_EQ(key("Launchpad/TemperatureStatus"), "Hot");
  world(3, temperature({{"HeadYaw", 76}}));
  EXPECT_EQ(state(), "safeguard");
  world(4, temperature({{"LKneePitch", 30}}));
  EXPECT_EQ(state(), "safeguard") << "HeadYaw is still hot";
  EXPECT_EQ(key("Launchpad/HighestJoint"), "HeadYaw");
  world(5, temperature({{"HeadYaw", 50}}));
  EXPECT_EQ(state(), "solitary");
}

TEST_F(World, AHotJointOtherThanTheHeadIsNoSafeguard) {
  start();
  world(1, temperature({{"LKneePitch", 90}}));
  EXPECT_EQ(key("Launchpad/TemperatureStatus"), "Critical");
  EXPECT_EQ(state(), "solitary");
}

// ---- diagnosis ---------------------------------------------------------------------

TEST_F(World, ACriticalDeviceIsASafeguardUntilItRecovers) {
  start(RobotModel::Pepper, {kPlain});
  at(1, [&] { call("ALAutonomousLife.switchFocus", {"demo/plain"}); });
  world(2, diagnosis({{"Battery", "critical"}}));
  EXPECT_EQ(state(), "safeguard");
  EXPECT_EQ(lastStop(), "demo/plain/safeguard-state");
  world(3, diagnosis({{"LWrist", "critical"}}));
  world(4, diagnosis({{"Battery", "ok"}}));
  EXPECT_EQ(state(), "safeguard") << "LWrist is still critical (merged)";
  world(5, diagnosis({{"LWrist", "ok"}}));
  EXPECT_EQ(state(), "solitary");
}

TEST_F(World, APermanentFailureNeverRecovers) {
  start();
  world(1, diagnosis({{"RHand", "permanent"}}));
  EXPECT_EQ(state(), "safeguard");
  world(2, diagnosis({{"RHand", "ok"}}));
  EXPECT_EQ(state(), "safeguard");
  world(3, diagnosis({{"RHand", "critical"}}));
  world(4, diagnosis({{"RHand", "ok"}}));
  runTo(1000);
  EXPECT_EQ(state(), "safeguard");
  EXPECT_EQ(refusal("ALAutonomousLife.setState", {"solitary"}), "safeguard-active");
}

// ---- lifted, posture, motion -------------------------------------------------------

TEST_F(World, LiftedShowsOnNao) {
  start(RobotModel::Nao);
  EXPECT_EQ(key("Launchpad/Lifted"), false);
  world(1, flag(&WorldUpdate::lifted, true));
  EXPECT_EQ(key("Launchpad/Lifted"), true);
  world(2, flag(&WorldUpdate::lifted, false));
  EXPECT_EQ(key("Launchpad/Lifted"), false);
}

TEST_F(World, LiftedDoesNotShowOnPepper) {
  start(RobotModel::Pepper);
  world(1, flag(&WorldUpdate::lifted, true));
  EXPECT_EQ(key("Launchpad/Lifted"), false);
}

// ALRobotPosture raises its own PostureChanged: the world raises it no
// second time, and a later `posture` step back to Stand is still told.
TEST_F(World, APostureTheRobotMovedToIsRaisedOnceAndAStepBackIsTold) {
  start();
  std::vector<json> raised;
  const auto heard = engine().memory.subscribeToEvent("PostureChanged", "world-test",
                                   [&](const std::string&, const core::Value& v) { raised.push_back(core::valueToJson(v)); });
  at(1, [&] { call("ALRobotPosture.goToPosture", {"Sit", 1.0}); });
  runTo(30);
  EXPECT_EQ(raised, std::vector<json>{"Sit"});
  EXPECT_EQ(key("Launchpad/Posture"), "Sit");
  world(31, with<std::string>(&WorldUpdate::posture, "Stand"));
  EXPECT_EQ(raised, (std::vector<json>{"Sit", "Stand"}));
  EXPECT_EQ(key("Launchpad/Posture"), "Stand");
  engine().memory.unsubscribeToEvent(heard);
}

TEST_F(World, PostureAndItsFamily) {
  start();
  EXPECT_EQ(key("Launchpad/Posture"), "Stand");
  world(1, with<std::string>(&WorldUpdate::posture, "Sit"));
  EXPECT_EQ(key("Launchpad/Posture"), "Sit");
  EXPECT_EQ(key("Launchpad/PostureFamily"), "Sitting");
  world(2, with<std::string>(&WorldUpdate::posture, "Crouch"));
  EXPECT_EQ(key("Launchpad/Posture"), "Crouch");
  EXPECT_EQ(key("Launchpad/PostureFamily"), "Crouching");
  world(3, battery(50));
  EXPECT_EQ(key("Launchpad/Posture"), "Crouch") << "a posture not given stays as it was";
}

TEST_F(World, MotionFillsTheMotionZones) {
  start(RobotModel::Nao);
  WorldUpdate u;
  u.motion = std::vector<launchpad::MovingObject>{{1.0, 0.0}, {2.0, 0.0}, {3.0, 0.0}, {1.2, 10.0}};
  world(1, u);
  EXPECT_EQ(key("Launchpad/NumMotionZone1"), 2);
  EXPECT_EQ(key("Launchpad/NumMotionZone2"), 1);
  EXPECT_EQ(key("Launchpad/NumMotionZone3"), 1);
  EXPECT_EQ(key("Launchpad/NoMotionInZones"), false);
  u.motion = std::vector<launchpad::MovingObject>{};
  world(2, u);
  EXPECT_EQ(key("Launchpad/NumMotionZone1"), 0);
  EXPECT_EQ(key("Launchpad/NoMotionInZones"), true);
}

// ---- speaking and listening --------------------------------------------------------

std::vector<std::string> runningMovements(const json& status) {
  std::vector<std::string> out;
  for (const auto& a : status) {
    const std::string name = a["name"];
    if (a["running"] == true && name.ends_with("Movement")) out.push_back(name);
  }
  return out;
}

TEST_F(World, SpeakingAndListeningChooseTheMovementAbility) {
  start();
  EXPECT_THAT(runningMovements(call("ALAutonomousLife.getAutonomousAbilitiesStatus")),
              ElementsAre("BackgroundMovement"));
  world(1, flag(&WorldUpdate::listening, true));
  EXPECT_THAT(runningMovements(call("ALAutonomousLife.getAutonomousAbilitiesStatus")),
              ElementsAre("ListeningMovement"));
  world(2, flag(&WorldUpdate::speaking, true));
  EXPECT_THAT(runningMovements(call("ALAutonomousLife.getAutonomousAbilitiesStatus")),
              ElementsAre("SpeakingMovement"));
  world(3, flag(&WorldUpdate::listening, false));
  EXPECT_THAT(runningMovements(call("ALAutonomousLife.getAutonomousAbilitiesStatus")),
              ElementsAre("SpeakingMovement"));
  world(4, flag(&WorldUpdate::speaking, false));
  EXPECT_THAT(runningMovements(call("ALAutonomousLife.getAutonomousAbilitiesStatus")),
              ElementsAre("BackgroundMovement"));
}

// ---- through a scenario ------------------------------------------------------------

TEST(WorldScenario, PushOnPepperAndItsEndAsTheDemoTellsIt) {
  auto o = simtest::run(
      "robot: pepper\n"
      "steps:\n"
      "  - {t: 45, world: {push: true}}\n"
      "  - {t: 46, world: {push: false}}\n"
      "expect:\n"
      "  - {t: 45, state: safeguard}\n"
      "  - {t: 48.999, state: safeguard}\n"
      "  - {t: 49, state: solitary}\n");
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.linesHaving("expect"));
  EXPECT_EQ(o.linesHaving("event").back(), R"({"t":49.0,"event":"AutonomousLife/State","value":"solitary"})");
}

TEST(WorldScenario, PushAndMovedOnNaoChangeNothing) {
  auto o = simtest::run(
      "robot: nao\n"
      "steps:\n"
      "  - {t: 5, world: {push: true, moved: true}}\n"
      "expect:\n"
      "  - {t: 6, state: solitary}\n");
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.linesHaving("expect"));
}

TEST(WorldScenario, LeavingEndsTheChatWithoutFocusingItAgain) {
  // Back in solitary, the zone keys show the world as it is now (nobody):
  // the chat is not suggested any more, so it is not focused again.
  auto o = simtest::run(
      "until: 10\n"
      "activities:\n"
      "  - name: demo/chat\n"
      "    nature: interactive\n"
      "    condition: \"'Launchpad/NumPeopleZone1' >= 1\"\n"
      "    run: {until: \"'Launchpad/ZoneOfTrackedHuman' == 0\"}\n"
      "steps:\n"
      "  - {t: 1, people: [{id: alice, distance: 1.0, angle: 0}]}\n"
      "  - {t: 5, people: []}\n"
      "  - {t: 6, call: [ALAutonomousLife.getActivityStatistics]}\n");
  EXPECT_EQ(o.having("signal").size(), 2u) << testing::PrintToString(o.linesHaving("signal"));
  EXPECT_EQ(o.callAt(6.0, "ALAutonomousLife.getActivityStatistics")["result"]["demo/chat"]["focusCount"], 1);
}

TEST(WorldScenario, EveryFieldInOneStep) {
  auto o = simtest::run(
      "robot: nao\n"
      "steps:\n"
      "  - t: 1\n"
      "    world:\n"
      "      battery: 25\n"
      "      charging: true\n"
      "      lifted: true\n"
      "      posture: Sit\n"
      "      temperature: {LKneePitch: 55}\n"
      "      motion: [{distance: 2.0, angle: 0}]\n"
      "    call: [ALMemory.getListData, [Launchpad/BatteryLevel, Launchpad/BatteryStatus, "
      "Launchpad/BatteryIsCharging, Launchpad/Lifted, Launchpad/PostureFamily, Launchpad/TemperatureStatus, "
      "Launchpad/NumMotionZone2]]\n");
  EXPECT_EQ(o.callAt(1.0, "ALMemory.getListData")["result"].dump(),
            R"([1,"Low",true,true,"Sitting","Warm",1])");
}

}  // namespace

// ---- the keys NAOqi's extractors write (issue 16 item 3) ----------------------

namespace {

TEST(WorldNaoqiKeys, ATriggerOnBasicAwarenessFiresWhenSomeoneComes) {
  // A real trigger: it waits on ALBasicAwareness/HumanTracked, which the
  // simulated BasicAwareness writes when it tracks someone.
  auto o = simtest::run(
      "until: 10\n"
      "activities:\n"
      "  - name: demo/greet\n"
      "    nature: interactive\n"
      "    condition: \"'ALBasicAwareness/HumanTracked' >= 0 && 'UserSession/FocusedUser' >= 0\"\n"
      "steps:\n"
      "  - {t: 2, people: [{id: alice, distance: 1.2, angle: 0}]}\n"
      "  - {t: 3, call: [ALMemory.getListData, [ALBasicAwareness/HumanTracked, UserSession/FocusedUser, "
      "PeoplePerception/PeopleList, EngagementZones/PeopleInZone1]]}\n"
      "expect:\n"
      "  - {t: 1, focused: \"\"}\n"
      "  - {t: 2, focused: demo/greet}\n");
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.lines());
  EXPECT_EQ(o.callAt(3.0, "ALMemory.getListData")["result"], nlohmann::ordered_json::parse("[1, 1, [1], [1]]"));
}

TEST_F(World, PeopleLeavingWriteHumanLostAndCloseTheirSessions) {
  start();
  launchpad::Person alice;
  alice.id = "alice";
  alice.distance = 2.0;
  at(1, [&] { engine().world.setPeople({alice}); });
  EXPECT_EQ(key("ALBasicAwareness/HumanTracked"), 1);
  EXPECT_EQ(key("EngagementZones/PeopleInZone2"), json::array({1}));
  EXPECT_EQ(key("PeoplePerception/Person/1/Distance"), 2.0);
  at(2, [&] { engine().world.setPeople({}); });
  EXPECT_EQ(key("ALBasicAwareness/HumanTracked"), -1);
  EXPECT_EQ(key("UserSession/FocusedUser"), -1);
  EXPECT_EQ(key("UserSession/OpenSessions"), json::array());
  EXPECT_EQ(key("PeoplePerception/PeopleList"), json::array());
}

TEST_F(World, TheBodysChangesAreTheRobotsEvents) {
  start(RobotModel::Pepper);
  WorldUpdate u;
  u.battery = 30.0;
  u.onPod = true;
  u.fall = true;
  world(1, u);
  EXPECT_EQ(key("BatteryChargeChanged"), 30);
  EXPECT_EQ(key("ALBattery/ConnectedToChargingStation"), true);
  EXPECT_EQ(key("ALMotion/RobotIsFalling"), true);
  EXPECT_EQ(key("PostureChanged"), "LyingBack");
  EXPECT_EQ(state(), "safeguard");
}

TEST_F(World, TheHatchOpenLetsPepperBeRolled) {
  start(RobotModel::Pepper);
  world(1, flag(&WorldUpdate::hatchOpen, true));
  EXPECT_EQ(key("BatteryTrapIsOpen"), true);
  world(2, flag(&WorldUpdate::moved, true));
  EXPECT_EQ(state(), "solitary");  // the wheels are free: no safeguard
  world(3, flag(&WorldUpdate::hatchOpen, false));
  EXPECT_EQ(state(), "safeguard");  // still being rolled, now with the hatch closed
}

TEST_F(World, TheSimulatedBasicAwarenessTracksNobodyWhileStopped) {
  start();
  launchpad::Person alice;
  alice.id = "alice";
  alice.distance = 1.0;
  at(1, [&] { engine().world.setPeople({alice}); });
  EXPECT_EQ(key("Launchpad/DistanceOfTrackedHuman"), 1.0);
  at(2, [&] { call("ALAutonomousLife.setAutonomousAbilityEnabled", {"BasicAwareness", false}); });
  EXPECT_EQ(key("ALBasicAwareness/HumanTracked"), -1);
  EXPECT_EQ(key("Launchpad/DistanceOfTrackedHuman"), -1.0);
  at(3, [&] { call("ALAutonomousLife.setAutonomousAbilityEnabled", {"BasicAwareness", true}); });
  EXPECT_EQ(key("ALBasicAwareness/HumanTracked"), 1);
  EXPECT_EQ(key("Launchpad/SameTrackedHuman"), true);
}

}  // namespace
