// parseTopic: splits a .top file into statements (a statement starts with
// its keyword at the beginning of a line and runs until the next one, so an
// answer may continue on the following lines), then reads each with the
// grammars of grammar.cpp. An error in one statement is reported and the
// next statement is still read, so one run lists every error.
#include <algorithm>
#include <array>
#include <fstream>
#include <sstream>

#include "cursor.hpp"
#include "text.hpp"

namespace autolife::dialog {

using parse::Cursor;
using parse::Grammar;
using parse::Statement;
using parse::SyntaxError;

namespace {

// "u", "u3", "proposal", "concept"...: the keywords that begin a statement.
bool statementKeyword(std::string_view word, std::string& keyword, int& level) {
  static constexpr std::string_view kHeader[] = {"topic",       "language", "concept", "dynamic",       "include",
                                                 "def",         "description", "overload", "pronunciation", "proposal",
                                                 "recover",     "model"};
  const std::string w = text::lower(word);
  for (auto k : kHeader)
    if (w == k) {
      keyword = w;
      level = 0;
      return true;
    }
  if ((w == "u" || w == "l" || w == "s")) {
    keyword = w;
    level = 0;
    return true;
  }
  if (w.size() == 2 && (w[0] == 'u' || w[0] == 'c' || w[0] == 'e') && w[1] >= '1' && w[1] <= '9') {
    keyword = w.substr(0, 1);
    level = w[1] - '0';
    return true;
  }
  return false;
}

// Header statements end with their line; rules and concepts may go on.
bool singleLine(const std::string& keyword) {
  return keyword == "topic" || keyword == "language" || keyword == "dynamic" || keyword == "include" ||
         keyword == "description" || keyword == "overload" || keyword == "pronunciation" || keyword == "recover" ||
         keyword == "model";
}

// Where the comment of a line starts ('#' outside double quotes), given
// whether the line starts inside quotes.
std::size_t commentStart(std::string_view line, bool& quoted) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '"') quoted = !quoted;
    else if (line[i] == '#' && !quoted) return i;
  }
  return line.size();
}

// U+3000: Japanese topics separate the items of a choice with it.
constexpr std::string_view kIdeographicSpace = "\xE3\x80\x80";

int columnOf(std::string_view line, std::size_t byte) {
  int col = 1;
  for (std::size_t i = 0; i < byte && i < line.size(); ++i)
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++col;
  return col;
}

class TopicParser {
public:
  // `language`: the topic's until a `language:` line says otherwise.
  TopicParser(std::string_view source, std::string file, const std::string& language)
      : source_(source), file_(std::move(file)) {
    grammar_.file = file_;
    grammar_.problems = &result_.problems;
    topic_.language = language;
    grammar_.characters = matchesOnCharacters(language);
  }

  ParseResult run() {
    if (source_.size() > kMaxTopicBytes) {
      error({1, 1}, "the topic is larger than " + std::to_string(kMaxTopicBytes / (1024 * 1024)) + " MiB");
      return std::move(result_);
    }
    split();
    hasLanguageLine_ = std::any_of(statements_.begin(), statements_.end(), [](const Statement& s) { return s.keyword == "language"; });
    for (const Statement& s : statements_) {
      try {
        statement(s);
      } catch (const SyntaxError& e) {
        error(e.where, e.what());
      }
    }
    finish();
    std::stable_sort(result_.problems.begin(), result_.problems.end(), [](const auto& a, const auto& b) {
      return std::pair(a.diagnostic.line, a.diagnostic.column) < std::pair(b.diagnostic.line, b.diagnostic.column);
    });
    if (!core::hasErrors(result_.problems)) result_.topic = std::move(topic_);
    return std::move(result_);
  }

private:
  void error(Where w, const std::string& message) {
    result_.problems.push_back(core::error({file_, w.line, w.column, message, lineText(w.line)}));
  }
  void warn(Where w, const std::string& message) {
    result_.problems.push_back(core::warning({file_, w.line, w.column, message, lineText(w.line)}));
  }
  std::string lineText(int line) const {
    return line >= 1 && static_cast<std::size_t>(line) <= lines_.size() ? std::string(lines_[line - 1]) : "";
  }

  void split() {
    std::size_t b = 0;
    while (b <= source_.size()) {
      // A line ends at \n, \r\n or a lone \r, as core::TextLines counts
      // them for file:line:column.
      std::size_t e = source_.find_first_of("\r\n", b);
      if (e == std::string_view::npos) e = source_.size();
      lines_.push_back(source_.substr(b, e - b));
      if (e == source_.size()) break;
      b = e + (source_[e] == '\r' && e + 1 < source_.size() && source_[e + 1] == '\n' ? 2 : 1);
    }
    if (!lines_.empty() && lines_[0].starts_with("\xEF\xBB\xBF")) lines_[0].remove_prefix(3);  // BOM
    bool quoted = false;
    Statement* current = nullptr;
    for (std::size_t n = 0; n < lines_.size(); ++n) {
      std::string_view line = lines_[n];
      const int lineNo = static_cast<int>(n) + 1;
      std::size_t first = line.find_first_not_of(" \t");
      if (first == std::string_view::npos) continue;
      std::size_t colon = line.find(':', first);
      std::string keyword;
      int level = 0;
      // A keyword at the start of a line always starts a statement, so an
      // unclosed quote costs one error, not the rest of the file.
      const bool starts = colon != std::string_view::npos &&
                          statementKeyword(text::squeeze(line.substr(first, colon - first)), keyword, level);
      if (starts) {
        statements_.emplace_back();
        current = &statements_.back();
        current->keyword = keyword;
        current->level = level;
        current->at = {lineNo, columnOf(line, first)};
        current->sourceLine = std::string(line.substr(first));
        first = colon + 1;
        quoted = false;
      } else if (line[first] == '#') {
        continue;
      } else if (!current) {
        bool q = false;
        if (commentStart(line, q) > first)
          error({lineNo, columnOf(line, first)}, "expected a statement (topic:, language:, concept:, u:, proposal:...)");
        continue;
      } else if (singleLine(current->keyword)) {
        bool q = false;
        if (commentStart(line, q) > first)
          error({lineNo, columnOf(line, first)}, "expected a statement (topic:, language:, concept:, u:, proposal:...)");
        continue;
      } else {
        current->body += '\n';
        current->positions.push_back({lineNo, columnOf(line, line.size())});
      }
      const std::size_t end = commentStart(line.substr(first), quoted) + first;
      int column = columnOf(line, first);  // counted as we go: long lines stay linear
      int ideographicSpace = 0;  // bytes left of a U+3000, which separates words as a space does
      for (std::size_t i = first; i < end; ++i) {
        if (line.substr(i, 3) == kIdeographicSpace) ideographicSpace = 3;
        current->body += ideographicSpace > 0 ? ' ' : line[i];
        if (ideographicSpace > 0) --ideographicSpace;
        current->positions.push_back({lineNo, column});
        if (i + 1 < line.size() && (static_cast<unsigned char>(line[i + 1]) & 0xC0) != 0x80) ++column;
      }
    }
    for (auto& s : statements_)
      s.positions.push_back(s.positions.empty() ? s.at : Where{s.positions.back().line, s.positions.back().column + 1});
  }

  void statement(const Statement& s) {
    Cursor c(s);
    c.skipSpace();
    const std::string& k = s.keyword;
    if (k == "topic") return topicHeader(c, s);
    if (!seenTopic_) error(s.at, "'" + k + ":' before 'topic:'");
    if (k == "language") return languageHeader(c, s);
    if (k == "concept") return conceptDefinition(c, s, false);
    if (k == "dynamic") return conceptDefinition(c, s, true);
    if (k == "include") return topic_.includes.push_back(text::squeeze(c.slice(c.offset(), c.end())));
    if (k == "description") return void(topic_.description = text::squeeze(c.slice(c.offset(), c.end())));
    if (k == "overload") return void(topic_.overload = text::squeeze(c.slice(c.offset(), c.end())));
    if (k == "pronunciation") return;  // how the recogniser says a word: nothing to simulate
    if (k == "model") return;          // NAOqi's own topics: the robot they are for (model: nao, juliette)
    if (k == "def") return function(c, s);
    if (k == "recover") {  // the rules after it are the topic's recover section
      if (!c.atEnd()) c.fail("expected nothing after 'recover:'");
      return void(inRecover_ = true);
    }
    if (hasLanguageLine_ && !seenLanguage_ && !warnedLanguage_) {
      warnedLanguage_ = true;
      error(s.at, "a rule before 'language:' (the language decides how words are matched)");
    }
    rule(c, s);
  }

  void topicHeader(Cursor& c, const Statement& s) {
    if (seenTopic_) {  // published topics repeat their header; the first names the topic (decision 1008)
      warn(s.at, "a second 'topic:' (a file holds one topic): the topic is ~" + topic_.name + ", this line is ignored");
      return;
    }
    seenTopic_ = true;
    topic_.at = s.at;
    if (c.next() != '~') c.failAt(s.at, "expected 'topic: ~name()'");
    topic_.name = c.name();
    if (topic_.name.empty()) c.fail("expected the topic's name after '~'");
    for (;;) {
      c.skipSpace();
      if (c.atEnd()) break;
      if (c.peek() == '^') {
        c.next();
        topic_.properties.push_back(c.name());
        continue;
      }
      if (c.peek() == '(') {
        c.next();
        while (!c.atEnd() && c.peek() != ')') c.next();
        if (c.atEnd()) c.fail("expected ')' after 'topic: ~" + topic_.name + "('");
        c.next();
        continue;
      }
      c.fail(std::string("unexpected '") + c.peek() + "' in 'topic:'");
    }
  }

  void languageHeader(Cursor& c, const Statement& s) {
    const std::string word = text::squeeze(c.slice(c.offset(), c.end()));
    const std::string name = languageName(word);
    if (name.empty()) c.failAt(s.at, "unknown language '" + word + "'");
    topic_.language = name;
    seenLanguage_ = true;
    grammar_.characters = matchesOnCharacters(name);
  }

  void conceptDefinition(Cursor& c, const Statement& s, bool dynamic) {
    ConceptDefinition d;
    d.dynamic = dynamic;
    d.at = s.at;
    if (dynamic) {
      d.name = text::squeeze(c.slice(c.offset(), c.end()));
      if (!d.name.empty() && d.name[0] == '~') d.name.erase(0, 1);
      if (d.name.empty()) c.fail("expected 'dynamic:name'");
      d.pattern.kind = PatternKind::Choice;
      d.output.kind = OutputKind::Choice;
      topic_.concepts.push_back(std::move(d));
      return;
    }
    if (c.next() != '(') c.failAt(s.at, "expected 'concept:(name) [...]'");
    c.skipSpace();
    d.name = c.conceptName();
    c.skipSpace();
    if (d.name.empty() || c.next() != ')') c.failAt(s.at, "expected 'concept:(name) [...]'");
    c.skipSpace();
    const std::size_t bodyStart = c.offset();
    if (c.atEnd()) warn(s.at, "concept ~" + d.name + " is empty");
    d.output = grammar_.output(c);
    // The same text as a person would say it; a concept only an answer can
    // use (speech tags, functions) is not an error until an input uses it.
    Cursor again(s, bodyStart, s.body.size());
    std::vector<core::Problem> patternProblems;
    Grammar quiet = grammar_;
    quiet.problems = &patternProblems;
    try {
      PatternNode seq = quiet.pattern(again, '\0');
      d.pattern = seq.children.size() == 1 && seq.children[0].kind == PatternKind::Choice ? std::move(seq.children[0])
                                                                                          : std::move(seq);
    } catch (const SyntaxError&) {
      d.outputOnly = true;
    }
    if (!patternProblems.empty()) d.outputOnly = true;
    topic_.concepts.push_back(std::move(d));
  }

  void function(Cursor& c, const Statement& s) {
    FunctionDefinition f;
    f.at = s.at;
    f.name = c.name();
    if (f.name.empty() || c.next() != '(') c.failAt(s.at, "expected 'def:name($parameter, ...) answer'");
    for (;;) {
      c.skipSpace();
      if (c.peek() == ')') {
        c.next();
        break;
      }
      if (c.peek() == '$') c.next();
      std::string p = c.keyName();
      if (p.empty()) c.fail("expected a parameter '$name' or ')'");
      f.parameters.push_back(p);
      c.skipSpace();
      if (c.peek() == ',') c.next();
    }
    c.skipSpace();
    f.body = grammar_.output(c);
    topic_.functions.push_back(std::move(f));
  }

  void rule(Cursor& c, const Statement& s) {
    Rule r;
    r.at = s.at;
    r.level = s.level;
    r.sourceLine = s.sourceLine;
    r.recover = inRecover_;
    const std::string& k = s.keyword;
    r.kind = k == "proposal" ? RuleKind::Proposal
             : k == "c"      ? RuleKind::CallResult
             : k == "e"      ? RuleKind::CallError
             : k == "l"      ? RuleKind::Learning
             : k == "s"      ? RuleKind::Skin
                             : RuleKind::User;
    if (r.kind != RuleKind::Proposal && r.kind != RuleKind::CallError) {
      while (c.peek() == '^') {  // u:^private(...)
        c.next();
        const std::string property = c.name();
        if (property == "private") r.isPrivate = true;
        else grammar_.warn(c.where(), "unknown rule property ^" + property);
        c.skipSpace();
      }
      if (c.peek() != '(') c.failAt(s.at, "expected '(' with the input after '" + s.sourceLine.substr(0, s.sourceLine.find(':') + 1) + "'");
      const Where paren = c.where();
      c.next();
      r.input = grammar_.pattern(c, ')', 0, paren);
      r.lessPriority = hasMarker(r.input, "^lessPriority");
      collectInputTags(r.input, r.inputTags);
    }
    c.skipSpace();
    r.output = grammar_.output(c);
    collectTags(r.output, r.tags);
    if (r.kind == RuleKind::User && r.level == 0 && r.input.children.empty())
      warn(s.at, "an empty input '()' never matches what is said");
    attach(std::move(r), s);
  }

  static bool hasMarker(const PatternNode& n, std::string_view marker) {
    if (n.kind == PatternKind::Empty && n.text == marker) return true;
    return std::any_of(n.children.begin(), n.children.end(), [&](const auto& c) { return hasMarker(c, marker); });
  }

  static void collectInputTags(const PatternNode& n, std::vector<std::string>& tags) {
    if (n.kind == PatternKind::Empty && n.text.size() > 1 && n.text[0] == '%') tags.push_back(n.text.substr(1));
    for (const auto& c : n.children) collectInputTags(c, tags);
  }

  static void collectTags(const OutputNode& n, std::vector<std::string>& tags) {
    if (n.kind == OutputKind::Bookmark) tags.push_back(n.text);
    for (const auto& c : n.children) collectTags(c, tags);
  }

  // Subrules hang under the last rule one level up.
  void attach(Rule r, const Statement& s) {
    const std::size_t index = topic_.rules.size();
    if (r.level > 0) {
      if (!lastAtLevel_[r.level - 1])
        throw SyntaxError(s.at, s.keyword + std::to_string(r.level) + ": without a rule one level up before it");
      const std::size_t parent = *lastAtLevel_[r.level - 1];
      r.parent = parent;
      topic_.rules[parent].children.push_back(index);
    }
    lastAtLevel_[r.level] = index;
    for (int l = r.level + 1; l < 10; ++l) lastAtLevel_[l].reset();
    topic_.rules.push_back(std::move(r));
  }

  void finish() {
    if (!seenTopic_) error({1, 1}, "missing 'topic: ~name()'");
  }

  std::string_view source_;
  std::string file_;
  std::vector<std::string_view> lines_;
  std::vector<Statement> statements_;
  Grammar grammar_;
  ParseResult result_;
  Topic topic_;
  bool seenTopic_ = false, seenLanguage_ = false, warnedLanguage_ = false, inRecover_ = false;
  bool hasLanguageLine_ = false;
  std::array<std::optional<std::size_t>, 10> lastAtLevel_;
};

}  // namespace

bool Topic::hasProperty(std::string_view property) const {
  return std::find(properties.begin(), properties.end(), property) != properties.end();
}

std::string defaultTopicLanguage(const std::string& file, std::string_view fallback) {
  if (auto fromPath = languageOfPath(file); !fromPath.empty()) return fromPath;
  if (auto given = languageName(fallback); !given.empty()) return given;
  return "English";
}

ParseResult parseTopic(std::string_view source, const std::string& file, std::string_view fallbackLanguage) {
  const std::string clean = text::sanitiseUtf8(source);
  TopicParser parser(clean, file, defaultTopicLanguage(file, fallbackLanguage));
  ParseResult result = parser.run();
  if (result.topic) result.topic->file = file;
  return result;
}

ParseResult loadTopicFile(const std::string& path, std::string_view fallbackLanguage) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    ParseResult r;
    r.problems.push_back(core::fileError(path, "cannot read the topic file"));
    return r;
  }
  std::ostringstream text;
  text << in.rdbuf();
  return parseTopic(text.str(), path, fallbackLanguage);
}

}  // namespace autolife::dialog
