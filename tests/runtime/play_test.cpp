// Behaviors played on the simulated robot in virtual time: Python boxes,
// links, outputs, parameters, sleeps, timers, posted calls, errors, missing
// services, stop and unload.
#include <gmock/gmock.h>

#include "runtime_support.hpp"

namespace autolife::runtimetest {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using End = sim::PlayResult::End;
using namespace std::chrono_literals;

const std::string kSayHello =
    "    def onInput_onStart(self):\n"
    "        ALProxy(\"ALTextToSpeech\").say(\"Hello\")\n"
    "        self.onStopped()\n";

TEST(Play, APythonBoxSpeaksAndTheBehaviorFinishes) {
  auto p = play(behaviorXar(pythonBox("Say", 1, kSayHello) + chain(1, 1)));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_THAT(p.calls(), ElementsAre("ALTextToSpeech.say"));
  auto say = p.firstCall("ALTextToSpeech", "say");
  EXPECT_EQ(say["args"], nlohmann::json::array({"Hello"}));
  EXPECT_EQ(say["t"], 0.0);
  // Speaking takes robot time: the behavior ends when the sentence is said.
  EXPECT_GT(p.endTime(), 0.0);
  EXPECT_EQ(p.having("end").back()["end"], "finished");
}

// The seed reaches the engine a behavior plays on (what box scripts'
// random is seeded from).
TEST(Play, TheSeedIsTheEngines) {
  sim::PlayOptions options;
  options.seed = 1234;
  std::uint64_t seen = 0;
  options.hooks.attach = [&](engine::Engine& e) { seen = e.options().seed; };
  auto p = play(behaviorXar(pythonBox("Say", 1, kSayHello) + chain(1, 1)), options);
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_EQ(seen, 1234u);
}

TEST(Play, TimeSleepTakesExactlyItsVirtualTime) {
  auto p = play(behaviorXar(pythonBox("Wait", 1,
                                      "    def onInput_onStart(self):\n"
                                      "        import time\n"
                                      "        time.sleep(2.5)\n"
                                      "        self.onStopped()\n") +
                            chain(1, 1)));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_DOUBLE_EQ(p.endTime(), 2.5);
}

TEST(Play, OutputsFlowAlongLinksInOrder) {
  const std::string say = [] {
    return std::string("    def onInput_onStart(self):\n"
                       "        ALProxy(\"ALTextToSpeech\").say(self.getParameter(\"Text\"))\n"
                       "        self.onStopped()\n");
  }();
  const std::string param = "<Parameter name=\"Text\" inherits_from_parent=\"0\" content_type=\"3\" value=\"%s\" "
                            "default_value=\"\" custom_choice=\"0\" id=\"5\" />\n";
  auto withText = [&](const std::string& text) {
    std::string p = param;
    p.replace(p.find("%s"), 2, text);
    return p;
  };
  auto p = play(behaviorXar(pythonBox("One", 1, say, withText("one")) + pythonBox("Two", 2, say, withText("two")) +
                            link(1, 2, 0, 2) + link(2, 2, 1, 4) + link(0, 4, 2, 4)));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  auto says = p.having("method");
  ASSERT_EQ(says.size(), 2u);
  EXPECT_EQ(says[0]["args"][0], "one");
  EXPECT_EQ(says[1]["args"][0], "two");
  // The second sentence starts when the first one is said.
  EXPECT_GT(says[1]["t"].get<double>(), 0.0);
}

TEST(Play, ABoxThatRaisesStopsTheBehaviorWithItsNameAndLine) {
  auto p = play(behaviorXar(pythonBox("Broken", 1,
                                      "    def onInput_onStart(self):\n"
                                      "        raise ValueError(\"no luck\")\n") +
                            chain(1, 1)));
  EXPECT_EQ(p.result.end, End::Error);
  EXPECT_THAT(p.result.error, HasSubstr("box 'Broken'"));
  EXPECT_THAT(p.result.error, HasSubstr("ValueError: no luck"));
  // The raise is on line 14 of the file (the script starts on line 10), column 9.
  EXPECT_THAT(p.result.error, HasSubstr("behavior.xar:14:9: "));
  ASSERT_EQ(p.having("box").size(), 1u);
  EXPECT_EQ(p.having("box")[0]["box"], "Broken");
  EXPECT_EQ(p.having("box")[0]["error"], p.result.error);
}

TEST(Play, APython2BoxRunsRewrittenWithAWarning) {
  auto p = play(behaviorXar(pythonBox("Old", 1,
                                      "    def onInput_onStart(self):\n"
                                      "        print \"hello\"\n"
                                      "        self.onStopped()\n") +
                            chain(1, 1)));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  auto logs = p.having("log");
  ASSERT_EQ(logs.size(), 2u);
  EXPECT_EQ(logs[0]["log"], "warning");
  EXPECT_THAT(logs[0]["message"].get<std::string>(), HasSubstr("box 'Old': Python 2 syntax"));
  EXPECT_EQ(logs[1]["message"], "hello");  // the rewritten print
}

TEST(Play, Python2SyntaxThatCannotBeRewrittenIsReportedAsSuch) {
  auto p = play(behaviorXar(pythonBox("Old", 1,
                                      "    def onInput_onStart(self):\n"
                                      "        print \"hello\"\n"
                                      "       oops = 1\n") +
                            chain(1, 1)));
  EXPECT_EQ(p.result.end, End::Error);
  EXPECT_THAT(p.result.error, HasSubstr("Python 2"));
  EXPECT_THAT(p.result.error, HasSubstr("box 'Old'"));
}

TEST(Play, AMissingServiceIsARecordedNoOpAndTheBehaviorGoesOn) {
  auto p = play(behaviorXar(pythonBox("Dance", 1,
                                      "    def onInput_onStart(self):\n"
                                      "        ALProxy(\"ALDanceFloor\").boogie(3)\n"
                                      "        self.onStopped()\n") +
                            chain(1, 1)));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  auto missing = p.having("missing");
  ASSERT_EQ(missing.size(), 1u);
  EXPECT_EQ(missing[0]["service"], "ALDanceFloor");
  EXPECT_EQ(missing[0]["method"], "boogie");
  EXPECT_EQ(missing[0]["args"], nlohmann::json::array({3}));
}

TEST(Play, APostedSayCanBeWaitedFor) {
  // The form Choregraphe's Say box uses.
  auto p = play(behaviorXar(pythonBox("Say", 1,
                                      "    def onLoad(self):\n"
                                      "        self.tts = ALProxy(\"ALTextToSpeech\")\n"
                                      "    def onInput_onStart(self):\n"
                                      "        id = self.tts.post.say(\"Posted\")\n"
                                      "        self.tts.wait(id, 0)\n"
                                      "        self.onStopped()\n") +
                            chain(1, 1)));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_THAT(p.calls(), ElementsAre("ALTextToSpeech.say"));
  EXPECT_GT(p.endTime(), 0.0);
}

TEST(Play, ACallPostedJustBeforeTheBehaviorEndsIsMade) {
  // Issue 34: on a robot, post.say sends the call before it returns; the
  // behavior's end in the same instant does not take it back.
  auto p = play(behaviorXar(pythonBox("Say", 1,
                                      "    def onInput_onStart(self):\n"
                                      "        ALProxy(\"ALTextToSpeech\").post.say(\"Bye\")\n"
                                      "        ALProxy(\"ALLeds\").post.fadeRGB(\"FaceLeds\", 0xff0000, 1.0)\n"
                                      "        self.onStopped()\n") +
                            chain(1, 1)));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_THAT(p.calls(), ElementsAre("ALTextToSpeech.say", "ALLeds.fadeRGB"));
  EXPECT_EQ(p.firstCall("ALTextToSpeech", "say")["args"], nlohmann::json::array({"Bye"}));
  EXPECT_EQ(p.firstCall("ALTextToSpeech", "say")["t"], 0.0);
  EXPECT_DOUBLE_EQ(p.endTime(), 0.0);  // the box did not wait for the sentence
}

TEST(Play, AThreadingTimerFiresOnTheEngineClock) {
  auto p = play(behaviorXar(pythonBox("Later", 1,
                                      "    def onInput_onStart(self):\n"
                                      "        import threading\n"
                                      "        self.t = threading.Timer(4.0, self.onStopped)\n"
                                      "        self.t.start()\n") +
                            chain(1, 1)));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_DOUBLE_EQ(p.endTime(), 4.0);
}

TEST(Play, UntilStopsARunningBehaviorAndItsBoxesUnload) {
  auto p = play(behaviorXar(pythonBox("Forever", 1,
                                      "    def onUnload(self):\n"
                                      "        ALProxy(\"ALTextToSpeech\").say(\"bye\")\n"
                                      "    def onInput_onStart(self):\n"
                                      "        import time\n"
                                      "        while True:\n"
                                      "            time.sleep(1)\n") +
                            chain(1, 1)),
                core::fromSeconds(10));
  EXPECT_EQ(p.result.end, End::Until);
  EXPECT_DOUBLE_EQ(p.endTime(), 10.0);
  EXPECT_THAT(p.calls(), ElementsAre("ALTextToSpeech.say"));  // onUnload ran
  EXPECT_EQ(p.having("end").back()["end"], "until");
}

// ---- boxes that never give their thread back ---------------------------------------

sim::PlayOptions withTurnLimit(std::chrono::milliseconds limit) {
  sim::PlayOptions options;
  options.turnLimit = limit;
  return options;
}

TEST(Play, ABoxThatNeverGivesItsThreadBackIsInterruptedWithItsLine) {
  // Virtual time waits for every box: without the watchdog this never ends.
  auto p = play(behaviorXar(pythonBox("Loop", 1,
                                      "    def onInput_onStart(self):\n"
                                      "        while True:\n"
                                      "            pass\n") +
                            chain(1, 1)),
                withTurnLimit(300ms));
  EXPECT_EQ(p.result.end, End::Error);
  EXPECT_THAT(p.result.error, HasSubstr("box 'Loop'"));
  EXPECT_THAT(p.result.error, HasSubstr("TurnTimeout: the box kept its thread for more than 300 ms"));
  // The loop is on lines 14-15 of the file (the script starts on line 10).
  EXPECT_THAT(p.result.error, testing::ContainsRegex("behavior\\.xar:1[45]:[0-9]+: "));
  EXPECT_DOUBLE_EQ(p.endTime(), 0.0);  // virtual time did not move meanwhile
}

TEST(Play, ALoopThatCatchesEveryExceptionIsInterruptedAllTheSame) {
  auto p = play(behaviorXar(pythonBox("Stubborn", 1,
                                      "    def onLoad(self):\n"
                                      "        while True:\n"
                                      "            try:\n"
                                      "                pass\n"
                                      "            except Exception:\n"
                                      "                pass\n") +
                            chain(1, 1)),
                withTurnLimit(300ms));
  EXPECT_EQ(p.result.end, End::Error);
  EXPECT_THAT(p.result.error, HasSubstr("box 'Stubborn'"));
  EXPECT_THAT(p.result.error, HasSubstr("TurnTimeout"));
}

TEST(Play, ABoxThatRunsLongButGivesItsThreadBackIsLeftAlone) {
  // Well within the limit each time: sleeping gives the turn away.
  auto p = play(behaviorXar(pythonBox("Busy", 1,
                                      "    def onInput_onStart(self):\n"
                                      "        import time\n"
                                      "        for i in range(20):\n"
                                      "            sum(range(20000))\n"
                                      "            time.sleep(1)\n"
                                      "        self.onStopped()\n") +
                            chain(1, 1)),
                withTurnLimit(2000ms));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_DOUBLE_EQ(p.endTime(), 20.0);
}

TEST(Play, InRealTimeStoppingABoxThatNeverGivesItsThreadBackInterruptsIt) {
  sim::PlayOptions options;
  options.realtime = true;
  options.until = core::fromSeconds(1.0);  // room for the interpreter to start on a loaded machine
  auto p = play(behaviorXar(pythonBox("Loop", 1,
                                      "    def onUnload(self):\n"
                                      "        ALProxy(\"ALTextToSpeech\").say(\"bye\")\n"
                                      "    def onInput_onStart(self):\n"
                                      "        while True:\n"
                                      "            pass\n") +
                            chain(1, 1)),
                options);
  // The run ends (its box thread was interrupted a second after the stop),
  // as stopped at --until, not as an error; the box unloaded.
  EXPECT_EQ(p.result.end, End::Until) << p.result.error;
  EXPECT_THAT(p.calls(), ElementsAre("ALTextToSpeech.say"));
  EXPECT_TRUE(p.having("error").empty());
}

TEST(Play, ABehaviorWaitingForNothingEndsIdle) {
  auto p = play(behaviorXar(pythonBox("Deaf", 1, "    def onInput_onStart(self):\n        pass\n") + chain(1, 1)));
  EXPECT_EQ(p.result.end, End::Idle);
}

TEST(Play, AnUnreadableBehaviorSaysWhereAndWhy) {
  auto p = play("<ChoregrapheProject xar_version=\"3\"><Box name=\"root\" id=\"x\"></Box>");
  EXPECT_EQ(p.result.end, End::Unreadable);
  ASSERT_FALSE(p.result.problems.empty());
  EXPECT_THAT(p.result.problems[0].format(), HasSubstr("behavior.xar:1:"));
  EXPECT_TRUE(p.records.empty());
}

TEST(Play, LogsReachTheOutput) {
  auto p = play(behaviorXar(pythonBox("Chatty", 1,
                                      "    def onInput_onStart(self):\n"
                                      "        self.logger.info(\"started\")\n"
                                      "        self.onStopped()\n") +
                            chain(1, 1)));
  auto logs = p.having("log");
  ASSERT_EQ(logs.size(), 1u);
  EXPECT_EQ(logs[0]["log"], "info");
  EXPECT_EQ(logs[0]["box"], "Chatty");
  EXPECT_EQ(logs[0]["message"], "started");
}

}  // namespace
}  // namespace autolife::runtimetest

namespace autolife::runtimetest {
namespace {

TEST(Play, WhatABoxPrintsGoesToItsLog) {
  auto p = play(behaviorXar(pythonBox("Printer", 1,
                                      "    def onInput_onStart(self):\n"
                                      "        print('one')\n"
                                      "        print('two', end='')\n"
                                      "        print(' halves')\n"
                                      "        self.onStopped()\n") +
                            chain(1, 1)));
  std::vector<std::string> messages;
  for (const auto& l : p.having("log")) messages.push_back(l["box"].get<std::string>() + ": " + l["message"].get<std::string>());
  EXPECT_EQ(messages, (std::vector<std::string>{"Printer: one", "Printer: two halves"}));
}

}  // namespace
}  // namespace autolife::runtimetest
