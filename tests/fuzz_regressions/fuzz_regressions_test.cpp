// Regression tests for what fuzz/run found (docs/robustness.md, "Fuzzing").
// The seed corpora (reproducers included) replay through each target's own
// checks in the fuzz_replay_<name> tests (CMakeLists.txt).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "autolife/condition/program.hpp"
#include "autolife/core/text_lines.hpp"
#include "autolife/core/value_json.hpp"
#include "autolife/package/manifest.hpp"
#include "autolife/trace/evaluation.hpp"
#include "autolife/trace/trace.hpp"
#include "process.hpp"

namespace {

using namespace autolife;
using ::testing::HasSubstr;

const std::string kReplacementCharacter = "\xEF\xBF\xBD";  // U+FFFD in UTF-8

std::vector<std::string> explainedLines(std::string_view expression, const std::string& trace) {
  auto compiled = condition::compile(expression);
  const auto* program = std::get_if<std::shared_ptr<const condition::Program>>(&compiled);
  if (!program) throw std::runtime_error("compile error: " + std::get<core::Diagnostic>(compiled).format());
  std::istringstream in(trace);
  trace::Reader reader(in);
  trace::EvaluationOptions options;
  options.explain = true;
  std::vector<std::string> lines;
  trace::evaluate(*program, &reader, options,
                  [&](const trace::OutputLine& line) { lines.push_back(trace::formatLine(line)); });
  return lines;
}

// fuzz/corpus/condition/crash_explain_key_not_utf8: the key '\xff'. With
// explain, formatLine dumped the explanation with nlohmann's default error
// handler, which throws type_error 316 on bytes that are not UTF-8:
// `autolife eval --explain "'<0xff>'"` died of an uncaught exception.
TEST(FuzzRegressions, ExplainOfAKeyThatIsNotUtf8PrintsAReplacementCharacter) {
  std::vector<std::string> lines;
  ASSERT_NO_THROW(lines = explainedLines("'\xff'", ""));
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_THAT(lines[0], HasSubstr("\"expression\":\"'" + kReplacementCharacter + "'\""));
  EXPECT_TRUE(nlohmann::json::accept(lines[0])) << lines[0];
}

TEST(FuzzRegressions, ExplainOfAStringThatIsNotUtf8DoesNotThrow) {
  std::vector<std::string> lines;
  ASSERT_NO_THROW(lines = explainedLines("('k' == \"a\xc3\") ~ 1 || \"\xe2\x82\"", "{\"t\": 0, \"set\": {\"k\": 1}}\n"));
  ASSERT_FALSE(lines.empty());
  EXPECT_THAT(lines[0], HasSubstr(kReplacementCharacter));
}

TEST(FuzzRegressions, EvalExplainOfAKeyThatIsNotUtf8ExitsCleanly) {
  auto r = autolife::testing::runProcess({AUTOLIFE_BINARY, "eval", "--explain", "'\xff' = 1"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("\"value\": false"));
}

// fuzz/corpus/condition/crash_horizon_overflow: `2~33720685~33720368541`.
// A key's history horizon is the sum of the windows of the time operators
// above it; fromSeconds clamps each window to ~292 years (9.2e18 ns), but the
// sum of two such windows overflowed int64 nanoseconds in compile() (UBSan:
// signed integer overflow in Parser::computeHorizons). It saturates now.
TEST(FuzzRegressions, NestedHugeWindowsSaturateTheHorizon) {
  EXPECT_TRUE(std::holds_alternative<std::shared_ptr<const condition::Program>>(
      condition::compile("2~33720685~33720368541")));
  auto compiled = condition::compile("'k' ~ 10000000000 ~ 10000000000 @ 1 || 'j' ~ 1 ~ 2");
  ASSERT_TRUE(std::holds_alternative<std::shared_ptr<const condition::Program>>(compiled))
      << std::get<core::Diagnostic>(compiled).format();
  const auto& program = *std::get<std::shared_ptr<const condition::Program>>(compiled);
  ASSERT_EQ(program.keys, (std::vector<std::string>{"k", "j"}));
  EXPECT_EQ(program.keyHorizon[0], core::Duration::max());
  EXPECT_EQ(program.keyHorizon[1], core::fromSeconds(3));
  EXPECT_EQ(program.horizon, core::Duration::max());
}

// fuzz/corpus/trace/crash_number_overflow: {"t": 1e400}. nlohmann reports a
// number beyond a double as out_of_range 406, which core::parseJson let
// through and the trace reader did not catch (it expects parse_error):
// `autolife eval --trace` died of an uncaught exception. parseJson turns it
// into invalid_argument, as it does an integer beyond 64 bits.
TEST(FuzzRegressions, ANumberBeyondADoubleIsRefusedLikeAnOverlongInteger) {
  try {
    core::parseJson(R"({"t": [1, -1e400]})");
    FAIL() << "1e400 parsed";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), HasSubstr("1e400"));
  }
  EXPECT_EQ(core::parseJson("1.5e300").get<double>(), 1.5e300);
}

TEST(FuzzRegressions, ATraceLineWithANumberBeyondADoubleIsATraceError) {
  try {
    trace::parseStep(R"({"t": 1e400, "set": {"a": 1}})", 3, core::Time{0});
    FAIL() << "1e400 parsed";
  } catch (const trace::TraceError& e) {
    EXPECT_EQ(e.line(), 3);
  }
}

TEST(FuzzRegressions, EvalOfATraceWithANumberBeyondADoubleExitsWithItsLine) {
  auto r = autolife::testing::runProcess({AUTOLIFE_BINARY, "eval", "'a' == 1", "--trace", "-"},
                                         "{\"t\": 0, \"set\": {\"a\": 1}}\n{\"t\": 1, \"set\": {\"a\": 1e999}}\n");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_THAT(r.err, HasSubstr("line 2"));
  EXPECT_THAT(r.out, HasSubstr("\"value\": true"));
}

// fuzz/corpus/manifest/crash_error_at_crlf (found by fuzz_manifest, and by
// fuzz_project and fuzz_xar on the same kind of input): pugixml reports an
// unterminated declaration at the last byte, the \n of a final \r\n.
// core::TextLines counted the \r as a character of the line: "2:12" on a
// line of 10 characters. The \n of a \r\n is where its \r is now.
TEST(FuzzRegressions, AnOffsetInsideACrLfIsTheEndOfItsLine) {
  const core::TextLines lines("ab\r\ncd\r\n");
  EXPECT_EQ(lines.position(2).column, 3);  // the \r
  EXPECT_EQ(lines.position(3).line, 1);    // the \n
  EXPECT_EQ(lines.position(3).column, 3);
  EXPECT_EQ(lines.position(4).line, 2);
  EXPECT_EQ(lines.position(4).column, 1);

  const auto result = package::parseManifest("<?xml version=\"1.0\"\r\n<package/>\r\n");
  ASSERT_FALSE(result.manifest);
  ASSERT_EQ(result.problems.size(), 1u);
  EXPECT_EQ(result.problems[0].diagnostic.line, 2);
  EXPECT_EQ(result.problems[0].diagnostic.column, 11);
}

}  // namespace
