#include "matcher.hpp"

#include <algorithm>
#include <charconv>
#include <unordered_map>

#include "text.hpp"

namespace autolife::dialog {

namespace {

// A non-owning callable reference: continuations without allocations.
class Continuation {
public:
  template <class F>
  Continuation(const F& f) : object_(&f), call_([](const void* o, std::size_t pos) { return (*static_cast<const F*>(o))(pos); }) {}
  bool operator()(std::size_t pos) const { return call_(object_, pos); }

private:
  const void* object_;
  bool (*call_)(const void*, std::size_t);
};

constexpr int kMaxConceptDepth = 16;

class Matcher {
public:
  Matcher(const MatchInput& input, const MatchContext& context) : in_(input), cx_(context) {
    n_ = std::min(in_.words.size(), kMaxInputWords);
  }

  std::optional<Match> run(const PatternNode& pattern) {
    const bool ok = node(pattern, 0, [&](std::size_t end) {
      if (end != n_) return false;
      for (const Span& c : captures_) result_.captures.push_back(captured(c));
      result_.assignments = assignments_;
      result_.score = score_;
      return true;
    });
    if (cx_.steps) *cx_.steps += steps_;
    if (!ok || exhausted_) return std::nullopt;
    return result_;
  }

private:
  // A capture: the words [begin, end), or the event's value.
  struct Span {
    std::size_t begin = 0, end = 0;
    bool eventValue = false;
  };
  // What a node reads outside the pattern.
  struct Lookup {
    const PatternNode* definition = nullptr;            // a ~concept's
    std::optional<std::vector<std::string>> words;      // a $variable's value, in words
    bool holds = false;                                 // a condition, ^exist
  };

  bool step() {
    if (++steps_ > kMaxMatchSteps) exhausted_ = true;
    return !exhausted_;
  }

  const Lookup& lookup(const PatternNode& p) {
    auto [it, fresh] = lookups_.try_emplace(&p);
    if (!fresh) return it->second;
    Lookup& l = it->second;
    const auto value = [&] { return cx_.variables ? cx_.variables->get(p.text) : std::nullopt; };
    switch (p.kind) {
      case PatternKind::Concept: l.definition = cx_.findConcept ? cx_.findConcept(p.text) : nullptr; break;
      case PatternKind::Variable:
        if (auto v = value()) l.words = text::words(*v, cx_.characters);
        break;
      case PatternKind::Condition: l.holds = holds(value(), p.op, p.value); break;
      case PatternKind::Exist: l.holds = value().has_value() == (p.value == "1"); break;
      default: break;
    }
    return l;
  }

  std::string captured(const Span& c) const {
    if (c.eventValue) return in_.eventValue;
    const auto& source = in_.original.size() == in_.words.size() ? in_.original : in_.words;
    std::string said;
    for (std::size_t i = c.begin; i < c.end; ++i) said += (i > c.begin && !cx_.characters ? " " : "") + source[i];
    return said;
  }

  bool sequence(const std::vector<PatternNode>& items, std::size_t i, std::size_t pos, Continuation k) {
    if (i == items.size()) return k(pos);
    return node(items[i], pos, [&](std::size_t next) { return sequence(items, i + 1, next, k); });
  }

  bool words(const std::vector<std::string>& ws, std::size_t i, std::size_t pos, Continuation k) {
    if (i == ws.size()) return k(pos);
    if (pos >= n_ || in_.words[pos] != ws[i]) return false;
    return words(ws, i + 1, pos + 1, k);
  }

  bool node(const PatternNode& p, std::size_t pos, Continuation k) {
    if (!step()) return false;
    switch (p.kind) {
      case PatternKind::Word:
        if (pos >= n_ || in_.words[pos] != p.text) return false;
        ++score_;
        if (k(pos + 1)) return true;
        --score_;
        return false;
      case PatternKind::Sequence: return sequence(p.children, 0, pos, k);
      case PatternKind::Choice:
        for (const auto& c : p.children)
          if (node(c, pos, k)) return true;
        return false;
      case PatternKind::Optional:
        for (const auto& c : p.children)
          if (node(c, pos, k)) return true;
        return k(pos);
      case PatternKind::Concept: return conceptRef(p, pos, k);
      case PatternKind::Wildcard:
        for (std::size_t end = pos + 1; end <= n_ && step(); ++end)
          if (k(end)) return true;
        return false;
      case PatternKind::Capture: return capture(p, pos, k);
      case PatternKind::Forbidden:
        if (pos < n_ && in_.words[pos] == p.text) return false;
        return k(pos);
      case PatternKind::Condition:
      case PatternKind::Exist: return lookup(p).holds && k(pos);
      case PatternKind::Assign: {
        assignments_.emplace_back(p.text, p.value);
        if (k(pos)) return true;
        assignments_.pop_back();
        return false;
      }
      case PatternKind::Variable: {
        const auto& ws = lookup(p).words;
        return ws && words(*ws, 0, pos, k);
      }
      case PatternKind::Event:
        if (in_.event == p.text ||
            std::find(in_.recentEvents.begin(), in_.recentEvents.end(), p.text) != in_.recentEvents.end())
          return k(pos);
        return false;
      case PatternKind::Empty: return k(pos);
      case PatternKind::Repeat: return repeat(p, pos, 0, k);
    }
    return false;
  }

  bool conceptRef(const PatternNode& p, std::size_t pos, Continuation k) {
    const PatternNode* definition = lookup(p).definition;
    if (!definition || depth_ >= kMaxConceptDepth) return false;
    ++depth_;
    const bool ok = node(*definition, pos, [&](std::size_t end) {
      --depth_;
      const bool r = k(end);
      ++depth_;
      return r;
    });
    --depth_;
    return ok;
  }

  bool capture(const PatternNode& p, std::size_t pos, Continuation k) {
    if (p.children.empty()) {  // e:Key _: the event's value
      if (in_.event.empty()) return false;
      captures_.push_back({pos, pos, true});
      if (k(pos)) return true;
      captures_.pop_back();
      return false;
    }
    return node(p.children.front(), pos, [&](std::size_t end) {
      captures_.push_back({pos, end, false});
      if (k(end)) return true;
      captures_.pop_back();
      return false;
    });
  }

  bool repeat(const PatternNode& p, std::size_t pos, int count, Continuation k) {
    if (count >= 10) return false;
    for (const auto& c : p.children) {
      const bool ok = node(c, pos, [&](std::size_t end) {
        if (end == pos) return false;
        return k(end) || repeat(p, end, count + 1, k);
      });
      if (ok) return true;
    }
    return false;
  }

  const MatchInput& in_;
  const MatchContext& cx_;
  std::size_t n_ = 0;
  std::size_t steps_ = 0;
  bool exhausted_ = false;
  int depth_ = 0;
  int score_ = 0;
  std::vector<Span> captures_;  // made text once the whole input is matched
  std::vector<std::pair<std::string, std::string>> assignments_;
  std::unordered_map<const PatternNode*, Lookup> lookups_;
  Match result_;
};

std::optional<double> number(const std::string& s) {
  double v = 0;
  const char* b = s.data();
  const char* e = s.data() + s.size();
  if (b != e && *b == '+') ++b;
  auto r = std::from_chars(b, e, v);
  if (r.ec != std::errc() || r.ptr != e) return std::nullopt;
  return v;
}

void collectRequired(const PatternNode& p, std::vector<std::string>& out) {
  switch (p.kind) {
    case PatternKind::Word: out.push_back(p.text); break;
    case PatternKind::Sequence:
      for (const auto& c : p.children) collectRequired(c, out);
      break;
    case PatternKind::Capture:
      if (!p.children.empty()) collectRequired(p.children.front(), out);
      break;
    case PatternKind::Choice:
      if (p.children.size() == 1) collectRequired(p.children.front(), out);
      break;
    default: break;
  }
}

}  // namespace

std::optional<Match> match(const PatternNode& pattern, const MatchInput& input, const MatchContext& context) {
  Matcher m(input, context);
  return m.run(pattern);
}

std::vector<std::string> requiredWords(const PatternNode& pattern) {
  std::vector<std::string> out;
  collectRequired(pattern, out);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool holds(const std::optional<std::string>& actual, const std::string& op, const std::string& value) {
  if (!actual) return false;
  const auto a = number(*actual);
  const auto b = number(value);
  int cmp;
  if (a && b) cmp = *a < *b ? -1 : *a > *b ? 1 : 0;
  else {
    const std::string x = text::lower(*actual), y = text::lower(value);
    cmp = x < y ? -1 : x > y ? 1 : 0;
  }
  if (op == "==") return cmp == 0;
  if (op == "!=" || op == "<>") return cmp != 0;
  if (op == "<") return cmp < 0;
  if (op == ">") return cmp > 0;
  if (op == "<=") return cmp <= 0;
  if (op == ">=") return cmp >= 0;
  return false;
}

}  // namespace autolife::dialog
