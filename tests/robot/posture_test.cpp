// ALRobotPosture through the registry: the postures and families of NAO and
// Pepper, how long a transition takes, when the posture and its memory
// events change, getting up from lying, stopping, and refusals.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "robot_fixture.hpp"

namespace {

using namespace autolife;
using namespace autolife::robottest;
using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

class Posture : public RobotFixture {
protected:
  // The largest joint travel between two postures (rad): a transition's
  // time at full speed (1 rad/s).
  double travel(const std::string& from, const std::string& to) {
    const auto& a = robot().body().model().posture(from)->angles;
    const auto& b = robot().body().model().posture(to)->angles;
    double t = 0;
    for (std::size_t j = 0; j < a.size(); ++j) t = std::max(t, std::abs(a[j] - b[j]));
    return t;
  }
  std::string posture() { return call("ALRobotPosture.getPosture").get<std::string>(); }
  std::string family() { return call("ALRobotPosture.getPostureFamily").get<std::string>(); }
};

TEST_F(Posture, NaoPosturesAndFamilies) {
  EXPECT_THAT(call("ALRobotPosture.getPostureList").get<std::vector<std::string>>(),
              UnorderedElementsAre("Stand", "StandInit", "StandZero", "Crouch", "Sit", "SitRelax", "LyingBack", "LyingBelly"));
  EXPECT_THAT(call("ALRobotPosture.getPostureFamilyList").get<std::vector<std::string>>(),
              UnorderedElementsAre("Standing", "Crouching", "Sitting", "LyingBack", "LyingBelly"));
  EXPECT_EQ(posture(), "Stand");
  EXPECT_EQ(family(), "Standing");
}

TEST_F(Posture, PepperPosturesAndFamilies) {
  pepper();
  EXPECT_THAT(call("ALRobotPosture.getPostureList").get<std::vector<std::string>>(),
              UnorderedElementsAre("Stand", "StandInit", "StandZero", "Crouch"));
  EXPECT_THAT(call("ALRobotPosture.getPostureFamilyList").get<std::vector<std::string>>(),
              UnorderedElementsAre("Standing", "Crouching"));
  EXPECT_EQ(refusal("ALRobotPosture.goToPosture", {"Sit", 1.0}), "unknown-posture");
  EXPECT_THAT(message, HasSubstr("Pepper"));
  EXPECT_EQ(refusal("ALRobotPosture.goToPosture", {"LyingBack", 1.0}), "unknown-posture");
}

TEST_F(Posture, GoToPostureTakesTheLargestJointTravelAtTheFractionOfSpeed) {
  const double full = travel("Stand", "Crouch");
  EXPECT_NEAR(full, 1.76, 1e-9);
  EXPECT_EQ(call("ALRobotPosture.goToPosture", {"Crouch", 0.5}), true);
  EXPECT_NEAR(took, full / 0.5, 1e-9);
}

TEST_F(Posture, ThePostureChangesAtTheEndOfTheMove) {
  for (const char* k : {"PostureChanged", "PostureFamilyChanged"}) watch(k);
  std::vector<std::pair<std::string, std::string>> signalled;
  robot().postureChanged().connect([&](const std::string& p, const std::string& f) { signalled.emplace_back(p, f); });
  call("ALRobotPosture.goToPosture", {"Crouch", 1.0});
  const double end = took;
  runTo(end / 2);
  EXPECT_EQ(posture(), "Stand") << "until the move ends";
  EXPECT_TRUE(seen.empty());
  runTo(end);
  EXPECT_EQ(posture(), "Crouch");
  EXPECT_EQ(family(), "Crouching");
  ASSERT_EQ(seenOf("PostureChanged").size(), 1u);
  EXPECT_EQ(seenOf("PostureChanged")[0].value, "Crouch");
  EXPECT_DOUBLE_EQ(seenOf("PostureChanged")[0].t, end);
  ASSERT_EQ(seenOf("PostureFamilyChanged").size(), 1u);
  EXPECT_EQ(seenOf("PostureFamilyChanged")[0].value, "Crouching");
  ASSERT_EQ(signalled.size(), 1u);
  EXPECT_EQ(signalled[0], std::make_pair(std::string("Crouch"), std::string("Crouching")));
  EXPECT_EQ(call("ALMotion.getAngles", {"Body", true}).get<std::vector<double>>(),
            robot().body().model().posture("Crouch")->angles);
  EXPECT_EQ(key("Device/SubDeviceList/LKneePitch/Position/Sensor/Value"), 2.11);
}

TEST_F(Posture, ASameFamilyPostureRaisesNoFamilyChange) {
  watch("PostureChanged");
  watch("PostureFamilyChanged");
  callAndWait("ALRobotPosture.goToPosture", {"StandInit", 1.0});
  EXPECT_NEAR(took, travel("Stand", "StandInit"), 1e-9);
  EXPECT_EQ(posture(), "StandInit");
  EXPECT_EQ(seenOf("PostureChanged").size(), 1u);
  EXPECT_TRUE(seenOf("PostureFamilyChanged").empty());
}

TEST_F(Posture, BeingThereAlreadyTakesNoTime) {
  watch("PostureChanged");
  EXPECT_EQ(call("ALRobotPosture.goToPosture", {"Stand", 0.8}), true);
  EXPECT_EQ(taken, core::Duration::zero());
  wait(1);
  EXPECT_TRUE(seen.empty());
}

TEST_F(Posture, GettingUpFromLyingTakesSixSecondsMore) {
  callAndWait("ALRobotPosture.applyPosture", {"LyingBack", 1.0});
  EXPECT_EQ(posture(), "LyingBack");
  EXPECT_EQ(family(), "LyingBack");
  const double move = travel("LyingBack", "Stand");
  call("ALRobotPosture.goToPosture", {"Stand", 0.5});
  EXPECT_NEAR(took, move / 0.5 + 6.0 / 0.5, 1e-9);
  call("ALRobotPosture.stopMove");
  call("ALRobotPosture.applyPosture", {"Stand", 0.5});
  EXPECT_NEAR(took, move / 0.5, 1e-9) << "applyPosture goes straight there";
  wait(took);
  EXPECT_EQ(posture(), "Stand");
}

TEST_F(Posture, LyingPosturesAreOnlyKnownWhenAsked) {
  callAndWait("ALRobotPosture.goToPosture", {"LyingBelly", 1.0});
  EXPECT_EQ(posture(), "LyingBelly");
  EXPECT_EQ(family(), "LyingBelly");
  callAndWait("ALRobotPosture.goToPosture", {"StandZero", 1.0});
  EXPECT_EQ(posture(), "StandZero") << "legs like lying, but asked for StandZero";
  EXPECT_EQ(family(), "Standing");
}

TEST_F(Posture, GoingToAPostureWhileRestingWakesTheRobot) {
  callAndWait("ALMotion.rest");
  watch("robotIsWakeUp");
  call("ALRobotPosture.goToPosture", {"Stand", 1.0});
  const double end = now() + took;
  EXPECT_NEAR(took, travel("Crouch", "Stand"), 1e-9);
  EXPECT_EQ(call("ALMotion.robotIsWakeUp"), true);
  EXPECT_EQ(call("ALMotion.getStiffnesses", {"LKneePitch"}), json::array({1.0}));
  settle();
  ASSERT_EQ(seenOf("robotIsWakeUp").size(), 1u);
  EXPECT_EQ(seenOf("robotIsWakeUp")[0].value, true);
  runTo(end);
  EXPECT_EQ(posture(), "Stand");
  EXPECT_EQ(call("ALMotion.getAngles", {"Body", true}).get<std::vector<double>>(),
            robot().body().model().posture("Stand")->angles);
}

TEST_F(Posture, ATransitionOfNoTimeIsDoneWhenTheCallReturns) {
  callAndWait("ALMotion.rest");
  call("ALMotion.setAngles", {"HeadYaw", 1.0, 1.0});
  wait(1);
  EXPECT_EQ(call("ALMotion.getAngles", {"HeadYaw", false}), json::array({1.0})) << "commanded, but relaxed: not moved";
  call("ALRobotPosture.goToPosture", {"Crouch", 1.0});
  EXPECT_EQ(taken, core::Duration::zero()) << "every joint already is where Crouch puts it";
  EXPECT_EQ(call("ALMotion.getAngles", {"HeadYaw", false}), json::array({0.0})) << "read before the clock runs";
  settle();
  EXPECT_EQ(key("Device/SubDeviceList/HeadYaw/Position/Actuator/Value"), 0.0);
}

TEST_F(Posture, StopMoveLeavesTheRobotBetweenPostures) {
  watch("PostureChanged");
  call("ALRobotPosture.goToPosture", {"Crouch", 1.0});
  runTo(0.7);
  call("ALRobotPosture.stopMove");
  settle();
  EXPECT_EQ(posture(), "Unknown");
  EXPECT_EQ(family(), "Unknown");
  ASSERT_EQ(seenOf("PostureChanged").size(), 1u);
  EXPECT_EQ(seenOf("PostureChanged")[0].value, "Unknown");
  const double knee = call("ALMotion.getAngles", {"LKneePitch", true}).at(0).get<double>();
  EXPECT_NEAR(knee, 0.35 + 0.7, 1e-9) << "0.7 s at 1 rad/s";
  EXPECT_NEAR(key("Device/SubDeviceList/LKneePitch/Position/Sensor/Value").get<double>(), knee, 1e-12);
  runTo(5);
  EXPECT_EQ(posture(), "Unknown");
  call("ALRobotPosture.goToPosture", {"Stand", 1.0});
  EXPECT_NEAR(took, 0.7, 1e-9) << "from where it stopped";
}

TEST_F(Posture, JointsMovedByHandChangeTheRecognisedPosture) {
  callAndWait("ALMotion.angleInterpolation", {json::array({"LKneePitch", "RKneePitch"}), 1.2, 1.0, true});
  EXPECT_EQ(posture(), "Unknown");
  callAndWait("ALMotion.angleInterpolation", {json::array({"LKneePitch", "RKneePitch"}), 0.35, 1.0, true});
  EXPECT_EQ(posture(), "Stand") << "recognised again from the legs";
  callAndWait("ALMotion.angleInterpolation", {"LArm", json::array({0.0, 0.0, 0.0, -0.5, 0.0, 0.0}), 1.0, true});
  EXPECT_EQ(posture(), "Stand") << "arms do not change a posture";
}

TEST_F(Posture, Refusals) {
  EXPECT_EQ(refusal("ALRobotPosture.goToPosture", {"Handstand", 1.0}), "unknown-posture");
  EXPECT_THAT(message, HasSubstr("Handstand"));
  EXPECT_THAT(message, HasSubstr("StandInit"));
  EXPECT_EQ(refusal("ALRobotPosture.goToPosture", {"Crouch", 0.0}), "bad-argument");
  EXPECT_EQ(refusal("ALRobotPosture.goToPosture", {"Crouch", 1.5}), "bad-argument");
  EXPECT_EQ(refusal("ALRobotPosture.goToPosture", {"Crouch", "fast"}), "bad-argument");
  EXPECT_EQ(refusal("ALRobotPosture.applyPosture", {42, 1.0}), "bad-argument");
  EXPECT_EQ(refusal("ALRobotPosture.goToPosture", {"Crouch"}), "wrong-arity");
  EXPECT_EQ(refusal("ALRobotPosture.setMaxTryNumber", {0}), "bad-argument");
  EXPECT_EQ(refusal("ALRobotPosture.setMaxTryNumber", {3}), "");
  wait(5);
  EXPECT_EQ(posture(), "Stand");
  EXPECT_TRUE(robot().body().tasks().empty());
}

}  // namespace
