// What a running behavior shows through its one seam (runtime/run_observer.hpp)
// and how it is steered (runtime/run_control.hpp), in virtual time: box
// events in order (`play --boxes`), a timeline's playhead, a Dialog box's
// lines (`simulate --boxes`), a breakpoint holding the behavior until
// resumed, faults injected.
#include <gmock/gmock.h>

#include <fstream>
#include <iterator>

#include "autolife/sim/simulator.hpp"
#include "runtime_support.hpp"

namespace autolife::runtimetest {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using End = sim::PlayResult::End;

// First (waits 1 s) then Second (says "two"), in sequence.
std::string twoBoxes() {
  return behaviorXar(pythonBox("First", 1,
                               "    def onInput_onStart(self):\n"
                               "        import time\n"
                               "        time.sleep(1)\n"
                               "        self.onStopped()\n") +
                     pythonBox("Second", 2,
                               "    def onInput_onStart(self):\n"
                               "        ALProxy(\"ALTextToSpeech\").say(\"two\")\n"
                               "        self.onStopped()\n") +
                     link(1, 2, 0, 2) + link(2, 2, 1, 4) + link(0, 4, 2, 4));
}

// "box event detail" of each box record, "@t" prefixed when `timed`.
std::vector<std::string> boxLines(const Played& p, bool timed = false) {
  std::vector<std::string> out;
  for (const auto& j : p.having("event")) {
    std::string line = j["box"].get<std::string>() + " " + j["event"].get<std::string>();
    if (!j["detail"].get<std::string>().empty()) line += " " + j["detail"].get<std::string>();
    if (timed) line = "@" + j["t"].dump() + " " + line;
    out.push_back(line);
  }
  return out;
}

TEST(BoxEvents, TwoBoxesInSequenceInOrder) {
  sim::PlayOptions options;
  options.boxes = true;
  auto p = play(twoBoxes(), options);
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_THAT(boxLines(p), ElementsAre(" input onStart", " start", "First input onStart", "First start",
                                       "First output onStopped", "First stop onStopped", "Second input onStart",
                                       "Second start", "Second output onStopped", "Second stop onStopped",
                                       " output onStopped", " stop onStopped"));
  EXPECT_THAT(boxLines(p, true), testing::IsSupersetOf({"@0.0 First start", "@1.0 First stop onStopped", "@1.0 Second start"}));
  // The JSON line's shape: {"t", "box", "event", "detail"}.
  EXPECT_EQ(p.having("event")[3].dump(), R"({"t":0.0,"box":"First","event":"start","detail":""})");
}

TEST(BoxEvents, WithoutBoxesNoBoxRecord) {
  auto p = play(twoBoxes());
  EXPECT_TRUE(p.having("event").empty());
}

TEST(BoxEvents, ValuesAndNestedPathsAndTheTimelinesPlayhead) {
  // A flow-diagram box "Inner" holding "Leaf", which fires a value out.
  const std::string leaf = pythonBox("Leaf", 1,
                                     "    def onInput_onStart(self):\n"
                                     "        self.onStopped(42)\n");
  const std::string inner = "<Box name=\"Inner\" id=\"1\">\n" + standardPorts() +
                            "<Timeline enable=\"0\"><BehaviorLayer name=\"l\"><BehaviorKeyframe name=\"k\" index=\"1\">"
                            "<Diagram>\n" + leaf + chain(1, 1) +
                            "</Diagram></BehaviorKeyframe></BehaviorLayer></Timeline>\n</Box>\n";
  sim::PlayOptions options;
  options.boxes = true;
  auto p = play(behaviorXar(inner + chain(1, 1)), options);
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_THAT(boxLines(p), testing::Contains("Inner/Leaf output onStopped = 42"));
  EXPECT_THAT(boxLines(p), testing::Contains("Inner start"));

  const std::string timeline = "<Timeline fps=\"10\" enable=\"1\" start_frame=\"0\" end_frame=\"20\"></Timeline>\n";
  auto t = play(behaviorXar("", timeline), options);
  EXPECT_EQ(t.result.end, End::Finished);
  EXPECT_THAT(boxLines(t, true), testing::IsSupersetOf({"@0.0  frame 0 at 10 fps", "@2.0  frame 20 held"}));
}

// A package "pk" whose activity "pk/." runs `xar`, in simulate with --boxes.
simtest::Outcome simulate(const std::string& xar, const std::string& steps, double until = 20) {
  simtest::TempDir dir;
  simtest::writePackage(dir, "pk", "pk", {{".", "interactive", ""}});
  dir.write("pk/behavior.xar", xar);
  sim::SimulationOptions options;
  options.boxes = true;
  return simtest::run(simtest::parse("until: " + std::to_string(until) + "\npackages: [pk]\nsteps:\n" + steps,
                                     dir.str() + "/scenario.yaml", dir.str()),
                      options);
}

// The activities that failed ({"activity", "error"} records).
std::vector<nlohmann::ordered_json> failures(const simtest::Outcome& o) {
  std::vector<nlohmann::ordered_json> out;
  for (const auto& j : o.having("activity"))
    if (j.contains("error") && !j.contains("box")) out.push_back(j);
  return out;
}

std::vector<std::string> boxLines(const simtest::Outcome& o) {
  std::vector<std::string> out;
  for (const auto& j : o.having("event"))
    if (j.contains("box"))
      out.push_back("@" + j["t"].dump() + " " + j["box"].get<std::string>() + " " + j["event"].get<std::string>() +
                    (j["detail"] == "" ? "" : " " + j["detail"].get<std::string>()));
  return out;
}

TEST(Breakpoints, TheBehaviorHoldsBeforeTheInputUntilResumedAndLifeGoesOn) {
  auto o = simulate(twoBoxes(),
                    "  - {t: 0.5, call: [Autolife.setBreakpoint, pk/., Second, onStart]}\n"
                    "  - {t: 1, call: [ALAutonomousLife.switchFocus, pk/.]}\n"
                    "  - {t: 3, call: [Autolife.behaviorState, pk/.]}\n"
                    "  - {t: 4, set: {Elsewhere: 1}}\n"
                    "  - {t: 4, call: [ALMemory.getData, Elsewhere]}\n"
                    "  - {t: 5, call: [Autolife.resume, pk/.]}\n"
                    "  - {t: 6, call: [Autolife.resume, pk/.]}\n");
  const auto state = o.callAt(3.0, "Autolife.behaviorState")["result"];
  EXPECT_EQ(state["run"], 1);
  EXPECT_EQ(state["paused"], true);
  EXPECT_EQ(state["boxes"], nlohmann::json({{"First", "idle"}, {"Second", "paused"}}));
  EXPECT_EQ(o.callAt(4.0, "ALMemory.getData")["result"], 1) << "the rest of life goes on";
  const auto lines = boxLines(o);
  EXPECT_THAT(lines, testing::Contains("@2.0 Second paused onStart"));
  EXPECT_THAT(lines, testing::Not(testing::Contains("@2.0 Second start")));
  EXPECT_THAT(lines, testing::Contains("@5.0 Second start"));
  EXPECT_EQ(o.callAt(6.0, "Autolife.resume")["error"]["reason"], "not-paused");
  // Said once resumed; the activity then ended by itself.
  auto robot = o.having("service");
  ASSERT_EQ(robot.size(), 1u);
  EXPECT_EQ(robot[0]["t"], 5.0);
  EXPECT_EQ(o.having("signal").back()["value"]["PreviousActivityStopReason"], "self-stop");
}

TEST(Faults, AnInjectedErrorFailsTheBoxAndTheActivityWithEverythingARealErrorDoes) {
  auto o = simulate(twoBoxes(),
                    "  - {t: 0.5, call: [Autolife.injectFault, pk/., First, error]}\n"
                    "  - {t: 1, call: [ALAutonomousLife.switchFocus, pk/.]}\n"
                    "  - {t: 2, call: [Autolife.behaviorState, pk/.]}\n"
                    "  - {t: 3, call: [ALAutonomousLife.switchFocus, pk/.]}\n");
  auto failed = failures(o);
  ASSERT_GE(failed.size(), 1u);
  EXPECT_THAT(failed[0]["error"].get<std::string>(), HasSubstr("box 'First': injected fault"));
  EXPECT_EQ(o.having("signal")[1]["value"]["PreviousActivityStopReason"], "error");
  EXPECT_EQ(o.callAt(2.0, "Autolife.behaviorState")["result"]["boxes"]["First"], "error");
  // Once: the next run is the behavior's own.
  EXPECT_THAT(boxLines(o), testing::Contains("@4.0 Second start"));
}

TEST(Faults, AnInjectedErrorGoesToTheBoxsOnErrorWhenItHasOne) {
  const std::string withOnError = pythonBox("First", 1,
                                            "    def onInput_onStart(self):\n"
                                            "        self.onStopped()\n",
                                            "<Output name=\"onError\" type=\"3\" type_size=\"1\" nature=\"1\" inner=\"0\" id=\"5\" />\n");
  const std::string xar = behaviorXar(withOnError +
                                      pythonBox("Recover", 2,
                                                "    def onInput_onStart(self, text):\n"
                                                "        ALProxy(\"ALTextToSpeech\").say(text)\n"
                                                "        self.onStopped()\n") +
                                      link(1, 2, 0, 2) + link(2, 2, 1, 5) + link(0, 4, 2, 4));
  auto o = simulate(xar, "  - {t: 0.5, call: [Autolife.injectFault, pk/., First, error]}\n"
                         "  - {t: 1, call: [ALAutonomousLife.switchFocus, pk/.]}\n");
  EXPECT_TRUE(failures(o).empty()) << "handled by its onError output";
  auto said = o.having("service");
  ASSERT_EQ(said.size(), 1u);
  EXPECT_EQ(said[0]["args"][0], "First:injected fault");
  EXPECT_THAT(boxLines(o), testing::Contains(HasSubstr("@1.0 First error ")));
}

TEST(Faults, SkipFiresOnStoppedWithoutRunningTheScript) {
  auto o = simulate(twoBoxes(), "  - {t: 0.5, call: [Autolife.injectFault, pk/., First, skip]}\n"
                                "  - {t: 1, call: [ALAutonomousLife.switchFocus, pk/.]}\n");
  EXPECT_THAT(boxLines(o), testing::IsSupersetOf({"@1.0 First start", "@1.0 First output onStopped", "@1.0 Second start"}))
      << "no 1 s sleep: its script did not run";
  EXPECT_EQ(o.having("signal").back()["value"]["PreviousActivityStopReason"], "self-stop");
}

TEST(BoxEvents, ADialogBoxShowsWhatWasHeardAndSaidAndTheRule) {
  sim::SimulationOptions options;
  options.boxes = true;
  const std::string folder = std::string(AUTOLIFE_SOURCE_DIR) + "/examples/scenarios";
  std::ifstream in(folder + "/chat.yaml");
  const std::string yaml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto o = simtest::run(simtest::parse(yaml, folder + "/chat.yaml", folder), options);
  const auto lines = boxLines(o);
  EXPECT_THAT(lines, testing::Contains(testing::StartsWith("@1.0 Chat said Hello! What is your name? (chat:")))
      << testing::PrintToString(lines);
  EXPECT_THAT(lines, testing::Contains("@5.0 Chat heard my name is Alice"));
}

}  // namespace
}  // namespace autolife::runtimetest
