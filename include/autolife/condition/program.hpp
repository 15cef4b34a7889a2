// A compiled condition: the expression as a flat tree of nodes, plus what
// the engine needs to know about it (keys read, preferences read, how far
// back in time it looks). Immutable once compiled; the per-instance state of
// its time operators lives in ConditionState (evaluator.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "autolife/condition/operations.hpp"
#include "autolife/core/diagnostic.hpp"
#include "autolife/core/time.hpp"
#include "autolife/core/value.hpp"

namespace autolife::condition {

enum class NodeKind : std::uint8_t {
  Constant,  // constants[payload]
  Key,       // keys[payload]
  List,      // [children...]
  Index,     // children[0][children[1]]
  Not,       // !children[0]
  Negate,    // -children[0]
  Binary,    // children[0] op children[1]; And/Or are n-ary
  Temporal,  // children[0] op children[1] (the window); state temporal[payload]
  Call,      // function(children...); payload: see Function
};

// The time operators: `~` (has held for), `#` (was true within), `@` (was true at).
enum class TemporalOp : std::uint8_t { Held, Within, Ago };
char spelling(TemporalOp op);

struct SourceSpan {
  std::uint32_t begin = 0;  // byte offsets into Program::text
  std::uint32_t end = 0;
};

struct Node {
  NodeKind kind = NodeKind::Constant;
  std::uint8_t op = 0;          // BinaryOp, TemporalOp or Function
  bool stateful = false;        // the subtree holds time-operator or stable() state
  std::uint32_t firstChild = 0;  // into Program::children
  std::uint32_t childCount = 0;
  // Constant: constants index; Key or bang: keys index; pref: prefs index;
  // Temporal: temporal state index; stable: stable state index; rand: stream.
  std::uint32_t payload = 0;
  SourceSpan span;

  BinaryOp binaryOp() const { return static_cast<BinaryOp>(op); }
  TemporalOp temporalOp() const { return static_cast<TemporalOp>(op); }
  Function function() const { return static_cast<Function>(op); }
};

struct PreferenceRef {
  std::string domain;
  std::string setting;
};

// A NAOqi 2.8 service operand (`ALBattery.charge`, `Svc.prop.level`,
// `Svc.prop["a"]`): inside the language it is the memory key named
// keys[key] (the operand's canonical spelling, see docs/conditions.md); the
// engine feeds that key from the service's signal or property.
struct ServiceOperand {
  std::uint32_t key = 0;   // into Program::keys
  std::string service;     // "ALBattery"
  std::string member;      // a signal or a property of it
  std::vector<std::string> path;  // map members picked from its value, in order

  bool operator==(const ServiceOperand&) const = default;
};

struct Program {
  std::string text;
  std::vector<Node> nodes;
  std::vector<std::uint32_t> children;
  std::uint32_t root = 0;
  std::vector<core::Value> constants;
  std::vector<std::string> keys;         // distinct memory keys read, first-use order
  std::vector<core::Duration> keyHorizon;  // per key: how far back the condition looks at it
  std::vector<PreferenceRef> prefs;
  std::vector<ServiceOperand> serviceOperands;  // one per distinct key, first-use order
  std::uint32_t temporalCount = 0;
  std::uint32_t stableCount = 0;
  std::uint32_t randCount = 0;
  // The largest constant window of any time operator (rand() windows count
  // their upper bound); the CLI's default --until adds it to the last step.
  core::Duration largestWindow{0};
  // The largest history any key needs (max of keyHorizon).
  core::Duration horizon{0};

  const Node& node(std::uint32_t i) const { return nodes[i]; }
  const Node& child(const Node& n, std::uint32_t k) const { return nodes[children[n.firstChild + k]]; }
  std::uint32_t childIndex(const Node& n, std::uint32_t k) const { return children[n.firstChild + k]; }
  std::string_view source(const Node& n) const {
    return std::string_view(text).substr(n.span.begin, n.span.end - n.span.begin);
  }
  // Does evaluation depend on time itself (time operators, rand, stable)?
  bool hasState() const { return temporalCount + stableCount + randCount > 0; }
};

// Limits that keep bad input from exhausting the stack or memory.
struct CompileLimits {
  std::size_t maxLength = 1 << 20;  // bytes of expression text
  std::uint32_t maxDepth = 256;     // nesting of the expression tree
};

// Parses and checks a condition. On error: one Diagnostic with line:column
// (1-based, columns in characters) and the offending source line.
std::variant<std::shared_ptr<const Program>, core::Diagnostic> compile(
    std::string_view text, const CompileLimits& limits = {});

}  // namespace autolife::condition
