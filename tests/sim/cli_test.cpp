// `autolife simulate` through the real binary (docs/scenarios.md): the
// demo's timeline, --json, exit statuses 0/1/2, --until, --seed (printed
// first; the same seed, the same output byte for byte), --explain (why
// each activity is not focused), --help.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "process.hpp"

namespace {

using autolife::testing::ProcessResult;
using autolife::testing::runProcess;
using autolife::testing::TempFile;
using nlohmann::ordered_json;
using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

const std::string kDemo = std::string(AUTOLIFE_SOURCE_DIR) + "/examples/scenarios/demo.yaml";

ProcessResult simulate(std::vector<std::string> args) {
  args.insert(args.begin(), {AUTOLIFE_BINARY, "simulate"});
  return runProcess(args);
}

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(SimulateCli, TheDemoMeetsAllItsExpectations) {
  auto r = simulate({kDemo});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_THAT(r.out, EndsWith("0:02:10.000  end: all expectations met\n")) << r.out;
  EXPECT_THAT(r.out, Not(HasSubstr("FAILED")));
  EXPECT_EQ(r.err, "");
}

// bench/week's scenarios (issue 33) stay what simulate reads: an hour of one.
TEST(SimulateCli, TheWeekBenchmarksScenarioSimulates) {
  auto scenario = runProcess({"/usr/bin/python3", std::string(AUTOLIFE_SOURCE_DIR) + "/bench/week-scenario", "0.05"});
  ASSERT_EQ(scenario.status, 0) << scenario.err;
  TempFile file(scenario.out, "week.yaml");
  auto r = simulate({file.path()});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("focused")) << "nobody met the robot in the scenario's hour";
  EXPECT_EQ(r.err, "");
}

TEST(SimulateCli, TheDemoTimelineBeginsAsDocumented) {
  auto r = simulate({kDemo});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, StartsWith("0:00:00.000  seed         1\n"
                                "0:00:00.000  state        solitary\n"
                                "0:00:00.000  focused      (none)\n"
                                "0:00:08.000  suggestions  attractor/.\n"
                                "0:00:08.000  next         attractor/.\n"
                                "0:00:08.000  state        solitary\n"
                                "0:00:08.000  focused      attractor/.\n"
                                "0:00:08.000  transition   (none) -> attractor/. (condition)\n"))
      << r.out;
}

TEST(SimulateCli, JsonPrintsOnlyJsonObjectsWithTheTimeFirst) {
  auto r = simulate({kDemo, "--json"});
  EXPECT_EQ(r.status, 0) << r.err;
  auto lines = linesOf(r.out);
  ASSERT_GT(lines.size(), 20u);
  double last = 0;
  int expectations = 0, events = 0, signals = 0, calls = 0;
  for (const auto& line : lines) {
    ordered_json j;
    ASSERT_NO_THROW(j = ordered_json::parse(line)) << line;
    ASSERT_TRUE(j.is_object()) << line;
    ASSERT_FALSE(j.empty()) << line;
    EXPECT_EQ(j.begin().key(), "t") << line;
    ASSERT_TRUE(j["t"].is_number()) << line;
    EXPECT_GE(j["t"].get<double>(), last) << "time order: " << line;
    last = j["t"].get<double>();
    if (j.contains("expect")) {
      ++expectations;
      EXPECT_EQ(j["ok"], true) << line;
    }
    if (j.contains("event")) {
      ++events;
      EXPECT_THAT(j["event"].get<std::string>(), StartsWith("AutonomousLife/"));
    }
    if (j.contains("signal")) ++signals;
    if (j.contains("call")) ++calls;
  }
  EXPECT_EQ(expectations, 12);
  EXPECT_GT(events, 0);
  EXPECT_GT(signals, 0);
  EXPECT_EQ(calls, 4);
  EXPECT_EQ(r.err, "");
}

TEST(SimulateCli, TheDemoRefusedSwitchFocusWhileDisabledIsAnErrorRecord) {
  auto r = simulate({kDemo, "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  bool found = false;
  for (const auto& line : linesOf(r.out)) {
    auto j = ordered_json::parse(line);
    if (j.contains("call") && j["t"] == 110.0) {
      found = true;
      EXPECT_EQ(j["call"], "ALAutonomousLife.switchFocus");
      ASSERT_TRUE(j.contains("error")) << line;
      EXPECT_EQ(j["error"]["reason"], "state-disabled") << line;
      EXPECT_THAT(j["error"]["message"].get<std::string>(), Not(::testing::IsEmpty()));
    }
  }
  EXPECT_TRUE(found);
}

TEST(SimulateCli, AFailingExpectationExitsOneWithItsDiff) {
  TempFile scenario(
      "until: 20\n"
      "activities:\n"
      "  - {name: demo/a, condition: \"'go' == 1\"}\n"
      "steps:\n"
      "  - {t: 1, set: {go: 1}}\n"
      "expect:\n"
      "  - {t: 2, focused: demo/a}\n"
      "  - {t: 17, focused: greeter/.}\n",
      "scenario.yaml");
  auto r = simulate({scenario.path()});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("FAILED at " + scenario.path() + ":8"));
  EXPECT_THAT(r.out, HasSubstr("focused: expected \"greeter/.\", got \"demo/a\""));
  EXPECT_THAT(r.out, Not(HasSubstr("all expectations met")));
}

TEST(SimulateCli, AFailingExpectationInJson) {
  TempFile scenario("expect:\n  - {t: 3, state: disabled}\n", "scenario.yaml");
  auto r = simulate({scenario.path(), "--json"});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  auto lines = linesOf(r.out);
  ASSERT_FALSE(lines.empty());
  auto last = ordered_json::parse(lines.back());
  EXPECT_EQ(last["t"], 3.0);
  EXPECT_EQ(last["ok"], false);
  EXPECT_EQ(last["diff"], ordered_json::array({"state: expected \"disabled\", got \"solitary\""}));
  EXPECT_EQ(last["where"], scenario.path() + ":2");
}

TEST(SimulateCli, AnUnreadableScenarioExitsTwoWithEachProblemsPlace) {
  TempFile scenario("robot: r2d2\nsede: 1\nuntil: 10\n", "scenario.yaml");
  auto r = simulate({scenario.path()});
  EXPECT_EQ(r.status, 2) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr(scenario.path() + ":1:8: "));
  EXPECT_THAT(r.err, HasSubstr(scenario.path() + ":2:1: "));
  EXPECT_EQ(r.out, "");
}

TEST(SimulateCli, InvalidYamlExitsTwoWithFileLineColumn) {
  TempFile scenario("robot: nao\nsteps:\n  - t: 1\n    set: {a: 1\nexpect: []\n", "scenario.yaml");
  auto r = simulate({scenario.path()});
  EXPECT_EQ(r.status, 2) << r.out << r.err;
  EXPECT_TRUE(std::regex_search(r.err, std::regex(std::regex_replace(scenario.path(), std::regex(R"([.^$|()\[\]{}*+?\\])"),
                                                                     R"(\$&)") +
                                                  ":[0-9]+:[0-9]+: ")))
      << r.err;
}

TEST(SimulateCli, AMissingScenarioExitsTwo) {
  auto r = simulate({"/nonexistent/autolife/scenario.yaml"});
  EXPECT_EQ(r.status, 2) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("/nonexistent/autolife/scenario.yaml"));
}

TEST(SimulateCli, UntilOverridesTheScenarios) {
  auto r = simulate({kDemo, "--until", "10"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, EndsWith("0:00:10.000  end: all expectations met\n")) << r.out;
  EXPECT_THAT(r.out, Not(HasSubstr("0:00:17.000")));
  auto d = simulate({kDemo, "--until", "1m"});
  EXPECT_THAT(d.out, EndsWith("0:01:00.000  end: all expectations met\n")) << d.out;
}

TEST(SimulateCli, ABadUntilIsRefused) {
  auto r = simulate({kDemo, "--until", "soon"});
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.err, "");
}

TEST(SimulateCli, SeedOverridesTheScenarios) {
  std::string activities;
  for (int i = 0; i < 20; ++i)
    activities += "  - {name: rnd/a" + std::to_string(i) + ", condition: \"rand(0, 1000, 0) < 500\"}\n";
  TempFile one("seed: 1\nuntil: 1\nactivities:\n" + activities, "one.yaml");
  TempFile two("seed: 2\nuntil: 1\nactivities:\n" + activities, "two.yaml");
  auto withOne = simulate({one.path(), "--json"});
  auto withTwo = simulate({two.path(), "--json"});
  ASSERT_EQ(withOne.status, 0) << withOne.err;
  EXPECT_NE(withOne.out, withTwo.out);
  EXPECT_EQ(simulate({one.path(), "--json", "--seed", "2"}).out, withTwo.out);
  EXPECT_EQ(simulate({two.path(), "--json", "--seed", "1"}).out, withOne.out);
}

TEST(SimulateCli, TheSeedIsPrintedFirstZeroByDefault) {
  TempFile scenario("until: 1\n", "scenario.yaml");
  auto text = simulate({scenario.path()});
  EXPECT_THAT(text.out, StartsWith("0:00:00.000  seed         0\n")) << text.out;
  auto json = simulate({scenario.path(), "--json", "--seed", "18446744073709551615"});
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_THAT(json.out, StartsWith("{\"t\": 0.0, \"seed\": 18446744073709551615}\n")) << json.out;
}

// Issue 16: "two runs with the same seed print byte-identical output". A
// day with rand() in triggers and run conditions, people, the world, and
// packages whose behaviors play on the simulated robot.
TEST(SimulateCli, TheSameSeedPrintsTheSameOutputByteForByte) {
  const std::string packages = std::string(AUTOLIFE_SOURCE_DIR) + "/examples/packages/";
  TempFile scenario("robot: pepper\nuntil: 2h\npackages: [" + packages + "attractor, " + packages + "greeter, " +
                        packages + "charger]\n"
                        "activities:\n"
                        "  - {name: rnd/chatty, nature: interactive, condition: \"rand(0, 100, 60) < 30\", run: {duration: 45}}\n"
                        "  - {name: rnd/idle, condition: \"rand(0.0, 1.0, 90) > 0.5\", run: {until: \"rand(0, 9, 20) == 3\"}}\n"
                        "steps:\n"
                        "  - {t: 5, people: [{id: a, distance: 2.0, angle: 10}]}\n"
                        "  - {t: 15, people: [{id: a, distance: 0.6, angle: 0, looking: true}]}\n"
                        "  - {t: 600, people: []}\n"
                        "  - {t: 1200, world: {battery: 10}}\n"
                        "  - {t: 1300, world: {onPod: true, charging: true}}\n",
                    "day.yaml");
  for (const char* seed : {"0", "7"}) {
    auto first = simulate({scenario.path(), "--seed", seed, "--explain"});
    auto second = simulate({scenario.path(), "--seed", seed, "--explain"});
    ASSERT_EQ(first.status, 0) << first.err;
    EXPECT_GT(linesOf(first.out).size(), 100u) << "a day worth comparing";
    EXPECT_EQ(first.out, second.out) << "seed " << seed;
    EXPECT_EQ(first.err, second.err);
    EXPECT_EQ(simulate({scenario.path(), "--seed", seed, "--json"}).out,
              simulate({scenario.path(), "--seed", seed, "--json"}).out);
  }
  EXPECT_NE(simulate({scenario.path(), "--seed", "0"}).out, simulate({scenario.path(), "--seed", "7"}).out)
      << "the seed changes the day";
}

// Issue 16's example: two solitary activities true together; the least
// recently focused wins and the other says why, in both forms, at the
// decision and at the end.
TEST(SimulateCli, ExplainSaysWhyEachActivityIsNotFocused) {
  TempFile scenario("until: 10\n"
                    "activities:\n"
                    "  - {name: pkg/act, condition: \"'go' == 1\"}\n"
                    "  - {name: other/act, condition: \"'go' == 1\"}\n"
                    "  - {name: pkg/wait, condition: \"('Launchpad/NumPeopleZone1' >= 1) ~ 3\"}\n"
                    "steps:\n"
                    "  - {t: 1, call: [ALAutonomousLife.switchFocus, pkg/act]}\n"
                    "  - {t: 2, call: [ALAutonomousLife.stopFocus]}\n"
                    "  - {t: 3, set: {go: 1}}\n",
                    "scenario.yaml");
  auto r = simulate({scenario.path(), "--explain"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("0:00:03.000  transition   (none) -> other/act (condition)\n"
                               "0:00:03.000  why-not  pkg/act lost-priority: other/act has never been focused\n"
                               "0:00:03.000  why-not  pkg/wait condition-false: ('Launchpad/NumPeopleZone1' >= 1) ~ 3 → "
                               "false   [`('Launchpad/NumPeopleZone1' >= 1)` is false now; it must hold for 3 s]\n"))
      << r.out;
  EXPECT_THAT(r.out, HasSubstr("0:00:10.000  why-not  pkg/act lost-priority: other/act has never been focused\n"
                               "0:00:10.000  why-not  pkg/wait condition-false: "))
      << r.out;
  EXPECT_THAT(r.out, EndsWith("0:00:10.000  end: all expectations met\n"));
  EXPECT_THAT(simulate({scenario.path()}).out, Not(HasSubstr("why-not"))) << "only with --explain";

  auto json = simulate({scenario.path(), "--explain", "--json"});
  std::vector<ordered_json> whyNot;
  for (const auto& line : linesOf(json.out))
    if (auto j = ordered_json::parse(line); j.contains("why-not") && j["why-not"] == "pkg/act") whyNot.push_back(j);
  ASSERT_GE(whyNot.size(), 2u) << json.out;
  EXPECT_EQ(whyNot[whyNot.size() - 2].dump(),
            R"({"t":3.0,"why-not":"pkg/act","reason":"lost-priority","message":"other/act has never been focused",)"
            R"("focused":"other/act","rule":"least-recently-focused"})");
  EXPECT_EQ(whyNot.back()["t"], 10.0);
}

// A failing activity shows in simulate as before (its failure), and its
// transition now says error.
TEST(SimulateCli, AFailureIsShownAndItsTransitionSaysError) {
  TempFile scenario("until: 1\nactivities:\n  - {name: demo/broken, condition: \"'go' == 1\", run: {until: \"((\"}}\n"
                    "steps:\n  - {t: 0.5, set: {go: 1}}\n",
                    "scenario.yaml");
  auto r = simulate({scenario.path()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("0:00:00.500  failed       demo/broken: its run condition does not compile"));
  EXPECT_THAT(r.out, HasSubstr("0:00:00.500  transition   demo/broken (error) -> (none)\n"));
}

TEST(SimulateCli, HelpDocumentsTheFormatAndTheExitStatuses) {
  auto r = simulate({"--help"});
  EXPECT_EQ(r.status, 0) << r.err;
  for (const char* word : {"SCENARIO", "--json", "--until", "--seed", "--explain", "why-not", "docs/scenarios.md", "robot", "packages",
                           "activities", "steps", "set", "raise", "people", "world", "call", "focused", "state",
                           "stack", "suggestions", "Exit status", "file:line:column"})
    EXPECT_THAT(r.out, HasSubstr(word)) << r.out;
  // The exit statuses, whatever the line wrapping.
  const std::string flat = std::regex_replace(r.out, std::regex(R"(\s+)"), " ");
  EXPECT_TRUE(std::regex_search(flat, std::regex(R"(Exit status:? *\b0\b)"))) << r.out;
  EXPECT_TRUE(std::regex_search(flat, std::regex(R"(\b1\b[^;.]*fail)"))) << r.out;
  EXPECT_TRUE(std::regex_search(flat, std::regex(R"(\b2\b[^;.]*(cannot be read|unreadable))"))) << r.out;
}

}  // namespace
