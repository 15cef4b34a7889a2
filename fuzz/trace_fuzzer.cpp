// libFuzzer target for traces, the JSON Lines that `autolife eval --trace`
// reads (include/autolife/trace/trace.hpp): the input is the trace's text.
// It is evaluated as `autolife eval` does (trace::evaluate, default end)
// against one fixed condition that reads the keys a..d with every time
// operator, bang(), stable(), a window taken from memory and a preference,
// so that whatever a trace holds (any value type, huge or equal times,
// removes, raises of undeclared keys) reaches the evaluator and the
// monitor's deadlines. A bad line must be a TraceError naming a line of the
// text; nothing else may escape. The Reader (simdjson for the common lines)
// must also agree with parseStep (nlohmann) line by line: same steps, same
// errors.
#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "autolife/condition/program.hpp"
#include "autolife/trace/evaluation.hpp"
#include "autolife/trace/trace.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace autolife;

// Inputs above this are read but not evaluated past their first 64 steps:
// evaluation is what costs, reading is what large inputs exercise.
constexpr int kMaxEvaluatedSteps = 64;

const std::shared_ptr<const condition::Program>& fixedCondition() {
  static const auto program = [] {
    auto compiled = condition::compile(
        "('a' ~ 1.5 && 'b' > 2) || bang('c') # 1 || ('a' == \"x\") @ 2 || stable('d') ~ 'b' || "
        "pref(\"p\", \"s\") == \"on\" || 'd' subsets [1, 2] || 'a' + 'b' == 'c'");
    if (auto* d = std::get_if<core::Diagnostic>(&compiled)) fuzz::fail("the fixed condition does not compile", d->format());
    return std::get<std::shared_ptr<const condition::Program>>(compiled);
  }();
  return program;
}

int countLines(const std::string& text) {
  int lines = 1;
  for (char c : text) lines += c == '\n';
  return lines;
}

bool sameValues(const std::vector<std::pair<std::string, core::Value>>& a,
                const std::vector<std::pair<std::string, core::Value>>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].first != b[i].first || !identical(a[i].second, b[i].second)) return false;
  return true;
}

bool sameStep(const trace::Step& a, const trace::Step& b) {
  auto samePrefs = [](const trace::PreferenceWrite& x, const trace::PreferenceWrite& y) {
    return x.domain == y.domain && x.setting == y.setting && x.value == y.value;
  };
  return a.time == b.time && a.declare == b.declare && a.remove == b.remove && sameValues(a.set, b.set) &&
         sameValues(a.raise, b.raise) &&
         std::equal(a.preferences.begin(), a.preferences.end(), b.preferences.begin(), b.preferences.end(), samePrefs);
}

// The Reader's fast path (simdjson, issue 18) must read every line as
// parseStep (nlohmann) does: the same steps, the same error on the same line.
void checkReaderAgreesWithParseStep(const std::string& text) {
  std::istringstream fastIn(text), slowIn(text);
  trace::Reader reader(fastIn);
  std::string line;
  int number = 0;
  core::Time last{0};
  for (;;) {
    std::optional<trace::Step> expected;
    std::string expectedError, error;
    try {
      while (!expected && std::getline(slowIn, line)) {
        ++number;
        expected = trace::parseStep(line, number, last);
      }
    } catch (const trace::TraceError& e) {
      expectedError = e.what();
    }
    std::optional<trace::Step> got;
    try {
      got = reader.next();
    } catch (const trace::TraceError& e) {
      error = e.what();
    }
    if (error != expectedError) fuzz::fail("the trace reader's error differs from parseStep's", error + "\n" + expectedError);
    if (!expectedError.empty()) return;
    if (got.has_value() != expected.has_value() || (got && !sameStep(*got, *expected)))
      fuzz::fail("the trace reader's step differs from parseStep's", "line " + std::to_string(number));
    if (!got) return;
    last = got->time;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  checkReaderAgreesWithParseStep(text);
  std::istringstream in(text);
  trace::Reader reader(in);
  trace::EvaluationOptions options;
  options.seed = 1;
  int lines = 0;
  try {
    if (countLines(text) > kMaxEvaluatedSteps) {
      while (reader.next()) {
      }
      return 0;
    }
    trace::evaluate(fixedCondition(), &reader, options, [&](const trace::OutputLine& line) {
      (void)trace::formatLine(line);
      ++lines;
    });
  } catch (const trace::TraceError& e) {
    if (e.line() < 1 || e.line() > countLines(text)) fuzz::fail("a trace error about a line not in the text", e.what());
    return 0;
  }
  if (lines == 0) fuzz::fail("a trace evaluated without output", "");
  return 0;
}
