// What the recogniser listens for while ALDialog runs: every phrase the
// active topics can match, as a voice::Grammar. A rule's input becomes a
// phrase: words, [choices], {optionals}, ^repeat, concepts (named rules,
// the topics' own, the lexicon's and the dynamic ones), wildcards and
// captures of them open slots, $variables their current values; what says
// no words (conditions, !forbidden words, %tags) is left out, and a rule
// that waits for an event cannot be said.
#include <optional>
#include <set>

#include "autolife/voice/recognizer.hpp"
#include "state.hpp"
#include "text.hpp"

namespace autolife::dialog {

namespace {

using voice::Phrase;

class GrammarBuilder {
public:
  GrammarBuilder(Dialog::Impl& impl, voice::Grammar& grammar) : impl_(impl), grammar_(grammar) {}

  std::optional<Phrase> convert(const PatternNode& p, int depth = 0) {
    if (depth > kMaxNesting * 2) return std::nullopt;
    switch (p.kind) {
      case PatternKind::Word: return Phrase::word(p.text);
      case PatternKind::Sequence: return children(Phrase::Kind::Sequence, p, depth);
      case PatternKind::Choice: return choice(p, depth);
      case PatternKind::Optional: {
        auto inner = choice(p, depth);
        if (!inner) return Phrase::of(Phrase::Kind::Sequence);
        return Phrase::of(Phrase::Kind::Optional, {std::move(*inner)});
      }
      case PatternKind::Repeat: {
        auto inner = choice(p, depth);
        if (!inner) return std::nullopt;
        return Phrase::of(Phrase::Kind::Repeat, {std::move(*inner)});
      }
      case PatternKind::Concept: return conceptRule(p.text, depth);
      case PatternKind::Wildcard: return Phrase::of(Phrase::Kind::Slot);
      case PatternKind::Capture:
        if (p.children.empty()) return Phrase::of(Phrase::Kind::Slot);
        return convert(p.children[0], depth + 1);
      case PatternKind::Variable: {
        const auto value = impl_.variables.get(p.text);
        if (!value) return Phrase::of(Phrase::Kind::Slot);
        return words(*value);
      }
      case PatternKind::Event: return std::nullopt;
      case PatternKind::Forbidden:
      case PatternKind::Condition:
      case PatternKind::Assign:
      case PatternKind::Exist:
      case PatternKind::Empty: return Phrase::of(Phrase::Kind::Sequence);
    }
    return std::nullopt;
  }

private:
  Phrase words(const std::string& text) {
    Phrase seq = Phrase::of(Phrase::Kind::Sequence);
    for (auto& w : text::words(text)) seq.children.push_back(Phrase::word(std::move(w)));
    return seq;
  }

  std::optional<Phrase> children(Phrase::Kind kind, const PatternNode& p, int depth) {
    Phrase out = Phrase::of(kind);
    for (const auto& c : p.children) {
      auto converted = convert(c, depth + 1);
      if (!converted) return std::nullopt;
      out.children.push_back(std::move(*converted));
    }
    return out;
  }

  std::optional<Phrase> choice(const PatternNode& p, int depth) {
    Phrase out = Phrase::of(Phrase::Kind::Choice);
    for (const auto& c : p.children)
      if (auto converted = convert(c, depth + 1)) out.children.push_back(std::move(*converted));
    if (out.children.empty()) return std::nullopt;
    return out;
  }

  std::optional<Phrase> conceptRule(const std::string& name, int depth) {
    const std::string& lang = impl_.language;
    if (!grammar_.rules.contains(name) && expanding_.insert(name).second) {
      std::optional<Phrase> body;
      if (const ConceptEntry* dynamic = impl_.conceptEntry(name, lang); dynamic && dynamic->dynamic) {
        Phrase items = Phrase::of(Phrase::Kind::Choice);
        for (const auto& item : dynamic->items) items.children.push_back(words(item));
        if (!items.children.empty()) body = std::move(items);
      } else if (const PatternNode* pattern = impl_.conceptPattern(name, lang)) {
        body = convert(*pattern, depth + 1);
      }
      expanding_.erase(name);
      if (!body) return std::nullopt;
      grammar_.rules.emplace(name, std::move(*body));
    }
    return Phrase{Phrase::Kind::Rule, name, {}};
  }

  Dialog::Impl& impl_;
  voice::Grammar& grammar_;
  std::set<std::string> expanding_;
};

}  // namespace

voice::Grammar Dialog::listeningGrammar() {
  voice::Grammar grammar;
  if (matchesOnCharacters(impl_->language)) return grammar;  // no model for languages written without spaces
  GrammarBuilder builder(*impl_, grammar);
  for (std::size_t t = 0; t < impl_->topics.size(); ++t) {
    if (!impl_->usable(t)) continue;
    for (const Rule& rule : impl_->topics[t]->topic.rules) {
      if (rule.kind != RuleKind::User && rule.kind != RuleKind::Learning) continue;
      if (auto phrase = builder.convert(rule.input)) grammar.phrases.push_back(std::move(*phrase));
    }
  }
  return grammar;
}

}  // namespace autolife::dialog
