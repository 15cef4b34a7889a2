#include "autolife/condition/explain.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

#include "autolife/condition/invalid_operands.hpp"
#include "autolife/core/value_json.hpp"

namespace autolife::condition {

std::string formatSeconds(Duration d) {
  if (d == Duration::max()) return "more than 9.2e9 s";  // a window that never elapses
  double s = core::toSeconds(d);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  std::string out = buf;
  while (out.back() == '0') out.pop_back();
  if (out.back() == '.') out.pop_back();
  return out + " s";
}

namespace {

std::string quoted(const std::string& expression) { return "`" + expression + "`"; }

std::string heldNote(const std::string& operand, const TemporalReport& r) {
  if (!r.windowValid) return "the window is not a number of seconds >= 0: false";
  if (!r.operandTrue) return quoted(operand) + " is false now; it must hold for " + formatSeconds(r.window);
  std::string s = quoted(operand) + " true for " + formatSeconds(r.elapsed) + " of " + formatSeconds(r.window);
  if (r.remaining) s += ", " + formatSeconds(*r.remaining) + " remaining";
  return s;
}

std::string withinNote(const std::string& operand, const TemporalReport& r) {
  if (!r.windowValid) return "the window is not a number of seconds >= 0: false";
  if (r.operandTrue) return quoted(operand) + " is true now";
  if (r.neverTrue) return quoted(operand) + " has not been true since the start";
  std::string s = quoted(operand) + " was last true " + formatSeconds(r.elapsed) + " ago";
  if (r.remaining) return s + ", inside the " + formatSeconds(r.window) + " window (" + formatSeconds(*r.remaining) + " remaining)";
  return s + ", outside the " + formatSeconds(r.window) + " window";
}

std::string agoNote(const std::string& operand, const TemporalReport& r) {
  if (!r.windowValid) return "the window is not a number of seconds >= 0: false";
  std::string s = r.beforeStart
                      ? formatSeconds(r.window) + " ago is before the start: false (nothing is known then)"
                      : quoted(operand) + " was " + (r.value ? "true" : "false") + " " + formatSeconds(r.window) + " ago";
  if (r.remaining) s += "; its next change replays in " + formatSeconds(*r.remaining);
  return s;
}

ExplainNode build(const Program& p, const std::vector<NodeRecord>& records, std::uint32_t index) {
  const Node& n = p.node(index);
  const NodeRecord& rec = records[index];
  ExplainNode out;
  out.expression = std::string(p.source(n));
  out.evaluated = rec.evaluated;
  out.value = rec.value;
  out.temporal = rec.temporal;
  out.conjunction = n.kind == NodeKind::Binary && n.binaryOp() == BinaryOp::And;
  for (std::uint32_t k = 0; k < n.childCount; ++k) out.children.push_back(build(p, records, p.childIndex(n, k)));
  if (rec.evaluated && out.children.size() == 2) {
    auto warning = invalidOperandWarning(p, index, records[p.childIndex(n, 0)].value,
                                         records[p.childIndex(n, 1)].value, rec.value.truthy());
    if (warning) out.warning = *warning;
  }
  if (rec.temporal && !out.children.empty()) {
    const std::string& operand = out.children[0].expression;
    switch (rec.temporal->op) {
      case TemporalOp::Held: out.note = heldNote(operand, *rec.temporal); break;
      case TemporalOp::Within: out.note = withinNote(operand, *rec.temporal); break;
      case TemporalOp::Ago: out.note = agoNote(operand, *rec.temporal); break;
    }
  }
  return out;
}

void appendText(const ExplainNode& n, int depth, std::string& out) {
  out.append(static_cast<std::size_t>(depth) * 2, ' ');
  out += explainLine(n) + '\n';
  for (const auto& c : n.children) appendText(c, depth + 1, out);
}

void collectWarnings(const ExplainNode& n, std::vector<std::string>& out) {
  if (!n.warning.empty()) out.push_back(n.warning);
  for (const auto& c : n.children) collectWarnings(c, out);
}

// The false operand of a false && holds it false; anything else is its own reason.
const ExplainNode* falseHolder(const ExplainNode& n) {
  if (!n.conjunction) return &n;
  for (const auto& c : n.children)
    if (c.evaluated && !c.value.truthy()) return falseHolder(c);
  return &n;
}

Value toValue(const ExplainNode& n) {
  Value::Map j{{"expression", n.expression}, {"value", n.value}};
  if (!n.evaluated) j.emplace("evaluated", false);
  if (n.temporal) {
    const auto& r = *n.temporal;
    Value::Map t{{"operator", std::string(1, spelling(r.op))},
                 {"window", r.windowValid ? Value(core::toSeconds(r.window)) : Value()},
                 {"operandTrue", r.operandTrue},
                 {"remaining", r.remaining ? Value(core::toSeconds(*r.remaining)) : Value()}};
    if (r.op == TemporalOp::Held) t.emplace("held", core::toSeconds(r.elapsed));
    if (r.op == TemporalOp::Within && !r.operandTrue && !r.neverTrue) t.emplace("lastTrueAgo", core::toSeconds(r.elapsed));
    j.emplace("temporal", std::move(t));
    j.emplace("note", n.note);
  }
  if (!n.warning.empty()) j.emplace("warning", n.warning);
  if (!n.children.empty()) {
    Value::Array children;
    for (const auto& c : n.children) children.push_back(toValue(c));
    j.emplace("children", std::move(children));
  }
  return j;
}

}  // namespace

Explanation buildExplanation(const Program& program, const std::vector<NodeRecord>& records, Time now) {
  Explanation e;
  e.time = now;
  e.root = build(program, records, program.root);
  e.value = e.root.value;
  return e;
}

std::string explainLine(const ExplainNode& n) {
  std::string out = n.expression + " → " + (n.evaluated ? n.value.toJson() : std::string("(not evaluated)"));
  if (!n.note.empty()) out += "   [" + n.note + "]";
  if (!n.warning.empty()) out += "   [warning: " + n.warning + "]";
  return out;
}

std::vector<std::string> Explanation::warnings() const {
  std::vector<std::string> out;
  collectWarnings(root, out);
  return out;
}

const ExplainNode* Explanation::holdingFalse() const {
  if (value.truthy()) return nullptr;
  return falseHolder(root);
}

std::string Explanation::text() const {
  std::string out;
  appendText(root, 0, out);
  return out;
}

Value Explanation::asValue() const {
  return Value::Map{{"t", core::toSeconds(time)}, {"value", value}, {"tree", toValue(root)}};
}

nlohmann::json Explanation::json() const { return core::valueToJson(asValue()); }

}  // namespace autolife::condition
