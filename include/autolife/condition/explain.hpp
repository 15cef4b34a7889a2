// "Why is this false right now?": the value of every sub-expression of a
// condition at one instant and, for each time operator, how long its operand
// has held and how long remains.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "autolife/condition/evaluator.hpp"

namespace autolife::condition {

struct ExplainNode {
  std::string expression;  // the sub-expression as written
  bool evaluated = false;  // false: skipped (a && already false, say)
  Value value;
  std::optional<TemporalReport> temporal;
  std::string note;  // for time operators: a sentence, e.g. "... true for 1.7 s of 3 s"
  // A comparison that read a key with no value: "'X' has no value: Invalid
  // compares as 0, so `'X' >= 0` is true" (invalid_operands.hpp).
  std::string warning;
  bool conjunction = false;  // an && (what holds a false one false is inside it)
  std::vector<ExplainNode> children;
};

// One node as the text form shows it: "expr → value   [note]   [warning: ...]".
std::string explainLine(const ExplainNode& node);

struct Explanation {
  Time time{0};
  Value value;
  ExplainNode root;

  // An indented tree, one sub-expression per line: "expr → value  (note)".
  std::string text() const;
  // {"t", "value", "tree"}; each tree node is {"expression", "value",
  // "evaluated"?, "note"?, "temporal"?, "warning"?, "children"?}.
  nlohmann::json json() const;
  // The same as a value (what Autolife.explainLaunchTrigger answers); json()
  // is its JSON.
  Value asValue() const;
  // Every node's warning, in the order the text shows them.
  std::vector<std::string> warnings() const;
  // The sub-expression that holds the condition false, when it is false:
  // down through the && that are false, to the first false operand (a
  // comparison, a time operator, a ||, a key...). Null when it is true.
  const ExplainNode* holdingFalse() const;
};

Explanation buildExplanation(const Program& program, const std::vector<NodeRecord>& records, Time now);

// "1.7 s", "3 s", "0.25 s"
std::string formatSeconds(Duration d);

}  // namespace autolife::condition
