// A Grammar as JSGF text for PocketSphinx's finite-state search.
#include <optional>
#include <set>

#include "autolife/voice/recognizer.hpp"

namespace autolife::voice {

namespace {

// Each node becomes a JSGF expansion: nullopt when it cannot be said (a
// word the dictionary lacks), "" when it says nothing (an empty optional).
class Writer {
public:
  Writer(const Grammar& g, const std::function<bool(const std::string&)>& known, std::vector<std::string>& missing)
      : grammar_(g), known_(known), missing_(missing) {}

  std::optional<std::string> expand(const Phrase& p, int depth = 0) {
    if (depth > 200) return std::nullopt;  // a grammar nested deeper than any topic writes
    switch (p.kind) {
      case Phrase::Kind::Word: return word(p.text);
      case Phrase::Kind::Sequence: return sequence(p, depth);
      case Phrase::Kind::Choice: return choice(p, depth);
      case Phrase::Kind::Optional: {
        auto inner = sequence(p, depth);
        return !inner || inner->empty() ? std::string() : "[ " + *inner + " ]";
      }
      case Phrase::Kind::Repeat: {
        auto inner = sequence(p, depth);
        if (!inner || inner->empty()) return inner;
        return "( " + *inner + " )+";
      }
      case Phrase::Kind::Rule: return rule(p.text, depth);
      case Phrase::Kind::Slot: usesSlot_ = true; return std::string("<autolife_slot>");
    }
    return std::nullopt;
  }

  std::string rules() const {
    std::string out;
    for (const auto& [name, body] : written_) out += "<" + name + "> = " + body + ";\n";
    return out;
  }
  bool usesSlot() const { return usesSlot_; }

private:
  std::optional<std::string> word(const std::string& w) {
    if (w.empty()) return std::string();
    bool plain = true;
    for (char c : w)
      if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '\'' || c == '-' || c == '.' || (c & 0x80))) plain = false;
    if (plain && known_(w)) return w;
    if (reported_.insert(w).second) missing_.push_back(w);
    return std::nullopt;
  }

  std::optional<std::string> sequence(const Phrase& p, int depth) {
    std::string out;
    for (const auto& child : p.children) {
      auto e = expand(child, depth + 1);
      if (!e) return std::nullopt;
      if (e->empty()) continue;
      if (!out.empty()) out += ' ';
      out += *e;
    }
    return out;
  }

  std::optional<std::string> choice(const Phrase& p, int depth) {
    std::vector<std::string> alternatives;
    bool canBeNothing = false;
    for (const auto& child : p.children) {
      auto e = expand(child, depth + 1);
      if (!e) continue;
      if (e->empty()) canBeNothing = true;
      else alternatives.push_back(*e);
    }
    if (alternatives.empty()) return canBeNothing ? std::optional<std::string>(std::string()) : std::nullopt;
    std::string out = "( ";
    for (std::size_t i = 0; i < alternatives.size(); ++i) out += (i ? " | " : "") + alternatives[i];
    out += " )";
    return canBeNothing ? "[ " + out + " ]" : out;
  }

  std::optional<std::string> rule(const std::string& name, int depth) {
    if (auto done = names_.find(name); done != names_.end()) return done->second;
    auto it = grammar_.rules.find(name);
    if (it == grammar_.rules.end() || !expanding_.insert(name).second) return std::nullopt;  // unknown or recursive
    auto body = expand(it->second, depth + 1);
    expanding_.erase(name);
    std::optional<std::string> ref = body;
    if (body && !body->empty()) {
      const std::string id = "r" + std::to_string(written_.size());
      written_.emplace_back(id, *body);
      ref = "<" + id + ">";
    }
    names_[name] = ref;
    return ref;
  }

  const Grammar& grammar_;
  const std::function<bool(const std::string&)>& known_;
  std::vector<std::string>& missing_;
  std::set<std::string> reported_;
  std::map<std::string, std::optional<std::string>> names_;
  std::set<std::string> expanding_;
  std::vector<std::pair<std::string, std::string>> written_;
  bool usesSlot_ = false;
};

}  // namespace

std::string toJsgf(const Grammar& grammar, const std::function<bool(const std::string&)>& known,
                   const std::vector<std::string>& slotWords, std::vector<std::string>& missing) {
  Writer writer(grammar, known, missing);
  std::vector<std::string> alternatives;
  std::set<std::string> seen;
  for (const auto& phrase : grammar.phrases) {
    auto e = writer.expand(phrase);
    if (e && !e->empty() && seen.insert(*e).second) alternatives.push_back(*e);
  }
  if (alternatives.empty()) throw VoiceError("nothing to listen for: no phrase of the grammar can be said");
  std::string out = "#JSGF V1.0;\ngrammar autolife;\npublic <utterance> = ";
  for (std::size_t i = 0; i < alternatives.size(); ++i) out += (i ? "\n  | " : "") + alternatives[i];
  out += ";\n" + writer.rules();
  if (writer.usesSlot()) {
    std::string words;
    for (const auto& w : slotWords)
      if (known(w)) words += (words.empty() ? "" : " | ") + w;
    // One word (a name, a colour): a longer slot took in whatever was said
    // ("my name is come him eve a man" for "my favourite colour is red").
    out += "<autolife_slot> = ( " + (words.empty() ? std::string("<VOID>") : words) + " );\n";
  }
  return out;
}

}  // namespace autolife::voice
