// Test helpers for the conditions language: run an expression over a JSON
// Lines trace in virtual time, exactly as `autolife eval` does, and render
// the output compactly ("0:false 4:true 5:false"); compile an expression and
// get its Diagnostic.
#pragma once

#include <charconv>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "autolife/condition/program.hpp"
#include "autolife/core/diagnostic.hpp"
#include "autolife/core/time.hpp"
#include "autolife/trace/evaluation.hpp"
#include "autolife/trace/trace.hpp"

namespace autolife::test {

// Seconds in their shortest round-trip form: 0, 1.5, 0.3, 11.5.
inline std::string seconds(core::Time t) {
  char buffer[64];
  auto r = std::to_chars(buffer, buffer + sizeof buffer, core::toSeconds(t));
  return std::string(buffer, r.ptr);
}

struct RunOptions {
  std::optional<double> until;  // seconds
  std::uint64_t seed = 0;
};

inline std::shared_ptr<const condition::Program> compiled(std::string_view expression) {
  auto result = condition::compile(expression);
  if (auto* d = std::get_if<core::Diagnostic>(&result)) {
    throw std::runtime_error("compile error: " + d->format());
  }
  return std::get<std::shared_ptr<const condition::Program>>(result);
}

// The raw output lines of `autolife eval EXPR --trace <trace>`. An empty
// trace means no --trace at all (the value at t=0, then its changes).
inline std::vector<trace::OutputLine> runLines(std::string_view expression, std::string_view traceText = {},
                                               RunOptions options = {}) {
  auto program = compiled(expression);
  trace::EvaluationOptions eo;
  if (options.until) eo.until = core::fromSeconds(*options.until);
  eo.seed = options.seed;
  std::vector<trace::OutputLine> lines;
  std::istringstream in{std::string(traceText)};
  std::unique_ptr<trace::Reader> reader;
  if (!traceText.empty()) reader = std::make_unique<trace::Reader>(in);
  trace::evaluate(program, reader.get(), eo, [&](const trace::OutputLine& l) { lines.push_back(l); });
  return lines;
}

inline std::string render(const std::vector<trace::OutputLine>& lines) {
  std::string out;
  for (const auto& l : lines) {
    if (!out.empty()) out += ' ';
    out += seconds(l.time) + ":" + l.value.toJson();
  }
  return out;
}

// "0:false 4:true 5:false"; a compile error comes back as "error: ..." so
// that a test expecting values fails with the reason.
inline std::string run(std::string_view expression, std::string_view traceText = {}, RunOptions options = {}) {
  try {
    return render(runLines(expression, traceText, options));
  } catch (const std::runtime_error& e) {
    return std::string("error: ") + e.what();
  }
}

inline std::string run(std::string_view expression, std::string_view traceText, double until) {
  return run(expression, traceText, RunOptions{until, 0});
}

// The value of an expression at t=0 with empty memory, as JSON ("3",
// "\"ana\"", "null", "[1, 2]").
inline std::string value(std::string_view expression) {
  try {
    auto lines = runLines(expression, {}, RunOptions{0.0, 0});
    if (lines.empty()) return "no output";
    return lines.front().value.toJson();
  } catch (const std::runtime_error& e) {
    return std::string("error: ") + e.what();
  }
}

// The value of an expression right after the first step of a trace.
inline std::string valueWith(std::string_view expression, std::string_view traceText) {
  try {
    auto lines = runLines(expression, traceText);
    if (lines.empty()) return "no output";
    return lines.front().value.toJson();
  } catch (const std::runtime_error& e) {
    return std::string("error: ") + e.what();
  }
}

// The Diagnostic of an expression that must not compile.
inline std::optional<core::Diagnostic> compileError(std::string_view expression,
                                                     const condition::CompileLimits& limits = {}) {
  auto result = condition::compile(expression, limits);
  if (auto* d = std::get_if<core::Diagnostic>(&result)) return *d;
  return std::nullopt;
}

inline bool compiles(std::string_view expression) { return !compileError(expression).has_value(); }

// "line:column" of the error, or "compiled" when there is none.
inline std::string errorAt(std::string_view expression) {
  auto d = compileError(expression);
  if (!d) return "compiled";
  return std::to_string(d->line) + ":" + std::to_string(d->column);
}

}  // namespace autolife::test
