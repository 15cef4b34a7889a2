// A scenario that cannot be read: every problem with its file:line:column
// (docs/scenarios.md: "Unknown fields are errors", exit 2 with "each
// problem as file:line:column: message"), all of them at once.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "sim_support.hpp"

namespace {

using namespace autolife;
using autolife::simtest::places;
using autolife::simtest::problems;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::StartsWith;
using ::testing::UnorderedElementsAre;

// The single problem of `yaml`, as "line:column".
std::string onlyPlace(const std::string& yaml) {
  auto p = problems(yaml);
  if (p.size() != 1) {
    ADD_FAILURE() << "expected one problem, got " << p.size() << ":\n" << simtest::formatAll(p);
    return p.empty() ? "" : places(p)[0];
  }
  return places(p)[0];
}

TEST(ScenarioProblem, IsReportedAsFileLineColumnMessage) {
  auto p = problems("robot: nao\nsede: 3\n", "/work/day.yaml");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].file, "/work/day.yaml");
  EXPECT_EQ(p[0].line, 2);
  EXPECT_EQ(p[0].column, 1);
  EXPECT_THAT(p[0].format(), StartsWith("/work/day.yaml:2:1: "));
  EXPECT_THAT(p[0].message, HasSubstr("sede"));
}

TEST(ScenarioProblem, AnErrorAfterOldMacLineEndsIsAtItsLine) {
  EXPECT_EQ(onlyPlace("seed: 1\rrobto: nao\r"), "2:1");
}

// ---- unknown fields ----------------------------------------------------------------

TEST(ScenarioProblem, UnknownTopLevelField) { EXPECT_EQ(onlyPlace("seed: 1\nrobto: nao\n"), "2:1"); }

TEST(ScenarioProblem, UnknownActivityField) {
  EXPECT_EQ(onlyPlace("activities:\n"
                      "  - name: demo/a\n"
                      "    natur: solitary\n"),
            "3:5");
}

TEST(ScenarioProblem, UnknownStepField) {
  EXPECT_EQ(onlyPlace("steps:\n"
                      "  - {t: 1, sett: {a: 1}}\n"),
            "2:12");
}

TEST(ScenarioProblem, UnknownWorldField) {
  EXPECT_EQ(onlyPlace("steps:\n"
                      "  - t: 1\n"
                      "    world: {batery: 50}\n"),
            "3:13");
}

TEST(ScenarioProblem, UnknownPersonField) {
  EXPECT_EQ(onlyPlace("steps:\n"
                      "  - t: 1\n"
                      "    people: [{id: a, distnce: 1}]\n"),
            "3:22");
}

TEST(ScenarioProblem, UnknownExpectationField) {
  EXPECT_EQ(onlyPlace("expect:\n"
                      "  - {t: 1, focussed: a/b}\n"),
            "2:12");
}

TEST(ScenarioProblem, UnknownRunKind) {
  auto p = problems("activities:\n"
                    "  - name: demo/a\n"
                    "    run: {sprint: 3}\n");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].line, 3);
}

TEST(ScenarioProblem, UnknownMovingObjectField) {
  EXPECT_EQ(onlyPlace("steps:\n"
                      "  - t: 1\n"
                      "    world: {motion: [{distance: 1, sped: 3}]}\n"),
            "3:36");
}

TEST(ScenarioProblem, TwoRunKindsAtOnce) {
  auto p = problems("activities:\n"
                    "  - name: demo/a\n"
                    "    run: {duration: 5, forever: true}\n");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].line, 3);
}

// ---- bad values --------------------------------------------------------------------

TEST(ScenarioProblem, BadRobot) {
  auto p = problems("robot: r2d2\n");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(places(p)[0], "1:8");
  EXPECT_THAT(p[0].message, HasSubstr("r2d2"));
}

TEST(ScenarioProblem, BadDurationInUntil) { EXPECT_EQ(onlyPlace("until: 2 hours\n"), "1:8"); }

TEST(ScenarioProblem, BadDurationInAStepTime) {
  EXPECT_EQ(onlyPlace("steps:\n"
                      "  - t: soon\n"
                      "    set: {a: 1}\n"),
            "2:8");
}

TEST(ScenarioProblem, BadDurationInAnExpectationTime) {
  EXPECT_EQ(onlyPlace("expect:\n"
                      "  - {t: later, state: solitary}\n"),
            "2:9");
}

TEST(ScenarioProblem, BadDurationInRunAndLoad) {
  auto p = problems("activities:\n"
                    "  - name: demo/a\n"
                    "    run: {duration: forever}\n"
                    "    load: quick\n");
  EXPECT_THAT(places(p), UnorderedElementsAre("3:21", "4:11"));
}

TEST(ScenarioProblem, BadSeed) {
  EXPECT_EQ(onlyPlace("seed: lucky\n"), "1:7");
  EXPECT_EQ(onlyPlace("seed: -1\n"), "1:7");
}

TEST(ScenarioProblem, BadStart) { EXPECT_EQ(onlyPlace("start: yesterday\n"), "1:8"); }

TEST(ScenarioProblem, AStartWithSomethingAfterItsTimeIsRefused) {
  EXPECT_EQ(onlyPlace("start: 2026-01-05T09:00:00P\n"), "1:8");
  EXPECT_EQ(onlyPlace("start: 2026-01-05T09:00:00Z tomorrow\n"), "1:8");
  EXPECT_TRUE(simtest::parse("start: 2026-01-05T09:00:00\n").start);  // no Z: UTC all the same
}

// Found by the long fuzz run: a start in the year 5945 overflowed the
// engine clock's nanoseconds (undefined behaviour).
TEST(ScenarioProblem, AStartBeyondWhatTheClockCanCountIsRefused) {
  auto p = problems("start: 5945-01-05T09:00:00Z\n");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(places(p)[0], "1:8");
  EXPECT_THAT(p[0].message, HasSubstr("between the years 1970 and 2200 (it is 5945)"));
  EXPECT_EQ(onlyPlace("start: 1969-12-31T23:59:59Z\n"), "1:8");
  EXPECT_TRUE(simtest::parse("start: 2200-12-31T23:59:59Z\n").start);
}

TEST(ScenarioProblem, ANegativeTime) {
  EXPECT_EQ(onlyPlace("steps:\n"
                      "  - {t: -1, set: {a: 1}}\n"),
            "2:9");
}

TEST(ScenarioProblem, BadNature) { EXPECT_EQ(onlyPlace("activities:\n  - {name: demo/a, nature: social}\n"), "2:28"); }

TEST(ScenarioProblem, BadPermission) {
  auto p = problems("activities:\n"
                    "  - name: demo/a\n"
                    "    permissions: [canFly]\n");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].line, 3);
  EXPECT_THAT(p[0].message, HasSubstr("canFly"));
}

TEST(ScenarioProblem, BadState) { EXPECT_EQ(onlyPlace("expect:\n  - {t: 1, state: sleepy}\n"), "2:19"); }

TEST(ScenarioProblem, BadDiagnosisStatus) {
  EXPECT_EQ(onlyPlace("steps:\n"
                      "  - t: 1\n"
                      "    world: {diagnosis: {Battery: broken}}\n"),
            "3:34");
}

TEST(ScenarioProblem, BadBoolean) {
  EXPECT_EQ(onlyPlace("steps:\n"
                      "  - t: 1\n"
                      "    world: {onPod: maybe}\n"),
            "3:20");
}

TEST(ScenarioProblem, ANumberThatIsNot) {
  EXPECT_EQ(onlyPlace("steps:\n"
                      "  - t: 1\n"
                      "    world: {battery: full}\n"),
            "3:22");
}

// ---- required parts ----------------------------------------------------------------

TEST(ScenarioProblem, APersonWithoutId) {
  EXPECT_EQ(onlyPlace("steps:\n"
                      "  - t: 1\n"
                      "    people: [{distance: 1.0}]\n"),
            "3:14");
}

TEST(ScenarioProblem, AnActivityWithoutName) {
  EXPECT_EQ(onlyPlace("activities:\n"
                      "  - nature: solitary\n"
                      "    run: {duration: 3}\n"),
            "2:5");
}

TEST(ScenarioProblem, AnActivityNameWithoutPackage) {
  auto p = problems("activities:\n  - name: joke\n");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].line, 2);
}

TEST(ScenarioProblem, AStepWithoutTime) {
  auto p = problems("steps:\n  - set: {a: 1}\n");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].line, 2);
}

TEST(ScenarioProblem, AStepWithNothingToDo) {
  auto p = problems("steps:\n  - t: 3\n");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].line, 2);
}

TEST(ScenarioProblem, AnExpectationWithoutTime) {
  auto p = problems("expect:\n  - {focused: a/b}\n");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].line, 2);
}

// ---- memory values and calls -------------------------------------------------------

TEST(ScenarioProblem, AMapIsNotAMemoryValue) {
  auto p = problems("steps:\n"
                    "  - t: 1\n"
                    "    set: {k: {a: 1}}\n");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(places(p)[0], "3:14");
  EXPECT_THAT(p[0].message, HasSubstr("map"));
}

TEST(ScenarioProblem, AMapInsideAListIsNotAMemoryValueEither) {
  EXPECT_EQ(onlyPlace("steps:\n"
                      "  - t: 1\n"
                      "    raise: {k: [1, {a: 1}]}\n"),
            "3:20");
}

TEST(ScenarioProblem, ACallThatIsNotAList) {
  EXPECT_EQ(onlyPlace("steps:\n"
                      "  - t: 1\n"
                      "    call: ALMemory.getData\n"),
            "3:11");
}

TEST(ScenarioProblem, ACallWhoseFirstItemIsNotServiceDotMethod) {
  EXPECT_EQ(onlyPlace("steps:\n"
                      "  - t: 1\n"
                      "    call: [getData, k]\n"),
            "3:12");
}

TEST(ScenarioProblem, AnEmptyCall) {
  EXPECT_EQ(onlyPlace("steps:\n"
                      "  - t: 1\n"
                      "    call: []\n"),
            "3:11");
}

TEST(ScenarioProblem, ACallWhoseFirstItemIsAMap) {
  auto p = problems("steps:\n"
                    "  - t: 1\n"
                    "    call: [{ALMemory: getData}, k]\n");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].line, 3);
}

// ---- YAML syntax -------------------------------------------------------------------

TEST(ScenarioProblem, InvalidYamlIsReportedWhereItBreaks) {
  auto p = problems("robot: nao\n"
                    "steps:\n"
                    "  - t: 1\n"
                    "    set: {a: 1\n"
                    "expect: []\n");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].file, "/scenarios/bad.yaml");
  EXPECT_GE(p[0].line, 4);
  EXPECT_LE(p[0].line, 6);
  EXPECT_GT(p[0].column, 0);
}

TEST(ScenarioProblem, AnUnterminatedQuoteIsReportedOnItsLine) {
  auto p = problems("robot: nao\n"
                    "seed: 1\n"
                    "until: \"90\n");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_GE(p[0].line, 3);
  EXPECT_GT(p[0].column, 0);
}

TEST(ScenarioProblem, ATabIndentationIsReported) {
  auto p = problems("steps:\n"
                    "  - t: 1\n"
                    "\tset: {a: 1}\n");
  ASSERT_FALSE(p.empty());
  EXPECT_GE(p[0].line, 2);
  EXPECT_GT(p[0].column, 0);
}

TEST(ScenarioProblem, NotAMapAtAll) {
  auto p = problems("- just\n- a list\n");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(places(p)[0], "1:1");
}

// ---- several at once ---------------------------------------------------------------

TEST(ScenarioProblem, EveryProblemIsReportedNotJustTheFirst) {
  auto p = problems("robot: r2d2\n"
                    "until: 2 hours\n"
                    "colour: blue\n"
                    "activities:\n"
                    "  - name: demo/a\n"
                    "    natur: solitary\n"
                    "steps:\n"
                    "  - t: 1\n"
                    "    people: [{distance: 1.0}]\n"
                    "  - t: 2\n"
                    "    set: {k: {a: 1}}\n"
                    "  - t: 3\n"
                    "    call: ALMemory.getData\n"
                    "expect:\n"
                    "  - {t: 1, focussed: a/b}\n");
  EXPECT_THAT(places(p), UnorderedElementsAre("1:8", "2:8", "3:1", "6:5", "9:14", "11:14", "13:11", "15:12"));
  for (const auto& d : p) EXPECT_EQ(d.file, "/scenarios/bad.yaml");
}

}  // namespace

// ---- places in characters (found by fuzz_scenario) -------------------------------------
// yaml-cpp counts columns in bytes and its offsets start after a byte order
// mark; problems are reported in characters, like every other reader.

namespace {

TEST(ScenarioProblem, ColumnsCountCharactersNotBytes) {
  // "é" is two bytes: yaml-cpp puts `natur` at column 21, it is the 19th character.
  EXPECT_EQ(onlyPlace("activities:\n  - {name: \xC3\xA9t\xC3\xA9/a, natur: x}\n"), "2:19");
}

TEST(ScenarioProblem, BytesThatAreNotUtf8StayInsideTheirLine) {
  // Two stray continuation bytes: two columns for yaml-cpp, no character
  // (as core::TextLines counts). `sett` is the 17th character of its line.
  auto p = problems("steps:\n  - {\xB3\xB3: 1, t: 1, sett: 2}\n");
  EXPECT_THAT(places(p), UnorderedElementsAre("2:6", "2:17"));
}

TEST(ScenarioActivities, AConditionAfterAByteOrderMarkKeepsItsPlace) {
  auto s = simtest::parse("\xEF\xBB\xBF" "activities:\n"
                          "  - name: demo/q\n"
                          "    condition: |\n"
                          "      'k' == 1\n"
                          "  - name: \xC3\xA9t\xC3\xA9/p\n"
                          "    condition: \"'\xC3\xA9' == 1\"\n");
  ASSERT_EQ(s.activities.size(), 2u);
  const auto& block = s.activities[0].activity;
  EXPECT_EQ(block.triggerLine, 4);
  EXPECT_EQ(block.triggerColumn, 7);
  EXPECT_EQ(block.triggerIndent, 6);  // a block scalar: seen after the BOM too
  const auto& quoted = s.activities[1].activity;
  EXPECT_EQ(quoted.triggerLine, 6);
  EXPECT_EQ(quoted.triggerColumn, 17);
}

}  // namespace
