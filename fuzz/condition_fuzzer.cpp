// libFuzzer target for the conditions language: the input is the text of a
// condition. Every input is compiled; a bad one must come back as one
// Diagnostic with a sane line:column. One that compiles (and is small enough
// to keep each input within a few milliseconds) is also run over a tiny fixed
// trace that writes and raises the keys it reads, so that the evaluator, the
// time operators and the monitor's settle passes and deadlines are fuzzed too.
// It runs twice, without and with explain, and both runs must print the same
// values: explain only observes.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "autolife/condition/program.hpp"
#include "autolife/core/value_json.hpp"
#include "autolife/trace/evaluation.hpp"

namespace {

using autolife::condition::CompileLimits;
using autolife::condition::Function;
using autolife::condition::NodeKind;
using autolife::condition::Program;
using autolife::core::Diagnostic;
using autolife::core::Value;
using nlohmann::json;

// Inputs larger than this are compiled but not evaluated: evaluation costs
// (nodes x evaluation points), and parsing is what large inputs exercise.
constexpr std::size_t kMaxEvaluatedBytes = 512;
// At most this many of the condition's keys get values in the trace.
constexpr std::size_t kMaxTraceKeys = 4;
// The trace's last step is at 2 s; evaluation stops at 4 s, so that windows
// of a few seconds close (and chained time operators replay) inside the run.
constexpr double kUntilSeconds = 4.0;
// A rand() with a period below this is redrawn (and re-evaluated) so often
// that 4 s of virtual time cost more than a few milliseconds: not evaluated.
// See docs/robustness.md ("Fuzzing the conditions parser").
constexpr double kMinRandPeriodSeconds = 0.01;

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "condition_fuzzer: %s\n%s\n", what, detail.c_str());
  std::abort();
}

// A bad condition gives one Diagnostic whose line:column points inside the
// text (or just past its end) and whose message says something.
void checkDiagnostic(std::string_view text, const Diagnostic& d) {
  if (d.message.empty()) fail("empty diagnostic message", d.format());
  if (d.line < 1 || d.column < 1) fail("diagnostic without line:column", d.format());
  // Find the reported line and count its characters (not UTF-8 continuation bytes).
  int line = 1;
  std::size_t lineStart = 0;
  for (std::size_t i = 0; i < text.size() && line < d.line; ++i) {
    if (text[i] == '\n') {
      ++line;
      lineStart = i + 1;
    }
  }
  if (line != d.line) fail("diagnostic line past the end of the text", d.format());
  int characters = 0;
  for (std::size_t i = lineStart; i < text.size() && text[i] != '\n'; ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++characters;
  if (d.column > characters + 1) fail("diagnostic column past the end of its line", d.format());
  (void)d.formatWithExcerpt();
}

// Values of every type, so that operators meet mixed types at run time.
Value traceValue(std::size_t i) {
  switch (i % 8) {
    case 0: return 1;
    case 1: return "solitary";
    case 2: return Value::Array{1, 2, 3};
    case 3: return 2.5;
    case 4: return true;
    case 5: return -1;
    case 6: return "";
    default: return Value::Array{"a", 0.5, Value::Array{}};
  }
}

// The trace: every step touches the keys the condition reads, with changes
// at distinct times and two steps sharing one timestamp (separate evaluation
// points), a raise of each key (bang), a remove, and its preferences.
std::string makeTrace(const Program& program) {
  const std::size_t keyCount = std::min(program.keys.size(), kMaxTraceKeys);
  std::string out;
  auto line = [&](double t, json actions) {
    if (actions.empty()) return;
    actions["t"] = t;
    // Keys are bytes; JSON needs UTF-8. A key that is not valid UTF-8 gets
    // U+FFFD and is simply not touched by the trace.
    out += actions.dump(-1, ' ', false, json::error_handler_t::replace);
    out += '\n';
  };
  auto values = [&](std::size_t shift) {
    json obj = json::object();
    for (std::size_t k = 0; k < keyCount; ++k)
      obj[program.keys[k]] = autolife::core::valueToJson(traceValue(k + shift));
    return obj;
  };
  auto preferences = [&](const char* value) {
    json obj = json::object();
    for (std::size_t p = 0; p < std::min(program.prefs.size(), kMaxTraceKeys); ++p)
      obj[program.prefs[p].domain][program.prefs[p].setting] = value;
    return obj;
  };
  json all = json::array();
  for (std::size_t k = 0; k < keyCount; ++k) all.push_back(program.keys[k]);
  auto actions = [](std::initializer_list<std::pair<const char*, json>> list) {
    json step = json::object();
    for (const auto& [name, body] : list)
      if (!body.empty()) step[name] = body;
    return step;
  };
  line(0.0, actions({{"declare", all}, {"set", values(0)}}));
  line(0.5, actions({{"raise", values(4)}, {"pref", preferences("1")}}));
  line(1.0, actions({{"set", values(1)}}));
  line(1.0, actions({{"raise", values(3)}}));  // same timestamp, next evaluation point
  line(1.5, actions({{"remove", all}, {"pref", preferences("on")}}));
  line(2.0, actions({{"set", values(5)}}));
  line(2.0, actions({{"raise", values(0)}}));
  return out;
}

// Whether evaluating over kUntilSeconds stays cheap (see kMinRandPeriodSeconds).
bool cheapToEvaluate(const Program& program) {
  for (const auto& n : program.nodes) {
    if (n.kind != NodeKind::Call || n.function() != Function::Rand) continue;
    // The parser only takes a constant number >= 0 as the period; anything
    // else (should that change) is not known to be cheap.
    const auto& periodNode = program.child(n, 2);
    if (periodNode.kind != NodeKind::Constant) return false;
    const Value& period = program.constants[periodNode.payload];
    if (!period.isNumber()) return false;
    double seconds = period.isInt() ? static_cast<double>(period.asInt()) : period.asFloat();
    if (seconds > 0 && seconds < kMinRandPeriodSeconds) return false;
  }
  return true;
}

std::vector<std::pair<std::int64_t, std::string>> run(const std::shared_ptr<const Program>& program,
                                                      const std::string& trace, bool explain) {
  std::vector<std::pair<std::int64_t, std::string>> lines;
  std::istringstream in(trace);
  autolife::trace::Reader reader(in);
  autolife::trace::EvaluationOptions options;
  options.until = autolife::core::fromSeconds(kUntilSeconds);
  options.seed = 1;
  options.explain = explain;
  autolife::trace::evaluate(program, &reader, options, [&](const autolife::trace::OutputLine& line) {
    if (explain) (void)autolife::trace::formatLine(line);
    lines.emplace_back(line.time.count(), line.value.toJson());
  });
  return lines;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto compiled = autolife::condition::compile(text, CompileLimits{});
  if (const auto* d = std::get_if<Diagnostic>(&compiled)) {
    checkDiagnostic(text, *d);
    return 0;
  }
  const auto& program = std::get<std::shared_ptr<const Program>>(compiled);
  if (size > kMaxEvaluatedBytes || !cheapToEvaluate(*program)) return 0;

  const std::string trace = makeTrace(*program);
  const auto plain = run(program, trace, false);
  const auto explained = run(program, trace, true);
  if (plain != explained) {
    std::string detail = "trace:\n" + trace + "without explain:\n";
    for (const auto& [t, v] : plain) detail += "  " + std::to_string(t) + " ns: " + v + "\n";
    detail += "with explain:\n";
    for (const auto& [t, v] : explained) detail += "  " + std::to_string(t) + " ns: " + v + "\n";
    fail("explain changed the values printed", detail);
  }
  return 0;
}
