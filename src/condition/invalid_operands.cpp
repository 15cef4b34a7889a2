#include "autolife/condition/invalid_operands.hpp"

#include "autolife/condition/evaluator.hpp"

namespace autolife::condition {

bool isComparison(BinaryOp op) { return op >= BinaryOp::Less && op <= BinaryOp::NotEqual; }

namespace {

bool comparesAsNumber(const Value& v) { return v.isInvalid() || v.isBool() || v.isNumber(); }

// "'A' has no value" / "'A' and 'B' have no value"
std::string noValue(const std::vector<std::string>& keys) {
  if (keys.size() == 1) return keys[0] + " has no value";
  return keys[0] + " and " + keys[1] + " have no value";
}

// Why Invalid made the comparison what it is, given the other operand.
std::string becauseOf(const Value& other) {
  if (comparesAsNumber(other)) return "Invalid compares as 0";
  return other.isString() ? "Invalid is not a string" : "Invalid is not a list";
}

std::string sentence(const std::vector<std::string>& keys, const Value& other, const std::string& expression,
                     bool result) {
  return noValue(keys) + ": " + becauseOf(other) + ", so `" + expression + "` is " + (result ? "true" : "false");
}

bool isKey(const Program& p, std::uint32_t node) { return p.node(node).kind == NodeKind::Key; }

}  // namespace

std::optional<std::string> invalidOperandWarning(const Program& p, std::uint32_t index, const Value& left,
                                                 const Value& right, bool result) {
  const Node& n = p.node(index);
  if (n.kind != NodeKind::Binary || !isComparison(n.binaryOp()) || n.childCount != 2) return std::nullopt;
  const std::uint32_t a = p.childIndex(n, 0), b = p.childIndex(n, 1);
  std::vector<std::string> keys;
  if (isKey(p, a) && left.isInvalid()) keys.emplace_back(p.source(p.node(a)));
  if (isKey(p, b) && right.isInvalid()) keys.emplace_back(p.source(p.node(b)));
  if (keys.empty()) return std::nullopt;
  const Value& other = keys.size() == 2 ? left : (isKey(p, a) && left.isInvalid() ? right : left);
  return sentence(keys, other, std::string(p.source(n)), result);
}

std::vector<TrueWithoutValue> trueWithoutValue(const Program& p) {
  std::vector<TrueWithoutValue> out;
  for (std::uint32_t i = 0; i < p.nodes.size(); ++i) {
    const Node& n = p.node(i);
    if (n.kind != NodeKind::Binary || !isComparison(n.binaryOp()) || n.childCount != 2) continue;
    const std::uint32_t a = p.childIndex(n, 0), b = p.childIndex(n, 1);
    // Each side: Invalid for a key, its value for a constant; anything else
    // depends on more than this key.
    auto sideValue = [&p](std::uint32_t side) -> std::optional<Value> {
      if (isKey(p, side)) return Value();
      return constantValue(p, side);
    };
    const auto left = sideValue(a), right = sideValue(b);
    if (!left || !right || !(isKey(p, a) || isKey(p, b))) continue;
    if (!compare(n.binaryOp(), *left, *right)) continue;
    std::vector<std::string> shown;
    std::string key;
    for (std::uint32_t side : {a, b}) {
      if (!isKey(p, side)) continue;
      shown.emplace_back(p.source(p.node(side)));
      if (key.empty()) key = p.keys[p.node(side).payload];
    }
    const Value& other = isKey(p, a) ? *right : *left;
    out.push_back({n.span, key,
                   sentence(shown, other, std::string(p.source(n)), true) + " until something writes " +
                       (shown.size() == 1 ? "it" : "them")});
  }
  return out;
}

}  // namespace autolife::condition
