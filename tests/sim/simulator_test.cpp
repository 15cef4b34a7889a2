// The simulator (docs/scenarios.md, "Output", "expect", "steps"): records in
// time order with the documented JSON shapes, --until and --seed, when
// expectations are checked, problems reported while the run goes on.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "sim_support.hpp"

namespace {

using namespace autolife;
using autolife::simtest::kDefaultStart;
using autolife::simtest::Outcome;
using autolife::simtest::parse;
using autolife::simtest::run;
using autolife::simtest::TempDir;
using nlohmann::json;
using nlohmann::ordered_json;
using ::testing::AllOf;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using ::testing::StartsWith;

std::vector<std::string> keysOf(const ordered_json& j) {
  std::vector<std::string> out;
  for (auto it = j.begin(); it != j.end(); ++it) out.push_back(it.key());
  return out;
}

// Records from `from` on, as order-independent JSON (keys sorted) for
// comparison with the documented shapes.
std::vector<json> recordsFrom(const Outcome& o, double from) {
  std::vector<json> out;
  for (const auto& r : o.records)
    if (r.json["t"].get<double>() >= from) out.push_back(json(r.json));
  return out;
}

json event(double t, const std::string& name, const json& value) {
  return {{"t", t}, {"event", "AutonomousLife/" + name}, {"value", value}};
}

json transition(double t, std::int64_t lifeTime, const std::string& previous, const std::string& stopReason,
                const std::string& focused, const std::string& startReason) {
  return {{"t", t},
          {"signal", "activityTransition"},
          {"value",
           {{"TransitionTime", lifeTime},
            {"PreviousActivityName", previous},
            {"PreviousActivityStopReason", stopReason},
            {"FocusedActivityName", focused},
            {"FocusedActivityStartReason", startReason}}}};
}

// ---- records -----------------------------------------------------------------------

TEST(SimulatorOutput, AFocusAndItsEndInTheDocumentedOrderAndShapes) {
  auto o = run(
      "until: 10\n"
      "activities:\n"
      "  - name: demo/a\n"
      "    condition: \"'go' == 1\"\n"
      "    run: {duration: 5}\n"
      "steps:\n"
      "  - {t: 1, set: {go: 1}}\n"
      "  - {t: 2, set: {go: 0}}\n");
  EXPECT_THAT(recordsFrom(o, 0.5),
              ElementsAre(event(1.0, "LaunchSuggestions", {"demo/a"}),  //
                          event(1.0, "NextActivity", "demo/a"),        //
                          event(1.0, "State", "solitary"),             //
                          event(1.0, "FocusedActivity", "demo/a"),     //
                          transition(1.0, kDefaultStart + 1, "", "", "demo/a", "condition"),
                          event(2.0, "LaunchSuggestions", json::array()),  //
                          event(6.0, "CompletedActivity", "demo/a"),       //
                          event(6.0, "State", "solitary"),                 //
                          event(6.0, "FocusedActivity", ""),               //
                          transition(6.0, kDefaultStart + 6, "demo/a", "self-stop", "", "")));
  EXPECT_EQ(o.result.failedExpectations, 0);
  EXPECT_EQ(o.result.problems, 0);
  EXPECT_EQ(o.result.endedAt, core::fromSeconds(10));
}

// The seed reaches the engine: the scenario's, or the option's over it.
TEST(SimulatorOutput, TheSeedIsTheEnginesAndIsPrintedFirst) {
  for (std::optional<std::uint64_t> option : {std::optional<std::uint64_t>{}, std::optional<std::uint64_t>{9}}) {
    sim::SimulationOptions options;
    options.seed = option;
    std::uint64_t seen = 0;
    options.hooks.attach = [&](engine::Engine& e) { seen = e.options().seed; };
    auto o = run("seed: 5\nuntil: 1\n", options);
    EXPECT_EQ(seen, option.value_or(5));
    ASSERT_FALSE(o.records.empty());
    EXPECT_EQ(o.records[0].json.dump(), "{\"t\":0.0,\"seed\":" + std::to_string(seen) + "}");
  }
}

TEST(SimulatorOutput, LifeStartsInSolitaryWithNothingFocused) {
  auto o = run("until: 1\n");
  auto at0 = recordsFrom(o, 0);
  EXPECT_THAT(at0, Contains(event(0.0, "State", "solitary")));
  for (const auto& r : at0) EXPECT_EQ(r["t"], 0.0) << r.dump();
}

TEST(SimulatorOutput, EveryRecordHasTheTimeFirstAndRecordsAreInTimeOrder) {
  auto o = run(
      "until: 30\n"
      "activities:\n"
      "  - {name: demo/a, condition: \"'go' == 1\", run: {duration: 5}}\n"
      "  - {name: demo/b, nature: interactive, run: {duration: 3}}\n"
      "steps:\n"
      "  - {t: 1, set: {go: 1}}\n"
      "  - {t: 2, call: [ALAutonomousLife.switchFocus, demo/b, 1]}\n"
      "  - {t: 10, set: {go: 0}}\n"
      "  - {t: 12, call: [ALAutonomousLife.getState]}\n"
      "expect:\n"
      "  - {t: 3, focused: demo/b, stack: [demo/a]}\n");
  ASSERT_FALSE(o.records.empty());
  double last = 0;
  for (const auto& r : o.records) {
    ASSERT_FALSE(r.json.empty());
    EXPECT_EQ(r.json.begin().key(), "t") << r.json.dump();
    const double t = r.json["t"].get<double>();
    EXPECT_GE(t, last) << r.json.dump();
    last = t;
    EXPECT_EQ(r.time, core::fromSeconds(t));
    EXPECT_THAT(r.text, StartsWith(sim::clockText(r.time) + "  ")) << r.text;
  }
}

TEST(SimulatorOutput, TheTransitionSignalHasItsFiveFields) {
  auto o = run(
      "until: 5\n"
      "activities:\n"
      "  - {name: demo/a, nature: solitary}\n"
      "  - {name: demo/b, nature: interactive}\n"
      "steps:\n"
      "  - {t: 1, call: [ALAutonomousLife.switchFocus, demo/a]}\n"
      "  - {t: 2, call: [ALAutonomousLife.switchFocus, demo/b, 1]}\n");
  auto signals = o.having("signal");
  ASSERT_EQ(signals.size(), 2u);
  EXPECT_THAT(keysOf(signals[0]), ElementsAre("t", "signal", "value"));
  EXPECT_EQ(json(signals[1]), transition(2.0, kDefaultStart + 2, "demo/a", "switchfocus-api-interrupt", "demo/b",
                                         "unknown-api-caller"));
  EXPECT_EQ(json(signals[0]), transition(1.0, kDefaultStart + 1, "", "", "demo/a", "unknown-api-caller"));
}

TEST(SimulatorOutput, ACallAndItsResult) {
  auto o = run(
      "steps:\n"
      "  - {t: 1, call: [ALAutonomousLife.getState]}\n"
      "  - {t: 2, call: [ALMemory.insertData, k, 5]}\n"
      "  - {t: 2, call: [ALMemory.getData, k]}\n"
      "  - {t: 3, call: [ALMemory.insertData, list, [1, \"a\", 2.5]]}\n"
      "  - {t: 3, call: [ALMemory.getData, list]}\n");
  auto calls = o.having("call");
  ASSERT_EQ(calls.size(), 5u);
  EXPECT_EQ(calls[0].dump(), R"({"t":1.0,"call":"ALAutonomousLife.getState","result":"solitary"})");
  EXPECT_EQ(calls[1].dump(), R"({"t":2.0,"call":"ALMemory.insertData","result":null})");
  EXPECT_EQ(calls[2].dump(), R"({"t":2.0,"call":"ALMemory.getData","result":5})");
  EXPECT_EQ(calls[4].dump(), R"({"t":3.0,"call":"ALMemory.getData","result":[1,"a",2.5]})");
}

TEST(SimulatorOutput, ARefusedCallWithReasonAndMessage) {
  auto o = run(
      "steps:\n"
      "  - {t: 1, call: [ALAutonomousLife.setState, bogus]}\n"
      "  - {t: 2, call: [ALAutonomousLife.switchFocus, nobody/here]}\n"
      "  - {t: 3, call: [ALAutonomousLife.getState, extra]}\n");
  auto calls = o.having("call");
  ASSERT_EQ(calls.size(), 3u);
  EXPECT_THAT(keysOf(calls[0]), ElementsAre("t", "call", "error"));
  EXPECT_EQ(calls[0]["t"], 1.0);
  EXPECT_EQ(calls[0]["call"], "ALAutonomousLife.setState");
  EXPECT_THAT(keysOf(calls[0]["error"]), ElementsAre("reason", "message"));
  EXPECT_EQ(calls[0]["error"]["reason"], "unknown-state");
  EXPECT_THAT(calls[0]["error"]["message"].get<std::string>(), Not(IsEmpty()));
  EXPECT_EQ(calls[1]["error"]["reason"], "unknown-activity");
  EXPECT_EQ(calls[2]["error"]["reason"], "wrong-arity");
}

TEST(SimulatorOutput, AnActivityThatFailed) {
  auto o = run(
      "until: 5\n"
      "activities:\n"
      "  - {name: demo/broken, nature: solitary, run: {exec: [/nonexistent/autolife/program]}}\n"
      "steps:\n"
      "  - {t: 1, call: [ALAutonomousLife.switchFocus, demo/broken]}\n");
  auto failures = o.having("activity");
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_THAT(keysOf(failures[0]), ElementsAre("t", "activity", "error"));
  EXPECT_EQ(failures[0]["t"], 1.0);
  EXPECT_EQ(failures[0]["activity"], "demo/broken");
  EXPECT_THAT(failures[0]["error"].get<std::string>(), Not(IsEmpty()));
  // It ends with the stop reason error and its message (docs/life.md).
  auto signals = o.having("signal");
  ASSERT_EQ(signals.size(), 2u);
  EXPECT_EQ(signals[1]["value"]["PreviousActivityName"], "demo/broken");
  EXPECT_EQ(signals[1]["value"]["PreviousActivityStopReason"], "error");
  EXPECT_EQ(signals[1]["value"]["PreviousActivityError"], failures[0]["error"]);
}

// ---- expectations ------------------------------------------------------------------

TEST(SimulatorExpect, OkAndFailedRecords) {
  auto o = run(
      "activities:\n"
      "  - {name: demo/a, condition: \"'go' == 1\"}\n"
      "steps:\n"
      "  - {t: 1, set: {go: 1}}\n"
      "expect:\n"
      "  - {t: 2, focused: demo/a, state: solitary}\n"
      "  - {t: 3, focused: demo/b, stack: [x/y]}\n"
      "  - {t: 4, suggestions: [demo/a], state: interactive}\n");
  auto expects = o.having("expect");
  ASSERT_EQ(expects.size(), 3u);
  EXPECT_EQ(expects[0].dump(), R"({"t":2.0,"expect":{"focused":"demo/a","state":"solitary"},"ok":true})");

  EXPECT_THAT(keysOf(expects[1]), ElementsAre("t", "expect", "ok", "diff", "where"));
  EXPECT_EQ(expects[1]["t"], 3.0);
  EXPECT_EQ(json(expects[1]["expect"]), json::parse(R"({"focused": "demo/b", "stack": ["x/y"]})"));
  EXPECT_EQ(expects[1]["ok"], false);
  ASSERT_EQ(expects[1]["diff"].size(), 2u);
  EXPECT_EQ(expects[1]["diff"][0], "focused: expected \"demo/b\", got \"demo/a\"");
  EXPECT_THAT(expects[1]["diff"][1].get<std::string>(), StartsWith("stack: expected "));
  EXPECT_EQ(expects[1]["where"], "/scenarios/test.yaml:7");

  ASSERT_EQ(expects[2]["diff"].size(), 1u);
  EXPECT_EQ(expects[2]["diff"][0], "state: expected \"interactive\", got \"solitary\"");
  EXPECT_EQ(expects[2]["where"], "/scenarios/test.yaml:8");

  EXPECT_EQ(o.result.failedExpectations, 2);
}

TEST(SimulatorExpect, TheReadableFailureNamesTheLineAndWhatDiffers) {
  auto o = run(
      "expect:\n"
      "  - {t: 17, focused: greeter/.}\n");
  auto it = std::find_if(o.records.begin(), o.records.end(), [](const auto& r) { return r.json.contains("expect"); });
  ASSERT_NE(it, o.records.end());
  EXPECT_THAT(it->text, HasSubstr("FAILED at /scenarios/test.yaml:2"));
  EXPECT_THAT(it->text, HasSubstr("focused: expected \"greeter/.\", got \"\""));
  EXPECT_EQ(o.result.failedExpectations, 1);
}

TEST(SimulatorExpect, FocusedEmptyMeansNothingFocused) {
  auto o = run(
      "expect:\n"
      "  - {t: 1, focused: \"\", state: solitary, stack: [], suggestions: []}\n");
  auto expects = o.having("expect");
  ASSERT_EQ(expects.size(), 1u);
  EXPECT_EQ(expects[0]["ok"], true) << expects[0].dump();
  EXPECT_EQ(o.result.failedExpectations, 0);
}

TEST(SimulatorExpect, SuggestionsAreSorted) {
  auto o = run(
      "activities:\n"
      "  - {name: zed/z, condition: \"'go' == 1\"}\n"
      "  - {name: alpha/a, condition: \"'go' == 1\"}\n"
      "  - {name: mid/m, condition: \"'go' == 2\"}\n"
      "steps:\n"
      "  - {t: 1, set: {go: 1}}\n"
      "expect:\n"
      "  - {t: 2, suggestions: [alpha/a, zed/z]}\n");
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.linesHaving("expect"));
  EXPECT_THAT(o.linesHaving("event"), Contains(R"({"t":1.0,"event":"AutonomousLife/LaunchSuggestions","value":["alpha/a","zed/z"]})"));
}

TEST(SimulatorExpect, CheckedAfterAStepAtTheSameInstantWhateverTheFileOrder) {
  auto o = run(
      "activities:\n"
      "  - {name: demo/a, condition: \"'go' == 1\"}\n"
      "expect:\n"
      "  - {t: 5, focused: demo/a, suggestions: [demo/a]}\n"
      "steps:\n"
      "  - {t: 5, set: {go: 1}}\n");
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.lines());
  // The expectation is the last record at t=5.
  auto at5 = o.linesAt(5.0);
  ASSERT_FALSE(at5.empty());
  EXPECT_THAT(at5.back(), HasSubstr("\"expect\""));
}

TEST(SimulatorExpect, CheckedAfterATimeOperatorDeadlineAtTheSameInstant) {
  auto o = run(
      "activities:\n"
      "  - {name: demo/w, condition: \"('w' == 1) ~ 2\"}\n"
      "steps:\n"
      "  - {t: 3, set: {w: 1}}\n"
      "expect:\n"
      "  - {t: 4.999, focused: \"\", suggestions: []}\n"
      "  - {t: 5, focused: demo/w, suggestions: [demo/w], state: solitary}\n");
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.linesHaving("expect"));
}

TEST(SimulatorExpect, CheckedAfterAnActivityEndsAtThatInstant) {
  auto o = run(
      "activities:\n"
      "  - {name: demo/a, nature: interactive, run: {duration: 4}}\n"
      "steps:\n"
      "  - {t: 1, call: [ALAutonomousLife.switchFocus, demo/a]}\n"
      "expect:\n"
      "  - {t: 5, focused: \"\", state: solitary}\n");
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.linesHaving("expect"));
}

TEST(SimulatorExpect, TheStackBottomFirst) {
  auto o = run(
      "activities:\n"
      "  - {name: demo/a, nature: solitary}\n"
      "  - {name: demo/b, nature: interactive}\n"
      "  - {name: demo/c, nature: interactive}\n"
      "steps:\n"
      "  - {t: 1, call: [ALAutonomousLife.switchFocus, demo/a]}\n"
      "  - {t: 2, call: [ALAutonomousLife.switchFocus, demo/b, 1]}\n"
      "  - {t: 3, call: [ALAutonomousLife.switchFocus, demo/c, 1]}\n"
      "  - {t: 5, call: [ALAutonomousLife.stopFocus]}\n"
      "expect:\n"
      "  - {t: 4, focused: demo/c, stack: [demo/a, demo/b], state: interactive}\n"
      "  - {t: 5, focused: demo/b, stack: [demo/a]}\n");
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.linesHaving("expect"));
}

TEST(SimulatorExpect, EachFailingExpectationIsCounted) {
  auto o = run(
      "expect:\n"
      "  - {t: 1, state: disabled}\n"
      "  - {t: 2, focused: a/b}\n"
      "  - {t: 3, state: solitary}\n"
      "  - {t: 4, stack: [a/b]}\n");
  EXPECT_EQ(o.result.failedExpectations, 3);
  EXPECT_EQ(o.having("expect").size(), 4u);
}

// ---- steps -------------------------------------------------------------------------

TEST(SimulatorSteps, ActionsOfAStepApplyInOrderWorldPeopleSetRaiseCall) {
  auto o = run(
      "steps:\n"
      "  - t: 1\n"
      "    world: {battery: 12}\n"
      "    people: [{id: alice, distance: 1.0, angle: 0}]\n"
      "    set: {k: 7}\n"
      "    raise: {e: \"x\"}\n"
      "    call: [ALMemory.getListData, [Launchpad/BatteryLevel, Launchpad/NumPeopleZone1, k, e]]\n");
  EXPECT_EQ(o.callAt(1.0, "ALMemory.getListData").dump(),
            R"({"t":1.0,"call":"ALMemory.getListData","result":[1,1,7,"x"]})");
}

TEST(SimulatorSteps, SetIsOneBatch) {
  // Applied one key at a time, 'a' and 'b' would differ for an instant.
  auto o = run(
      "until: 3\n"
      "activities:\n"
      "  - {name: demo/differ, condition: \"'a' != 'b'\"}\n"
      "steps:\n"
      "  - {t: 1, set: {a: 1, b: 1}}\n"
      "  - {t: 2, set: {a: 2, b: 2}}\n"
      "expect:\n"
      "  - {t: 3, focused: \"\"}\n");
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.lines());
  EXPECT_TRUE(o.having("signal").empty()) << testing::PrintToString(o.lines());
}

TEST(SimulatorSteps, PeopleFieldsReachTheLaunchpad) {
  auto o = run(
      "steps:\n"
      "  - t: 1\n"
      "    people: [{id: alice, distance: 2.0, angle: 0, looking: true, waving: true}]\n"
      "    call: [ALMemory.getListData, [Launchpad/NumPeopleZone2, Launchpad/WavingDetection, "
      "Launchpad/TrackedHumanIsLookingAtRobot, Launchpad/ZoneOfTrackedHuman, Launchpad/DistanceOfTrackedHuman]]\n"
      "  - t: 2\n"
      "    people: []\n"
      "    call: [ALMemory.getListData, [Launchpad/NumPeopleZone2, Launchpad/WavingDetection, "
      "Launchpad/TrackedHumanIsLookingAtRobot, Launchpad/ZoneOfTrackedHuman, Launchpad/DistanceOfTrackedHuman]]\n");
  EXPECT_EQ(o.callAt(1.0, "ALMemory.getListData")["result"].dump(), R"([1,1,true,2,2.0])");
  EXPECT_EQ(o.callAt(2.0, "ALMemory.getListData")["result"].dump(), R"([0,0,false,0,-1.0])");
}

TEST(SimulatorSteps, StepsAtTheSameTimeAreSeparateEvaluationPoints) {
  // Two steps at t=1 raise one event each: a condition needing both bangs
  // never sees them together; one step raising both does.
  auto o = run(
      "until: 5\n"
      "activities:\n"
      "  - {name: demo/apart, condition: \"bang('e') && bang('f')\"}\n"
      "  - {name: demo/together, condition: \"bang('g') && bang('h')\"}\n"
      "steps:\n"
      "  - {t: 1, raise: {e: 1}}\n"
      "  - {t: 1, raise: {f: 1}}\n"
      "  - {t: 2, raise: {g: 1, h: 1}}\n"
      "expect:\n"
      "  - {t: 1.5, focused: \"\"}\n"
      "  - {t: 2.5, focused: demo/together}\n");
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.lines());
}

TEST(SimulatorSteps, StepsAtTheSameTimeApplyInFileOrder) {
  auto o = run(
      "steps:\n"
      "  - {t: 1, set: {k: first}}\n"
      "  - {t: 1, set: {k: second}}\n"
      "  - {t: 1, call: [ALMemory.getData, k]}\n"
      "  - {t: 0.5, set: {k: zeroth}}\n");
  EXPECT_EQ(o.callAt(1.0, "ALMemory.getData")["result"], "second");
}

TEST(SimulatorSteps, SetAndRaiseGoToMemoryWithTheirTypes) {
  auto o = run(
      "steps:\n"
      "  - t: 1\n"
      "    set: {s: \"42\", i: 42, f: 4.5, b: true, n: null, l: [1, \"two\"]}\n"
      "    call: [ALMemory.getListData, [s, i, f, b, n, l]]\n");
  EXPECT_EQ(o.callAt(1.0, "ALMemory.getListData")["result"].dump(), R"(["42",42,4.5,true,null,[1,"two"]])");
}

TEST(SimulatorSteps, ACallMayTakeAMapArgument) {
  // Maps are allowed in call arguments (ALMemory refuses them, with bad-argument).
  auto o = run(
      "steps:\n"
      "  - {t: 1, call: [ALMemory.insertData, k, {a: 1}]}\n");
  auto calls = o.having("call");
  ASSERT_EQ(calls.size(), 1u);
  EXPECT_EQ(calls[0]["error"]["reason"], "bad-argument") << calls[0].dump();
}

// ---- --until and --seed ------------------------------------------------------------

TEST(SimulatorOptions, UntilOverridesTheScenarios) {
  auto s = parse(
      "until: 100\n"
      "steps:\n"
      "  - {t: 10, call: [ALAutonomousLife.getState]}\n"
      "  - {t: 50, call: [ALAutonomousLife.getState]}\n"
      "expect:\n"
      "  - {t: 60, state: disabled}\n");
  sim::SimulationOptions options;
  options.until = core::fromSeconds(20);
  auto o = run(s, options);
  EXPECT_EQ(o.result.endedAt, core::fromSeconds(20));
  EXPECT_EQ(o.having("call").size(), 1u);
  EXPECT_TRUE(o.having("expect").empty());
  EXPECT_EQ(o.result.failedExpectations, 0);
  for (const auto& r : o.records) EXPECT_LE(r.json["t"].get<double>(), 20.0);

  auto full = run(s);
  EXPECT_EQ(full.result.endedAt, core::fromSeconds(100));
  EXPECT_EQ(full.having("call").size(), 2u);
  EXPECT_EQ(full.result.failedExpectations, 1);
}

TEST(SimulatorOptions, WithoutUntilTheRunEndsAtTheLastStepOrExpectation) {
  auto steps = parse("steps:\n  - {t: 40, set: {a: 1}}\n  - {t: 7, set: {a: 2}}\nexpect:\n  - {t: 30, state: solitary}\n");
  EXPECT_EQ(sim::endOf(steps, {}), core::fromSeconds(40));
  auto expects = parse("steps:\n  - {t: 4, set: {a: 1}}\nexpect:\n  - {t: 1m, state: solitary}\n");
  EXPECT_EQ(sim::endOf(expects, {}), core::fromSeconds(60));
  auto until = parse("until: 2h\nsteps:\n  - {t: 4, set: {a: 1}}\n");
  EXPECT_EQ(sim::endOf(until, {}), core::fromSeconds(7200));
  sim::SimulationOptions options;
  options.until = core::fromSeconds(5);
  EXPECT_EQ(sim::endOf(until, options), core::fromSeconds(5));
  EXPECT_EQ(run(steps).result.endedAt, core::fromSeconds(40));
}

// rand() with period 0 is drawn once per run: which of twenty conditions
// hold depends on the seed only.
std::string randomScenario(int seed) {
  std::string yaml = "seed: " + std::to_string(seed) + "\nuntil: 1\nactivities:\n";
  for (int i = 0; i < 20; ++i)
    yaml += "  - {name: rnd/a" + std::to_string(i) + ", condition: \"rand(0, 1000, 0) < 500\"}\n";
  yaml += "expect:\n  - {t: 1, state: solitary}\n";
  return yaml;
}

TEST(SimulatorOptions, SeedOverridesTheScenarios) {
  auto one = parse(randomScenario(1));
  auto two = parse(randomScenario(2));
  const auto withOne = run(one).lines();
  const auto withTwo = run(two).lines();
  EXPECT_EQ(run(one).lines(), withOne) << "a seed makes runs reproducible";
  EXPECT_NE(withOne, withTwo) << "twenty rand() draws came out the same with seeds 1 and 2";
  sim::SimulationOptions options;
  options.seed = 2;
  EXPECT_EQ(run(one, options).lines(), withTwo);
  options.seed = 1;
  EXPECT_EQ(run(two, options).lines(), withOne);
}

// ---- packages and activities -------------------------------------------------------

TEST(SimulatorPackages, ABrokenPackageIsAProblemLineAndTheOthersLoad) {
  TempDir dir;
  dir.write("broken/manifest.xml", "<?xml version=\"1.0\"?>\n<package uuid=\"broken\"\n  <contents>\n");
  simtest::writePackage(dir, "good", "good", {{".", "interactive", "'go' == 1"}});
  auto s = parse(
      "until: 3\n"
      "packages:\n"
      "  - broken\n"
      "  - missing-folder\n"
      "  - good\n"
      "steps:\n"
      "  - {t: 1, call: [ALAutonomousLife.getActivityNature, good/.]}\n"
      "  - {t: 2, set: {go: 1}}\n"
      "expect:\n"
      "  - {t: 2, focused: good/., state: interactive}\n",
      dir.str() + "/scenario.yaml", dir.str());
  auto out = run(s);
  auto problems = out.having("problem");
  ASSERT_GE(problems.size(), 2u) << testing::PrintToString(out.lines());
  EXPECT_GE(out.result.problems, 2);
  bool brokenSeen = false, missingSeen = false;
  for (const auto& p : problems) {
    EXPECT_THAT(keysOf(p), ElementsAre("t", "problem"));
    EXPECT_EQ(p["t"], 0.0);
    const auto text = p["problem"].get<std::string>();
    brokenSeen = brokenSeen || text.find(dir.str() + "/broken") == 0;
    missingSeen = missingSeen || text.find("missing-folder") != std::string::npos;
  }
  EXPECT_TRUE(brokenSeen) << testing::PrintToString(out.linesHaving("problem"));
  EXPECT_TRUE(missingSeen) << testing::PrintToString(out.linesHaving("problem"));
  // The broken package's problem is an error at its place in manifest.xml.
  for (const auto& p : problems) {
    const auto text = p["problem"].get<std::string>();
    if (text.find(dir.str() + "/broken") == 0) {
      EXPECT_THAT(text, AllOf(StartsWith(dir.str() + "/broken/manifest.xml:"), HasSubstr(": error: ")));
    }
  }
  EXPECT_EQ(out.callAt(1.0, "ALAutonomousLife.getActivityNature")["result"], "interactive");
  EXPECT_EQ(out.result.failedExpectations, 0) << testing::PrintToString(out.linesHaving("expect"));
}

TEST(SimulatorPackages, APkgArchiveIsInstalledAndItsActivitiesJoinLife) {
  TempDir dir;
  auto folder = simtest::writePackage(dir, "src", "zipped", {{"hi", "interactive", "'go' == 1"}});
  simtest::zipFolder(folder, dir.path() / "zipped.pkg");
  std::filesystem::remove_all(folder);
  auto o = run(parse(
      "until: 3\n"
      "packages: [zipped.pkg]\n"
      "steps:\n"
      "  - {t: 1, call: [PackageManager.hasPackage, zipped]}\n"
      "  - {t: 2, set: {go: 1}}\n"
      "expect:\n"
      "  - {t: 2, focused: zipped/hi, state: interactive}\n",
      dir.str() + "/scenario.yaml", dir.str()));
  EXPECT_EQ(o.result.problems, 0) << testing::PrintToString(o.linesHaving("problem"));
  EXPECT_EQ(o.callAt(1.0, "PackageManager.hasPackage")["result"], true);
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.linesHaving("expect"));
}

TEST(SimulatorPackages, AFolderIsLoadedWhereItLies) {
  TempDir dir;
  simtest::writePackage(dir, "inplace", "inplace", {{".", "solitary", ""}});
  auto o = run(parse(
      "packages: [inplace]\n"
      "steps:\n"
      "  - {t: 1, call: [PackageManager.packages]}\n",
      dir.str() + "/scenario.yaml", dir.str()));
  auto packages = o.callAt(1.0, "PackageManager.packages")["result"];
  ASSERT_EQ(packages.size(), 1u);
  EXPECT_EQ(std::filesystem::path(packages[0]["path"].get<std::string>()), dir.path() / "inplace");
}

TEST(SimulatorPackages, APackageActivityWhoseTriggerDoesNotCompileIsReportedAtItsManifestPlace) {
  TempDir dir;
  auto folder = simtest::writePackage(dir, "pkg", "mixed",
                                      {{"bad", "solitary", "'k' >= 1)"}, {"good", "solitary", "'k' >= 1"}});
  // Where the trigger text starts in the manifest.
  std::ifstream in(folder / "manifest.xml");
  std::string line;
  int lineNumber = 0, badLine = 0, badColumn = 0;
  while (std::getline(in, line)) {
    ++lineNumber;
    auto at = line.find("<![CDATA['k' >= 1)]]>");
    if (at != std::string::npos) {
      badLine = lineNumber;
      badColumn = static_cast<int>(at) + 9 + 1;
    }
  }
  ASSERT_GT(badLine, 0);
  // The stray ')' is the trigger's 9th character.
  const std::string where = (folder / "manifest.xml").string() + ":" + std::to_string(badLine) + ":" +
                            std::to_string(badColumn + 8) + ": error: ";
  auto s = parse(
      "until: 3\n"
      "packages: [pkg]\n"
      "steps:\n"
      "  - {t: 1, set: {k: 1}}\n"
      "  - {t: 2, call: [ALAutonomousLife.getActivityContextPermissionViolations, mixed/bad]}\n"
      "expect:\n"
      "  - {t: 2, focused: mixed/good, suggestions: [mixed/good]}\n",
      dir.str() + "/scenario.yaml", dir.str());
  auto o = run(s);
  auto problems = o.linesHaving("problem");
  ASSERT_FALSE(problems.empty());
  bool found = false;
  for (const auto& p : o.having("problem")) found = found || p["problem"].get<std::string>().find(where) == 0;
  EXPECT_TRUE(found) << "expected a problem starting with " << where << "\n" << testing::PrintToString(problems);
  for (const auto& p : o.having("problem")) EXPECT_EQ(p["t"], 0.0);
  EXPECT_EQ(json(o.callAt(2.0, "ALAutonomousLife.getActivityContextPermissionViolations")["result"]),
            json::array({"error"}));
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.linesHaving("expect"));
}

// An inline activity's bad condition, at its place in the scenario file:
// quoted, plain, and block scalars (on the block's first and second lines).
class InlineConditionProblem : public ::testing::Test {
protected:
  void SetUp() override {
    outcome_ = run(parse(
        "until: 3\n"                         // 1
        "activities:\n"                      // 2
        "  - name: demo/quoted\n"            // 3
        "    condition: \"'k' >= 1)\"\n"     // 4: text at 17, ')' at 25
        "  - name: demo/plain\n"             // 5
        "    condition: 1 >= 1)\n"           // 6: text at 16, ')' at 22
        "  - name: demo/single\n"            // 7
        "    condition: '1 >= 1)'\n"         // 8: text at 17, ')' at 23
        "  - name: demo/blockfirst\n"        // 9
        "    condition: |\n"                 // 10
        "      'k' >= 1)\n"                  // 11: text at 7, ')' at 15
        "  - name: demo/blocksecond\n"       // 12
        "    condition: |\n"                 // 13
        "      'k' >= 1 &&\n"                // 14
        "      'j' >= 1)\n"                  // 15: ')' at 15
        "  - name: demo/ok\n"                // 16
        "    condition: \"'ok' == 1\"\n"     // 17
        "steps:\n"                           // 18
        "  - {t: 1, set: {ok: 1}}\n"         // 19
        "expect:\n"                          // 20
        "  - {t: 2, focused: demo/ok}\n",    // 21
        "/scenarios/inline.yaml", "/scenarios"));
    for (const auto& p : outcome_.having("problem")) problems_.push_back(p["problem"].get<std::string>());
  }

  // The problem reported for the activity whose condition is on `line`.
  std::string problemOnLine(int line) const {
    const std::string prefix = "/scenarios/inline.yaml:" + std::to_string(line) + ":";
    for (const auto& p : problems_)
      if (p.starts_with(prefix)) return p;
    return "";
  }

  Outcome outcome_;
  std::vector<std::string> problems_;
};

TEST_F(InlineConditionProblem, EachIsReportedAndTheRunGoesOn) {
  EXPECT_EQ(problems_.size(), 5u) << testing::PrintToString(problems_);
  EXPECT_EQ(outcome_.result.problems, 5);
  EXPECT_EQ(outcome_.result.failedExpectations, 0) << testing::PrintToString(outcome_.linesHaving("expect"));
  for (const auto& p : outcome_.having("problem")) EXPECT_EQ(p["t"], 0.0);
}

TEST_F(InlineConditionProblem, DoubleQuoted) {
  EXPECT_THAT(problemOnLine(4), StartsWith("/scenarios/inline.yaml:4:25: ")) << testing::PrintToString(problems_);
}

TEST_F(InlineConditionProblem, Plain) {
  EXPECT_THAT(problemOnLine(6), StartsWith("/scenarios/inline.yaml:6:22: ")) << testing::PrintToString(problems_);
}

TEST_F(InlineConditionProblem, SingleQuoted) {
  EXPECT_THAT(problemOnLine(8), StartsWith("/scenarios/inline.yaml:8:23: ")) << testing::PrintToString(problems_);
}

TEST_F(InlineConditionProblem, BlockScalarFirstLine) {
  EXPECT_THAT(problemOnLine(11), StartsWith("/scenarios/inline.yaml:11:15: ")) << testing::PrintToString(problems_);
}

TEST_F(InlineConditionProblem, BlockScalarSecondLine) {
  EXPECT_THAT(problemOnLine(15), StartsWith("/scenarios/inline.yaml:15:15: ")) << testing::PrintToString(problems_);
}

TEST_F(InlineConditionProblem, IsLabelledAsAnErrorLikeAPackageProblem) {
  // docs/scenarios.md, Output: {"t": 0.0, "problem": "file:line:column: error: .."}
  EXPECT_THAT(problemOnLine(4), StartsWith("/scenarios/inline.yaml:4:25: error: "))
      << testing::PrintToString(problems_);
}

TEST(SimulatorActivities, ARunOverrideGivesAPackageActivityAnotherWayToRun) {
  TempDir dir;
  simtest::writePackage(dir, "pk", "pk", {{".", "interactive", "'go' == 1"}});
  const std::string steps =
      "steps:\n"
      "  - {t: 1, set: {go: 1}}\n"
      "  - {t: 2, set: {go: 0}}\n"
      "  - {t: 3, call: [ALAutonomousLife.getActivityNature, pk/.]}\n";
  // As the package gives it: runs until stopped.
  auto plain = run(parse("until: 10\npackages: [pk]\n" + steps +
                             "expect:\n  - {t: 8, focused: pk/., state: interactive}\n",
                         dir.str() + "/a.yaml", dir.str()));
  EXPECT_EQ(plain.result.failedExpectations, 0) << testing::PrintToString(plain.linesHaving("expect"));
  // With a scripted run: ends after 5 s, its nature and trigger kept.
  auto scripted = run(parse("until: 10\npackages: [pk]\n"
                            "activities:\n  - name: pk/.\n    run: {duration: 5}\n" +
                                steps +
                                "expect:\n"
                                "  - {t: 5.9, focused: pk/., state: interactive}\n"
                                "  - {t: 6, focused: \"\", state: solitary}\n",
                            dir.str() + "/b.yaml", dir.str()));
  EXPECT_EQ(scripted.result.failedExpectations, 0) << testing::PrintToString(scripted.linesHaving("expect"));
  EXPECT_EQ(scripted.callAt(3.0, "ALAutonomousLife.getActivityNature")["result"], "interactive");
  EXPECT_EQ(scripted.result.problems, 0);
}

TEST(SimulatorActivities, AnEntryNamingNoPackageActivityAddsOne) {
  auto o = run(
      "until: 10\n"
      "activities:\n"
      "  - name: demo/x\n"
      "    run: {duration: 5}\n"
      "steps:\n"
      "  - {t: 1, call: [ALAutonomousLife.switchFocus, demo/x]}\n"
      "  - {t: 1, call: [ALAutonomousLife.getActivityNature, demo/x]}\n"
      "expect:\n"
      "  - {t: 5.9, focused: demo/x, state: solitary}\n"
      "  - {t: 6, focused: \"\"}\n");
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.lines());
  EXPECT_EQ(o.callAt(1.0, "ALAutonomousLife.getActivityNature")["result"], "solitary");
  EXPECT_EQ(o.result.problems, 0);
}

TEST(SimulatorActivities, RunUntilEndsWhenItsConditionBecomesTrue) {
  auto o = run(
      "until: 10\n"
      "activities:\n"
      "  - {name: demo/u, nature: solitary, run: {until: \"'done' == 1\"}}\n"
      "steps:\n"
      "  - {t: 1, call: [ALAutonomousLife.switchFocus, demo/u]}\n"
      "  - {t: 4, set: {done: 1}}\n"
      "expect:\n"
      "  - {t: 3.9, focused: demo/u}\n"
      "  - {t: 4, focused: \"\"}\n");
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.linesHaving("expect"));
  auto signals = o.having("signal");
  ASSERT_EQ(signals.size(), 2u);
  EXPECT_EQ(signals[1]["t"], 4.0);
  EXPECT_EQ(signals[1]["value"]["PreviousActivityStopReason"], "self-stop");
}

TEST(SimulatorActivities, LoadTimeDelaysTheStartNotTheFocus) {
  auto o = run(
      "until: 10\n"
      "activities:\n"
      "  - {name: demo/slow, nature: solitary, load: 3, run: {duration: 2}}\n"
      "steps:\n"
      "  - {t: 1, call: [ALAutonomousLife.switchFocus, demo/slow]}\n"
      "expect:\n"
      "  - {t: 1, focused: demo/slow}\n"
      "  - {t: 5.9, focused: demo/slow}\n"
      "  - {t: 6, focused: \"\"}\n");
  EXPECT_EQ(o.result.failedExpectations, 0) << testing::PrintToString(o.linesHaving("expect"));
}

TEST(SimulatorActivities, StartSetsTheWallClockOfLifeTime) {
  auto o = run(
      "start: 2026-03-01T12:30:00Z\n"
      "steps:\n"
      "  - {t: 10, call: [ALAutonomousLife.getLifeTime]}\n");
  EXPECT_EQ(o.callAt(10.0, "ALAutonomousLife.getLifeTime")["result"], 1772368200 + 10);
  auto d = run("steps:\n  - {t: 10, call: [ALAutonomousLife.getLifeTime]}\n");
  EXPECT_EQ(d.callAt(10.0, "ALAutonomousLife.getLifeTime")["result"], kDefaultStart + 10);
}

TEST(SimulatorRobot, TheRobotSetsRobotTypeAndZones) {
  // 1.0 m ahead: NAO zone 1 (< 1.5 m), Pepper zone 3 (>= 0.9 m).
  const std::string rest =
      "steps:\n"
      "  - {t: 1, people: [{id: a, distance: 1.0, angle: 0}]}\n"
      "  - {t: 1, call: [ALMemory.getListData, [Launchpad/RobotType, Launchpad/NumPeopleZone1, "
      "Launchpad/NumPeopleZone3]]}\n";
  auto nao = run("robot: nao\n" + rest);
  EXPECT_EQ(nao.callAt(1.0, "ALMemory.getListData")["result"].dump(), R"(["nao",1,0])");
  auto pepper = run("robot: pepper\n" + rest);
  EXPECT_EQ(pepper.callAt(1.0, "ALMemory.getListData")["result"].dump(), R"(["pepper",0,1])");
  auto byDefault = run(rest);
  EXPECT_EQ(byDefault.callAt(1.0, "ALMemory.getListData")["result"].dump(), R"(["nao",1,0])");
}

TEST(SimulatorClock, ClockText) {
  EXPECT_EQ(sim::clockText(core::fromSeconds(0)), "0:00:00.000");
  EXPECT_EQ(sim::clockText(core::fromSeconds(4)), "0:00:04.000");
  EXPECT_EQ(sim::clockText(core::fromSeconds(130)), "0:02:10.000");
  EXPECT_EQ(sim::clockText(core::fromSeconds(90061.5)), "25:01:01.500");
}

}  // namespace
