#include "autolife/condition/evaluator.hpp"

#include <algorithm>
#include <cmath>

namespace autolife::condition {

ConditionState::ConditionState(const Program& program, Time startTime, std::uint64_t streamBase)
    : start(startTime),
      randStreamBase(streamBase),
      temporal(program.temporalCount),
      stableLast(program.stableCount),
      stableSeen(program.stableCount, false) {
  for (auto& t : temporal) t.since = startTime;
}

namespace {

// A window value in seconds: Invalid counts as 0 (like a missing key in
// arithmetic); a negative number or a non-number (Bool included, as the
// parser refuses `~ true`) makes the operator false.
std::optional<Duration> windowOf(const Value& w) {
  if (w.isInvalid()) return Duration::zero();
  if (w.isInt()) return w.asInt() >= 0 ? std::optional(core::windowFromSeconds(static_cast<double>(w.asInt()))) : std::nullopt;
  if (w.isFloat()) return w.asFloat() >= 0 ? std::optional(core::windowFromSeconds(w.asFloat())) : std::nullopt;
  return std::nullopt;
}

class Evaluator {
public:
  explicit Evaluator(Evaluation& e) : e_(e), p_(e.program) {}

  Value eval(std::uint32_t index) {
    const Node& n = p_.nodes[index];
    Value v = compute(n);
    if (e_.records) {
      auto& r = (*e_.records)[index];
      r.evaluated = true;
      r.value = v;
      if (report_) {
        r.temporal = report_;
        report_.reset();
      }
    }
    return v;
  }

private:
  Value child(const Node& n, std::uint32_t k) { return eval(p_.childIndex(n, k)); }

  // A child's value without a copy when it is stored already (a key's value
  // in memory, a constant of the program); else computed into `scratch`.
  // Explain records every node, so it always goes through eval().
  const Value& ref(const Node& n, std::uint32_t k, Value& scratch) {
    const std::uint32_t index = p_.childIndex(n, k);
    if (!e_.records) {
      const Node& c = p_.nodes[index];
      if (c.kind == NodeKind::Key) return e_.source.key(c.payload);
      if (c.kind == NodeKind::Constant) return p_.constants[c.payload];
    }
    scratch = eval(index);
    return scratch;
  }
  bool truthy(const Node& n, std::uint32_t k) { return test(p_.childIndex(n, k)); }

  // A child that is a key or a constant, read in place (null otherwise, and
  // always under explain): the common operand needs no scratch Value, whose
  // construction and destruction are visits of its variant.
  const Value* stored(const Node& n, std::uint32_t k) const {
    if (e_.records) return nullptr;
    const Node& c = p_.nodes[p_.childIndex(n, k)];
    if (c.kind == NodeKind::Key) return &e_.source.key(c.payload);
    if (c.kind == NodeKind::Constant) return &p_.constants[c.payload];
    return nullptr;
  }

  // The truth of a node, without building its Value where it is what launch
  // conditions are made of: a key, a comparison, && ||, !, a time operator.
  bool test(std::uint32_t index) {
    if (e_.records) return eval(index).truthy();
    const Node& n = p_.nodes[index];
    switch (n.kind) {
      case NodeKind::Key: return e_.source.key(n.payload).truthy();
      case NodeKind::Constant: return p_.constants[n.payload].truthy();
      case NodeKind::Not: return !truthy(n, 0);
      case NodeKind::Temporal: return temporal(n);
      case NodeKind::Binary:
        if (n.binaryOp() == BinaryOp::And || n.binaryOp() == BinaryOp::Or)
          return logical(n, n.binaryOp() == BinaryOp::And);
        if (isComparison(n.binaryOp())) return comparison(n);
        break;
      default: break;
    }
    return compute(n).truthy();
  }

  static bool isComparison(BinaryOp op) { return op >= BinaryOp::Less && op <= BinaryOp::NotEqual; }

  bool comparison(const Node& n) {
    const Value* a = stored(n, 0);
    const Value* b = a ? stored(n, 1) : nullptr;
    if (b) return compare(n.binaryOp(), *a, *b);
    Value scratchA, scratchB;
    return compare(n.binaryOp(), ref(n, 0, scratchA), ref(n, 1, scratchB));
  }

  // A deadline now is still ahead while inputs at now are evaluated.
  void deadline(Time t) {
    const bool ahead = t > e_.now || (e_.atInput && t == e_.now);
    if (ahead && t < e_.nextDeadline) e_.nextDeadline = t;
  }
  bool reached(Time t) const { return e_.atInput ? t < e_.now : t <= e_.now; }

  Value compute(const Node& n) {
    switch (n.kind) {
      case NodeKind::Constant: return p_.constants[n.payload];
      case NodeKind::Key: return e_.source.key(n.payload);
      case NodeKind::List: {
        Value::Array items;
        items.reserve(n.childCount);
        for (std::uint32_t k = 0; k < n.childCount; ++k) items.push_back(child(n, k));
        return items;
      }
      case NodeKind::Index: {
        Value base = child(n, 0);
        return index(base, child(n, 1));
      }
      case NodeKind::Not: return !truthy(n, 0);
      case NodeKind::Negate: return negate(child(n, 0));
      case NodeKind::Binary: return binary(n);
      case NodeKind::Temporal: return temporal(n);
      case NodeKind::Call: return call(n);
    }
    return {};
  }

  Value binary(const Node& n) {
    const BinaryOp op = n.binaryOp();
    if (op == BinaryOp::And || op == BinaryOp::Or) return logical(n, op == BinaryOp::And);
    if (isComparison(op)) return comparison(n);
    Value scratchA, scratchB;
    const Value& a = ref(n, 0, scratchA);
    const Value& b = ref(n, 1, scratchB);
    switch (op) {
      case BinaryOp::Subsets: return subsets(a, b);
      case BinaryOp::Intersects: return intersects(a, b);
      default: return arithmetic(op, a, b);
    }
  }

  // && and || short-circuit only over operands without state: a time
  // operator's state is updated whatever the surrounding operators do.
  bool logical(const Node& n, bool isAnd) {
    bool result = isAnd;
    bool decided = false;
    for (std::uint32_t k = 0; k < n.childCount; ++k) {
      const Node& c = p_.child(n, k);
      if (decided && !c.stateful && !e_.records) continue;
      bool v = truthy(n, k);
      if (!decided && v != isAnd) {
        result = v;
        decided = true;
      }
    }
    return result;
  }

  bool temporal(const Node& n) {
    const bool operand = truthy(n, 0);
    std::optional<Duration> window;
    if (const Value* w = stored(n, 1)) {
      window = windowOf(*w);
    } else {
      Value scratch;
      window = windowOf(ref(n, 1, scratch));
    }
    TemporalState& st = e_.state.temporal[n.payload];
    // A window that never elapses has no end to wait for (`--until`).
    if (window && *window > st.largestWindow && *window != Duration::max() && !e_.dryRun) st.largestWindow = *window;
    TemporalReport r;
    r.op = n.temporalOp();
    r.windowValid = window.has_value();
    r.window = window.value_or(Duration::zero());
    r.operandTrue = operand;
    switch (n.temporalOp()) {
      case TemporalOp::Held: held(st, operand, window, r); break;
      case TemporalOp::Within: within(st, operand, window, r); break;
      case TemporalOp::Ago: ago(st, operand, window, r); break;
    }
    if (e_.records) report_ = r;
    return r.value;
  }

  // e ~ d: e true at every instant of [t-d, t] (and t-d not before the start).
  void held(TemporalState& st, bool operand, std::optional<Duration> window, TemporalReport& r) {
    const Time since = operand && !st.operandTrue ? e_.now : st.since;
    if (!e_.dryRun) {
      st.operandTrue = operand;
      if (operand) st.since = since;
    }
    if (!operand) return;
    r.elapsed = e_.now - since;
    if (!window) return;
    // A zero window has no deadline: `e ~ 0` is e, even at an input.
    const Time due = core::addSaturating(since, *window);
    r.value = *window == Duration::zero() || reached(due);
    if (!r.value && due != core::kNever) {  // a window that never elapses has nothing remaining
      r.remaining = *window - r.elapsed;
      deadline(due);
    }
  }

  // e # w: e true at some instant of the last w seconds. The window counts
  // from the instant e stopped being true: a pulse at s holds for [s, s+w).
  void within(TemporalState& st, bool operand, std::optional<Duration> window, TemporalReport& r) {
    const bool everTrue = st.everTrue || operand;
    const Time falseSince = st.operandTrue && !operand ? e_.now : st.since;
    if (!e_.dryRun) {
      st.everTrue = everTrue;
      if (!operand) st.since = falseSince;
      st.operandTrue = operand;
    }
    r.neverTrue = !everTrue;
    if (!window) return;  // a negative or non-number window: false
    if (operand) {
      r.value = true;
      return;
    }
    if (!everTrue) return;
    r.elapsed = e_.now - falseSince;
    const Time due = core::addSaturating(falseSince, *window);
    r.value = *window > Duration::zero() && !reached(due);
    if (r.value && due != core::kNever) {
      r.remaining = *window - r.elapsed;
      deadline(due);
    }
  }

  // e @ d: e's value at the instant t-d, replayed from the changes recorded
  // d seconds ago. Several changes at one instant (a pulse) replay one per
  // evaluation point, like the original.
  void ago(TemporalState& live, bool operand, std::optional<Duration> window, TemporalReport& r) {
    TemporalState copy;
    if (e_.dryRun) copy = live;
    TemporalState& st = e_.dryRun ? copy : live;
    if (operand != st.recorded) {
      st.pending.emplace_back(e_.now, operand);
      st.recorded = operand;
    }
    if (window) {
      const Time target = e_.now - *window;
      r.beforeStart = target < e_.state.start;
      auto& q = st.pending;
      std::size_t& head = st.pendingHead;
      while (head < q.size() && q[head].first < target) st.output = q[head++].second;
      // A change from exactly d ago replays at its deadline, after the inputs.
      const bool replayNow = !e_.atInput || *window == Duration::zero();
      if (head < q.size() && q[head].first == target && replayNow) {
        st.output = q[head++].second;
        if (head < q.size() && q[head].first == target) e_.instant = true;
      }
      if (head < q.size()) {
        const Time replayAt = core::addSaturating(q[head].first, *window);
        deadline(replayAt);
        if (replayAt > e_.now) r.remaining = replayAt - e_.now;
      }
      if (head > 32 && head * 2 > q.size()) {  // compact the consumed prefix
        q.erase(q.begin(), q.begin() + static_cast<std::ptrdiff_t>(head));
        head = 0;
      }
    }
    r.value = window && st.output;
  }

  Value call(const Node& n) {
    switch (n.function()) {
      case Function::Pref: return e_.source.preference(n.payload);
      case Function::Bang: {
        bool raised = e_.source.raised(n.payload);
        if (raised) e_.instant = true;
        return raised;
      }
      case Function::Stable: return stable(n);
      case Function::Rand: return rand(n);
      default: break;
    }
    std::vector<Value> args;
    args.reserve(n.childCount);
    for (std::uint32_t k = 0; k < n.childCount; ++k) args.push_back(child(n, k));
    switch (n.function()) {
      case Function::Int: return castInt(args[0]);
      case Function::Float: return castFloat(args[0]);
      case Function::String: return castString(args[0]);
      case Function::Bool: return castBool(args[0]);
      case Function::Type: return typeOf(args[0]);
      case Function::Size: return sizeOf(args[0]);
      case Function::Strlen: return strlenOf(args[0]);
      case Function::Substr: return substr(args[0], args[1], args[2]);
      case Function::Concat: return concat(args);
      default: return {};
    }
  }

  // stable(e): false only at an evaluation point where e's value changed.
  Value stable(const Node& n) {
    Value v = child(n, 0);
    auto& last = e_.state.stableLast[n.payload];
    const bool seen = e_.state.stableSeen[n.payload];
    const bool changed = seen && !identical(v, last);
    if (!e_.dryRun) {
      last = std::move(v);
      e_.state.stableSeen[n.payload] = true;
    }
    if (changed) e_.instant = true;
    return !changed;
  }

  // rand(lo, hi, period): redrawn at every multiple of period since engine
  // start (period 0: once per run).
  Value rand(const Node& n) {
    Value lo = child(n, 0);
    Value hi = child(n, 1);
    const Value period = child(n, 2);
    const Duration step = core::fromSeconds(period.isInt() ? static_cast<double>(period.asInt()) : period.asFloat());
    std::uint64_t draw = 0;
    if (step > Duration::zero()) {
      draw = static_cast<std::uint64_t>(e_.now / step);
      deadline(core::addSaturating(step * static_cast<std::int64_t>(draw), step));
    }
    return randomDraw(lo, hi, e_.seed, e_.state.randStreamBase + n.payload, draw);
  }

  Evaluation& e_;
  const Program& p_;
  std::optional<TemporalReport> report_;
};

class NothingToRead final : public ValueSource {
public:
  const Value& key(std::uint32_t) const override { return none_; }
  bool raised(std::uint32_t) const override { return false; }
  const Value& preference(std::uint32_t) const override { return none_; }

private:
  Value none_;
};

bool readsNothing(const Program& p, std::uint32_t index) {
  const Node& n = p.node(index);
  if (n.kind == NodeKind::Key || n.kind == NodeKind::Temporal) return false;
  if (n.kind == NodeKind::Call) {
    switch (n.function()) {
      case Function::Pref:
      case Function::Bang:
      case Function::Stable:
      case Function::Rand: return false;
      default: break;
    }
  }
  for (std::uint32_t k = 0; k < n.childCount; ++k)
    if (!readsNothing(p, p.childIndex(n, k))) return false;
  return true;
}

}  // namespace

std::optional<Value> constantValue(const Program& program, std::uint32_t node) {
  if (!readsNothing(program, node)) return std::nullopt;
  NothingToRead source;
  ConditionState state;
  Evaluation e{program, state, source};
  return Evaluator(e).eval(node);
}

Value evaluate(Evaluation& evaluation) {
  if (evaluation.records) evaluation.records->assign(evaluation.program.nodes.size(), NodeRecord{});
  return Evaluator(evaluation).eval(evaluation.program.root);
}

}  // namespace autolife::condition
