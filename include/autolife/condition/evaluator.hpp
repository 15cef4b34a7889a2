// Evaluates a compiled condition at one evaluation point, updating the
// incremental state of its time operators and reporting the next instant at
// which it could change by itself (its deadline). No polling: between
// evaluation points nothing is computed.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "autolife/condition/program.hpp"

namespace autolife::condition {

using core::Duration;
using core::Time;
using core::Value;

// Where an evaluation reads its inputs (memory, a replayed snapshot, a test).
class ValueSource {
public:
  virtual ~ValueSource() = default;
  virtual const Value& key(std::uint32_t keyIndex) const = 0;      // Program::keys index
  virtual bool raised(std::uint32_t keyIndex) const = 0;           // raised at this evaluation point
  virtual const Value& preference(std::uint32_t prefIndex) const = 0;  // Program::prefs index
};

// State of one time operator. `~` uses operandTrue/since (true since);
// `#` uses operandTrue/everTrue/since (false since); `@` uses the pending
// operand changes not yet replayed and the replayed output.
struct TemporalState {
  bool operandTrue = false;
  bool everTrue = false;
  Time since{0};
  std::vector<std::pair<Time, bool>> pending;  // @: (time, operand value) changes
  std::size_t pendingHead = 0;
  bool recorded = false;  // @: the operand value last recorded
  bool output = false;    // @: the replayed value
  Duration largestWindow{0};  // the largest window this operator has used
};

// The mutable part of a loaded condition.
struct ConditionState {
  ConditionState() = default;
  ConditionState(const Program& program, Time start, std::uint64_t randStreamBase);
  Time start{0};  // when the condition started observing (nothing known before)
  std::uint64_t randStreamBase = 0;
  // The evaluation made at load saw memory before any input at that instant;
  // the first input at the same instant restarts the state from it, so that
  // values set at t=0 hold from the start (a trace's initial values).
  bool provisional = false;
  std::vector<TemporalState> temporal;
  std::vector<Value> stableLast;
  std::vector<bool> stableSeen;
};

// What a time operator looked like at an evaluation (for explain).
struct TemporalReport {
  TemporalOp op = TemporalOp::Held;
  bool windowValid = true;
  Duration window{0};
  bool operandTrue = false;
  // ~: how long the operand has held (0 when false).
  // #: how long ago the operand was last true (0 when true now).
  // @: unused.
  Duration elapsed{0};
  // Time left before the operator flips by itself, if it will.
  std::optional<Duration> remaining;
  bool value = false;
  bool neverTrue = false;  // #: the operand has not been true since the start
  bool beforeStart = false;  // @: t - d is before the condition started
};

struct NodeRecord {
  bool evaluated = false;
  Value value;
  std::optional<TemporalReport> temporal;
};

struct Evaluation {
  const Program& program;
  ConditionState& state;
  const ValueSource& source;
  Time now{0};
  std::uint64_t seed = 0;
  // Explain: compute without changing any state, recording every node.
  bool dryRun = false;
  std::vector<NodeRecord>* records = nullptr;
  // Evaluating an input (a memory write, a preference): a time operator whose
  // deadline is exactly now has not flipped yet. REFERENCE §3: "a deadline
  // that falls at t is evaluated after every input at t", so that another
  // input at t cannot show a window closing before its operand's own change
  // at t is applied. The deadline evaluation itself runs with this false.
  bool atInput = false;

  // Outputs.
  Time nextDeadline = core::kNever;  // the next instant the value may change by itself
  bool instant = false;  // a bang was true or a stable() dipped: settle right after
};

Value evaluate(Evaluation& evaluation);

// The value of a subtree that reads nothing (no key, preference, time
// operator, stable or rand), or nothing when it does. The parser uses it to
// check windows such as `~ (0 - 1)` and to know how far back to keep history.
std::optional<Value> constantValue(const Program& program, std::uint32_t node);

}  // namespace autolife::condition
