// Regression tests for what fuzz/run found (docs/robustness.md, "Fuzzing the
// conditions parser"), plus a replay of the committed seed corpus through
// the fuzz target's own checks.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "autolife/condition/program.hpp"
#include "autolife/trace/evaluation.hpp"
#include "process.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

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

// Every committed seed (crash reproducers included) through the fuzz
// target: compile, check the diagnostic, evaluate with and without explain.
// A failed check aborts with the reason on stderr.
TEST(FuzzRegressions, ConditionSeedCorpusReplaysClean) {
  const std::filesystem::path corpus = std::filesystem::path(AUTOLIFE_SOURCE_DIR) / "fuzz" / "corpus" / "condition";
  ASSERT_TRUE(std::filesystem::is_directory(corpus)) << corpus;
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    const std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    SCOPED_TRACE(entry.path().filename().string());
    EXPECT_EQ(LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(data.data()), data.size()), 0);
    ++files;
  }
  EXPECT_GE(files, 30);
}

}  // namespace
