// The `autolife eval` contract of REFERENCE §3, through the real binary:
// JSON Lines out, pulses as two lines, exit 2 for a bad expression with
// line:column, exit 1 for a bad trace line with its number.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "process.hpp"

namespace {

using autolife::testing::ProcessResult;
using autolife::testing::runProcess;
using autolife::testing::TempFile;
using ::testing::HasSubstr;

ProcessResult eval(std::vector<std::string> args, const std::string& input = "") {
  args.insert(args.begin(), {AUTOLIFE_BINARY, "eval"});
  return runProcess(args, input);
}

TEST(EvalCli, PrintsTheValueAtTheFirstStepThenEachChangeAsJsonLines) {
  TempFile trace(R"({"t": 0, "set": {"Launchpad/NumPeopleZone2": 0}}
{"t": 1, "set": {"Launchpad/NumPeopleZone2": 1}}
{"t": 2.5, "set": {"Launchpad/NumPeopleZone2": 2}}
{"t": 5, "set": {"Launchpad/NumPeopleZone2": 0}}
)");
  auto r = eval({"('Launchpad/NumPeopleZone2' >= 1) ~ 3", "--trace", trace.path()});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "{\"t\": 0.0, \"value\": false}\n"
            "{\"t\": 4.0, \"value\": true}\n"
            "{\"t\": 5.0, \"value\": false}\n");
  EXPECT_EQ(r.err, "");
}

TEST(EvalCli, ReadsTheTraceFromStandardInputWithDash) {
  auto r = eval({"'k' + 1", "--trace", "-"}, "{\"t\": 0.5, \"set\": {\"k\": 41}}\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "{\"t\": 0.5, \"value\": 42}\n");
}

TEST(EvalCli, WithoutATracePrintsTheValueAtTimeZero) {
  auto r = eval({"concat(\"a\", 1.0)"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "{\"t\": 0.0, \"value\": \"a1.0\"}\n");
}

TEST(EvalCli, PrintsAPulseAsTwoLinesWithTheSameTime) {
  auto r = eval({"bang('Touched')", "--trace", "-"},
                "{\"t\": 0, \"declare\": [\"Touched\"]}\n{\"t\": 2, \"raise\": {\"Touched\": 1}}\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "{\"t\": 0.0, \"value\": false}\n"
            "{\"t\": 2.0, \"value\": true}\n"
            "{\"t\": 2.0, \"value\": false}\n");
}

TEST(EvalCli, DefaultUntilIsTheLastStepPlusTheLargestWindow) {
  // The # window keeps the condition true for 5 s after the raise: the
  // flip back at 6 is printed only because --until defaults to 1 + 5.
  auto r = eval({"bang('e') # 5", "--trace", "-"}, "{\"t\": 1, \"raise\": {\"e\": true}}\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "{\"t\": 1.0, \"value\": true}\n{\"t\": 6.0, \"value\": false}\n");
}

TEST(EvalCli, ExplicitUntilStopsEarlierAndIgnoresLaterSteps) {
  auto r = eval({"'k'", "--trace", "-", "--until", "2"},
                "{\"t\": 1, \"set\": {\"k\": 1}}\n{\"t\": 3, \"set\": {\"k\": 2}}\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "{\"t\": 1.0, \"value\": 1}\n");
}

TEST(EvalCli, UntilRunsTimeForwardWithoutATrace) {
  auto r = eval({"rand(0, 1000000, 1)", "--until", "3", "--seed", "7"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 4) << r.out;  // t = 0, 1, 2, 3
}

TEST(EvalCli, SeedMakesRandReproducibleAndDifferentSeedsDiffer) {
  auto a = eval({"rand(0, 1000000, 1)", "--until", "5", "--seed", "1"});
  auto b = eval({"rand(0, 1000000, 1)", "--until", "5", "--seed", "1"});
  auto c = eval({"rand(0, 1000000, 1)", "--until", "5", "--seed", "2"});
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
}

TEST(EvalCli, BadExpressionExitsTwoWithLineAndColumnAndACaret) {
  auto r = eval({"('a' > 1\n && bang(1)"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, HasSubstr("2:10: bang() takes one memory key"));
  EXPECT_THAT(r.err, HasSubstr("\n   && bang(1)\n           ^"));
}

TEST(EvalCli, UnknownFunctionIsAnError) {
  auto r = eval({"frobnicate('k')"});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("1:1: unknown function 'frobnicate'"));
}

TEST(EvalCli, BadTraceLineExitsOneWithItsLineNumber) {
  TempFile trace("{\"t\": 0, \"set\": {\"k\": 1}}\n\n{\"t\": 1, \"set\": {\"k\": }\n");
  auto r = eval({"'k'", "--trace", trace.path()});
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.err, HasSubstr(trace.path() + ": line 3: not valid JSON"));
  EXPECT_EQ(r.out, "{\"t\": 0.0, \"value\": 1}\n");  // lines before the bad one were printed
}

TEST(EvalCli, TimeGoingBackwardsIsABadTraceLine) {
  auto r = eval({"'k'", "--trace", "-"}, "{\"t\": 2, \"set\": {\"k\": 1}}\n{\"t\": 1, \"set\": {\"k\": 2}}\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.err, HasSubstr("<stdin>: line 2: time goes backwards"));
}

TEST(EvalCli, MissingTraceFileExitsOne) {
  auto r = eval({"'k'", "--trace", "/nonexistent/trace.jsonl"});
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.err, HasSubstr("cannot open trace /nonexistent/trace.jsonl"));
}

TEST(EvalCli, ExplainAddsEverySubExpressionAndTimeOperatorProgress) {
  auto r = eval({"('k' >= 1) ~ 3", "--trace", "-", "--explain", "--until", "1.7"},
                "{\"t\": 0, \"set\": {\"k\": 1}}\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("\"explain\": {"));
  EXPECT_THAT(r.out, HasSubstr("\"expression\":\"('k' >= 1)\""));
  EXPECT_THAT(r.out, HasSubstr("true for 0 s of 3 s, 3 s remaining"));
}

TEST(EvalCli, ExplainTellsOnStderrWhyTheValueIsWhatItIsAtTheEnd) {
  auto r = eval({"('k' >= 1) ~ 3", "--trace", "-", "--explain", "--until", "5.2"},
                "{\"t\": 0, \"set\": {\"k\": 0}}\n{\"t\": 3.5, \"set\": {\"k\": 1}}\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err,
            "at t=5.2:\n"
            "('k' >= 1) ~ 3 → false   [`('k' >= 1)` true for 1.7 s of 3 s, 1.3 s remaining]\n"
            "  ('k' >= 1) → true\n"
            "    'k' → 1\n"
            "    1 → 1\n"
            "  3 → 3\n");
}

TEST(EvalCli, HelpDocumentsTheTraceFormatAndExitStatus) {
  auto r = eval({"--help"});
  EXPECT_EQ(r.status, 0);
  for (const char* part : {"--trace", "--until", "--seed", "--explain", "\"raise\"", "\"declare\"", "\"pref\"",
                           "Exit status", "2 bad expression", "1 bad trace"})
    EXPECT_THAT(r.out, HasSubstr(part));
}

TEST(EvalCli, UntilOutsideTheEngineTimeRangeIsAUsageError) {
  for (const char* until : {"9.5e9", "inf", "nan", "-1", "soon"}) {
    auto r = eval({"'k'", "--until", until});
    EXPECT_GE(r.status, 100) << until;  // CLI11's usage codes (decision 24)
    EXPECT_THAT(r.err, HasSubstr("--until must be a number of seconds from 0 to 9e9")) << until;
  }
  EXPECT_EQ(eval({"'k'", "--until", "9e9"}).status, 0);
}

TEST(EvalCli, SeedMustBeAWholeNumberThatFitsSixtyFourBits) {
  for (const char* seed : {"-1", "18446744073709551616", "1.5", "x"}) {
    auto r = eval({"rand(0, 9, 0)", "--seed", seed});
    EXPECT_GE(r.status, 100) << seed;
    EXPECT_THAT(r.err, HasSubstr("--seed must be a whole number")) << seed;
  }
  EXPECT_EQ(eval({"rand(0, 9, 0)", "--seed", "18446744073709551615"}).status, 0);
}

TEST(EvalCli, MissingExpressionIsAUsageError) {
  auto r = eval({});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.status, 1);
  EXPECT_NE(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("EXPR"));
}

}  // namespace
