// The services a behavior asks about the robot itself (docs/robot.md):
// ALSystem, ALRobotModel, ALBattery and ALBodyTemperature from what the
// world says, ALAudioDevice, ALServiceManager-free parts, the tablet, the
// animations and the moves, through the registry on a virtual clock.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "robot_fixture.hpp"

namespace {

using namespace autolife;
using namespace autolife::robottest;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

using System = RobotFixture;

TEST_F(System, NameVersionsAndTimeZone) {
  EXPECT_EQ(call("ALSystem.robotName"), "NAO");
  watch("ALSystem/RobotNameChanged");
  EXPECT_EQ(call("ALSystem.setRobotName", {"Robbie"}), true);
  settle();
  EXPECT_EQ(call("ALSystem.robotName"), "Robbie");
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].value, "Robbie");
  EXPECT_EQ(call("ALSystem.systemVersion"), "2.8.5.10");
  EXPECT_EQ(call("ALSystem.timezone"), "UTC");
  EXPECT_EQ(call("ALSystem.setTimezone", {"Europe/Paris"}), true);
  EXPECT_EQ(call("ALSystem.timezone"), "Europe/Paris");
  EXPECT_EQ(call("ALSystem.setTimezone", {"not a zone"}), false);
  EXPECT_GT(call("ALSystem.totalMemory").get<int>(), 0);
  pepper();
  EXPECT_EQ(call("ALSystem.robotName"), "Pepper");
}

TEST_F(System, RobotModelSaysWhichRobotThisIs) {
  EXPECT_EQ(call("ALRobotModel.getRobotType"), "Nao");
  EXPECT_EQ(call("ALRobotModel.hasLegs"), true);
  EXPECT_THAT(call("ALRobotModel.getConfig").get<std::string>(), HasSubstr("NAO"));
  pepper();
  EXPECT_EQ(call("ALRobotModel.getRobotType"), "Juliette");
  EXPECT_EQ(call("ALRobotModel.hasLegs"), false);
}

TEST_F(System, TheBatteryIsTheWorldsWithTheEventsARobotRaises) {
  EXPECT_EQ(call("ALBattery.getBatteryCharge"), 100);
  EXPECT_EQ(key("Device/SubDeviceList/Battery/Charge/Sensor/Value"), 1.0);
  watch("BatteryChargeChanged");
  watch("ALBattery/BatteryLow");
  watch("BatteryChargingFlagChanged");
  watch("ALBattery/ConnectedToChargingStation");
  robot::WorldUpdate u;
  u.battery = 45.4;
  robot().system().sense(u);
  settle();
  EXPECT_EQ(call("ALBattery.getBatteryCharge"), 45);
  EXPECT_DOUBLE_EQ(key("Device/SubDeviceList/Battery/Charge/Sensor/Value").get<double>(), 0.454);
  u.battery = 25;
  u.charging = true;
  u.onPod = true;
  robot().system().sense(u);
  settle();
  std::vector<std::string> keys;
  for (const auto& s : seen) keys.push_back(s.key + "=" + s.value.dump());
  EXPECT_THAT(keys, ElementsAre("BatteryChargeChanged=45", "BatteryChargeChanged=25", "ALBattery/BatteryLow=true",
                                "BatteryChargingFlagChanged=true", "ALBattery/ConnectedToChargingStation=true"));
}

TEST_F(System, TemperaturesGiveTheDiagnosisAndHotJointEvents) {
  EXPECT_EQ(call("ALBodyTemperature.getTemperatureDiagnosis"), json::array({0, json::array()}));
  watch("HotJointDetected");
  watch("DeviceNoLongerHotDetected");
  robot::WorldUpdate u;
  u.temperature = std::map<std::string, double>{{"LKneePitch", 68}, {"HeadYaw", 40}};
  robot().system().sense(u);
  settle();
  EXPECT_EQ(call("ALBodyTemperature.getTemperatureDiagnosis"), json::array({1, json::array({"LKneePitch"})}));
  u.temperature = std::map<std::string, double>{{"HeadYaw", 80}};
  robot().system().sense(u);
  settle();
  EXPECT_EQ(call("ALBodyTemperature.getTemperatureDiagnosis"), json::array({2, json::array({"HeadYaw"})}));
  u.temperature = std::map<std::string, double>{{"HeadYaw", 30}, {"LKneePitch", 30}};
  robot().system().sense(u);
  settle();
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_EQ(seen[0].value, json::array({"LKneePitch"}));
  EXPECT_EQ(seen[1].value, json::array({"HeadYaw", "LKneePitch"}));
  EXPECT_EQ(seen[2].key, "DeviceNoLongerHotDetected");
}

TEST_F(System, AudioDeviceVolumesAndMicrophones) {
  EXPECT_EQ(call("ALAudioDevice.getOutputVolume"), 50);
  call("ALAudioDevice.setOutputVolume", {80});
  EXPECT_EQ(call("ALAudioDevice.getOutputVolume"), 80);
  EXPECT_EQ(refusal("ALAudioDevice.setOutputVolume", {101}), "bad-argument");
  call("ALAudioDevice.muteAudioOut", {true});
  EXPECT_EQ(call("ALAudioDevice.isAudioOutMuted"), true);
  call("ALAudioDevice.closeAudioInputs");
  EXPECT_EQ(call("ALAudioDevice.isInputClosed"), true);
  call("ALAudioDevice.startMicrophonesRecording", {"/tmp/never-written.wav"});
  EXPECT_EQ(refusal("ALAudioDevice.startMicrophonesRecording", {"/tmp/again.wav"}), "already-recording");
  call("ALAudioDevice.stopMicrophonesRecording");
  EXPECT_EQ(call("ALAudioDevice.getFrontMicEnergy"), 0.0);
}

// ---- the tablet -----------------------------------------------------------------

TEST_F(System, TheTabletShowsAndRecordsWithItsSignals) {
  std::vector<std::string> signals;
  registry().find("ALTabletService")->emitted.connect([&](const std::string& s, const service::Any&) { signals.push_back(s); });
  EXPECT_EQ(call("ALTabletService.showWebview", {"http://198.18.0.1/apps/demo/"}), true);
  EXPECT_EQ(call("ALTabletService.showImage", {"http://198.18.0.1/apps/demo/img.png"}), true);
  EXPECT_EQ(call("ALTabletService.getOnTouchScaleFactor"), 1.34);
  call("ALTabletService.hideWebview");
  const auto screen = robot().tablet().screen();
  EXPECT_FALSE(screen.webviewShown);
  EXPECT_EQ(screen.url, "http://198.18.0.1/apps/demo/");
  EXPECT_EQ(screen.image, "http://198.18.0.1/apps/demo/img.png");
  EXPECT_THAT(robot().tablet().shown(), ElementsAre("webview http://198.18.0.1/apps/demo/", "image http://198.18.0.1/apps/demo/img.png",
                                                    "hide webview"));
  EXPECT_THAT(signals, ElementsAre("onPageStarted", "onPageFinished", "onImageLoaded"));
  EXPECT_EQ(call("ALTabletService.robotIp"), "198.18.0.1");
}

TEST_F(System, ATabletVideoPlaysThenFinishes) {
  std::vector<std::string> signals;
  registry().find("ALTabletService")->emitted.connect([&](const std::string& s, const service::Any&) { signals.push_back(s); });
  call("ALTabletService.playVideo", {"http://x/clip.mp4"});
  wait(4);
  EXPECT_EQ(call("ALTabletService.getVideoPosition"), 4000);
  EXPECT_EQ(call("ALTabletService.pauseVideo"), true);
  wait(10);
  EXPECT_EQ(call("ALTabletService.getVideoPosition"), 4000) << "paused";
  call("ALTabletService.resumeVideo");
  wait(5.9);
  EXPECT_THAT(signals, ElementsAre("videoStarted"));
  wait(0.2);
  EXPECT_THAT(signals, ElementsAre("videoStarted", "videoFinished"));
  EXPECT_FALSE(robot().tablet().screen().video);
}

TEST_F(System, ATouchOnTheScreenIsSignalled) {
  std::vector<std::string> signals;
  registry().find("ALTabletService")->emitted.connect([&](const std::string& s, const service::Any& v) { signals.push_back(s + test::jsonOf(v).dump()); });
  robot().tablet().touchScreen(640, 400);
  EXPECT_THAT(signals, ElementsAre("onTouchDown[640.0,400.0]", "onTouchDownRatio[0.5,0.5,\"Screen\"]", "onTouchUp[640.0,400.0]"));
}

// ---- animations -----------------------------------------------------------------

TEST_F(System, StockAnimationsTakeTimeAndTagsTakeTurns) {
  call("ALAnimationPlayer.run", {"animations/Stand/Gestures/Hey_1"});
  EXPECT_EQ(took, robot::AnimationPlayer::kStockSeconds);
  call("ALAnimationPlayer.run", {"Stand/Gestures/Hey_1"});
  EXPECT_EQ(refusal("ALAnimationPlayer.run", {"animations/Stand/Gestures/Moonwalk"}), "unknown-animation");
  call("ALAnimationPlayer.runTag", {"hello"});
  call("ALAnimationPlayer.runTag", {"hello"});
  const auto played = robot().animationPlayer().played();
  ASSERT_EQ(played.size(), 4u);
  EXPECT_NE(played[2], played[3]) << "each animation of a tag in turn";
  EXPECT_EQ(refusal("ALAnimationPlayer.runTag", {"no-such-tag"}), "unknown-tag");
  call("ALAnimationPlayer.addTagForAnimations", {json{{"mine", json::array({"animations/Stand/Gestures/Hey_1"})}}});
  call("ALAnimationPlayer.runTag", {"mine"});
  EXPECT_EQ(robot().animationPlayer().played().back(), "animations/Stand/Gestures/Hey_1");
}

TEST_F(System, AnApplicationsAnimationTakesWhatTheResolverSays) {
  robot().animationPlayer().setResolver([](const std::string& name) -> std::optional<double> {
    if (name == "demo/animations/wave") return 3.25;
    return std::nullopt;
  });
  call("ALAnimationPlayer.run", {"demo/animations/wave"});
  EXPECT_EQ(took, 3.25);
}

// ---- moves ----------------------------------------------------------------------

TEST_F(System, NavigationMovesTheBaseInTheWorld) {
  EXPECT_EQ(call("ALNavigation.navigateTo", {1.0, 0.0}), true);
  EXPECT_GT(took, 0.5);
  wait(took);
  const json p = call("ALLocalization.getRobotPosition");
  EXPECT_NEAR(p[0].get<double>(), 1.0, 1e-6);
  EXPECT_EQ(call("ALNavigation.navigateTo", {0.0, 1.0, 1.5}), true) << "with theta";
}

TEST_F(System, MoveAlongEndsWhereItsTrajectoryEnds) {
  // NAOqi's example: 1 m forward, then 1 m back, composed: back at the start.
  callAndWait("ALNavigation.moveAlong", {json::array({"Composed", json::array({"Holonomic", json::array({"Line", {1.0, 0.0}}), 0.0, 5.0}),
                                                      json::array({"Holonomic", json::array({"Line", {-1.0, 0.0}}), 0.0, 10.0})})});
  json p = call("ALLocalization.getRobotPosition");
  EXPECT_NEAR(p[0].get<double>(), 0.0, 1e-6);
  // A quarter circle about (0, 1) from the origin ends at (1, 1); then a
  // turn of pi/2 in place, and a line of 1 m ahead in the turned frame.
  callAndWait("ALNavigation.moveAlong",
              {json::array({"Composed", json::array({"Holonomic", json::array({"Circle", {0.0, 1.0}, M_PI / 2}), M_PI / 2}),
                            json::array({"NonHolonomic", json::array({"Line", {1.0, 0.0}}), 0.0, 2.0})})});
  p = call("ALLocalization.getRobotPosition");
  EXPECT_NEAR(p[0].get<double>(), 1.0, 1e-5);
  EXPECT_NEAR(p[1].get<double>(), 2.0, 1e-5);
  EXPECT_EQ(refusal("ALNavigation.moveAlong", {json::array({"Spiral", json::array({"Line", {1.0, 0.0}})})}), "bad-argument");
}

TEST_F(System, LocalizationGoesBackHome) {
  call("ALLocalization.learnHome");
  callAndWait("ALNavigation.navigateTo", {2.0, 1.0});
  EXPECT_EQ(call("ALLocalization.isInCurrentHome"), false);
  watch("ALLocalization/GoToSuccess");
  EXPECT_EQ(call("ALLocalization.goToHome"), 0);
  wait(took);
  EXPECT_EQ(call("ALLocalization.isInCurrentHome"), true);
  EXPECT_EQ(seen.size(), 1u);
}

TEST_F(System, AutonomousMovesSwitches) {
  call("ALAutonomousMoves.setExpressiveListeningEnabled", {false});
  EXPECT_EQ(call("ALAutonomousMoves.getExpressiveListeningEnabled"), false);
  call("ALAutonomousMoves.setBackgroundStrategy", {"none"});
  EXPECT_EQ(call("ALAutonomousMoves.getBackgroundStrategy"), "none");
  EXPECT_EQ(refusal("ALAutonomousMoves.setBackgroundStrategy", {"dance"}), "bad-argument");
}

}  // namespace
