// Skins, `s:` rules (the syntax page's "Transformation rules"): what the
// robot is about to say is matched against the s: rules of the active
// topics, in the order they were loaded; each one that matches changes it,
// in turn, with ^replace(expression, replacement, frequency) and
// ^addword(expression, position, frequency). The frequency is the chance
// the change is made (1 always, 0 never), drawn from the dialog's seeded
// generator. What is heard and what ALAnimatedSpeech says change alike.
#include <algorithm>
#include <optional>
#include <cctype>
#include <random>

#include "autolife/core/ascii.hpp"
#include "state.hpp"

namespace autolife::dialog {

namespace {

// Skins stop changing an answer beyond this (chained skins could grow it
// without end).
constexpr std::size_t kMaxSkinnedBytes = 16 * 1024;

// Where an annotation (^start(animations/Hey_1)) or a speech tag
// (\pau=500\) that starts at `i` ends; `i` when none starts there. A
// skin changes the words around them, never them.
std::size_t markupEnd(const std::string& s, std::size_t i) {
  if (s[i] == '\\') {
    const auto close = s.find('\\', i + 1);
    return close == std::string::npos ? i : close + 1;
  }
  if (s[i] != '^' || i + 1 >= s.size() || !std::isalpha(static_cast<unsigned char>(s[i + 1]))) return i;
  std::size_t j = i + 1;
  while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
  if (j >= s.size() || s[j] != '(') return j;
  for (int depth = 0; j < s.size(); ++j) {
    if (s[j] == '(') ++depth;
    else if (s[j] == ')' && --depth == 0) return j + 1;
  }
  return s.size();
}

// Each occurrence of `from` in `s`, outside annotations and speech tags,
// replaced by `to`: whole words (unless the language matches on
// characters), without case for ASCII letters.
std::string replaced(const std::string& s, const std::string& from, const std::string& to, bool characters) {
  if (from.empty()) return s;
  const std::string haystack = core::asciiLower(s), needle = core::asciiLower(from);
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    if (const std::size_t end = markupEnd(s, i); end != i) {
      out.append(s, i, end - i);
      i = end;
      continue;
    }
    const std::size_t end = i + needle.size();
    const bool here = haystack.compare(i, needle.size(), needle) == 0 && markupEnd(s, i) == i;
    const bool whole = characters || ((!text::wordCharacterBefore(s, i) || !text::wordCharacterAt(s, i)) &&
                                      (!text::wordCharacterAt(s, end) || !text::wordCharacterBefore(s, end)));
    if (here && whole) {
      out += to;
      i = end;
    } else {
      out += s[i++];
    }
  }
  return out;
}

// `s` in tokens: words, and annotations (with their arguments) and speech
// tags whole.
std::vector<std::string> tokens(const std::string& s) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] == ' ') {
      ++i;
      continue;
    }
    std::size_t end = markupEnd(s, i);
    if (end == i) end = std::min(s.find(' ', i), s.size());
    out.push_back(s.substr(i, end - i));
    i = end;
  }
  return out;
}

// `word` added to `s` at `position`: "start", "end", or N, to be its Nth
// word heard (annotations and speech tags are not heard).
std::string added(const std::string& s, const std::string& word, const std::string& position) {
  const std::string where = core::asciiLower(position);
  if (s.empty()) return word;
  if (where == "start") return word + " " + s;
  int n = 0;
  try {
    n = std::stoi(where);
  } catch (const std::exception&) {
    return s + " " + word;  // "end", and what is neither
  }
  std::vector<std::string> parts = tokens(s);
  std::size_t at = parts.size();
  for (std::size_t i = 0, heard = 0; i < parts.size(); ++i) {
    if (heard + 1 >= static_cast<std::size_t>(std::max(n, 1))) {
      at = i;
      break;
    }
    if (markupEnd(parts[i], 0) == 0) ++heard;
  }
  parts.insert(parts.begin() + static_cast<std::ptrdiff_t>(at), word);
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : " ") + p;
  return out;
}

}  // namespace

void Dialog::Impl::applySkins(Answer& answer) {
  const bool characters = matchesOnCharacters(language);
  std::optional<MatchContext> cx;  // made once, when a topic has skins: every answer passes here
  for (std::size_t ti = 0; ti < topics.size(); ++ti) {
    if (!usable(ti)) continue;
    for (const std::size_t ri : topics[ti]->skins) {
      const Rule& rule = topics[ti]->topic.rules[ri];
      if (answer.text.empty() || answer.text.size() > kMaxSkinnedBytes) return;
      if (!cx) cx = context(language);
      MatchInput heard;
      heard.words = text::words(spokenText(answer.text), characters);
      if (!match(rule.input, heard, *cx)) continue;
      for (const OutputNode& change : rule.output.children)
        if (change.kind == OutputKind::Function) applySkin(change, answer, characters);
    }
  }
}

void Dialog::Impl::applySkin(const OutputNode& change, Answer& answer, bool characters) {
  if (change.args.size() < 2) return;
  const std::string frequency = change.args.size() > 2 ? text::unquoted(change.args[2]) : "1";
  double chance = 1;
  try {
    chance = std::stod(frequency);
  } catch (const std::exception&) {
  }
  if (!(chance > 0) || (chance < 1 && std::uniform_real_distribution<double>(0, 1)(rng) >= chance)) return;
  const std::string first = text::unquoted(change.args[0]), second = text::unquoted(change.args[1]);
  if (change.text == "replace") {
    answer.text = replaced(answer.text, first, second, characters);
    answer.said = replaced(answer.said, first, second, characters);
  } else if (change.text == "addword") {
    answer.text = added(answer.text, first, second);
    answer.said = added(answer.said, first, second);
  }
}

}  // namespace autolife::dialog
