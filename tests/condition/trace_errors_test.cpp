// Bad traces (REFERENCE §3 trace format; docs/decisions.md 21): each throws
// trace::TraceError naming the 1-based line, after the lines before it have
// been reported.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "run.hpp"

namespace {

using autolife::trace::TraceError;

// The line number of the TraceError a trace raises, 0 when it raises none.
int badLine(const std::string& trace, const std::string& expression = "'k'") {
  try {
    autolife::test::runLines(expression, trace, {100.0, 0});
  } catch (const TraceError& e) {
    return e.line();
  }
  return 0;
}

TEST(ConditionBadTrace, NotJson) {
  EXPECT_EQ(badLine("{\"t\": 0, \"set\": {\"k\": 1}}\n{\"t\": 1, set"), 2);
  EXPECT_EQ(badLine("hello"), 1);
  EXPECT_EQ(badLine("{\"t\": 0, \"set\": {}}\n{\"t\": 1, \"set\": {}}\n{\"t\": 2,}"), 3);
}

TEST(ConditionBadTrace, NotAnObject) {
  EXPECT_EQ(badLine("[0, {\"k\": 1}]"), 1);
  EXPECT_EQ(badLine("{\"t\": 0, \"declare\": []}\n5"), 2);
}

TEST(ConditionBadTrace, MissingTime) { EXPECT_EQ(badLine("{\"t\": 0, \"set\": {\"k\": 1}}\n{\"set\": {\"k\": 2}}"), 2); }

TEST(ConditionBadTrace, TimeNotANumber) {
  EXPECT_EQ(badLine("{\"t\": \"1\", \"set\": {\"k\": 1}}"), 1);
  EXPECT_EQ(badLine("{\"t\": null, \"set\": {}}"), 1);
}

TEST(ConditionBadTrace, NegativeTime) { EXPECT_EQ(badLine("{\"t\": -1, \"set\": {\"k\": 1}}"), 1); }

TEST(ConditionBadTrace, TimeGoingBackwards) {
  EXPECT_EQ(badLine(R"({"t": 0, "set": {"k": 1}}
{"t": 2, "set": {"k": 2}}
{"t": 1.5, "set": {"k": 3}})"),
            3);
}

TEST(ConditionBadTrace, EqualTimesAreFine) {
  EXPECT_EQ(badLine(R"({"t": 1, "set": {"k": 1}}
{"t": 1, "set": {"k": 2}})"),
            0);
}

TEST(ConditionBadTrace, ObjectValues) {
  EXPECT_EQ(badLine("{\"t\": 0, \"set\": {\"k\": 1}}\n{\"t\": 1, \"set\": {\"k\": {\"a\": 1}}}"), 2);
  EXPECT_EQ(badLine("{\"t\": 0, \"raise\": {\"e\": {}}}"), 1);
  EXPECT_EQ(badLine("{\"t\": 0, \"set\": {\"k\": [1, {\"a\": 1}]}}"), 1);
}

TEST(ConditionBadTrace, IntegerBeyondSixtyFourBits) {
  EXPECT_EQ(badLine("{\"t\": 0, \"set\": {\"k\": 18446744073709551615}}"), 1);
}

TEST(ConditionBadTrace, UnknownField) {
  EXPECT_EQ(badLine("{\"t\": 0, \"sett\": {\"k\": 1}}"), 1);
  EXPECT_EQ(badLine("{\"t\": 0, \"set\": {\"k\": 1}}\n{\"t\": 1, \"value\": 2}"), 2);
}

TEST(ConditionBadTrace, NonStringPreference) {
  EXPECT_EQ(badLine("{\"t\": 0, \"pref\": {\"d\": {\"s\": 1}}}"), 1);
  EXPECT_EQ(badLine("{\"t\": 0, \"pref\": {\"d\": \"s\"}}"), 1);
}

TEST(ConditionBadTrace, WrongShapesOfActions) {
  EXPECT_EQ(badLine("{\"t\": 0, \"set\": [\"k\", 1]}"), 1);
  EXPECT_EQ(badLine("{\"t\": 0, \"raise\": \"e\"}"), 1);
  EXPECT_EQ(badLine("{\"t\": 0, \"remove\": \"k\"}"), 1);
  EXPECT_EQ(badLine("{\"t\": 0, \"remove\": [1]}"), 1);
  EXPECT_EQ(badLine("{\"t\": 0, \"declare\": \"k\"}"), 1);
}

TEST(ConditionBadTrace, BlankLinesCountInLineNumbers) {
  EXPECT_EQ(badLine("{\"t\": 0, \"set\": {\"k\": 1}}\n\n{\"t\": 1, \"oops\": 1}"), 3);
}

TEST(ConditionBadTrace, MessageStartsWithTheLine) {
  try {
    autolife::test::runLines("'k'", "{\"t\": 0, \"set\": {\"k\": 1}}\n{\"t\": -3, \"set\": {\"k\": 1}}", {});
    FAIL() << "no TraceError";
  } catch (const TraceError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("line 2: ", 0), 0u) << e.what();
  }
}

std::string traceErrorOf(const std::string& trace) {
  try {
    autolife::test::runLines("'k'", trace, {});
  } catch (const TraceError& e) {
    return e.what();
  }
  return "";
}

TEST(ConditionBadTrace, TimeBeyondTheEngineRangeSaysSo) {
  EXPECT_EQ(badLine("{\"t\": 0, \"set\": {\"k\": 0}}\n{\"t\": 9.3e9, \"set\": {\"k\": 1}}"), 2);
  EXPECT_EQ(traceErrorOf("{\"t\": 9.3e9, \"set\": {\"k\": 1}}"),
            "line 1: \"t\" is beyond the engine's time range (at most 9e9 s, about 285 years)");
  EXPECT_EQ(badLine("{\"t\": 9e9, \"set\": {\"k\": 1}}"), 0);
}

TEST(ConditionBadTrace, NotJsonNamesOnlyTheColumnOfItsOwnLine) {
  // The JSON parser's "line 1" would sit next to the trace's line 2.
  const std::string m = traceErrorOf("{\"t\": 0, \"set\": {}}\n{\"t\": 1, set");
  EXPECT_EQ(m.rfind("line 2: not valid JSON (column ", 0), 0u) << m;
  EXPECT_EQ(m.find("line 1"), std::string::npos) << m;
}

TEST(ConditionBadTrace, LinesBeforeTheErrorAreReported) {
  auto program = autolife::test::compiled("'k'");
  std::istringstream in(R"({"t": 0, "set": {"k": 1}}
{"t": 1, "set": {"k": 2}}
not json)");
  autolife::trace::Reader reader(in);
  std::string seen;
  EXPECT_THROW(autolife::trace::evaluate(program, &reader, {},
                                         [&](const autolife::trace::OutputLine& l) {
                                           seen += autolife::test::seconds(l.time) + ":" + l.value.toJson() + " ";
                                         }),
               TraceError);
  EXPECT_EQ(seen, "0:1 1:2 ");
}

TEST(ConditionBadTrace, ParseStepDirectly) {
  using autolife::trace::parseStep;
  EXPECT_FALSE(parseStep("", 1, autolife::core::Time{0}).has_value());
  EXPECT_FALSE(parseStep("   ", 1, autolife::core::Time{0}).has_value());
  auto step = parseStep(R"({"t": 2.5, "set": {"k": 1.0}, "raise": {"e": "x"}, "remove": ["r"], "declare": ["d"]})", 4,
                        autolife::core::Time{0});
  ASSERT_TRUE(step.has_value());
  EXPECT_EQ(step->time, autolife::core::fromSeconds(2.5));
  ASSERT_EQ(step->set.size(), 1u);
  EXPECT_EQ(step->set[0].first, "k");
  EXPECT_TRUE(step->set[0].second.isFloat());
  ASSERT_EQ(step->raise.size(), 1u);
  EXPECT_EQ(step->raise[0].second.toJson(), "\"x\"");
  EXPECT_EQ(step->remove, std::vector<std::string>{"r"});
  EXPECT_EQ(step->declare, std::vector<std::string>{"d"});
  try {
    parseStep(R"({"t": 1, "set": {"k": 1}})", 7, autolife::core::fromSeconds(2));
    FAIL() << "no TraceError";
  } catch (const TraceError& e) {
    EXPECT_EQ(e.line(), 7);
  }
}

}  // namespace
