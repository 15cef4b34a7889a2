// libFuzzer target for traces, the JSON Lines that `autolife eval --trace`
// reads (include/autolife/trace/trace.hpp): the input is the trace's text.
// It is evaluated as `autolife eval` does (trace::evaluate, default end)
// against one fixed condition that reads the keys a..d with every time
// operator, bang(), stable(), a window taken from memory and a preference,
// so that whatever a trace holds (any value type, huge or equal times,
// removes, raises of undeclared keys) reaches the evaluator and the
// monitor's deadlines. A bad line must be a TraceError naming a line of the
// text; nothing else may escape.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <sstream>
#include <string>
#include <variant>

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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
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
