// Comparisons that read a key with no value. A key nothing has written yet
// (or one removed, or a service operand no service provides) reads Invalid,
// and Invalid compares as 0 with numbers (decision 1): so
// `'UserSession/FocusedUser' >= 0` is true before anyone is focused. This
// says so where it happens: in an explanation (a comparison that saw
// Invalid, at run time) and before anything runs (`autolife check`: a
// comparison that is true while its key has no value).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "autolife/condition/program.hpp"

namespace autolife::condition {

bool isComparison(BinaryOp op);

// The sentence for comparison node `node` whose operands evaluated to
// `left` and `right`, when one of them is a key (or service operand) that
// has no value: "'X' has no value: Invalid compares as 0, so `'X' >= 0` is
// true". Nothing when the node is not a comparison or no key operand is
// Invalid.
std::optional<std::string> invalidOperandWarning(const Program& program, std::uint32_t node, const Value& left,
                                                 const Value& right, bool result);

// A comparison that holds while its key has no value, found without
// running anything: a key compared with a constant (or with another key)
// such that the comparison is true when the key reads Invalid.
struct TrueWithoutValue {
  SourceSpan span;  // the comparison, in Program::text
  std::string key;  // the key's name as memory knows it
  std::string message;
};
std::vector<TrueWithoutValue> trueWithoutValue(const Program& program);

}  // namespace autolife::condition
