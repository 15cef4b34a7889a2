// ALMotion through the registry: joint angles over engine time (setAngles,
// changeAngles, the interpolations), what reaches memory and when,
// stiffness, wakeUp / rest, base moves, tasks, switches, and refusals.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

#include "robot_fixture.hpp"

namespace {

using namespace autolife;
using namespace autolife::robottest;
using ::testing::HasSubstr;

constexpr double kHeadYawMaxVelocity = 8.26;  // NAO, rad/s

std::string actuator(const std::string& joint) { return "Device/SubDeviceList/" + joint + "/Position/Actuator/Value"; }
std::string sensor(const std::string& joint) { return "Device/SubDeviceList/" + joint + "/Position/Sensor/Value"; }
std::string hardness(const std::string& joint) { return "Device/SubDeviceList/" + joint + "/Hardness/Actuator/Value"; }

class Motion : public RobotFixture {
protected:
  double angle(const std::string& joint, bool sensors = true) {
    return call("ALMotion.getAngles", {joint, sensors}).at(0).get<double>();
  }
  double stiffness(const std::string& joint) { return call("ALMotion.getStiffnesses", {joint}).at(0).get<double>(); }
  std::vector<double> position() { return call("ALMotion.getRobotPosition", {true}).get<std::vector<double>>(); }
  std::vector<double> postureAngles(const std::string& posture) {
    return robot().body().model().posture(posture)->angles;
  }
};

// ---- the robot as it starts --------------------------------------------------------

TEST_F(Motion, ItStartsAwakeStiffAndStanding) {
  EXPECT_EQ(call("ALMotion.robotIsWakeUp"), true);
  const auto stiff = call("ALMotion.getStiffnesses", {"Body"}).get<std::vector<double>>();
  ASSERT_EQ(stiff.size(), 26u);
  for (double s : stiff) EXPECT_EQ(s, 1.0);
  EXPECT_EQ(call("ALMotion.getAngles", {"Body", true}).get<std::vector<double>>(), postureAngles("Stand"));
  EXPECT_EQ(key(sensor("LKneePitch")), 0.35);
  EXPECT_EQ(key(actuator("LKneePitch")), 0.35);
  EXPECT_EQ(key(hardness("HeadYaw")), 1.0);
}

// ---- setAngles and friends ------------------------------------------------------------

TEST_F(Motion, SetAnglesReturnsAtOnceAndMovesAtAFractionOfMaxSpeed) {
  call("ALMotion.setAngles", {"HeadYaw", 1.0, 0.5});
  EXPECT_EQ(taken, core::Duration::zero()) << "setAngles does not block";
  const double duration = 1.0 / (0.5 * kHeadYawMaxVelocity);
  runTo(duration / 2);
  EXPECT_NEAR(angle("HeadYaw"), 0.5, 1e-6);
  EXPECT_NEAR(angle("HeadYaw", false), 0.5, 1e-6);
  EXPECT_EQ(key(actuator("HeadYaw")), 0.0) << "memory shows the motion's result at its end";
  runTo(duration);
  EXPECT_EQ(angle("HeadYaw"), 1.0);
  EXPECT_EQ(key(actuator("HeadYaw")), 1.0);
  EXPECT_EQ(key(sensor("HeadYaw")), 1.0);
}

TEST_F(Motion, NamesMayBeAJointAChainOrAList) {
  call("ALMotion.setAngles", {json::array({"HeadYaw", "HeadPitch"}), json::array({0.3, -0.2}), 1.0});
  wait(1);
  EXPECT_EQ(call("ALMotion.getAngles", {"Head", true}), json::array({0.3, -0.2}));
  call("ALMotion.setAngles", {"Head", json::array({-0.3, 0.2}), json::array({1.0, 0.5})});
  wait(1);
  EXPECT_EQ(call("ALMotion.getAngles", {json::array({"HeadPitch", "HeadYaw"}), false}), json::array({0.2, -0.3}));
  EXPECT_EQ(call("ALMotion.getAngles", {json::array({"Head", "LHand"}), true}).size(), 3u);
}

TEST_F(Motion, ChangeAnglesAddsToTheCommandedAngleNow) {
  call("ALMotion.changeAngles", {"HeadYaw", 0.25, 1.0});
  wait(1);
  call("ALMotion.changeAngles", {"HeadYaw", 0.25, 1.0});
  wait(1);
  EXPECT_NEAR(angle("HeadYaw"), 0.5, 1e-12);
  call("ALMotion.changeAngles", {"HeadYaw", 0.25, 1.0});
  call("ALMotion.changeAngles", {"HeadYaw", 0.25, 1.0});
  wait(1);
  EXPECT_NEAR(angle("HeadYaw"), 0.75, 1e-12) << "to the angle commanded now, not to a motion's target";
}

TEST_F(Motion, AnglesAreClampedToTheJointLimits) {
  call("ALMotion.setAngles", {json::array({"HeadPitch", "LElbowRoll"}), json::array({3.0, 0.5}), 1.0});
  wait(1);
  EXPECT_EQ(call("ALMotion.getAngles", {json::array({"HeadPitch", "LElbowRoll"}), true}), json::array({0.5149, -0.0349}));
}

TEST_F(Motion, NaoHipsAreOneMotor) {
  call("ALMotion.setAngles", {"RHipYawPitch", -0.5, 1.0});
  wait(1);
  EXPECT_EQ(call("ALMotion.getAngles", {json::array({"LHipYawPitch", "RHipYawPitch"}), true}), json::array({-0.5, -0.5}));
  call("ALMotion.setAngles", {json::array({"LHipYawPitch", "RHipYawPitch"}), json::array({-0.2, -0.7}), 1.0});
  wait(1);
  EXPECT_EQ(call("ALMotion.getAngles", {json::array({"LHipYawPitch", "RHipYawPitch"}), true}), json::array({-0.2, -0.2}))
      << "the left hip wins when both are given";
  EXPECT_EQ(key(sensor("RHipYawPitch")), -0.2);
}

TEST_F(Motion, AJointWithoutStiffnessIsCommandedButDoesNotMove) {
  call("ALMotion.setStiffnesses", {"HeadYaw", 0.0});
  call("ALMotion.setAngles", {"HeadYaw", 1.0, 1.0});
  wait(1);
  EXPECT_EQ(angle("HeadYaw", false), 1.0);
  EXPECT_EQ(angle("HeadYaw", true), 0.0);
  EXPECT_EQ(key(actuator("HeadYaw")), 1.0);
  EXPECT_EQ(key(sensor("HeadYaw")), 0.0);
}

TEST_F(Motion, SetAnglesRefusals) {
  EXPECT_EQ(refusal("ALMotion.setAngles", {"Tail", 0.1, 0.5}), "unknown-joint");
  EXPECT_THAT(message, HasSubstr("Tail"));
  EXPECT_THAT(message, HasSubstr("NAO"));
  EXPECT_EQ(refusal("ALMotion.setAngles", {42, 0.1, 0.5}), "bad-argument");
  EXPECT_EQ(refusal("ALMotion.setAngles", {json::array(), json::array(), 0.5}), "bad-argument");
  EXPECT_EQ(refusal("ALMotion.setAngles", {"HeadYaw", "up", 0.5}), "bad-argument");
  EXPECT_EQ(refusal("ALMotion.setAngles", {"HeadYaw", 0.1, 0.0}), "bad-argument");
  EXPECT_EQ(refusal("ALMotion.setAngles", {"HeadYaw", 0.1, 1.5}), "bad-argument");
  EXPECT_THAT(message, HasSubstr("fractionMaxSpeed"));
  EXPECT_EQ(refusal("ALMotion.setAngles", {"Head", json::array({0.1, 0.2, 0.3}), 0.5}), "bad-argument");
  EXPECT_THAT(message, HasSubstr("3 values for 2 joints"));
  EXPECT_EQ(refusal("ALMotion.setAngles", {"Head", 0.1, json::array({0.5})}), "bad-argument");
  EXPECT_EQ(refusal("ALMotion.setAngles", {"HeadYaw", std::numeric_limits<double>::infinity(), 0.5}), "bad-argument");
  EXPECT_EQ(refusal("ALMotion.setAngles", {"HeadYaw", 0.1}), "wrong-arity");
  EXPECT_EQ(refusal("ALMotion.getAngles", {"HeadYaw", "yes"}), "bad-argument");
  wait(1);
  EXPECT_EQ(angle("HeadYaw"), 0.0) << "nothing refused moved";
}

// ---- interpolations -------------------------------------------------------------------

TEST_F(Motion, AngleInterpolationTakesItsLastTimeAndPassesThroughItsKeys) {
  call("ALMotion.angleInterpolation", {"HeadYaw", json::array({0.5, 1.0}), json::array({1.0, 2.0}), true});
  EXPECT_EQ(taken, core::fromSeconds(2.0));
  runTo(0.5);
  EXPECT_NEAR(angle("HeadYaw"), 0.25, 1e-9);
  runTo(1.5);
  EXPECT_NEAR(angle("HeadYaw"), 0.75, 1e-9);
  EXPECT_EQ(key(actuator("HeadYaw")), 0.0);
  runTo(2.0);
  EXPECT_EQ(key(actuator("HeadYaw")), 1.0);
  EXPECT_EQ(angle("HeadYaw"), 1.0);
}

TEST_F(Motion, AngleInterpolationPerJointListsAndSharedTimes) {
  call("ALMotion.angleInterpolation",
       {json::array({"HeadYaw", "HeadPitch"}), json::array({json::array({0.2, 0.4}), json::array({-0.1, -0.3})}),
        json::array({1.0, 3.0}), true});
  EXPECT_EQ(taken, core::fromSeconds(3.0)) << "one list of times serves every joint";
  call("ALMotion.angleInterpolation",
       {json::array({"LHand", "RHand"}), json::array({json::array({0.0}), json::array({1.0, 0.5})}),
        json::array({json::array({0.5}), json::array({1.0, 4.0})}), true});
  EXPECT_EQ(taken, core::fromSeconds(4.0)) << "the longest joint decides";
  wait(took);
  EXPECT_EQ(call("ALMotion.getAngles", {json::array({"HeadYaw", "HeadPitch", "LHand", "RHand"}), true}),
            json::array({0.4, -0.3, 0.0, 0.5}));
}

TEST_F(Motion, RelativeInterpolationStartsFromTheCurrentAngle) {
  callAndWait("ALMotion.angleInterpolation", {"HeadYaw", 0.5, 1.0, true});
  callAndWait("ALMotion.angleInterpolation", {"HeadYaw", 0.25, 1.0, false});
  EXPECT_NEAR(angle("HeadYaw"), 0.75, 1e-12);
}

TEST_F(Motion, AngleInterpolationRefusals) {
  EXPECT_EQ(refusal("ALMotion.angleInterpolation", {"HeadYaw", json::array({0.1, 0.2}), json::array({2.0, 1.0}), true}),
            "bad-argument");
  EXPECT_THAT(message, HasSubstr("increasing"));
  EXPECT_EQ(refusal("ALMotion.angleInterpolation", {"HeadYaw", 0.1, 0.0, true}), "bad-argument");
  EXPECT_EQ(refusal("ALMotion.angleInterpolation", {"HeadYaw", 0.1, -1.0, true}), "bad-argument");
  EXPECT_EQ(refusal("ALMotion.angleInterpolation", {"HeadYaw", json::array({0.1, 0.2}), json::array({1.0}), true}),
            "bad-argument");
  EXPECT_THAT(message, HasSubstr("2 values but 1 time"));
  EXPECT_EQ(refusal("ALMotion.angleInterpolation", {"Head", json::array({json::array({0.1})}), 1.0, true}),
            "bad-argument");
  EXPECT_EQ(refusal("ALMotion.angleInterpolation", {"HeadYaw", json::array(), json::array(), true}), "bad-argument");
  EXPECT_EQ(refusal("ALMotion.angleInterpolation", {"Neck", 0.1, 1.0, true}), "unknown-joint");
  EXPECT_EQ(refusal("ALMotion.angleInterpolation", {"HeadYaw", 0.1, 1.0, "absolutely"}), "bad-argument");
  EXPECT_EQ(refusal("ALMotion.angleInterpolation", {"HeadYaw", json::array({"a"}), 1.0, true}), "bad-argument");
  EXPECT_TRUE(robot().body().tasks().empty());
}

TEST_F(Motion, AngleInterpolationWithSpeedTakesTheSlowestJoint) {
  call("ALMotion.angleInterpolationWithSpeed", {json::array({"HeadYaw", "LKneePitch"}), json::array({1.0, 1.35}), 0.5});
  const double head = 1.0 / (0.5 * kHeadYawMaxVelocity), knee = 1.0 / (0.5 * 6.40);
  EXPECT_NEAR(took, std::max(head, knee), 1e-9);
  wait(took);
  EXPECT_NEAR(angle("LKneePitch"), 1.35, 1e-12);
  EXPECT_EQ(refusal("ALMotion.angleInterpolationWithSpeed", {"HeadYaw", 0.1, 0}), "bad-argument");
  EXPECT_EQ(refusal("ALMotion.angleInterpolationWithSpeed", {"HeadYaw", 0.1, 2}), "bad-argument");
  EXPECT_EQ(refusal("ALMotion.angleInterpolationWithSpeed", {"HeadYaw", json::array({0.1, 0.2}), 0.5}), "bad-argument");
}

TEST_F(Motion, AngleInterpolationBezierIsWhatATimelineSends) {
  const json handles = json::array({3, -0.3, 0.0});
  call("ALMotion.angleInterpolationBezier",
       {json::array({"HeadYaw", "HeadPitch"}), json::array({json::array({1.0, 2.0}), json::array({2.0})}),
        json::array({json::array({json::array({0.5, handles, handles}), json::array({1.0, handles, handles})}),
                     json::array({json::array({-0.2, handles, handles})})})});
  EXPECT_EQ(taken, core::fromSeconds(2.0));
  wait(took);
  EXPECT_EQ(call("ALMotion.getAngles", {"Head", true}), json::array({1.0, -0.2}));
  EXPECT_EQ(refusal("ALMotion.angleInterpolationBezier", {json::array({"Head"}), json::array({1.0}), json::array({0.1})}),
            "unknown-joint")
      << "the timeline names joints, not chains";
  EXPECT_EQ(refusal("ALMotion.angleInterpolationBezier",
                    {json::array({"HeadYaw", "HeadPitch"}), json::array({1.0}), json::array({json::array({0.1})})}),
            "bad-argument");
  EXPECT_THAT(message, HasSubstr("one list per joint"));
  EXPECT_EQ(refusal("ALMotion.angleInterpolationBezier", {json::array({"HeadYaw"}), json::array({1.0}), json::array({0.1})}),
            "bad-argument");
  EXPECT_EQ(refusal("ALMotion.angleInterpolationBezier",
                    {json::array({"HeadYaw"}), json::array({1.0}), json::array({json::array({json::array({"x"})})})}),
            "bad-argument");
}

TEST_F(Motion, ANewCommandTakesAJointOverFromWhereItIs) {
  call("ALMotion.angleInterpolation", {"HeadYaw", 1.0, 2.0, true});
  runTo(1.0);
  call("ALMotion.angleInterpolation", {"HeadYaw", 0.0, 1.0, true});
  runTo(1.5);
  EXPECT_NEAR(angle("HeadYaw"), 0.25, 1e-9) << "from 0.5 at 1 s towards 0 at 2 s";
  runTo(2.0);
  EXPECT_EQ(angle("HeadYaw"), 0.0);
  EXPECT_EQ(key(actuator("HeadYaw")), 0.0);
  EXPECT_TRUE(robot().body().tasks().empty()) << "the first task ended when it lost its last joint";
}

// ---- hands ----------------------------------------------------------------------------

TEST_F(Motion, HandsOpenAndCloseInHalfASecond) {
  call("ALMotion.openHand", {"LHand"});
  EXPECT_EQ(taken, core::fromSeconds(0.5));
  wait(took);
  EXPECT_EQ(angle("LHand"), 1.0);
  callAndWait("ALMotion.closeHand", {"LHand"});
  EXPECT_EQ(angle("LHand"), 0.0);
  EXPECT_EQ(key(sensor("LHand")), 0.0);
  EXPECT_EQ(refusal("ALMotion.openHand", {"LArm"}), "unknown-joint");
  EXPECT_EQ(refusal("ALMotion.openHand", {1}), "bad-argument");
}

// ---- stiffness ------------------------------------------------------------------------

TEST_F(Motion, SetStiffnessesIsImmediateAndClamped) {
  call("ALMotion.setStiffnesses", {"Head", json::array({0.5, 2.0})});
  EXPECT_EQ(call("ALMotion.getStiffnesses", {"Head"}), json::array({0.5, 1.0}));
  settle();
  EXPECT_EQ(key(hardness("HeadYaw")), 0.5);
  call("ALMotion.setStiffnesses", {"Body", 0.0});
  EXPECT_EQ(stiffness("RAnkleRoll"), 0.0);
  EXPECT_EQ(refusal("ALMotion.setStiffnesses", {"Head", "stiff"}), "bad-argument");
  EXPECT_EQ(refusal("ALMotion.setStiffnesses", {"Wing", 1.0}), "unknown-joint");
}

TEST_F(Motion, StiffnessInterpolationRampsOverTime) {
  call("ALMotion.setStiffnesses", {"Head", 0.0});
  call("ALMotion.stiffnessInterpolation", {"HeadYaw", json::array({0.2, 0.8}), json::array({1.0, 2.0})});
  EXPECT_EQ(taken, core::fromSeconds(2.0));
  runTo(0.5);
  EXPECT_NEAR(stiffness("HeadYaw"), 0.1, 1e-9);
  runTo(1.5);
  EXPECT_NEAR(stiffness("HeadYaw"), 0.5, 1e-9);
  EXPECT_EQ(key(hardness("HeadYaw")), 0.0);
  runTo(2.0);
  EXPECT_EQ(key(hardness("HeadYaw")), 0.8);
  EXPECT_EQ(refusal("ALMotion.stiffnessInterpolation", {"HeadYaw", 1.0, 0.0}), "bad-argument");
}

// ---- wakeUp and rest ------------------------------------------------------------------

TEST_F(Motion, RestGoesToCrouchThenRelaxes) {
  for (const char* k : {"robotIsWakeUp", "ALMotion/Stiffness/restStarted", "ALMotion/Stiffness/restFinished",
                        "PostureChanged", "PostureFamilyChanged"})
    watch(k);
  call("ALMotion.rest");
  const double end = took;
  const double travel = 2.11 - 0.35;  // the knees, Stand to Crouch
  EXPECT_NEAR(end, travel / 0.8, 1e-9) << "rest moves at 0.8 rad/s";
  settle();
  ASSERT_EQ(seenOf("ALMotion/Stiffness/restStarted").size(), 1u);
  EXPECT_DOUBLE_EQ(seenOf("ALMotion/Stiffness/restStarted")[0].t, 0.0);
  EXPECT_EQ(call("ALMotion.robotIsWakeUp"), true) << "awake until the end of the move";
  runTo(end);
  EXPECT_EQ(call("ALMotion.robotIsWakeUp"), false);
  EXPECT_EQ(key("robotIsWakeUp"), false);
  EXPECT_EQ(seenOf("ALMotion/Stiffness/restFinished").size(), 1u);
  EXPECT_EQ(key("PostureChanged"), "Crouch");
  EXPECT_EQ(key("PostureFamilyChanged"), "Crouching");
  EXPECT_EQ(call("ALRobotPosture.getPosture"), "Crouch");
  for (double s : call("ALMotion.getStiffnesses", {"Body"}).get<std::vector<double>>()) EXPECT_EQ(s, 0.0);
  EXPECT_EQ(key(hardness("LKneePitch")), 0.0);
  EXPECT_EQ(call("ALMotion.getAngles", {"Body", true}).get<std::vector<double>>(), postureAngles("Crouch"));

  call("ALMotion.rest");
  EXPECT_EQ(taken, core::Duration::zero()) << "resting already";
}

TEST_F(Motion, NaoWakeUpStiffensInASecondAndKeepsItsPosture) {
  callAndWait("ALMotion.rest");
  watch("robotIsWakeUp");
  watch("ALMotion/Stiffness/wakeUpStarted");
  watch("ALMotion/Stiffness/wakeUpFinished");
  const double start = now();
  call("ALMotion.wakeUp");
  EXPECT_EQ(taken, core::fromSeconds(1.0));
  runTo(start + 0.5);
  EXPECT_NEAR(stiffness("HeadYaw"), 0.5, 1e-9);
  runTo(start + 1.0);
  EXPECT_EQ(call("ALMotion.robotIsWakeUp"), true);
  ASSERT_EQ(seenOf("robotIsWakeUp").size(), 1u);
  EXPECT_EQ(seenOf("robotIsWakeUp")[0].value, true);
  EXPECT_NEAR(seenOf("robotIsWakeUp")[0].t, start + 1.0, 1e-9);
  EXPECT_DOUBLE_EQ(seenOf("ALMotion/Stiffness/wakeUpStarted").at(0).t, start);
  EXPECT_NEAR(seenOf("ALMotion/Stiffness/wakeUpFinished").at(0).t, start + 1.0, 1e-9);
  EXPECT_EQ(key(hardness("HeadYaw")), 1.0);
  EXPECT_EQ(call("ALRobotPosture.getPosture"), "Crouch") << "NAO keeps its posture";
  call("ALMotion.wakeUp");
  EXPECT_EQ(taken, core::Duration::zero()) << "awake and stiff already";
}

TEST_F(Motion, WakeUpStiffensAnAwakeRobotWhoseJointsWereRelaxed) {
  call("ALMotion.setStiffnesses", {"Body", 0.0});
  call("ALMotion.wakeUp");
  EXPECT_EQ(taken, core::fromSeconds(1.0));
  wait(took);
  for (double s : call("ALMotion.getStiffnesses", {"Body"}).get<std::vector<double>>()) EXPECT_EQ(s, 1.0);
}

TEST_F(Motion, PepperWakeUpStiffensThenStandsUp) {
  pepper();
  callAndWait("ALMotion.rest");
  EXPECT_EQ(call("ALRobotPosture.getPosture"), "Crouch");
  const auto crouch = postureAngles("Crouch"), standInit = postureAngles("StandInit");
  double travel = 0;
  for (std::size_t j = 0; j < crouch.size(); ++j) travel = std::max(travel, std::abs(crouch[j] - standInit[j]));
  call("ALMotion.wakeUp");
  const double end = now() + took;
  EXPECT_NEAR(took, 1.0 + travel / 0.5, 1e-9);
  wait(0.5);
  EXPECT_EQ(call("ALMotion.getAngles", {"Body", true}).get<std::vector<double>>(), crouch) << "stiffening first";
  runTo(end - 0.001);
  EXPECT_EQ(call("ALRobotPosture.getPosture"), "Crouch");
  runTo(end);
  EXPECT_EQ(call("ALRobotPosture.getPosture"), "StandInit");
  EXPECT_EQ(call("ALMotion.robotIsWakeUp"), true);
  EXPECT_EQ(call("ALMotion.getAngles", {"Body", true}).get<std::vector<double>>(), standInit);
}

TEST_F(Motion, ARestingRobotDoesNotMoveItsJoints) {
  callAndWait("ALMotion.rest");
  const double before = angle("HeadPitch");
  callAndWait("ALMotion.angleInterpolation", {"HeadPitch", 0.3, 1.0, true});
  EXPECT_EQ(angle("HeadPitch", true), before);
  EXPECT_EQ(angle("HeadPitch", false), 0.3);
}

// ---- the base -------------------------------------------------------------------------

TEST_F(Motion, NaoMoveToWalksAtTenCentimetresASecond) {
  EXPECT_EQ(call("ALMotion.moveTo", {0.5, 0.0, 0.0}), true);
  EXPECT_EQ(taken, core::fromSeconds(5.0));
  EXPECT_EQ(call("ALMotion.moveIsActive"), true);
  EXPECT_EQ(call("ALMotion.getRobotVelocity"), json::array({0.1, 0.0, 0.0}));
  EXPECT_EQ(call("ALMotion.getNextRobotPosition"), json::array({0.5, 0.0, 0.0}));
  runTo(2.5);
  EXPECT_NEAR(position()[0], 0.25, 1e-9);
  runTo(5.0);
  EXPECT_EQ(call("ALMotion.moveIsActive"), false);
  EXPECT_EQ(position(), (std::vector<double>{0.5, 0.0, 0.0}));
  EXPECT_EQ(call("ALMotion.getRobotVelocity"), json::array({0.0, 0.0, 0.0}));
}

TEST_F(Motion, MovesComposeInTheRobotFrame) {
  callAndWait("ALMotion.moveTo", {1.0, 0.0, std::numbers::pi / 2});
  EXPECT_NEAR(took, 10.0 + (std::numbers::pi / 2) / 0.5, 1e-9) << "walking then turning at 0.5 rad/s";
  callAndWait("ALMotion.moveTo", {1.0, 0.0, 0.0});
  const auto p = position();
  EXPECT_NEAR(p[0], 1.0, 1e-9);
  EXPECT_NEAR(p[1], 1.0, 1e-9);
  EXPECT_NEAR(p[2], std::numbers::pi / 2, 1e-9);
}

TEST_F(Motion, MoveToOverloads) {
  call("ALMotion.moveTo", {0.1, 0.0, 0.0, 3.0});
  EXPECT_EQ(taken, core::fromSeconds(3.0)) << "moveTo(x, y, theta, time)";
  call("ALMotion.moveTo", {0.1, 0.0, 0.0, json::array({json::array({"MaxVelXY", 0.1})})});
  EXPECT_EQ(taken, core::fromSeconds(1.0)) << "a move configuration is not simulated";
  call("ALMotion.moveTo", {json::array({json::array({0.1, 0.0, 0.0}), json::array({0.1, 0.0, 0.0})})});
  EXPECT_EQ(taken, core::fromSeconds(2.0)) << "control points";
  wait(took);
  EXPECT_NEAR(position()[0], 0.2, 1e-9) << "each move starts where the last one was stopped or ended";
  EXPECT_EQ(refusal("ALMotion.moveTo", {"far", 0.0, 0.0}), "bad-argument");
  EXPECT_EQ(refusal("ALMotion.moveTo", {std::numeric_limits<double>::infinity(), 0.0, 0.0}), "bad-argument");
  EXPECT_EQ(refusal("ALMotion.moveTo", {0.1, 0.0, 0.0, -1.0}), "bad-argument");
  EXPECT_EQ(refusal("ALMotion.moveTo", {json::array({json::array({0.1, 0.0})})}), "bad-argument");
  EXPECT_THAT(message, HasSubstr("[x, y, theta]"));
}

// What Choregraphe's Move To box sends on Pepper: one [x, y, theta, time].
TEST_F(Motion, MoveToTakesPeppersTimedControlPoint) {
  call("ALMotion.moveTo", {json::array({0.1, 0.0, 0.0, 3.0})});
  EXPECT_EQ(taken, core::fromSeconds(3.0)) << "moveTo([x, y, theta, time])";
  wait(took);
  EXPECT_NEAR(position()[0], 0.1, 1e-9);
  call("ALMotion.moveTo", {json::array({0.1, 0.0, 0.0, 4.0}), json::array({json::array({"MaxVelXY", 0.1})})});
  EXPECT_EQ(taken, core::fromSeconds(4.0)) << "with a move configuration";
  EXPECT_EQ(refusal("ALMotion.moveTo", {json::array({0.1, 0.0, 0.0, -1.0})}), "bad-argument");
  EXPECT_THAT(message, HasSubstr("time"));
  EXPECT_EQ(refusal("ALMotion.moveTo", {json::array({0.1, 0.0, 0.0, 1.0, 2.0})}), "bad-argument");
  EXPECT_THAT(message, HasSubstr("[x, y, theta, time]"));
}

// NAOqi: "If time is too short, the robot will move ... in optimal time".
TEST_F(Motion, MoveToInTooShortATimeTakesTheTimeTheMoveNeeds) {
  call("ALMotion.moveTo", {0.1, 0.0, 0.0, 0.2});
  EXPECT_EQ(taken, core::fromSeconds(1.0)) << "0.1 m at 0.1 m/s";
  call("ALMotion.moveTo", {json::array({0.1, 0.0, 0.0, 0.0})});
  EXPECT_EQ(taken, core::fromSeconds(1.0));
}

TEST_F(Motion, GetMoveConfigIsNaosGaitOrPeppersDriveDefaultsAndLimits) {
  const json byDefault = call("ALMotion.getMoveConfig", {"Default"});
  ASSERT_EQ(byDefault.size(), 7u);
  EXPECT_EQ(byDefault[0], json::array({"MaxStepX", 0.04}));
  EXPECT_EQ(call("ALMotion.getMoveConfig", {"Min"})[1], json::array({"MaxStepY", 0.101}));
  EXPECT_EQ(call("ALMotion.getMoveConfig", {"Max"})[4], json::array({"StepHeight", 0.035}));
  EXPECT_EQ(refusal("ALMotion.getMoveConfig", {"Medium"}), "bad-argument");
  pepper();
  const json drive = call("ALMotion.getMoveConfig", {"Default"});
  ASSERT_EQ(drive.size(), 6u) << "Pepper rolls: its drive parameters, not a gait";
  EXPECT_EQ(drive[0], json::array({"MaxVelXY", 0.35}));
  EXPECT_EQ(call("ALMotion.getMoveConfig", {"Max"})[5], json::array({"MaxJerkTheta", 50.0}));
}

TEST_F(Motion, PepperRollsFasterThanNaoWalks) {
  pepper();
  call("ALMotion.moveTo", {0.7, 0.0, 0.0});
  EXPECT_EQ(taken, core::fromSeconds(2.0));
  call("ALMotion.moveTo", {0.0, 0.0, 1.0});
  EXPECT_EQ(taken, core::fromSeconds(1.0)) << "a new move replaces the current one";
}

TEST_F(Motion, ARestingRobotDoesNotMove) {
  callAndWait("ALMotion.rest");
  EXPECT_EQ(call("ALMotion.moveTo", {1.0, 0.0, 0.0}), false);
  EXPECT_EQ(taken, core::Duration::zero());
  call("ALMotion.move", {0.1, 0.0, 0.0});
  wait(5);
  EXPECT_EQ(position(), (std::vector<double>{0.0, 0.0, 0.0}));
  EXPECT_EQ(call("ALMotion.moveIsActive"), false);
}

TEST_F(Motion, VelocityMovesGoOnUntilStopped) {
  call("ALMotion.move", {0.05, 0.0, 0.0});
  EXPECT_EQ(taken, core::Duration::zero());
  runTo(2.0);
  EXPECT_NEAR(position()[0], 0.1, 1e-9);
  EXPECT_EQ(call("ALMotion.stopMove"), true);
  runTo(10.0);
  EXPECT_NEAR(position()[0], 0.1, 1e-9);
  call("ALMotion.move", {5.0, 0.0, 0.0});
  EXPECT_EQ(call("ALMotion.getRobotVelocity"), json::array({0.1, 0.0, 0.0})) << "clamped to the walking speed";
  call("ALMotion.moveToward", {0.5, 0.0, -1.0});
  EXPECT_EQ(call("ALMotion.getRobotVelocity"), json::array({0.05, 0.0, -0.5})) << "fractions of the maximum";
  EXPECT_EQ(refusal("ALMotion.moveToward", {2.0, 0.0, 0.0}), "bad-argument");
  call("ALMotion.move", {0.0, 0.0, 0.0});
  EXPECT_EQ(call("ALMotion.moveIsActive"), false);
}

TEST_F(Motion, WaitUntilMoveIsFinishedTakesWhatIsLeft) {
  call("ALMotion.moveTo", {0.3, 0.0, 0.0});
  runTo(1.0);
  call("ALMotion.waitUntilMoveIsFinished");
  EXPECT_EQ(taken, core::fromSeconds(2.0));
  call("ALMotion.killMove");
  call("ALMotion.waitUntilMoveIsFinished");
  EXPECT_EQ(taken, core::Duration::zero());
  EXPECT_NEAR(position()[0], 0.1, 1e-9);
}

// ---- tasks ----------------------------------------------------------------------------

TEST_F(Motion, TasksCanBeListedAndKilledWhereTheyAre) {
  call("ALMotion.angleInterpolation", {"HeadYaw", 1.0, 2.0, true});
  const json tasks = call("ALMotion.getTaskList");
  ASSERT_EQ(tasks.size(), 1u);
  EXPECT_EQ(tasks[0][0], "angleInterpolation");
  EXPECT_EQ(call("ALMotion.areResourcesAvailable", {json::array({"HeadYaw"})}), false);
  EXPECT_EQ(call("ALMotion.areResourcesAvailable", {"LArm"}), true);
  runTo(1.0);
  EXPECT_EQ(call("ALMotion.killTask", {tasks[0][1]}), true);
  settle();
  EXPECT_EQ(angle("HeadYaw"), 0.5);
  EXPECT_EQ(key(actuator("HeadYaw")), 0.5) << "a killed task's joints reach memory where they stopped";
  EXPECT_EQ(call("ALMotion.killTask", {tasks[0][1]}), false);
  EXPECT_EQ(call("ALMotion.getTaskList"), json::array());
  runTo(3.0);
  EXPECT_EQ(angle("HeadYaw"), 0.5);
}

TEST_F(Motion, KillAllStopsJointsAndBase) {
  call("ALMotion.setAngles", {"HeadYaw", 1.0, 0.1});
  call("ALMotion.moveTo", {1.0, 0.0, 0.0});
  runTo(1.0);
  call("ALMotion.killAll");
  EXPECT_EQ(call("ALMotion.getTaskList"), json::array());
  EXPECT_EQ(call("ALMotion.moveIsActive"), false);
  runTo(20.0);
  EXPECT_NEAR(angle("HeadYaw"), 0.826, 1e-9);
  EXPECT_NEAR(position()[0], 0.1, 1e-9);
}

TEST_F(Motion, KillTasksUsingResources) {
  call("ALMotion.setAngles", {"HeadYaw", 1.0, 0.1});
  call("ALMotion.setAngles", {"LShoulderPitch", 0.0, 0.1});
  call("ALMotion.killTasksUsingResources", {json::array({"Head"})});
  const json tasks = call("ALMotion.getTaskList");
  ASSERT_EQ(tasks.size(), 1u);
  EXPECT_EQ(call("ALMotion.areResourcesAvailable", {"Head"}), true);
  EXPECT_EQ(call("ALMotion.areResourcesAvailable", {"LArm"}), false);
  EXPECT_EQ(refusal("ALMotion.killTask", {"one"}), "bad-argument");
}

// ---- switches -------------------------------------------------------------------------

TEST_F(Motion, SwitchesKeepTheirState) {
  EXPECT_EQ(call("ALMotion.getExternalCollisionProtectionEnabled", {"All"}), true);
  call("ALMotion.setExternalCollisionProtectionEnabled", {"All", false});
  EXPECT_EQ(call("ALMotion.getExternalCollisionProtectionEnabled", {"Move"}), false);
  EXPECT_EQ(call("ALMotion.getExternalCollisionProtectionEnabled", {"LArm"}), false);
  call("ALMotion.setExternalCollisionProtectionEnabled", {"Arms", true});
  EXPECT_EQ(call("ALMotion.getExternalCollisionProtectionEnabled", {"RArm"}), true);
  EXPECT_EQ(call("ALMotion.getExternalCollisionProtectionEnabled", {"Move"}), false);
  EXPECT_EQ(refusal("ALMotion.setExternalCollisionProtectionEnabled", {"Legs", false}), "bad-argument");
  EXPECT_THAT(message, HasSubstr("Move, Arms, LArm, RArm, All"));

  EXPECT_EQ(call("ALMotion.getFallManagerEnabled"), true);
  call("ALMotion.setFallManagerEnabled", {false});
  EXPECT_EQ(call("ALMotion.getFallManagerEnabled"), false);
  EXPECT_EQ(refusal("ALMotion.setFallManagerEnabled", {"no"}), "bad-argument");

  EXPECT_EQ(call("ALMotion.getBreathEnabled", {"Arms"}), false);
  call("ALMotion.setBreathEnabled", {"Body", true});
  EXPECT_EQ(call("ALMotion.getBreathEnabled", {"Arms"}), true) << "Body covers every chain";
  EXPECT_EQ(refusal("ALMotion.setBreathEnabled", {"Tail", true}), "unknown-joint");

  call("ALMotion.setMoveArmsEnabled", {true, false});
  EXPECT_EQ(call("ALMotion.getMoveArmsEnabled", {"LArm"}), true);
  EXPECT_EQ(call("ALMotion.getMoveArmsEnabled", {"Arms"}), false);
  EXPECT_EQ(call("ALMotion.setCollisionProtectionEnabled", {"Arms", false}), true);
  EXPECT_EQ(call("ALMotion.getCollisionProtectionEnabled", {"LArm"}), false);
}

// ---- what the robot is ----------------------------------------------------------------

TEST_F(Motion, NaoBody) {
  const auto names = call("ALMotion.getBodyNames", {"Body"}).get<std::vector<std::string>>();
  ASSERT_EQ(names.size(), 26u);
  EXPECT_EQ(names.front(), "HeadYaw");
  EXPECT_EQ(names[8], "LHipYawPitch");
  EXPECT_EQ(names.back(), "RHand");
  EXPECT_EQ(call("ALMotion.getJointNames", {"LArm"}),
            json::array({"LShoulderPitch", "LShoulderRoll", "LElbowYaw", "LElbowRoll", "LWristYaw", "LHand"}));
  EXPECT_EQ(call("ALMotion.getJointNames", {"LLeg"}).size(), 6u);
  EXPECT_EQ(call("ALMotion.getLimits", {"HeadYaw"}), json::array({json::array({-2.0857, 2.0857, 8.26, 1.55})}));
  EXPECT_EQ(refusal("ALMotion.getJointNames", {"Leg"}), "unknown-joint");
  EXPECT_EQ(call("ALMotion.getRobotConfig")[1][0], "naoH25");
  EXPECT_THAT(call("ALMotion.getSummary").get<std::string>(), HasSubstr("LHipYawPitch"));
}

TEST_F(Motion, PepperBody) {
  pepper();
  const auto names = call("ALMotion.getBodyNames", {"Body"}).get<std::vector<std::string>>();
  ASSERT_EQ(names.size(), 17u);
  EXPECT_EQ(names[2], "HipRoll");
  EXPECT_EQ(call("ALMotion.getJointNames", {"Leg"}), json::array({"HipRoll", "HipPitch", "KneePitch"}));
  EXPECT_EQ(refusal("ALMotion.getJointNames", {"LLeg"}), "unknown-joint");
  EXPECT_THAT(message, HasSubstr("Pepper"));
  EXPECT_EQ(refusal("ALMotion.setAngles", {"LHipYawPitch", 0.0, 0.5}), "unknown-joint");
  EXPECT_EQ(call("ALMotion.getRobotConfig")[1][0], "juliette");
  EXPECT_EQ(call("ALMotion.getAngles", {"Body", true}).get<std::vector<double>>(), postureAngles("Stand"));
  EXPECT_EQ(key(sensor("KneePitch")), 0.0);
}

}  // namespace
