// Timelines played: actuator curves sent to ALMotion as one timed
// interpolation (degrees to radians, frames to seconds), the end frame
// ending a box without layers, keyframes entered on their frame.
#include <gmock/gmock.h>

#include <numbers>

#include "runtime_support.hpp"

namespace autolife::runtimetest {
namespace {

using End = sim::PlayResult::End;

std::string motionTimeline(const std::string& layers = "") {
  return "<Timeline fps=\"25\" resources_acquisition=\"0\" size=\"50\" enable=\"1\" start_frame=\"0\" "
         "end_frame=\"-1\">\n" +
         layers +
         "<ActuatorList>\n"
         "<ActuatorCurve name=\"value\" actuator=\"HeadYaw\" mute=\"0\" unit=\"0\">\n"
         "<Key frame=\"25\" value=\"90\" />\n"
         "<Key frame=\"50\" value=\"-45\" />\n"
         "</ActuatorCurve>\n"
         "<ActuatorCurve name=\"value\" actuator=\"LHand\" mute=\"0\" unit=\"1\">\n"
         "<Key frame=\"50\" value=\"100\" />\n"
         "</ActuatorCurve>\n"
         "</ActuatorList>\n</Timeline>\n";
}

TEST(Timeline, CurvesAreOneBezierInterpolationInRadiansAndSeconds) {
  auto p = play(behaviorXar("", motionTimeline()));
  auto call = p.firstCall("ALMotion", "angleInterpolationBezier");
  ASSERT_EQ(call["args"].size(), 3u);
  EXPECT_EQ(call["args"][0], nlohmann::json::array({"HeadYaw", "LHand"}));
  EXPECT_EQ(call["args"][1][0], nlohmann::json::array({1.0, 2.0}));  // frames 25 and 50 at 25 fps
  EXPECT_EQ(call["args"][1][1], nlohmann::json::array({2.0}));
  EXPECT_NEAR(call["args"][2][0][0][0].get<double>(), std::numbers::pi / 2, 1e-9);   // 90 degrees
  EXPECT_NEAR(call["args"][2][0][1][0].get<double>(), -std::numbers::pi / 4, 1e-9);  // -45 degrees
  EXPECT_NEAR(call["args"][2][1][0][0].get<double>(), 1.0, 1e-9);                    // 100 percent
  EXPECT_EQ(call["t"], 0.0);
}

// A NAO's timeline on a Pepper (the SDK's Pepper samples name NAO leg
// joints): the joints Pepper lacks are left out with one warning, the rest plays.
TEST(Timeline, JointsTheRobotLacksAreLeftOutWithOneWarning) {
  const std::string legs =
      "<ActuatorCurve name=\"value\" actuator=\"LAnklePitch\" mute=\"0\" unit=\"0\">\n"
      "<Key frame=\"25\" value=\"10\" />\n</ActuatorCurve>\n"
      "<ActuatorCurve name=\"value\" actuator=\"LHipYawPitch\" mute=\"0\" unit=\"0\">\n"
      "<Key frame=\"25\" value=\"10\" />\n</ActuatorCurve>\n";
  std::string timeline = motionTimeline();
  timeline.insert(timeline.find("<ActuatorList>\n") + 15, legs);
  sim::PlayOptions options;
  options.model = launchpad::RobotModel::Pepper;
  auto p = play(behaviorXar("", timeline), options);
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  std::vector<nlohmann::json> motions;
  for (const auto& call : p.having("method"))
    if (call["method"] == "angleInterpolationBezier") motions.push_back(call);
  ASSERT_FALSE(motions.empty());
  EXPECT_EQ(motions.back()["args"][0], nlohmann::json::array({"HeadYaw", "LHand"}));
  EXPECT_EQ(motions.back()["t"], 0.0) << "at once: the rest plays in time";
  std::vector<std::string> warnings;
  for (const auto& log : p.having("log")) warnings.push_back(log["message"].get<std::string>());
  EXPECT_THAT(warnings, ::testing::ElementsAre(::testing::HasSubstr("joints this robot lacks (LAnklePitch, LHipYawPitch)")));
  for (const auto& e : p.having("error"))  // the first motion, refused, is a call record; no box failed
    EXPECT_TRUE(e.contains("service")) << e.dump();
  EXPECT_DOUBLE_EQ(p.endTime(), 2.0);
}

TEST(Timeline, ABoxWithoutLayersEndsAtItsLastFrame) {
  auto p = play(behaviorXar("", motionTimeline()));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_DOUBLE_EQ(p.endTime(), 2.0);  // frame 50 at 25 fps
}

TEST(Timeline, AKeyframeIsEnteredOnItsFrame) {
  const std::string layers =
      "<BehaviorLayer name=\"speech\"><BehaviorKeyframe name=\"late\" index=\"25\"><Diagram>\n" +
      pythonBox("Say", 1,
                "    def onLoad(self):\n"
                "        ALProxy(\"ALTextToSpeech\").say(\"now\")\n") +
      "</Diagram></BehaviorKeyframe></BehaviorLayer>\n";
  auto p = play(behaviorXar("", motionTimeline(layers)), core::fromSeconds(5));
  auto say = p.firstCall("ALTextToSpeech", "say");
  EXPECT_DOUBLE_EQ(say["t"].get<double>(), 1.0);  // frame 25 at 25 fps, the timeline starting at frame 0
}

}  // namespace
}  // namespace autolife::runtimetest

namespace autolife::runtimetest {
namespace {

// A root box whose timeline (no curves) ends at frame 50 and whose script
// halves its frame rate through ALFrameManager, as Choregraphe's FPS box does.
TEST(Timeline, ALFrameManagerReadsAndSetsTheTimelinesRate) {
  const std::string xar =
      "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<ChoregrapheProject xar_version=\"3\">\n"
      "<Box name=\"root\" id=\"-1\">\n<script language=\"4\"><content><![CDATA[class MyClass(GeneratedClass):\n"
      "    def onLoad(self):\n"
      "        self.logger.info(str(ALFrameManager.getTimelineFps(self.getName())))\n"
      "        ALFrameManager.setTimelineFps(self.getName(), 5)\n"
      "]]></content></script>\n" +
      standardPorts() +
      "<Timeline fps=\"10\" enable=\"1\" start_frame=\"0\" end_frame=\"50\"></Timeline>\n</Box>\n</ChoregrapheProject>\n";
  auto p = play(xar);
  EXPECT_EQ(p.result.end, sim::PlayResult::End::Finished) << p.result.error;
  ASSERT_EQ(p.having("log").size(), 1u);
  EXPECT_EQ(p.having("log")[0]["message"], "10");
  EXPECT_DOUBLE_EQ(p.endTime(), 10.0);  // 50 frames at 5 fps
}

}  // namespace
}  // namespace autolife::runtimetest
