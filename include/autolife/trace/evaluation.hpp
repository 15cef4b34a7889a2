// Runs one condition over a trace in virtual time and reports its value the
// way `autolife eval` prints it (REFERENCE §3): the value at the first step
// (or at t=0 without steps), then every change, up to `until` (default: the
// last step's time plus the largest window the condition used). Shared by the
// CLI and the tests so that both exercise the same contract.
#pragma once

#include <functional>
#include <istream>
#include <memory>
#include <optional>

#include "autolife/condition/explain.hpp"
#include "autolife/condition/program.hpp"
#include "autolife/core/time.hpp"
#include "autolife/core/value.hpp"
#include "autolife/trace/trace.hpp"

namespace autolife::trace {

struct EvaluationOptions {
  std::optional<core::Time> until;
  std::uint64_t seed = 0;
  bool explain = false;
};

struct OutputLine {
  core::Time time{0};
  core::Value value;
  std::shared_ptr<const condition::Explanation> explanation;  // with explain
};

// `steps` may be null (no trace). Throws TraceError on a bad line; lines
// output before it have already been reported. With `explain`, returns the
// explanation of the condition at the end (at `until`): why it is what it is
// right then.
std::optional<condition::Explanation> evaluate(const std::shared_ptr<const condition::Program>& program, Reader* steps,
              const EvaluationOptions& options, const std::function<void(const OutputLine&)>& output);

// {"t": 1.5, "value": true} (plus "explain" when present).
std::string formatLine(const OutputLine& line);
// The same appended to `out`, with its newline (no allocation once `out`
// has grown).
void appendLine(std::string& out, const OutputLine& line);

}  // namespace autolife::trace
