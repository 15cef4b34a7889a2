// Skins, `s:` rules (the syntax page's "Transformation rules"): what the
// robot is about to say is matched against the s: rules of the active
// topics, in the order they were loaded; each one that matches changes it,
// in turn, with ^replace(expression, replacement, frequency) and
// ^addword(expression, position, frequency). The frequency is the chance
// the change is made (1 always, 0 never), drawn from the dialog's seeded
// generator. What is heard and what ALAnimatedSpeech says change alike.
#include <random>

#include "state.hpp"

namespace autolife::dialog {

namespace {

// A skin's argument as written: quotes around it removed.
std::string unquoted(std::string s) {
  s = text::squeeze(s);
  if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front()) s = s.substr(1, s.size() - 2);
  return s;
}

// Part of a word: an ASCII letter or digit, or any byte of a non-ASCII
// character (accented Latin, Cyrillic... are letters).
bool wordByte(char c) {
  const auto b = static_cast<unsigned char>(c);
  return b >= 0x80 || (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || b == '_';
}

// Each occurrence of `from` in `s` (without case when lowering keeps the
// bytes where they are) that stands as whole words, unless the language
// matches on characters, replaced by `to`.
std::string replaced(const std::string& s, const std::string& from, const std::string& to, bool characters) {
  if (from.empty()) return s;
  const std::string lowered = text::lower(s), what = text::lower(from);
  const bool caseless = lowered.size() == s.size() && what.size() == from.size();
  const std::string& haystack = caseless ? lowered : s;
  const std::string& needle = caseless ? what : from;
  std::string out;
  std::size_t at = 0;
  for (std::size_t found = haystack.find(needle); found != std::string::npos; found = haystack.find(needle, found + 1)) {
    if (found < at) continue;
    const std::size_t end = found + needle.size();
    const bool whole = characters || ((found == 0 || !wordByte(s[found - 1]) || !wordByte(s[found])) &&
                                      (end == s.size() || !wordByte(s[end]) || !wordByte(s[end - 1])));
    if (!whole) continue;
    out += s.substr(at, found - at) + to;
    at = end;
  }
  return out + s.substr(at);
}

// A word a listener hears: not a speech tag (\pau=500\) nor an annotation
// (^start(animations/...)).
bool spoken(const std::string& token) { return !token.empty() && token[0] != '\\' && token[0] != '^'; }

// `word` added to `s` at `position`: "start", "end", or N, to be its Nth word.
std::string added(const std::string& s, const std::string& word, const std::string& position) {
  if (s.empty()) return word;
  if (position == "start") return word + " " + s;
  int n = 0;
  try {
    n = std::stoi(position);
  } catch (const std::exception&) {
    return s + " " + word;  // "end", and what is neither
  }
  std::vector<std::string> tokens;
  std::size_t from = 0;
  for (std::size_t space = s.find(' '); from <= s.size(); space = s.find(' ', from)) {
    if (space == std::string::npos) space = s.size();
    if (space > from) tokens.push_back(s.substr(from, space - from));
    from = space + 1;
  }
  std::size_t insertAt = tokens.size();
  for (std::size_t i = 0, words = 0; i < tokens.size(); ++i) {
    if (words + 1 == static_cast<std::size_t>(std::max(n, 1))) {
      insertAt = i;
      break;
    }
    if (spoken(tokens[i])) ++words;
  }
  tokens.insert(tokens.begin() + static_cast<std::ptrdiff_t>(insertAt), word);
  std::string out;
  for (const auto& t : tokens) out += (out.empty() ? "" : " ") + t;
  return out;
}

}  // namespace

void Dialog::Impl::applySkins(Answer& answer) {
  const bool characters = matchesOnCharacters(language);
  const MatchContext cx = context(language);
  for (std::size_t ti = 0; ti < topics.size(); ++ti) {
    if (!usable(ti)) continue;
    for (const Rule& rule : topics[ti]->topic.rules) {
      if (rule.kind != RuleKind::Skin || answer.text.empty()) continue;
      MatchInput heard;
      heard.words = text::words(spokenText(answer.text), characters);
      if (!match(rule.input, heard, cx)) continue;
      for (const OutputNode& change : rule.output.children)
        if (change.kind == OutputKind::Function) applySkin(change, answer, characters);
    }
  }
}

void Dialog::Impl::applySkin(const OutputNode& change, Answer& answer, bool characters) {
  if (change.args.size() < 2) return;
  const std::string frequency = change.args.size() > 2 ? unquoted(change.args[2]) : "1";
  double chance = 1;
  try {
    chance = std::stod(frequency);
  } catch (const std::exception&) {
  }
  if (chance <= 0 || (chance < 1 && std::uniform_real_distribution<double>(0, 1)(rng) >= chance)) return;
  const std::string first = unquoted(change.args[0]), second = unquoted(change.args[1]);
  if (change.text == "replace") {
    answer.text = replaced(answer.text, first, second, characters);
    answer.said = replaced(answer.said, first, second, characters);
  } else if (change.text == "addword") {
    answer.text = added(answer.text, first, second);
    answer.said = added(answer.said, first, second);
  }
}

}  // namespace autolife::dialog
