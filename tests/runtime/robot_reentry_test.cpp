// Box code called back by the simulated robot calls the robot again: a
// memory subscriber of an event the robot raises, and a handler of one of
// its services' signals. The robot's lock is not recursive and released
// before it notifies (docs/architecture.md, "Locks"), so these run in box
// threads while the clock's thread goes on, and see what any caller sees.
#include <gmock/gmock.h>

#include "runtime_support.hpp"

namespace autolife::runtimetest {
namespace {

using ::testing::ElementsAre;
using End = sim::PlayResult::End;

TEST(RobotReentry, ABoxsMemorySubscriberCallsTheRobotBack) {
  auto p = play(behaviorXar(pythonBox("Watch", 1,
                                      "    def onInput_onStart(self):\n"
                                      "        self.s = ALProxy(\"ALMemory\").subscriber(\"PostureChanged\")\n"
                                      "        self.link = self.s.signal.connect(self.onPosture)\n"
                                      "        ALProxy(\"ALRobotPosture\").goToPosture(\"Crouch\", 1.0)\n"
                                      "    def onPosture(self, value):\n"
                                      "        posture = ALProxy(\"ALRobotPosture\").getPosture()\n"
                                      "        awake = ALProxy(\"ALMotion\").robotIsWakeUp()\n"
                                      "        ALProxy(\"ALTextToSpeech\").say(\"%s %s %s\" % (value, posture, awake))\n"
                                      "        self.onStopped()\n") +
                            chain(1, 1)));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_THAT(p.calls(), ElementsAre("ALRobotPosture.goToPosture", "ALRobotPosture.getPosture", "ALMotion.robotIsWakeUp",
                                     "ALTextToSpeech.say"));
  const auto say = p.firstCall("ALTextToSpeech", "say");
  EXPECT_EQ(say["args"], nlohmann::json::array({"Crouch Crouch True"}));
  EXPECT_DOUBLE_EQ(say["t"].get<double>(), 1.76) << "at the end of the move, when PostureChanged is raised";
}

TEST(RobotReentry, ABoxsServiceSignalHandlerCallsTheServiceBack) {
  auto p = play(behaviorXar(pythonBox("Listen", 1,
                                      "    def onInput_onStart(self):\n"
                                      "        self.tts = self.session().service(\"ALTextToSpeech\")\n"
                                      "        self.link = self.tts.languageTTS.connect(self.onLanguage)\n"
                                      "        self.tts.setLanguage(\"French\")\n"
                                      "    def onLanguage(self, language):\n"
                                      "        self.tts.say(language + \" \" + self.tts.getLanguage())\n"
                                      "        self.onStopped()\n") +
                            chain(1, 1)));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_THAT(p.calls(), ElementsAre("ALTextToSpeech.setLanguage", "ALTextToSpeech.getLanguage", "ALTextToSpeech.say"));
  EXPECT_EQ(p.firstCall("ALTextToSpeech", "say")["args"], nlohmann::json::array({"French French"}));
}

}  // namespace
}  // namespace autolife::runtimetest
