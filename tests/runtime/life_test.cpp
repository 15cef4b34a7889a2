// Life's activities run their behavior.xar through the runtime: an activity
// ends when its behavior ends, a box error fails it (and it is not retried
// at once), stopping the focus unloads the boxes.
#include <gmock/gmock.h>

#include "runtime_support.hpp"

namespace autolife::runtimetest {
namespace {

using ::testing::HasSubstr;

// A package "pk" with one interactive activity "pk/." triggered by 'go' == 1, running `xar`.
simtest::Outcome runPackage(const std::string& xar, const std::string& steps, const std::string& expect = "") {
  simtest::TempDir dir;
  simtest::writePackage(dir, "pk", "pk", {{".", "interactive", "'go' == 1"}});
  dir.write("pk/behavior.xar", xar);
  return simtest::run(simtest::parse("until: 30\npackages: [pk]\nsteps:\n" + steps + (expect.empty() ? "" : "expect:\n" + expect),
                                     dir.str() + "/scenario.yaml", dir.str()));
}

TEST(LifeBehaviors, AnActivityEndsWhenItsBehaviorEnds) {
  auto o = runPackage(behaviorXar(pythonBox("Wait", 1,
                                            "    def onInput_onStart(self):\n"
                                            "        import time\n"
                                            "        time.sleep(3)\n"
                                            "        self.onStopped()\n") +
                                  chain(1, 1)),
                      "  - {t: 1, set: {go: 1}}\n  - {t: 2, set: {go: 0}}\n",
                      "  - {t: 3.9, focused: pk/.}\n  - {t: 4, focused: \"\"}\n");
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.linesHaving("expect"));
  auto transitions = o.having("signal");
  ASSERT_EQ(transitions.size(), 2u) << testing::PrintToString(o.linesHaving("signal"));
  EXPECT_EQ(transitions[1]["value"]["PreviousActivityStopReason"], "self-stop");
  EXPECT_EQ(transitions[1]["t"], 4.0);
}

TEST(LifeBehaviors, WhatABehaviorMakesTheRobotDoIsInTheOutput) {
  auto o = runPackage(behaviorXar(pythonBox("Say", 1,
                                            "    def onInput_onStart(self):\n"
                                            "        ALProxy(\"ALTextToSpeech\").say(\"hi\")\n") +
                                  chain(1, 1)),
                      "  - {t: 1, set: {go: 1}}\n");
  auto robot = o.having("service");
  ASSERT_EQ(robot.size(), 1u) << testing::PrintToString(o.lines());
  EXPECT_EQ(robot[0].dump(), R"({"t":1.0,"behavior":"pk/.","service":"ALTextToSpeech","method":"say","args":["hi"]})");
}

// NAOqi never ends an activity whose behavior stops short of its output
// ("stuck forever in the activity"): it keeps the focus, and the output
// says so once, with why (docs/behaviors.md "Idle behaviors").
TEST(LifeBehaviors, AnActivityWhoseBehaviorWentIdleIsSaidOnceAndKeepsTheFocus) {
  auto o = runPackage(behaviorXar(pythonBox("Say", 1,
                                            "    def onInput_onStart(self):\n"
                                            "        ALProxy(\"ALTextToSpeech\").say(\"hi\")\n") +
                                  chain(1, 1)),
                      "  - {t: 1, set: {go: 1}}\n", "  - {t: 29, focused: pk/.}\n");
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.linesHaving("expect"));
  auto idle = o.having("idle");
  ASSERT_EQ(idle.size(), 1u) << testing::PrintToString(o.lines());
  EXPECT_EQ(idle[0]["behavior"], "pk/.");
  EXPECT_GT(idle[0]["t"].get<double>(), 1.0);  // once "hi" is said
  EXPECT_THAT(idle[0]["idle"].get<std::string>(), HasSubstr("nothing is left to wait for"));
  for (const auto& r : o.records) {
    if (!r.json.contains("idle")) continue;
    EXPECT_THAT(r.text, HasSubstr("  idle         pk/.: no box runs and nothing is left"));
  }
}

// A box whose code is due later (qi.async with a delay, a periodic poll) is
// not idle in between; a box waiting for a key says which, once.
TEST(LifeBehaviors, PendingBoxCodeIsNotIdleAndAKeyWaitedForIsNamed) {
  auto o = runPackage(behaviorXar(pythonBox("Poll", 1,
                                            "    def onInput_onStart(self):\n"
                                            "        self.n = 0\n"
                                            "        qi.async(self.tick, delay=2000000)\n"
                                            "    def tick(self):\n"
                                            "        self.n += 1\n"
                                            "        if self.n < 5:\n"
                                            "            qi.async(self.tick, delay=2000000)\n"
                                            "        else:\n"
                                            "            ALProxy(\"ALMemory\").subscribeToEvent(\"Ready\", self.getName(), \"onReady\")\n"
                                            "    def onReady(self, key, value, message):\n"
                                            "        self.onStopped()\n") +
                                  chain(1, 1)),
                      "  - {t: 1, set: {go: 1}}\n");
  auto idle = o.having("idle");
  ASSERT_EQ(idle.size(), 1u) << testing::PrintToString(o.lines());
  EXPECT_EQ(idle[0]["t"], 11.0);  // after its fifth tick, not between two
  EXPECT_EQ(idle[0]["waiting"][0]["box"], "Poll");
  EXPECT_EQ(idle[0]["waiting"][0]["for"], "listens to ALMemory 'Ready'");
}

TEST(LifeBehaviors, ABoxErrorFailsTheActivityWhichIsNotRetriedAtOnce) {
  auto o = runPackage(behaviorXar(pythonBox("Broken", 1,
                                            "    def onInput_onStart(self):\n"
                                            "        raise RuntimeError(\"broken\")\n") +
                                  chain(1, 1)),
                      "  - {t: 1, set: {go: 1}}\n");
  // Its trigger holds: focused at 1, failing at once, again after the relaunch delay (5 s), ...
  std::vector<double> focusTimes;
  for (const auto& s : o.having("signal"))
    if (s["value"]["FocusedActivityName"] == "pk/.") focusTimes.push_back(s["t"].get<double>());
  EXPECT_EQ(focusTimes, (std::vector<double>{1, 6, 11, 16, 21, 26})) << testing::PrintToString(o.linesHaving("signal"));
  auto failures = o.having("activity");
  ASSERT_EQ(failures.size(), 6u);
  EXPECT_EQ(failures[0]["activity"], "pk/.");
  EXPECT_THAT(failures[0]["error"].get<std::string>(), HasSubstr("box 'Broken'"));
  EXPECT_THAT(failures[0]["error"].get<std::string>(), HasSubstr("RuntimeError: broken"));
}

TEST(LifeBehaviors, StoppingTheFocusUnloadsTheBoxes) {
  auto o = runPackage(behaviorXar(pythonBox("Forever", 1,
                                            "    def onUnload(self):\n"
                                            "        ALProxy(\"ALMemory\").insertData(\"unloaded\", 1)\n"
                                            "    def onInput_onStart(self):\n"
                                            "        pass\n") +
                                  chain(1, 1)),
                      "  - {t: 1, set: {go: 1}}\n"
                      "  - {t: 2, set: {go: 0}}\n"
                      "  - {t: 2, call: [ALAutonomousLife.stopFocus]}\n"
                      "  - {t: 3, call: [ALMemory.getData, unloaded]}\n",
                      "  - {t: 1.5, focused: pk/.}\n  - {t: 2.5, focused: \"\"}\n");
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.linesHaving("expect"));
  EXPECT_EQ(o.callAt(3.0, "ALMemory.getData")["result"], 1);
}

// A box's ALMemory callbacks run at the instant of the write, and stop
// when the box unloads (its activity stopped).
TEST(LifeBehaviors, ABoxsMemoryCallbacksRunAtTheWriteAndEndWithTheBox) {
  auto o = runPackage(behaviorXar(pythonBox("Listen", 1,
                                            "    def onLoad(self):\n"
                                            "        self.memory = ALProxy(\"ALMemory\")\n"
                                            "        self.s = self.memory.subscriber(\"k\")\n"
                                            "        self.s.signal.connect(self.onK)\n"
                                            "        self.memory.subscribeToEvent(\"e\", self.getName(), \"onE\")\n"
                                            "    def onK(self, value):\n"
                                            "        self.memory.insertData(\"seenK\", value)\n"
                                            "    def onE(self, key, value, module):\n"
                                            "        self.memory.insertData(\"seenE\", [key, value, module])\n"
                                            "    def onInput_onStart(self):\n"
                                            "        pass\n") +
                                  chain(1, 1)),
                      "  - {t: 1, set: {go: 1}}\n"
                      "  - {t: 2.5, set: {k: 5}}\n"
                      "  - {t: 2.75, raise: {e: 6}}\n"
                      "  - {t: 3, call: [ALMemory.getTimestamp, seenK]}\n"
                      "  - {t: 3, call: [ALMemory.getTimestamp, seenE]}\n"
                      "  - {t: 4, set: {go: 0}}\n"
                      "  - {t: 4, call: [ALAutonomousLife.stopFocus]}\n"
                      "  - {t: 5, set: {k: 7}}\n"
                      "  - {t: 5, raise: {e: 8}}\n"
                      "  - {t: 6, call: [ALMemory.getData, seenK]}\n"
                      "  - {t: 6, call: [ALMemory.getData, seenE]}\n"
                      "  - {t: 6, call: [ALMemory.getSubscribers, k]}\n",
                      "  - {t: 1.5, focused: pk/.}\n  - {t: 4.5, focused: \"\"}\n");
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.linesHaving("expect"));
  EXPECT_EQ(o.callAt(3.0, "ALMemory.getTimestamp")["result"].dump(), "[5,2,500000]") << "written at the instant of k's write";
  auto calls = o.having("call");
  std::vector<std::string> results;
  for (const auto& c : calls) results.push_back(c["call"].get<std::string>() + " " + c["result"].dump());
  EXPECT_THAT(results, ::testing::Contains("ALMemory.getTimestamp [[\"e\",6,\"Listen\"],2,750000]"));
  // Unloaded: nothing more.
  EXPECT_THAT(results, ::testing::Contains("ALMemory.getData 5"));
  EXPECT_THAT(results, ::testing::Contains("ALMemory.getData [\"e\",6,\"Listen\"]"));
  EXPECT_THAT(results, ::testing::Contains("ALMemory.getSubscribers []"));
  EXPECT_TRUE(o.having("error").empty()) << testing::PrintToString(o.lines());
}

TEST(LifeBehaviors, AnActivityWhoseBoxNeverGivesItsThreadBackFailsAndLifeGoesOn) {
  // Two activities: one whose box loops forever, one that behaves.
  simtest::TempDir dir;
  simtest::writePackage(dir, "pk", "pk", {{"loop", "interactive", "'go' == 1"}, {"calm", "interactive", "'calm' == 1"}});
  dir.write("pk/loop/behavior.xar", behaviorXar(pythonBox("Loop", 1,
                                                          "    def onInput_onStart(self):\n"
                                                          "        while True:\n"
                                                          "            pass\n") +
                                                chain(1, 1)));
  sim::SimulationOptions options;
  options.turnLimit = std::chrono::milliseconds(100);
  auto o = simtest::run(simtest::parse("until: 5\npackages: [pk]\nsteps:\n"
                                       "  - {t: 1, set: {go: 1}}\n"
                                       "  - {t: 2, set: {go: 0, calm: 1}}\n"
                                       "expect:\n"
                                       "  - {t: 1.5, focused: \"\", state: solitary}\n"
                                       "  - {t: 2.5, focused: pk/calm, state: interactive}\n",
                                       dir.str() + "/scenario.yaml", dir.str()),
                        options);
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.linesHaving("expect"));
  // Focused at 1 and back to solitary at 1: virtual time stood still while the box ran.
  auto failures = o.having("activity");
  ASSERT_EQ(failures.size(), 1u) << testing::PrintToString(o.lines());
  EXPECT_EQ(failures[0]["activity"], "pk/loop");
  EXPECT_EQ(failures[0]["t"], 1.0);
  EXPECT_THAT(failures[0]["error"].get<std::string>(), HasSubstr("box 'Loop'"));
  EXPECT_THAT(failures[0]["error"].get<std::string>(), HasSubstr("TurnTimeout"));
  std::vector<std::pair<double, std::string>> focus;
  for (const auto& s : o.having("signal")) focus.emplace_back(s["t"].get<double>(), s["value"]["FocusedActivityName"]);
  EXPECT_EQ(focus, (std::vector<std::pair<double, std::string>>{{1, "pk/loop"}, {1, ""}, {2, "pk/calm"}}))
      << testing::PrintToString(o.linesHaving("signal"));
}

}  // namespace
}  // namespace autolife::runtimetest
