// Turning a rule's output into what the robot says. Rendering is all or
// nothing: an unset variable, a false condition or a deactivated tag makes
// the output invalid (the rule cannot answer), except inside ^first /
// ^firstOptional / a choice, which try their next alternative. Effects
// (proposals said, tags, focus) are collected in Rendered and committed only
// when the whole answer can be said.
#include <algorithm>

#include "state.hpp"
#include "text.hpp"

namespace autolife::dialog {

namespace {
// Each proposal a ^nextProposal chains costs two levels: a story of 60
// paragraphs fits.
constexpr int kMaxRenderDepth = 128;
// Output nodes one answer may render, every alternative tried included
// (decision 1190): a story of 60 paragraphs, each with a variable, a choice,
// an optional and a concept, takes 812; ^gotoReactivate loops and ^goto in every alternative of nested choices
// would otherwise try their branches to kMaxRenderDepth, exponentially.
constexpr std::size_t kMaxRenders = 10000;
std::string tooLong() {
  return "the answer takes over " + std::to_string(kMaxRenders) + " steps to render (a ^goto or proposal loop?)";
}

void merge(Rendered& out, Rendered&& in) {
  Dialog::Impl::append(out, in.said, in.text);
  auto move = [](auto& to, auto& from) { to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end())); };
  move(out.actions, in.actions);
  move(out.assignments, in.assignments);
  move(out.clears, in.clears);
  move(out.bookmarks, in.bookmarks);
  move(out.proposalsSaid, in.proposalsSaid);
  move(out.tagChanges, in.tagChanges);
  if (in.scope) out.scope = in.scope;
  if (in.focus) out.focus = in.focus;
  out.stayInScope = out.stayInScope || in.stayInScope;
  out.releaseFocus = out.releaseFocus || in.releaseFocus;
  out.nothingToSay = out.nothingToSay || in.nothingToSay;
}
}  // namespace

void Dialog::Impl::append(Rendered& out, const std::string& said, const std::string& shown) {
  out.said += said;
  out.text += shown;
}

const std::string* Rendered::assigned(const std::string& name) const {
  for (const Rendered* r = this; r; r = r->outer)
    for (auto it = r->assignments.rbegin(); it != r->assignments.rend(); ++it)
      if (text::sameName(it->first, name)) return &it->second;
  return nullptr;
}

std::optional<std::string> Dialog::Impl::variable(const std::string& name, const Frame& f, const Rendered* out) const {
  if (!name.empty() && std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    const std::size_t n = std::stoul(name.substr(0, 6));
    if (!f.captures || n == 0 || n > f.captures->size()) return std::nullopt;
    return (*f.captures)[n - 1];
  }
  if (f.locals) {
    auto it = f.locals->find(name);
    if (it != f.locals->end()) return it->second;
  }
  if (const std::string* v = out ? out->assigned(name) : nullptr)  // set to "": unset, as a variable
    return v->empty() ? std::nullopt : std::optional(*v);
  return variables.get(name);
}

bool Dialog::Impl::renderInto(const OutputNode& n, const Frame& f, Rendered& out) {
  Rendered scratch;
  scratch.outer = &out;
  if (!render(n, f, scratch)) {
    out.failure = scratch.failure;
    return false;
  }
  merge(out, std::move(scratch));
  return true;
}

std::optional<std::string> Dialog::Impl::valueOf(const OutputNode& n, const Frame& f, Rendered& out) {
  Rendered scratch;
  scratch.outer = &out;
  if (!render(n, f, scratch)) {
    out.failure = scratch.failure;
    return std::nullopt;
  }
  std::string v = text::squeeze(scratch.text);
  scratch.said.clear();  // the value is assigned, not said
  scratch.text.clear();
  merge(out, std::move(scratch));
  return v;
}

bool Dialog::Impl::renderGroup(const OutputNode& n, const Frame& f, Rendered& out) {
  for (const auto& c : n.children)
    if (!render(c, f, out)) return false;
  return true;
}

bool Dialog::Impl::renderChoice(const OutputNode& n, const Frame& f, Rendered& out, std::string_view how) {
  const std::string_view op = how.empty() ? std::string_view(n.op) : how;
  const std::size_t size = n.children.size();
  if (size == 0) return true;
  std::vector<std::size_t> order(size);
  if (op == "rand") {
    for (std::size_t i = 0; i < size; ++i) order[i] = i;
    std::shuffle(order.begin(), order.end(), rng);
  } else {
    const std::size_t start = op.empty() ? cursors[&n] % size : 0;  // in turn: from where it stopped
    for (std::size_t i = 0; i < size; ++i) order[i] = (start + i) % size;
  }
  for (std::size_t i : order) {
    if (renderInto(n.children[i], f, out)) {
      if (op.empty()) cursors[&n] = i + 1;
      return true;
    }
  }
  if (op == "firstOptional") {
    out.failure.clear();
    return true;
  }
  if (out.failure.empty()) out.failure = "no alternative of the choice can be said";
  return false;
}

void Dialog::Impl::newAnswer() {
  renderDepth = 0;
  renders = 0;
}

bool Dialog::Impl::withinRenderBudget(Rendered& out) const {
  if (renders <= kMaxRenders) return true;
  out.failure = tooLong();  // whatever an ^firstOptional or {} made of it
  return false;
}

bool Dialog::Impl::render(const OutputNode& n, const Frame& f, Rendered& out) {
  ++work.renders;
  if (++renders > kMaxRenders) {
    out.failure = tooLong();
    return false;
  }
  if (renderDepth > kMaxRenderDepth) {
    out.failure = "too many nested concepts, functions or proposals";
    return false;
  }
  struct Depth {
    int& d;
    explicit Depth(int& x) : d(++x) {}
    ~Depth() { --d; }
  } depth(renderDepth);
  switch (n.kind) {
    case OutputKind::Text:
    case OutputKind::SpeechTag: append(out, n.text, n.text); return true;
    case OutputKind::Group: return renderGroup(n, f, out);
    case OutputKind::Choice: return renderChoice(n, f, out);
    case OutputKind::Optional: {
      std::uniform_int_distribution<std::size_t> pick(0, n.children.size());
      const std::size_t i = pick(rng);
      if (i < n.children.size()) {
        Rendered keep = out;
        if (!renderInto(n.children[i], f, out)) out = std::move(keep);
      }
      return true;
    }
    case OutputKind::Variable: {
      auto v = variable(n.text, f, &out);
      if (!v) {
        out.failure = "$" + n.text + " is not set";
        return false;
      }
      append(out, *v, *v);
      return true;
    }
    case OutputKind::Assign: {
      auto v = n.children.empty() ? std::optional<std::string>("") : valueOf(n.children.front(), f, out);
      if (!v) return false;
      if (f.locals && f.locals->contains(n.text)) return true;  // a def:'s parameter is local
      out.assignments.emplace_back(variables.spelling(n.text), *v);
      return true;
    }
    case OutputKind::Condition:
      if (!holds(variable(n.text, f, &out), n.op, n.value)) {
        out.failure = "the condition $" + n.text + n.op + n.value + " is false";
        return false;
      }
      return true;
    case OutputKind::Concept: {
      if (const ConceptEntry* e = conceptEntry(n.text, language)) {
        if (e->items.empty()) {
          out.failure = "the dynamic concept ~" + n.text + " is empty";
          return false;
        }
        std::size_t& cursor = cursors[e];
        const std::size_t i = n.op == "rand" ? std::uniform_int_distribution<std::size_t>(0, e->items.size() - 1)(rng)
                                             : cursor++ % e->items.size();
        const std::string& item = e->items[i];
        append(out, item, item);
        return true;
      }
      // A topic's concept, else the lexicon's (u:(hi) ~hello friend).
      const ConceptDefinition* definition = staticConcept(n.text, language);
      if (!definition) {
        out.failure = "the concept ~" + n.text + " is not defined in " + language;
        return false;
      }
      const OutputNode* body = &definition->output;
      // A concept written [a b c] says one of its items, in turn.
      if (body->children.size() == 1 && body->children[0].kind == OutputKind::Choice)
        return renderChoice(body->children[0], f, out, n.op);
      return renderGroup(*body, f, out);
    }
    case OutputKind::Function: return function(n, f, out);
    case OutputKind::Bookmark:
      if (topics[f.topic] && topics[f.topic]->deactivatedTags.contains(n.text)) {
        out.failure = "the tag %" + n.text + " is deactivated";
        return false;
      }
      out.bookmarks.push_back(n.text);
      return true;
  }
  return false;
}

// ---- proposals and tags ------------------------------------------------------------

// The proposals of topic `ti` the answer being rendered says, in the order
// said: those it has said, then those it is saying.
std::vector<std::size_t> Dialog::Impl::sayingNow(std::size_t ti, const Rendered* pending) const {
  std::vector<std::size_t> out;
  std::vector<const Rendered*> chain;
  for (const Rendered* r = pending; r; r = r->outer) chain.push_back(r);
  for (auto r = chain.rbegin(); r != chain.rend(); ++r)
    for (const RuleRef& p : (*r)->proposalsSaid)
      if (p.topic == ti) out.push_back(p.rule);
  for (const RuleRef& p : saying)
    if (p.topic == ti) out.push_back(p.rule);
  return out;
}

// With `onlyActive` (^goto), a proposal already said is skipped, and so is
// one the answer being rendered says (decision 1191): ^goto(p) in p, or p
// and q going to each other, end there.
std::optional<RuleRef> Dialog::Impl::findTag(std::size_t ti, const std::string& tag, bool onlyActive,
                                             const Rendered* pending) {
  if (ti >= topics.size() || !topics[ti]) return std::nullopt;
  const LoadedTopic& t = *topics[ti];
  const std::vector<std::size_t> now = onlyActive ? sayingNow(ti, pending) : std::vector<std::size_t>{};
  for (std::size_t ri = 0; ri < t.topic.rules.size(); ++ri) {
    const Rule& r = t.topic.rules[ri];
    if (std::none_of(r.tags.begin(), r.tags.end(), [&](const auto& own) { return text::sameName(own, tag); })) continue;
    if (onlyActive && r.kind == RuleKind::Proposal && (t.said[ri] || std::find(now.begin(), now.end(), ri) != now.end()))
      continue;
    return RuleRef{ti, ri};
  }
  return std::nullopt;
}

// The topic's next proposal not said yet. Those said by the answer being
// rendered count as said (a story's proposals each end with ^nextProposal,
// the SDK's sample_story), and the next comes after the latest of them.
std::optional<std::size_t> Dialog::Impl::nextProposalIn(std::size_t ti, const Rendered* pending) {
  const LoadedTopic& t = *topics[ti];
  const std::vector<std::size_t> now = sayingNow(ti, pending);
  const auto& rules = t.topic.rules;
  const std::size_t n = rules.size();
  const std::optional<std::size_t> last = now.empty() ? t.lastProposal : std::optional(now.back());
  const std::size_t start = last ? *last + 1 : 0;
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t ri = (start + k) % n;
    const Rule& r = rules[ri];
    if (r.kind != RuleKind::Proposal || r.level != 0 || t.said[ri]) continue;
    if (std::find(now.begin(), now.end(), ri) != now.end()) continue;
    if (std::any_of(r.tags.begin(), r.tags.end(), [&](const auto& tag) { return t.deactivatedTags.contains(tag); }))
      continue;
    return ri;
  }
  return std::nullopt;
}

bool Dialog::Impl::sayRule(RuleRef ref, const Frame& caller, Rendered& out, bool markSaid) {
  const Rule& r = topics[ref.topic]->topic.rules[ref.rule];
  Frame f{ref.topic, ref.rule, caller.rule == ref.rule && caller.topic == ref.topic ? caller.captures : nullptr,
          nullptr, caller.depth + 1};
  saying.push_back(ref);
  const bool said = renderInto(r.output, f, out);
  saying.pop_back();
  if (!said) return false;
  if (markSaid && r.kind == RuleKind::Proposal) out.proposalsSaid.push_back(ref);
  out.scope = Scope{ref.topic, ref.rule};
  if (ref.topic != caller.topic) out.focus = ref.topic;
  return true;
}

}  // namespace autolife::dialog
