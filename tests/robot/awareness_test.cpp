// ALBasicAwareness through the registry: its switches across NAOqi
// versions, engagement and tracking modes, stimuli (NAO vs Pepper),
// parameters, and refusals.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "robot_fixture.hpp"

namespace {

using namespace autolife;
using namespace autolife::robottest;
using ::testing::HasSubstr;

using BasicAwareness = RobotFixture;

TEST_F(BasicAwareness, ItStartsStoppedAndUnengaged) {
  EXPECT_EQ(call("ALBasicAwareness.isEnabled"), false);
  EXPECT_EQ(call("ALBasicAwareness.isRunning"), false);
  EXPECT_EQ(call("ALBasicAwareness.getEngagementMode"), "Unengaged");
  EXPECT_EQ(call("ALBasicAwareness.getTrackingMode"), "Head");
  pepper();
  EXPECT_EQ(call("ALBasicAwareness.getTrackingMode"), "BodyRotation");
}

TEST_F(BasicAwareness, EnabledPausedAndRunning) {
  call("ALBasicAwareness.setEnabled", {true});
  EXPECT_EQ(call("ALBasicAwareness.isEnabled"), true);
  EXPECT_EQ(call("ALBasicAwareness.isRunning"), true);
  call("ALBasicAwareness.pauseAwareness");
  EXPECT_EQ(call("ALBasicAwareness.isAwarenessPaused"), true);
  EXPECT_EQ(call("ALBasicAwareness.isRunning"), false);
  EXPECT_EQ(call("ALBasicAwareness.isEnabled"), true);
  call("ALBasicAwareness.resumeAwareness");
  EXPECT_EQ(call("ALBasicAwareness.isRunning"), true);
  call("ALBasicAwareness.setEnabled", {0});
  EXPECT_EQ(call("ALBasicAwareness.isRunning"), false);
  call("ALBasicAwareness.pauseAwareness");
  EXPECT_EQ(call("ALBasicAwareness.isAwarenessPaused"), false) << "only a running awareness pauses";
  EXPECT_EQ(refusal("ALBasicAwareness.setEnabled", {"on"}), "bad-argument");
}

TEST_F(BasicAwareness, TheOlderApiDrivesTheSameSwitch) {
  call("ALBasicAwareness.startAwareness");
  EXPECT_EQ(call("ALBasicAwareness.isAwarenessRunning"), true);
  EXPECT_EQ(call("ALBasicAwareness.isEnabled"), true);
  call("ALBasicAwareness.stopAwareness");
  EXPECT_EQ(call("ALBasicAwareness.isRunning"), false);
}

TEST_F(BasicAwareness, Modes) {
  call("ALBasicAwareness.setEngagementMode", {"FullyEngaged"});
  EXPECT_EQ(call("ALBasicAwareness.getEngagementMode"), "FullyEngaged");
  call("ALBasicAwareness.setTrackingMode", {"WholeBody"});
  EXPECT_EQ(call("ALBasicAwareness.getTrackingMode"), "WholeBody");
  EXPECT_EQ(refusal("ALBasicAwareness.setEngagementMode", {"Obsessed"}), "unknown-mode");
  EXPECT_THAT(message, HasSubstr("SemiEngaged"));
  EXPECT_EQ(refusal("ALBasicAwareness.setTrackingMode", {"Eyes"}), "unknown-mode");
  EXPECT_EQ(refusal("ALBasicAwareness.setTrackingMode", {2}), "bad-argument");
  EXPECT_EQ(call("ALBasicAwareness.getEngagementMode"), "FullyEngaged");
  EXPECT_EQ(call("ALBasicAwareness.getTrackingMode"), "WholeBody");
}

TEST_F(BasicAwareness, StimuliDependOnTheRobot) {
  EXPECT_EQ(call("ALBasicAwareness.isStimulusDetectionEnabled", {"People"}), true);
  call("ALBasicAwareness.setStimulusDetectionEnabled", {"Sound", false});
  EXPECT_EQ(call("ALBasicAwareness.isStimulusDetectionEnabled", {"Sound"}), false);
  EXPECT_EQ(refusal("ALBasicAwareness.isStimulusDetectionEnabled", {"TabletTouch"}), "unknown-stimulus");
  EXPECT_THAT(message, HasSubstr("NAO"));
  pepper();
  EXPECT_EQ(call("ALBasicAwareness.isStimulusDetectionEnabled", {"TabletTouch"}), true);
  EXPECT_EQ(call("ALBasicAwareness.isStimulusDetectionEnabled", {"NavigationMotion"}), true);
  EXPECT_EQ(refusal("ALBasicAwareness.setStimulusDetectionEnabled", {"Smell", true}), "unknown-stimulus");
}

TEST_F(BasicAwareness, Parameters) {
  EXPECT_EQ(call("ALBasicAwareness.getParameter", {"LookStimulusSpeed"}), 0.5);
  call("ALBasicAwareness.setParameter", {"LookStimulusSpeed", 0.8});
  EXPECT_EQ(call("ALBasicAwareness.getParameter", {"LookStimulusSpeed"}), 0.8);
  call("ALBasicAwareness.resetAllParameters");
  EXPECT_EQ(call("ALBasicAwareness.getParameter", {"LookStimulusSpeed"}), 0.5);
  EXPECT_EQ(refusal("ALBasicAwareness.setParameter", {"Curiosity", 1.0}), "unknown-parameter");
  EXPECT_EQ(refusal("ALBasicAwareness.getParameter", {"Curiosity"}), "unknown-parameter");
  EXPECT_EQ(refusal("ALBasicAwareness.setParameter", {"LookStimulusSpeed", "fast"}), "bad-argument");
}

TEST_F(BasicAwareness, NobodyIsTrackedHere) {
  EXPECT_EQ(call("ALBasicAwareness.engagePerson", {3}), false);
  EXPECT_EQ(call("ALBasicAwareness.triggerStimulus", {json::array({1.0, 0.0, 0.5})}), -1);
  EXPECT_EQ(refusal("ALBasicAwareness.triggerStimulus", {json::array({"here"})}), "bad-argument");
}

}  // namespace
