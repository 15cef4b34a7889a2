// The box framework in played behaviors, used the way real boxes use it:
// an animation box scaling its timeline's rate, a goto box moving its
// parent's timeline, inputs after onLoad, the onError output, the package's uid and paths,
// ALFrameManager.exitBehavior, stimulateIO, and seeded `random`.
#include <gmock/gmock.h>

#include "runtime_support.hpp"

namespace autolife::runtimetest {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using End = sim::PlayResult::End;

std::vector<std::string> logMessages(const Played& p) {
  std::vector<std::string> out;
  for (const auto& l : p.having("log")) out.push_back(l["message"].get<std::string>());
  return out;
}

// A box with its own timeline: HeadYaw to 90 degrees at frame 25, back at
// frame 50 (25 fps), and Choregraphe's animation script scaling the rate
// by its "FPS (%)" parameter when it starts.
std::string animationBox(int fpsPercent) {
  return "<Box name=\"Hello\" id=\"1\">\n<script language=\"4\"><content><![CDATA[class MyClass(GeneratedClass):\n"
         "    def __init__(self):\n        GeneratedClass.__init__(self, False)\n"
         "    def onLoad(self):\n        self.oldfps = self.getTimeline().getFPS()\n"
         "    def onInput_onStart(self):\n"
         "        newfps = (self.oldfps * self.getParameter(\"FPS (%)\")) / 100\n"
         "        self.getTimeline().setFPS(newfps)\n"
         "]]></content></script>\n" +
         standardPorts() +
         "<Parameter name=\"FPS (%)\" inherits_from_parent=\"0\" content_type=\"1\" value=\"" +
         std::to_string(fpsPercent) +
         "\" default_value=\"100\" min=\"20\" max=\"200\" tooltip=\"\" id=\"5\" />\n"
         "<Timeline fps=\"25\" resources_acquisition=\"0\" size=\"50\" enable=\"1\" start_frame=\"0\" end_frame=\"-1\">\n"
         "<ActuatorList><ActuatorCurve name=\"value\" actuator=\"HeadYaw\" mute=\"0\" unit=\"0\">\n"
         "<Key frame=\"25\" value=\"90\" /><Key frame=\"50\" value=\"0\" />\n"
         "</ActuatorCurve></ActuatorList>\n</Timeline>\n</Box>\n";
}

TEST(BoxFramework, AnAnimationBoxPlaysItsTimelineAtItsFpsPercent) {
  auto p = play(behaviorXar(animationBox(200) + chain(1, 1)));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_DOUBLE_EQ(p.endTime(), 1.0);  // 50 frames at 50 fps
  // The curves go again at the new rate: keys at 0.5 s and 1 s.
  auto motions = p.having("method");
  ASSERT_EQ(motions.size(), 2u);
  EXPECT_EQ(motions[1]["args"][1][0], nlohmann::json::array({0.5, 1.0}));
  auto normal = play(behaviorXar(animationBox(100) + chain(1, 1)));
  EXPECT_DOUBLE_EQ(normal.endTime(), 2.0);
  EXPECT_EQ(normal.having("method").size(), 1u);  // the same rate: sent once
}

TEST(BoxFramework, AGotoBoxMovesItsParentsTimelineToALabel) {
  // The root's timeline: keyframe "start" at frame 1 holds the goto box,
  // keyframe "finale" at frame 100 a box that speaks.
  const std::string gotoBox = pythonBox("Goto", 1,
                                        "    def onLoad(self):\n"
                                        "        self.getParentTimeline().goTo(\"finale\")\n");
  const std::string sayBox = pythonBox("Finale", 2,
                                       "    def onLoad(self):\n"
                                       "        ALProxy(\"ALTextToSpeech\").say(\"finale\")\n"
                                       "        self.onStopped()\n");
  const std::string timeline =
      "<Timeline fps=\"25\" enable=\"1\" start_frame=\"1\" end_frame=\"200\">\n"
      "<BehaviorLayer name=\"layer\">\n"
      "<BehaviorKeyframe name=\"start\" index=\"1\"><Diagram>\n" + gotoBox +
      "</Diagram></BehaviorKeyframe>\n"
      "<BehaviorKeyframe name=\"finale\" index=\"100\"><Diagram>\n" + sayBox + link(0, 4, 2, 4) +
      "</Diagram></BehaviorKeyframe>\n</BehaviorLayer>\n</Timeline>\n";
  auto p = play(behaviorXar("", timeline), core::fromSeconds(20));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  auto say = p.firstCall("ALTextToSpeech", "say");
  EXPECT_DOUBLE_EQ(say["t"].get<double>(), 0.0);  // not at frame 100 (4 s)
}

TEST(BoxFramework, AnInputWaitsForTheBoxsOnLoadToReturn) {
  // Choregraphe's Say box sets its attributes in onLoad; an onLoad that
  // takes time (here a second) must not see onStart run beside it.
  const std::string slowLoad = pythonBox("Say", 1,
                                         "    def onLoad(self):\n"
                                         "        time.sleep(1)\n"
                                         "        self.ids = []\n"
                                         "    def onInput_onStart(self):\n"
                                         "        self.ids.append(1)\n"
                                         "        ALProxy(\"ALTextToSpeech\").say(\"hello\")\n"
                                         "        self.onStopped()\n");
  // Its onStart comes half a second in, while its onLoad sleeps.
  const std::string delay = pythonBox("Wait", 2,
                                      "    def onInput_onStart(self):\n"
                                      "        time.sleep(0.5)\n"
                                      "        self.onStopped()\n");
  auto p = play(behaviorXar(slowLoad + delay + link(2, 2, 0, 2) + link(1, 2, 2, 4) + link(0, 4, 1, 4)));
  ASSERT_EQ(p.result.end, End::Finished) << p.result.error;
  auto say = p.firstCall("ALTextToSpeech", "say");
  EXPECT_DOUBLE_EQ(say["t"].get<double>(), 1.0);
}

TEST(BoxFramework, AnUncaughtErrorGoesToTheOnErrorOutput) {
  const std::string onError =
      "<Output name=\"onError\" type=\"3\" type_size=\"1\" nature=\"1\" inner=\"0\" id=\"6\" />\n";
  const std::string failing = pythonBox("Net", 1,
                                        "    def onInput_onStart(self):\n"
                                        "        raise IOError(\"no network\")\n",
                                        onError);
  const std::string report = pythonBox("Report", 2,
                                       "    def onInput_onStart(self, message):\n"
                                       "        ALProxy(\"ALTextToSpeech\").say(message)\n"
                                       "        self.onStopped()\n");
  auto p = play(behaviorXar(failing + report + link(1, 2, 0, 2) + link(2, 2, 1, 6) + link(0, 4, 2, 4)));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_EQ(p.firstCall("ALTextToSpeech", "say")["args"][0], "Net:no network");
  EXPECT_TRUE(p.having("error").empty());
  ASSERT_EQ(logMessages(p).size(), 1u);
  EXPECT_THAT(logMessages(p)[0], HasSubstr("box 'Net': OSError: no network (sent to its onError output)"));
}

TEST(BoxFramework, PackageUidAndPathsAreThePackagesOnes) {
  simtest::TempDir dir;
  dir.write("pkg/manifest.xml", simtest::manifest("my-app-3f2a", {{"behavior_1", "interactive", ""}}));
  auto xar = dir.write("pkg/behavior_1/behavior.xar",
                       behaviorXar(pythonBox("Where", 1,
                                             "    def onInput_onStart(self):\n"
                                             "        import os\n"
                                             "        self.logger.info(self.packageUid())\n"
                                             "        self.logger.info(self.behaviorRelativePath())\n"
                                             "        self.logger.info(os.path.basename(self.behaviorAbsolutePath()))\n"
                                             "        self.onStopped()\n") +
                                   chain(1, 1)));
  auto p = playPath(xar);
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_THAT(logMessages(p), ElementsAre("my-app-3f2a", "behavior_1", "behavior_1"));
  // Outside a package: Choregraphe's name for what it runs itself.
  auto loose = play(behaviorXar(pythonBox("Where", 1,
                                          "    def onInput_onStart(self):\n"
                                          "        self.logger.info(self.packageUid())\n"
                                          "        self.onStopped()\n") +
                                chain(1, 1)));
  EXPECT_THAT(logMessages(loose), ElementsAre(".lastUploadedChoregrapheBehavior"));
}

TEST(BoxFramework, ExitBehaviorAndStimulateIOEndTheBehavior) {
  auto exited = play(behaviorXar(pythonBox("Exit", 1,
                                           "    def onInput_onStart(self):\n"
                                           "        ALFrameManager.exitBehavior(self.behaviorId)\n") +
                                 link(1, 2, 0, 2)));
  EXPECT_EQ(exited.result.end, End::Finished) << exited.result.error;
  auto stimulated = play(behaviorXar(pythonBox("Stim", 1,
                                               "    def onInput_onStart(self):\n"
                                               "        self.stimulateIO(\"onStopped\")\n") +
                                     chain(1, 1)));
  EXPECT_EQ(stimulated.result.end, End::Finished) << stimulated.result.error;
}

// Two boxes draw from `random`; the log says what.
Played drawn(std::uint64_t seed, bool withThirdBox) {
  const std::string body = "    def onInput_onStart(self):\n"
                           "        import random\n"
                           "        self.logger.info(\"%s %d\" % (self.getName(), random.randint(0, 10 ** 9)))\n"
                           "        self.onStopped()\n";
  std::string diagram = pythonBox("A", 1, body) + pythonBox("B", 2, body) + link(1, 2, 0, 2) + link(2, 2, 1, 4) +
                        link(0, 4, 2, 4);
  if (withThirdBox) diagram += pythonBox("C", 3, body) + link(3, 2, 0, 2);
  sim::PlayOptions options;
  options.seed = seed;
  return play(behaviorXar(diagram), options);
}

TEST(BoxFramework, BoxScriptsRandomIsRepeatableAndEachBoxHasItsOwn) {
  auto first = logMessages(drawn(7, false));
  ASSERT_EQ(first.size(), 2u);
  EXPECT_EQ(logMessages(drawn(7, false)), first);  // the same seed plays alike
  EXPECT_NE(logMessages(drawn(8, false)), first);
  auto withC = logMessages(drawn(7, true));  // another box does not change what A and B draw
  EXPECT_THAT(withC, ::testing::IsSupersetOf(first));
}

}  // namespace
}  // namespace autolife::runtimetest
