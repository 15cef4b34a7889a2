// Loading a scenario (docs/scenarios.md, "The file"): every field read as
// documented — robot, seed, start, until and its durations, packages
// relative to the file, activities and their runs, steps and their
// actions, people, world, memory value typing, call arguments,
// expectations.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>

#include "autolife/core/value.hpp"
#include "any_json.hpp"
#include "sim_support.hpp"

namespace {

using namespace autolife;
using autolife::simtest::parse;
using core::Value;
using ::testing::ElementsAre;

core::Time seconds(double s) { return core::fromSeconds(s); }

// ---- durations ---------------------------------------------------------------------

TEST(ScenarioDuration, PlainSecondsWholeOrFractional) {
  EXPECT_EQ(sim::parseDuration("90"), seconds(90));
  EXPECT_EQ(sim::parseDuration("1.5"), seconds(1.5));
  EXPECT_EQ(sim::parseDuration("0"), seconds(0));
}

TEST(ScenarioDuration, UnitsAndCombinations) {
  EXPECT_EQ(sim::parseDuration("90s"), seconds(90));
  EXPECT_EQ(sim::parseDuration("30m"), seconds(30 * 60));
  EXPECT_EQ(sim::parseDuration("2h"), seconds(2 * 3600));
  EXPECT_EQ(sim::parseDuration("1h30m"), seconds(5400));
  EXPECT_EQ(sim::parseDuration("1d"), seconds(86400));
}

TEST(ScenarioDuration, TextThatIsNotADurationIsRefused) {
  EXPECT_EQ(sim::parseDuration(""), std::nullopt);
  EXPECT_EQ(sim::parseDuration("soon"), std::nullopt);
  EXPECT_EQ(sim::parseDuration("2 hours"), std::nullopt);
  EXPECT_EQ(sim::parseDuration("5x"), std::nullopt);
  EXPECT_EQ(sim::parseDuration("-5"), std::nullopt);
}

// ---- top level ---------------------------------------------------------------------

TEST(ScenarioFile, DefaultsWhenFieldsAreLeftOut) {
  auto s = parse("steps: []\n");
  EXPECT_EQ(s.robot, "nao");
  EXPECT_EQ(s.seed, 0u);
  EXPECT_EQ(s.until, std::nullopt);
  EXPECT_EQ(s.start, std::nullopt);
  EXPECT_TRUE(s.packages.empty());
  EXPECT_TRUE(s.activities.empty());
  EXPECT_TRUE(s.steps.empty());
  EXPECT_TRUE(s.expectations.empty());
}

TEST(ScenarioFile, OldMacLineEndsAreLineEndsToo) {
  // A lone \r ends a line, as \n and \r\n do (the places in errors count it so).
  auto s = parse("robot: pepper\rseed: 7\r\nsteps:\r  - {t: 1, set: {go: 1}}\r");
  EXPECT_EQ(s.robot, "pepper");
  EXPECT_EQ(s.seed, 7u);
  ASSERT_EQ(s.steps.size(), 1u);
  EXPECT_EQ(s.steps[0].line, 4);
}

TEST(ScenarioFile, RobotSeedStartAndUntil) {
  auto s = parse(
      "robot: pepper\n"
      "seed: 42\n"
      "start: 2026-03-01T12:30:00Z\n"
      "until: 1h30m\n");
  EXPECT_EQ(s.robot, "pepper");
  EXPECT_EQ(s.seed, 42u);
  ASSERT_TRUE(s.until);
  EXPECT_EQ(*s.until, seconds(5400));
  ASSERT_TRUE(s.start);
  // 2026-03-01T12:30:00Z
  EXPECT_EQ(std::chrono::duration_cast<std::chrono::seconds>(s.start->time_since_epoch()).count(), 1772368200);
  EXPECT_EQ(s.file, "/scenarios/test.yaml");
}

TEST(ScenarioFile, RobotNaoByName) { EXPECT_EQ(parse("robot: nao\n").robot, "nao"); }

TEST(ScenarioFile, UntilInPlainSeconds) {
  auto s = parse("until: 130\n");
  ASSERT_TRUE(s.until);
  EXPECT_EQ(*s.until, seconds(130));
}

TEST(ScenarioFile, PackagesAreResolvedRelativeToTheScenarioFile) {
  auto s = parse(
      "packages:\n"
      "  - ../packages/attractor\n"
      "  - greeter.pkg\n"
      "  - /opt/robot/charger\n",
      "/home/me/scenarios/day.yaml", "/home/me/scenarios");
  EXPECT_THAT(s.packages, ElementsAre("/home/me/packages/attractor", "/home/me/scenarios/greeter.pkg",
                                      "/opt/robot/charger"));
}

// ---- activities --------------------------------------------------------------------

TEST(ScenarioActivities, EveryField) {
  auto s = parse(
      "activities:\n"
      "  - name: demo/joke\n"
      "    nature: interactive\n"
      "    condition: \"'Launchpad/NumPeopleZone1' >= 1\"\n"
      "    permissions: [canRunOnPod, canStandUp, canRunInSleep]\n"
      "    run: {duration: 10}\n"
      "    load: 2.5\n"
      "    loadingResponses: [\"One moment\", \"Here it comes\"]\n");
  ASSERT_EQ(s.activities.size(), 1u);
  const auto& inline_ = s.activities[0];
  const auto& a = inline_.activity;
  EXPECT_EQ(a.name, "demo/joke");
  EXPECT_EQ(a.nature, life::Nature::Interactive);
  EXPECT_EQ(a.launchTrigger, "'Launchpad/NumPeopleZone1' >= 1");
  EXPECT_TRUE(a.permissions.canRunOnPod);
  EXPECT_TRUE(a.permissions.canStandUp);
  EXPECT_TRUE(a.permissions.canRunInSleep);
  ASSERT_TRUE(std::holds_alternative<life::RunFor>(a.run));
  EXPECT_EQ(std::get<life::RunFor>(a.run).duration, seconds(10));
  EXPECT_EQ(a.loadTime, seconds(2.5));
  EXPECT_THAT(a.loadingResponses, ElementsAre("One moment", "Here it comes"));
  EXPECT_EQ(inline_.line, 2);
  EXPECT_FALSE(inline_.overridesRun);
}

TEST(ScenarioActivities, NatureDefaultsToSolitaryWithNoPermissions) {
  auto s = parse(
      "activities:\n"
      "  - name: demo/plain\n"
      "    condition: \"'k'\"\n");
  ASSERT_EQ(s.activities.size(), 1u);
  const auto& a = s.activities[0].activity;
  EXPECT_EQ(a.nature, life::Nature::Solitary);
  EXPECT_FALSE(a.permissions.canRunOnPod);
  EXPECT_FALSE(a.permissions.canStandUp);
  EXPECT_FALSE(a.permissions.canRunInSleep);
  EXPECT_TRUE(a.loadingResponses.empty());
  EXPECT_EQ(a.loadTime, core::Duration::zero());
}

TEST(ScenarioActivities, NatureSolitaryByName) {
  auto s = parse(
      "activities:\n"
      "  - name: demo/s\n"
      "    nature: solitary\n");
  ASSERT_EQ(s.activities.size(), 1u);
  EXPECT_EQ(s.activities[0].activity.nature, life::Nature::Solitary);
}

TEST(ScenarioActivities, EachRunKind) {
  auto s = parse(
      "activities:\n"
      "  - {name: demo/a, nature: solitary, run: {duration: 1m}}\n"
      "  - {name: demo/b, nature: solitary, run: {until: \"'Done' == 1\"}}\n"
      "  - {name: demo/c, nature: solitary, run: {exec: [/bin/echo, hello, \"two words\"]}}\n"
      "  - {name: demo/d, nature: solitary, run: {forever: true}}\n"
      "  - {name: demo/e, nature: solitary}\n");
  ASSERT_EQ(s.activities.size(), 5u);
  const auto& a = s.activities[0].activity.run;
  ASSERT_TRUE(std::holds_alternative<life::RunFor>(a));
  EXPECT_EQ(std::get<life::RunFor>(a).duration, seconds(60));
  const auto& b = s.activities[1].activity.run;
  ASSERT_TRUE(std::holds_alternative<life::RunUntil>(b));
  EXPECT_EQ(std::get<life::RunUntil>(b).condition, "'Done' == 1");
  const auto& c = s.activities[2].activity.run;
  ASSERT_TRUE(std::holds_alternative<life::RunProgram>(c));
  EXPECT_THAT(std::get<life::RunProgram>(c).argv, ElementsAre("/bin/echo", "hello", "two words"));
  EXPECT_TRUE(std::holds_alternative<life::RunForever>(s.activities[3].activity.run));
  // Without run: runs until stopped (the default).
  EXPECT_TRUE(std::holds_alternative<life::RunForever>(s.activities[4].activity.run));
}

TEST(ScenarioActivities, AnEntryWithOnlyNameAndRunIsARunOverride) {
  auto s = parse(
      "activities:\n"
      "  - name: attractor/.\n"
      "    run: {duration: 20}\n"
      "  - name: greeter/.\n"
      "    run: {until: \"'Launchpad/ZoneOfTrackedHuman' == 0\"}\n"
      "    load: 3\n"
      "  - name: demo/joke\n"
      "    nature: interactive\n"
      "    run: {duration: 10}\n"
      "  - name: demo/cond\n"
      "    condition: \"'k'\"\n"
      "    run: {duration: 10}\n"
      "  - name: demo/perm\n"
      "    permissions: [canRunOnPod]\n"
      "    run: {duration: 10}\n");
  ASSERT_EQ(s.activities.size(), 5u);
  EXPECT_TRUE(s.activities[0].overridesRun);
  EXPECT_TRUE(s.activities[1].overridesRun);  // load is allowed with run
  EXPECT_EQ(s.activities[1].activity.loadTime, seconds(3));
  EXPECT_FALSE(s.activities[2].overridesRun);
  EXPECT_FALSE(s.activities[3].overridesRun);
  EXPECT_FALSE(s.activities[4].overridesRun);
  EXPECT_EQ(s.activities[0].line, 2);
  EXPECT_EQ(s.activities[1].line, 4);
  EXPECT_EQ(s.activities[2].line, 7);
}

TEST(ScenarioActivities, ConditionKeepsItsPlaceInTheScenario) {
  auto s = parse(
      "activities:\n"
      "  - name: demo/q\n"
      "    condition: \"'k' == 1\"\n"
      "  - name: demo/p\n"
      "    condition: 1 == 1\n",
      "/scenarios/where.yaml");
  ASSERT_EQ(s.activities.size(), 2u);
  const auto& q = s.activities[0].activity;
  EXPECT_EQ(q.triggerFile, "/scenarios/where.yaml");
  EXPECT_EQ(q.triggerLine, 3);
  EXPECT_EQ(q.triggerColumn, 17);  // after the opening quote
  const auto& p = s.activities[1].activity;
  EXPECT_EQ(p.triggerLine, 5);
  EXPECT_EQ(p.triggerColumn, 16);
}

// ---- steps -------------------------------------------------------------------------

TEST(ScenarioSteps, TimesInSecondsOrDurations) {
  auto s = parse(
      "steps:\n"
      "  - {t: 0, set: {a: 1}}\n"
      "  - {t: 1.5, set: {a: 2}}\n"
      "  - {t: 2m, set: {a: 3}}\n"
      "  - {t: 1h30m, set: {a: 4}}\n"
      "  - {t: 1d, set: {a: 5}}\n");
  ASSERT_EQ(s.steps.size(), 5u);
  EXPECT_EQ(s.steps[0].time, seconds(0));
  EXPECT_EQ(s.steps[1].time, seconds(1.5));
  EXPECT_EQ(s.steps[2].time, seconds(120));
  EXPECT_EQ(s.steps[3].time, seconds(5400));
  EXPECT_EQ(s.steps[4].time, seconds(86400));
}

TEST(ScenarioSteps, SortedByTimeKeepingFileOrderAtTheSameTime) {
  auto s = parse(
      "steps:\n"
      "  - {t: 10, set: {order: 1}}\n"
      "  - {t: 5, set: {order: 2}}\n"
      "  - {t: 10, set: {order: 3}}\n"
      "  - {t: 5, set: {order: 4}}\n"
      "  - {t: 0, set: {order: 5}}\n");
  ASSERT_EQ(s.steps.size(), 5u);
  std::vector<std::int64_t> order;
  for (const auto& step : s.steps) order.push_back(step.set.at(0).second.asInt());
  EXPECT_THAT(order, ElementsAre(5, 2, 4, 1, 3));
  EXPECT_EQ(s.steps[0].line, 6);
  EXPECT_EQ(s.steps[1].line, 3);
}

TEST(ScenarioSteps, SeveralActionsInOneStep) {
  auto s = parse(
      "steps:\n"
      "  - t: 3\n"
      "    world: {battery: 50}\n"
      "    people: [{id: alice, distance: 1.0}]\n"
      "    set: {a: 1, b: 2}\n"
      "    raise: {Touched: 1}\n"
      "    call: [ALAutonomousLife.getState]\n");
  ASSERT_EQ(s.steps.size(), 1u);
  const auto& step = s.steps[0];
  EXPECT_EQ(step.time, seconds(3));
  EXPECT_EQ(step.line, 2);
  ASSERT_TRUE(step.world);
  EXPECT_EQ(step.world->battery, 50.0);
  ASSERT_TRUE(step.people);
  ASSERT_EQ(step.people->size(), 1u);
  EXPECT_EQ(step.people->at(0).id, "alice");
  ASSERT_EQ(step.set.size(), 2u);
  EXPECT_EQ(step.set[0].first, "a");
  EXPECT_EQ(step.set[1].first, "b");
  ASSERT_EQ(step.raise.size(), 1u);
  EXPECT_EQ(step.raise[0].first, "Touched");
  EXPECT_TRUE(identical(step.raise[0].second, Value(1)));
  ASSERT_TRUE(step.call);
  EXPECT_EQ(step.call->method, "ALAutonomousLife.getState");
  EXPECT_TRUE(step.call->arguments.empty());
}

TEST(ScenarioSteps, EachActionAlone) {
  auto s = parse(
      "steps:\n"
      "  - {t: 1, set: {a: 1}}\n"
      "  - {t: 2, raise: {e: 1}}\n"
      "  - {t: 3, people: []}\n"
      "  - {t: 4, world: {charging: true}}\n"
      "  - {t: 5, call: [ALAutonomousLife.stopAll]}\n");
  ASSERT_EQ(s.steps.size(), 5u);
  EXPECT_EQ(s.steps[0].set.size(), 1u);
  EXPECT_FALSE(s.steps[0].people || s.steps[0].world || s.steps[0].call);
  EXPECT_TRUE(s.steps[0].raise.empty());
  EXPECT_EQ(s.steps[1].raise.size(), 1u);
  EXPECT_TRUE(s.steps[1].set.empty());
  ASSERT_TRUE(s.steps[2].people);  // [] is "nobody", not "unchanged"
  EXPECT_TRUE(s.steps[2].people->empty());
  ASSERT_TRUE(s.steps[3].world);
  EXPECT_EQ(s.steps[3].world->charging, true);
  EXPECT_EQ(s.steps[3].world->battery, std::nullopt);
  ASSERT_TRUE(s.steps[4].call);
  EXPECT_EQ(s.steps[4].call->method, "ALAutonomousLife.stopAll");
}

TEST(ScenarioSteps, PeopleWithEveryField) {
  auto s = parse(
      "steps:\n"
      "  - t: 1\n"
      "    people:\n"
      "      - {id: alice, distance: 0.6, angle: -30, looking: true, waving: true}\n"
      "      - {id: bob, distance: 2, angle: 10}\n");
  ASSERT_EQ(s.steps.size(), 1u);
  ASSERT_TRUE(s.steps[0].people);
  const auto& people = *s.steps[0].people;
  ASSERT_EQ(people.size(), 2u);
  EXPECT_EQ(people[0].id, "alice");
  EXPECT_DOUBLE_EQ(people[0].distance, 0.6);
  EXPECT_DOUBLE_EQ(people[0].angle, -30.0);
  EXPECT_TRUE(people[0].looking);
  EXPECT_TRUE(people[0].waving);
  EXPECT_EQ(people[1].id, "bob");
  EXPECT_DOUBLE_EQ(people[1].distance, 2.0);
  EXPECT_DOUBLE_EQ(people[1].angle, 10.0);
  EXPECT_FALSE(people[1].looking);
  EXPECT_FALSE(people[1].waving);
}

TEST(ScenarioSteps, WorldWithEveryField) {
  auto s = parse(
      "steps:\n"
      "  - t: 1\n"
      "    world:\n"
      "      battery: 12.5\n"
      "      charging: true\n"
      "      onPod: true\n"
      "      sleeping: false\n"
      "      fall: true\n"
      "      push: false\n"
      "      moved: true\n"
      "      lifted: true\n"
      "      posture: Sit\n"
      "      temperature: {HeadYaw: 80, LKneePitch: 45.5}\n"
      "      diagnosis: {Battery: critical, LWrist: ok, RHand: permanent}\n"
      "      motion: [{distance: 1.2, angle: 15}]\n"
      "      speaking: true\n"
      "      listening: false\n");
  ASSERT_EQ(s.steps.size(), 1u);
  ASSERT_TRUE(s.steps[0].world);
  const auto& w = *s.steps[0].world;
  EXPECT_EQ(w.battery, 12.5);
  EXPECT_EQ(w.charging, true);
  EXPECT_EQ(w.onPod, true);
  EXPECT_EQ(w.sleeping, false);
  EXPECT_EQ(w.fall, true);
  EXPECT_EQ(w.push, false);
  EXPECT_EQ(w.moved, true);
  EXPECT_EQ(w.lifted, true);
  EXPECT_EQ(w.posture, "Sit");
  ASSERT_TRUE(w.temperature);
  EXPECT_EQ(w.temperature->size(), 2u);
  EXPECT_DOUBLE_EQ(w.temperature->at("HeadYaw"), 80.0);
  EXPECT_DOUBLE_EQ(w.temperature->at("LKneePitch"), 45.5);
  ASSERT_TRUE(w.diagnosis);
  EXPECT_EQ(w.diagnosis->size(), 3u);
  EXPECT_EQ(w.diagnosis->at("Battery"), "critical");
  EXPECT_EQ(w.diagnosis->at("LWrist"), "ok");
  EXPECT_EQ(w.diagnosis->at("RHand"), "permanent");
  ASSERT_TRUE(w.motion);
  ASSERT_EQ(w.motion->size(), 1u);
  EXPECT_DOUBLE_EQ(w.motion->at(0).distance, 1.2);
  EXPECT_DOUBLE_EQ(w.motion->at(0).angle, 15.0);
  EXPECT_EQ(w.speaking, true);
  EXPECT_EQ(w.listening, false);
}

TEST(ScenarioSteps, WorldFieldsNotGivenStayUnset) {
  auto s = parse("steps:\n  - {t: 1, world: {battery: 80}}\n");
  ASSERT_TRUE(s.steps.at(0).world);
  const auto& w = *s.steps[0].world;
  EXPECT_EQ(w.battery, 80.0);
  EXPECT_FALSE(w.charging || w.onPod || w.sleeping || w.fall || w.push || w.moved || w.lifted || w.speaking ||
               w.listening);
  EXPECT_FALSE(w.posture || w.temperature || w.diagnosis || w.motion);
}

// ---- memory values -----------------------------------------------------------------

TEST(ScenarioValues, QuotedTextIsAStringAndPlainScalarsAreTyped) {
  auto s = parse(
      "steps:\n"
      "  - t: 1\n"
      "    set:\n"
      "      quoted: \"hello\"\n"
      "      single: 'hi'\n"
      "      quotedNumber: \"42\"\n"
      "      quotedTrue: \"true\"\n"
      "      quotedNull: 'null'\n"
      "      yes: true\n"
      "      no: false\n"
      "      nothing: null\n"
      "      integer: 42\n"
      "      negative: -3\n"
      "      decimal: 1.5\n"
      "      exponent: 1e3\n"
      "      plainText: hello world\n");
  ASSERT_EQ(s.steps.size(), 1u);
  const auto& set = s.steps[0].set;
  ASSERT_EQ(set.size(), 13u);
  auto at = [&](const std::string& k) -> Value {
    for (const auto& [key, v] : set)
      if (key == k) return v;
    ADD_FAILURE() << "no key " << k;
    return {};
  };
  EXPECT_TRUE(identical(at("quoted"), Value("hello")));
  EXPECT_TRUE(identical(at("single"), Value("hi")));
  EXPECT_TRUE(identical(at("quotedNumber"), Value("42")));
  EXPECT_TRUE(identical(at("quotedTrue"), Value("true")));
  EXPECT_TRUE(identical(at("quotedNull"), Value("null")));
  EXPECT_TRUE(identical(at("yes"), Value(true)));
  EXPECT_TRUE(identical(at("no"), Value(false)));
  EXPECT_TRUE(at("nothing").isInvalid());
  EXPECT_TRUE(identical(at("integer"), Value(42)));
  EXPECT_TRUE(identical(at("negative"), Value(-3)));
  EXPECT_TRUE(identical(at("decimal"), Value(1.5)));
  EXPECT_TRUE(identical(at("exponent"), Value(1000.0)));
  EXPECT_TRUE(identical(at("plainText"), Value("hello world")));
}

TEST(ScenarioValues, SetKeepsFileOrder) {
  auto s = parse("steps:\n  - {t: 1, set: {z: 1, a: 2, m: 3}}\n");
  ASSERT_EQ(s.steps.at(0).set.size(), 3u);
  EXPECT_EQ(s.steps[0].set[0].first, "z");
  EXPECT_EQ(s.steps[0].set[1].first, "a");
  EXPECT_EQ(s.steps[0].set[2].first, "m");
}

TEST(ScenarioValues, ListsAreArraysOfTypedValues) {
  auto s = parse(
      "steps:\n"
      "  - t: 1\n"
      "    raise:\n"
      "      list: [1, \"1\", 2.5, true, null, [a, \"b\"]]\n"
      "      empty: []\n");
  ASSERT_EQ(s.steps.size(), 1u);
  const auto& raise = s.steps[0].raise;
  ASSERT_EQ(raise.size(), 2u);
  Value expected(Value::Array{Value(1), Value("1"), Value(2.5), Value(true), Value(),
                              Value(Value::Array{Value("a"), Value("b")})});
  EXPECT_TRUE(identical(raise[0].second, expected)) << raise[0].second.toJson();
  EXPECT_TRUE(identical(raise[1].second, Value(Value::Array{})));
}

TEST(ScenarioValues, CallArgumentsMayBeMapsAndKeepTheirTypes) {
  auto s = parse(
      "steps:\n"
      "  - t: 1\n"
      "    call: [Some.method, \"s\", 1, 1.5, true, null, \"2\", [1, x], {a: {b: \"c\", n: 3}, l: [1, 2]}]\n");
  ASSERT_EQ(s.steps.size(), 1u);
  ASSERT_TRUE(s.steps[0].call);
  EXPECT_EQ(s.steps[0].call->method, "Some.method");
  nlohmann::json arguments = nlohmann::json::array();
  for (const auto& a : s.steps[0].call->arguments) arguments.push_back(test::jsonOf(a));
  EXPECT_EQ(arguments,
            nlohmann::json::parse(R"(["s", 1, 1.5, true, null, "2", [1, "x"], {"a": {"b": "c", "n": 3}, "l": [1, 2]}])"));
  EXPECT_TRUE(s.steps[0].call->arguments[2].isFloat());
  EXPECT_TRUE(s.steps[0].call->arguments[1].isInt());
  EXPECT_TRUE(s.steps[0].call->arguments[7].isMap()) << "a map is a Map, not a condition value";
}

// ---- expectations ------------------------------------------------------------------

TEST(ScenarioExpect, EveryFieldAndTheLine) {
  auto s = parse(
      "expect:\n"
      "  - {t: 10, focused: attractor/., state: solitary}\n"
      "  - t: 25\n"
      "    focused: demo/joke\n"
      "    stack: [greeter/.]\n"
      "    suggestions: [attractor/., greeter/.]\n"
      "  - {t: 1m, focused: \"\", stack: [], suggestions: []}\n"
      "  - {t: 70, state: interactive}\n"
      "  - {t: 71, state: safeguard}\n"
      "  - {t: 72, state: disabled}\n");
  ASSERT_EQ(s.expectations.size(), 6u);
  const auto& a = s.expectations[0];
  EXPECT_EQ(a.time, seconds(10));
  EXPECT_EQ(a.line, 2);
  EXPECT_EQ(a.focused, "attractor/.");
  EXPECT_EQ(a.state, "solitary");
  EXPECT_EQ(a.stack, std::nullopt);
  EXPECT_EQ(a.suggestions, std::nullopt);
  const auto& b = s.expectations[1];
  EXPECT_EQ(b.time, seconds(25));
  EXPECT_EQ(b.line, 3);
  EXPECT_EQ(b.focused, "demo/joke");
  EXPECT_EQ(b.state, std::nullopt);
  EXPECT_EQ(b.stack, std::vector<std::string>{"greeter/."});
  EXPECT_EQ(b.suggestions, (std::vector<std::string>{"attractor/.", "greeter/."}));
  const auto& c = s.expectations[2];
  EXPECT_EQ(c.time, seconds(60));
  EXPECT_EQ(c.focused, "");
  EXPECT_EQ(c.stack, std::vector<std::string>{});
  EXPECT_EQ(c.suggestions, std::vector<std::string>{});
  EXPECT_EQ(s.expectations[3].state, "interactive");
  EXPECT_EQ(s.expectations[4].state, "safeguard");
  EXPECT_EQ(s.expectations[5].state, "disabled");
}

TEST(ScenarioExpect, SortedByTime) {
  auto s = parse(
      "expect:\n"
      "  - {t: 20, state: solitary}\n"
      "  - {t: 5, state: solitary}\n");
  ASSERT_EQ(s.expectations.size(), 2u);
  EXPECT_EQ(s.expectations[0].time, seconds(5));
  EXPECT_EQ(s.expectations[0].line, 3);
  EXPECT_EQ(s.expectations[1].line, 2);
}

// ---- the example -------------------------------------------------------------------

TEST(ScenarioFile, TheDemoLoads) {
  const std::string path = std::string(AUTOLIFE_SOURCE_DIR) + "/examples/scenarios/demo.yaml";
  auto loaded = sim::loadScenario(path);
  ASSERT_TRUE(std::holds_alternative<sim::Scenario>(loaded))
      << simtest::formatAll(std::get<std::vector<core::Diagnostic>>(loaded));
  const auto& s = std::get<sim::Scenario>(loaded);
  EXPECT_EQ(s.robot, "pepper");
  EXPECT_EQ(s.seed, 1u);
  ASSERT_EQ(s.packages.size(), 3u);
  EXPECT_EQ(std::filesystem::path(s.packages[0]),
            std::filesystem::path(AUTOLIFE_SOURCE_DIR "/examples/packages/attractor").lexically_normal());
  EXPECT_EQ(s.expectations.size(), 12u);
}

TEST(ScenarioFile, AMissingFileIsAProblemNotACrash) {
  auto loaded = sim::loadScenario("/nonexistent/dir/scenario.yaml");
  ASSERT_TRUE(std::holds_alternative<std::vector<core::Diagnostic>>(loaded));
  const auto& problems = std::get<std::vector<core::Diagnostic>>(loaded);
  ASSERT_FALSE(problems.empty());
  EXPECT_EQ(problems[0].file, "/nonexistent/dir/scenario.yaml");
}

}  // namespace

namespace {

// `hear:` (docs/scenarios.md, docs/dialog.md): what a person says, with an
// optional confidence.
TEST(ScenarioFile, HearStepsWithAndWithoutConfidence) {
  auto s = parse("steps:\n  - t: 1\n    hear: \"hello robot\"\n  - t: 2\n    hear: {text: \"yes\", confidence: 0.4}\n");
  ASSERT_EQ(s.steps.size(), 2u);
  ASSERT_TRUE(s.steps[0].hear);
  EXPECT_EQ(s.steps[0].hear->text, "hello robot");
  EXPECT_DOUBLE_EQ(s.steps[0].hear->confidence, 1.0);
  EXPECT_EQ(s.steps[1].hear->text, "yes");
  EXPECT_DOUBLE_EQ(s.steps[1].hear->confidence, 0.4);
}

TEST(ScenarioFile, AHearStepWithABadConfidenceIsAProblem) {
  auto p = autolife::simtest::problems("steps:\n  - t: 1\n    hear: {text: \"yes\", confidence: 3}\n");
  ASSERT_FALSE(p.empty());
  EXPECT_THAT(p[0].format(), ::testing::HasSubstr("confidence is a number from 0 to 1"));
}

}  // namespace
