// The simulated robot's lock is not recursive (docs/architecture.md,
// "Locks"): nothing the robot calls out to while holding it may call the
// robot back. Memory subscribers and signal handlers run after the robot
// released it, so they may call any of its services, read or write, on the
// thread that notified them: each test here would deadlock (and fail on
// ctest's timeout, or TSan's double lock) if one ran under the lock, and
// checks that what the callback sees is what a caller sees after it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "robot_fixture.hpp"

namespace {

using namespace autolife;
using namespace autolife::robottest;
using ::testing::ElementsAre;

using Reentry = RobotFixture;

// ---- memory subscribers ------------------------------------------------------

// PostureChanged is raised at the end of the move, from the task that
// settles the body: a subscriber reads the posture and the joints, and
// starts another move.
TEST_F(Reentry, APostureChangedSubscriberReadsAndMovesTheRobot) {
  std::vector<std::string> postures;
  std::vector<double> angles;
  bool awake = false;
  memory().subscribeToEvent("PostureChanged", "reentry", [&](const std::string&, const core::Value& v) {
    postures.push_back(v.asString() + "/" + registry().call("ALRobotPosture.getPosture", {}).asString());
    angles = service::fromAny<std::vector<double>>(registry().call("ALMotion.getAngles", {"Body", true}));
    awake = registry().call("ALMotion.robotIsWakeUp", {}).asBool();
    if (v.asString() == "Crouch") registry().call("ALRobotPosture.goToPosture", {"Stand", 1.0});
  });
  call("ALRobotPosture.goToPosture", {"Crouch", 1.0});
  wait(took);
  ASSERT_THAT(postures, ElementsAre("Crouch/Crouch"));
  EXPECT_EQ(angles, robot().body().model().posture("Crouch")->angles);
  EXPECT_TRUE(awake);
  // The move the subscriber started runs to its end, and raises again.
  wait(10);
  EXPECT_THAT(postures, ElementsAre("Crouch/Crouch", "Stand/Stand"));
  EXPECT_EQ(call("ALMotion.getAngles", {"Body", true}).get<std::vector<double>>(), robot().body().model().posture("Stand")->angles);
}

// robotIsWakeUp is raised by rest's end (a task's atEnd); the subscriber
// wakes the robot up again from inside the notification.
TEST_F(Reentry, ARobotIsWakeUpSubscriberWakesTheRobotAgain) {
  std::vector<std::string> seenHere;
  memory().subscribeToEvent("robotIsWakeUp", "reentry", [&](const std::string&, const core::Value& v) {
    const bool nowAwake = registry().call("ALMotion.robotIsWakeUp", {}).asBool();
    const double stiffness = registry().call("ALMotion.getStiffnesses", {"HeadYaw"}).asArray().at(0).asFloat();
    seenHere.push_back(std::string(v.asBool() ? "up" : "down") + " awake=" + (nowAwake ? "1" : "0") + " stiffness=" +
                       std::to_string(stiffness));
    if (!v.asBool()) registry().call("ALMotion.wakeUp", {});
  });
  callAndWait("ALMotion.rest");
  wait(10);
  EXPECT_THAT(seenHere, ElementsAre("down awake=0 stiffness=0.000000", "up awake=1 stiffness=1.000000"));
  EXPECT_EQ(call("ALMotion.robotIsWakeUp"), true);
  EXPECT_EQ(call("ALRobotPosture.getPosture"), "Crouch") << "NAO wakes up where it rested";
}

// Speech's events come from its own clock tasks: the subscriber of TextDone
// says something else, and the second sentence follows the first.
TEST_F(Reentry, ATextDoneSubscriberSpeaksAgain) {
  std::vector<double> doneAt;
  memory().subscribeToEvent("ALTextToSpeech/TextDone", "reentry", [&](const std::string&, const core::Value& v) {
    if (v.isInt() && v.asInt() == 0) return;  // set to 0 as a sentence starts
    doneAt.push_back(now());
    EXPECT_FALSE(robot().textToSpeech().speaking());
    if (doneAt.size() == 1) registry().call("ALTextToSpeech.say", {"Again"});
  });
  call("ALTextToSpeech.say", {"Hello"});
  const double first = took;
  wait(first);
  call("ALTextToSpeech.getLanguage");  // the robot answers between the two
  wait(10);
  EXPECT_THAT(robot().textToSpeech().spoken(), ElementsAre("Hello", "Again"));
  ASSERT_EQ(doneAt.size(), 2u);
  EXPECT_DOUBLE_EQ(doneAt[0], ns(first));
  EXPECT_GT(doneAt[1], doneAt[0]);
}

// stopAll's events (written by a task at the same instant) reach a
// subscriber that speaks at once, and it is heard.
TEST_F(Reentry, AnInterruptionSubscriberSpeaksAtOnce) {
  int interrupted = 0;
  memory().subscribeToEvent("ALTextToSpeech/TextInterrupted", "reentry", [&](const std::string&, const core::Value&) {
    ++interrupted;
    registry().call("ALTextToSpeech.say", {"Sorry"});
  });
  call("ALTextToSpeech.say", {"A long sentence that is cut"});
  wait(0.5);
  call("ALTextToSpeech.stopAll");
  settle();
  EXPECT_EQ(interrupted, 1);
  EXPECT_THAT(robot().textToSpeech().spoken(), ElementsAre("A long sentence that is cut", "Sorry"));
  EXPECT_TRUE(robot().textToSpeech().speaking());
}

// ---- signals -----------------------------------------------------------------

// postureChanged is emitted after the lock is released, both at the end of
// a move and when a move is stopped half-way (posture Unknown).
TEST_F(Reentry, APostureChangedHandlerReadsAndMovesTheRobot) {
  std::vector<std::string> signalled;
  robot().postureChanged().connect([&](const std::string& posture, const std::string& family) {
    signalled.push_back(posture + "/" + family + "/" + registry().call("ALRobotPosture.getPosture", {}).asString() + "/" +
                        registry().call("ALRobotPosture.getPostureFamily", {}).asString());
    if (posture == "Crouch") registry().call("ALRobotPosture.goToPosture", {"Stand", 1.0});
  });
  call("ALRobotPosture.goToPosture", {"Crouch", 1.0});
  wait(took);
  ASSERT_THAT(signalled, ElementsAre("Crouch/Crouching/Crouch/Crouching"));
  wait(0.5);
  call("ALRobotPosture.stopMove");  // Stand is not reached
  settle();
  EXPECT_THAT(signalled, ElementsAre("Crouch/Crouching/Crouch/Crouching", "Unknown/Unknown/Unknown/Unknown"));
  EXPECT_TRUE(robot().body().tasks().empty());
}

// A service's own signals: languageTTS, the tablet's page and video
// signals (videoFinished from a clock task); each handler calls the
// service that emitted it.
TEST_F(Reentry, ServiceSignalHandlersCallTheirServiceBack) {
  std::vector<std::string> heard;
  registry().find("ALTextToSpeech")->emitted.connect([&](const std::string& signal, const service::Any& v) {
    heard.push_back(signal + " " + v.asString() + " " + registry().call("ALTextToSpeech.getLanguage", {}).asString());
    registry().call("ALTextToSpeech.say", {"Bonjour"});
  });
  registry().find("ALTabletService")->emitted.connect([&](const std::string& signal, const service::Any&) {
    heard.push_back(signal);
    if (signal == "onPageFinished") registry().call("ALTabletService.hideWebview", {});
    if (signal == "videoFinished") heard.push_back("length " + std::to_string(registry().call("ALTabletService.getVideoLength", {}).asInt()));
  });
  call("ALTextToSpeech.setLanguage", {"French"});
  EXPECT_THAT(robot().textToSpeech().spoken(), ElementsAre("Bonjour"));
  call("ALTabletService.showWebview", {"http://198.18.0.1/apps/demo/"});
  EXPECT_FALSE(robot().tablet().screen().webviewShown) << "the handler hid it";
  call("ALTabletService.playVideo", {"http://198.18.0.1/apps/demo/v.mp4"});
  wait(10);
  EXPECT_THAT(heard, ElementsAre("languageTTS French French", "onPageStarted", "onPageFinished", "videoStarted", "videoFinished",
                                 "length 0"));
  EXPECT_THAT(robot().tablet().shown(), ElementsAre("webview http://198.18.0.1/apps/demo/", "hide webview",
                                                    "video http://198.18.0.1/apps/demo/v.mp4"));
}

}  // namespace
