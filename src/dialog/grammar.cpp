// The two grammars inside a statement: what a person says (patterns) and
// what the robot says (outputs). Both are recursive descent over a Cursor;
// nesting is bounded by kMaxNesting so no input can exhaust the stack.
#include <algorithm>

#include "cursor.hpp"
#include "text.hpp"

namespace autolife::dialog::parse {

namespace {

bool isPatternStop(char c) {
  return Cursor::isSpace(c) || c == '[' || c == ']' || c == '{' || c == '}' || c == '(' || c == ')' || c == '"';
}

// Where a run of words ends: at a delimiter, or at an element written
// against the words before it, as languages without spaces write them
// (u:(私の名前は_*です), u:(好きな~fruit)).
bool endsWords(const Cursor& c) {
  const char ch = c.peek();
  if (isPatternStop(ch) || ch == '*') return true;
  const char after = c.peek(1);
  if (ch == '~' || ch == '$' || ch == '^') return Cursor::isNameChar(after);
  if (ch == '_') return after == '*' || after == '~' || after == '[' || after == '{' || after == '"';
  return false;
}

const char* closeName(char close) {
  switch (close) {
    case ')': return "')'";
    case ']': return "']'";
    case '}': return "'}'";
    case '"': return "a closing '\"'";
    default: return "the end";
  }
}

void checkDepth(const Cursor& c, int depth) {
  if (depth > kMaxNesting) c.fail("nested too deeply (more than " + std::to_string(kMaxNesting) + " levels)");
}

// The comparison operators of conditions, longest first.
constexpr std::string_view kOperators[] = {"==", "!=", "<>", "<=", ">=", "<", ">"};

std::string readOperator(Cursor& c) {
  for (std::string_view op : kOperators) {
    bool match = true;
    for (std::size_t k = 0; k < op.size(); ++k)
      if (c.peek(k) != op[k]) match = false;
    if (match) {
      for (std::size_t k = 0; k < op.size(); ++k) c.next();
      return std::string(op);
    }
  }
  return {};
}

}  // namespace

void Grammar::warn(Where w, const std::string& message) const {
  if (problems) problems->push_back(core::warning({file, w.line, w.column, message, {}}));
}

// A condition's or assignment's value: "quoted", or a token up to a space.
std::string Grammar::value(Cursor& c) const {
  if (c.peek() == '"') {
    const Where open = c.where();
    c.next();
    const std::size_t b = c.offset();
    while (!c.atEnd() && c.peek() != '"') c.next();
    if (c.atEnd()) c.failAt(open, "unclosed '\"' in a value");
    std::string v(c.slice(b, c.offset()));
    c.next();
    return v;
  }
  const std::size_t b = c.offset();
  while (!c.atEnd() && !Cursor::isSpace(c.peek()) && c.peek() != ']' && c.peek() != '}' && c.peek() != ')' &&
         c.peek() != '"')
    c.next();
  return std::string(c.slice(b, c.offset()));
}

// ---- patterns ---------------------------------------------------------------

PatternNode Grammar::pattern(Cursor& c, char close, int depth, std::optional<Where> opened) const {
  checkDepth(c, depth);
  PatternNode seq{PatternKind::Sequence, {}, {}, {}, {}, c.where()};
  const Where open = opened.value_or(c.where());
  for (;;) {
    c.skipSpace();
    if (c.atEnd()) {
      if (close == '\0') return seq;
      c.failAt(open, std::string("expected ") + closeName(close) + " before the end of the rule");
    }
    const char ch = c.peek();
    if (ch == close) {
      c.next();
      return seq;
    }
    // A '"' here opens a phrase (u:("e:event sentence"), u:(yes "play again")).
    if (ch == ')' || ch == ']' || ch == '}') {
      if (close == '"') c.failAt(open, "unclosed '\"'");
      c.fail(std::string("unexpected '") + ch + "'");
    }
    PatternNode e = patternElement(c, depth + 1);
    if (e.kind == PatternKind::Sequence && e.text.empty() && e.children.empty()) continue;  // punctuation only
    seq.children.push_back(std::move(e));
  }
}

PatternNode Grammar::patternItems(Cursor& c, PatternKind kind, char close, int depth) const {
  checkDepth(c, depth);
  const Where open = c.where();
  PatternNode node{kind, {}, {}, {}, {}, open};
  c.next();  // the opening bracket
  for (;;) {
    c.skipSpace();
    if (c.atEnd()) c.failAt(open, std::string("unclosed '") + (close == ']' ? '[' : '{') + "'");
    const char ch = c.peek();
    if (ch == close) {
      c.next();
      break;
    }
    if (ch == ')' || ch == ']' || ch == '}') c.failAt(open, std::string("unclosed '") + (close == ']' ? '[' : '{') + "'");
    PatternNode item = patternElement(c, depth + 1);
    if (item.kind == PatternKind::Sequence && item.children.empty()) continue;
    node.children.push_back(std::move(item));
  }
  if (node.children.empty() && kind == PatternKind::Choice) warn(open, "an empty choice '[]' never matches");
  return node;
}

PatternNode Grammar::patternElement(Cursor& c, int depth) const {
  checkDepth(c, depth);
  const Where at = c.where();
  const char ch = c.peek();
  switch (ch) {
    case '[': return patternItems(c, PatternKind::Choice, ']', depth);
    case '{': return patternItems(c, PatternKind::Optional, '}', depth);
    case '(': c.fail("unexpected '(' in an input (parentheses only surround a rule's input)");
    case '"': {
      c.next();
      PatternNode phrase = pattern(c, '"', depth + 1, at);
      phrase.at = at;
      return phrase;
    }
    case '*': c.next(); return {PatternKind::Wildcard, {}, {}, {}, {}, at};
    case '~': {
      c.next();
      std::string n = c.conceptName();
      if (n.empty()) c.failAt(at, "expected a concept name after '~'");
      return {PatternKind::Concept, n, {}, {}, {}, at};
    }
    case '_': {
      c.next();
      // A lone `_` captures the event's value (u:(e:onStart _), the SDK's
      // create_application tutorial): no words.
      if (c.atEnd() || Cursor::isSpace(c.peek()) || c.peek() == ')' || c.peek() == ']' || c.peek() == '}')
        return {PatternKind::Capture, {}, {}, {}, {}, at};
      if (c.peek() == '_' || c.peek() == '(')
        c.failAt(at, "'_' must be followed by what it captures (_*, _~concept, _[...])");
      PatternNode inner = patternElement(c, depth + 1);
      return {PatternKind::Capture, {}, {}, {}, {std::move(inner)}, at};
    }
    case '$': return patternVariable(c);
    case '^': return patternFunction(c, depth);
    case '\\': {  // a speech tag in a concept shared with answers: not heard
      c.next();
      while (!c.atEnd() && c.peek() != '\\') c.next();
      if (c.atEnd()) c.failAt(at, "unclosed speech tag '\\'");
      c.next();
      return {};
    }
    case '%': {  // a tag: nothing to hear (deactivated, its rule does not match)
      c.next();
      return {PatternKind::Empty, "%" + c.name(), {}, {}, {}, at};
    }
    default: break;
  }
  if (ch == '!' && Cursor::isNameChar(c.peek(1))) {
    c.next();
    const std::size_t b = c.offset();
    while (!c.atEnd() && !isPatternStop(c.peek())) c.next();
    auto ws = text::words(c.slice(b, c.offset()), characters);
    if (ws.empty()) c.failAt(at, "expected a word after '!'");
    return {PatternKind::Forbidden, ws.front(), {}, {}, {}, at};
  }
  if (ch == 'e' && c.peek(1) == ':' && !c.atEnd()) {
    c.next();
    c.next();
    std::string key = c.keyName();
    if (key.empty()) c.failAt(at, "expected an event name after 'e:'");
    return {PatternKind::Event, key, {}, {}, {}, at};
  }
  // `in:onActivation`: an event the dialog raises itself (Choregraphe's
  // Choice box asks its question with it), its key kept with the prefix.
  if (ch == 'i' && c.peek(1) == 'n' && c.peek(2) == ':' && Cursor::isNameChar(c.peek(3))) {
    c.next();
    c.next();
    c.next();
    return {PatternKind::Event, "in:" + c.keyName(), {}, {}, {}, at};
  }
  const std::size_t b = c.offset();
  while (!c.atEnd() && (c.offset() == b || !endsWords(c))) c.next();
  if (c.offset() == b) c.fail(std::string("unexpected '") + ch + "'");
  auto ws = text::words(c.slice(b, c.offset()), characters);
  if (ws.size() == 1) return {PatternKind::Word, ws.front(), {}, {}, {}, at};
  PatternNode seq{PatternKind::Sequence, {}, {}, {}, {}, at};
  for (auto& w : ws) seq.children.push_back({PatternKind::Word, std::move(w), {}, {}, {}, at});
  return seq;
}

PatternNode Grammar::patternVariable(Cursor& c) const {
  const Where at = c.where();
  c.next();  // '$'
  std::string n = c.keyName();
  if (n.empty()) c.failAt(at, "expected a variable name after '$'");
  std::string op = readOperator(c);
  if (!op.empty()) return {PatternKind::Condition, n, op, value(c), {}, at};
  if (c.peek() == '=') {
    c.next();
    return {PatternKind::Assign, n, {}, value(c), {}, at};
  }
  return {PatternKind::Variable, n, {}, {}, {}, at};
}

PatternNode Grammar::patternFunction(Cursor& c, int depth) const {
  const Where at = c.where();
  c.next();  // '^'
  const std::string n = c.name();
  if (n.empty()) c.failAt(at, "expected a function name after '^'");
  if (n == "rand" || n == "first" || n == "firstOptional" || n == "repeat") {
    c.skipSpace();
    if (c.peek() != '[') c.failAt(at, "^" + n + " must be followed by '[...]'");
    PatternNode items = patternItems(c, PatternKind::Choice, ']', depth + 1);
    if (n == "repeat") items.kind = PatternKind::Repeat;
    return items;
  }
  std::string argument;
  if (c.peek() == '(') {
    const Where open = c.where();
    c.next();
    const std::size_t b = c.offset();
    while (!c.atEnd() && c.peek() != ')') c.next();
    if (c.atEnd()) c.failAt(open, "unclosed '(' after ^" + n);
    argument = text::squeeze(c.slice(b, c.offset()));
    c.next();
  }
  if (!argument.empty() && argument[0] == '$') argument.erase(0, 1);
  if (n == "exist") return {PatternKind::Exist, argument, {}, "1", {}, at};
  if (n == "notExist") return {PatternKind::Exist, argument, {}, "0", {}, at};
  if (n == "empty") return {PatternKind::Empty, {}, {}, {}, {}, at};
  if (n == "lessPriority" || n == "exact" || n == "private") return {PatternKind::Empty, "^" + n, {}, {}, {}, at};
  warn(at, "^" + n + " has no meaning in an input; it is ignored");
  return {};
}

// ---- outputs ----------------------------------------------------------------

OutputNode Grammar::output(Cursor& c, int depth) const { return outputUntil(c, '\0', depth); }

OutputNode Grammar::outputUntil(Cursor& c, char close, int depth) const {
  checkDepth(c, depth);
  OutputNode group{OutputKind::Group, {}, {}, {}, {}, false, {}, c.where()};
  const Where open = c.where();
  std::string text;
  Where textAt = c.where();
  auto flushText = [&] {
    if (!text.empty()) group.children.push_back({OutputKind::Text, std::move(text), {}, {}, {}, false, {}, textAt});
    text.clear();
  };
  for (;;) {
    if (c.atEnd()) {
      if (close != '\0') c.failAt(open, std::string("expected ") + closeName(close) + " before the end of the rule");
      break;
    }
    const char ch = c.peek();
    if (close != '\0' && ch == close) {
      c.next();
      break;
    }
    OutputNode element{OutputKind::Group, {}, {}, {}, {}, false, {}, c.where()};
    if (outputElement(c, element, depth + 1)) {
      flushText();
      for (auto& child : element.children) group.children.push_back(std::move(child));
      continue;
    }
    if (text.empty()) textAt = c.where();
    text += c.next();  // plain text
  }
  flushText();
  return group;
}

// Reads one special element into `group`; false for plain text.
bool Grammar::outputElement(Cursor& c, OutputNode& group, int depth) const {
  const Where at = c.where();
  const char ch = c.peek();
  const char after = c.peek(1);
  switch (ch) {
    case '"': {
      c.next();
      OutputNode g = outputUntil(c, '"', depth + 1);
      g.at = at;
      group.children.push_back(std::move(g));
      return true;
    }
    case '[': group.children.push_back(outputItems(c, OutputKind::Choice, "", ']', depth + 1)); return true;
    case '{': group.children.push_back(outputItems(c, OutputKind::Optional, "", '}', depth + 1)); return true;
    case ']':
    case '}': c.fail(std::string("unexpected '") + ch + "'");
    case '\\': {
      const std::size_t b = c.offset();
      c.next();
      while (!c.atEnd() && c.peek() != '\\' && c.peek() != '\n') c.next();
      if (c.peek() != '\\') {  // a lone backslash: NAOqi's TTS skips it, so it loads
        warn(at, "a lone '\\' (a speech tag is written \\tag=value\\); it is not said");
        c.seek(b + 1);
        return true;
      }
      c.next();
      group.children.push_back({OutputKind::SpeechTag, std::string(c.slice(b, c.offset())), {}, {}, {}, false, {}, at});
      return true;
    }
    case '$':
      if (!Cursor::isNameChar(after)) return false;
      group.children.push_back(outputVariable(c, depth));
      return true;
    case '~':
      if (!Cursor::isNameChar(after)) return false;
      c.next();
      group.children.push_back({OutputKind::Concept, c.conceptName(), {}, {}, {}, false, {}, at});
      return true;
    case '%':
      if (!Cursor::isNameChar(after)) return false;
      c.next();
      group.children.push_back({OutputKind::Bookmark, c.name(), {}, {}, {}, false, {}, at});
      return true;
    case '^':
      if (!Cursor::isNameChar(after)) return false;
      group.children.push_back(outputFunction(c, depth));
      return true;
    default: return false;
  }
}

// One alternative of [..] or {..}: what is written up to the next space,
// words and elements alike (a word, a "quoted group", イスラエル{こく}).
OutputNode Grammar::outputItem(Cursor& c, char close, int depth) const {
  const Where at = c.where();
  OutputNode group{OutputKind::Group, {}, {}, {}, {}, false, {}, at};
  auto ends = [&] {
    return c.atEnd() || Cursor::isSpace(c.peek()) || c.peek() == close || c.peek() == ']' || c.peek() == '}' ||
           (c.peek() == '"' && !group.children.empty());
  };
  while (!ends()) {
    if (outputElement(c, group, depth + 1)) continue;
    const Where textAt = c.where();
    const std::size_t b = c.offset();
    c.next();
    while (!ends() && std::string_view("[{\"$~%^\\").find(c.peek()) == std::string_view::npos) c.next();
    group.children.push_back({OutputKind::Text, std::string(c.slice(b, c.offset())), {}, {}, {}, false, {}, textAt});
  }
  if (group.children.empty()) c.fail(std::string("unexpected '") + c.peek() + "'");
  if (group.children.size() == 1) return std::move(group.children.front());
  return group;
}

// An assignment's value: one element ($1, "quoted", ^size(~c)) or one word.
OutputNode Grammar::outputValue(Cursor& c, int depth) const {
  const Where at = c.where();
  OutputNode group{OutputKind::Group, {}, {}, {}, {}, false, {}, at};
  if (outputElement(c, group, depth + 1)) {
    if (group.children.size() == 1) return std::move(group.children.front());
    return group;
  }
  const std::size_t b = c.offset();
  while (!c.atEnd() && !Cursor::isSpace(c.peek()) && c.peek() != '[' && c.peek() != '"' && c.peek() != ']' &&
         c.peek() != '}')
    c.next();
  if (c.offset() == b) c.fail(std::string("unexpected '") + c.peek() + "'");
  return {OutputKind::Text, std::string(c.slice(b, c.offset())), {}, {}, {}, false, {}, at};
}

OutputNode Grammar::outputItems(Cursor& c, OutputKind kind, std::string op, char close, int depth) const {
  checkDepth(c, depth);
  const Where open = c.where();
  OutputNode node{kind, {}, std::move(op), {}, {}, false, {}, open};
  c.next();
  for (;;) {
    c.skipSpace();
    if (c.atEnd()) c.failAt(open, std::string("unclosed '") + (close == ']' ? '[' : '{') + "'");
    if (c.peek() == close) {
      c.next();
      break;
    }
    node.children.push_back(outputItem(c, close, depth + 1));
  }
  return node;
}

OutputNode Grammar::outputVariable(Cursor& c, int depth) const {
  const Where at = c.where();
  c.next();  // '$'
  std::string n = c.keyName();
  // Conditions may have spaces around the operator ("$age > 18").
  const std::size_t afterName = c.offset();
  c.skipSpace();
  std::string op = readOperator(c);
  if (!op.empty()) {
    c.skipSpace();
    return {OutputKind::Condition, n, op, value(c), {}, false, {}, at};
  }
  if (c.peek() == '=' && c.peek(1) != '=') {
    c.next();
    c.skipSpace();
    OutputNode assign{OutputKind::Assign, n, {}, {}, {}, false, {}, at};
    assign.children.push_back(outputValue(c, depth + 1));
    return assign;
  }
  c.seek(afterName);
  return {OutputKind::Variable, n, {}, {}, {}, false, {}, at};
}

OutputNode Grammar::outputFunction(Cursor& c, int depth) const {
  const Where at = c.where();
  c.next();  // '^'
  std::string n = c.name();
  if (n == "rand" || n == "first" || n == "firstOptional") {
    const std::size_t afterName = c.offset();
    c.skipSpace();
    if (c.peek() == '[') return outputItems(c, OutputKind::Choice, n, ']', depth + 1);
    if (n == "rand" && c.peek() == '~' && Cursor::isNameChar(c.peek(1))) {  // ^rand~concept: one of its items at random
      const Where conceptAt = c.where();
      c.next();
      return {OutputKind::Concept, c.conceptName(), "rand", {}, {}, false, {}, conceptAt};
    }
    c.seek(afterName);
  }
  OutputNode f{OutputKind::Function, n, {}, {}, {}, false, {}, at};
  if (c.peek() != '(') return f;
  f.hasArgs = true;
  const Where open = c.where();
  c.next();
  // Arguments: split on top-level commas; quotes and brackets nest.
  int nesting = 0;
  bool quoted = false;
  std::size_t b = c.offset();
  auto addArgument = [&](std::size_t e) {
    std::string raw = text::squeeze(c.slice(b, e));
    if (raw.find("\\\"") != std::string::npos) {
      // ^pCall(Service.method(\"text\")): escaped quotes, read as written.
      for (std::size_t at; (at = raw.find("\\\"")) != std::string::npos;) raw.erase(at, 1);
      f.children.push_back({OutputKind::Text, raw, {}, {}, {}, false, {}, c.whereAt(b)});
    } else {
      Cursor sub(c.statement(), b, e);
      sub.skipSpace();
      f.children.push_back(outputUntil(sub, '\0', depth + 1));
    }
    f.args.push_back(std::move(raw));
  };
  for (;;) {
    if (c.atEnd()) c.failAt(open, "unclosed '(' after ^" + n);
    const char ch = c.peek();
    if (ch == '\\' && c.peek(1) == '"') {  // an escaped quote does not open or close
      c.next();
      c.next();
      continue;
    }
    if (ch == '"') quoted = !quoted;
    else if (!quoted && (ch == '(' || ch == '[' || ch == '{')) ++nesting;
    else if (!quoted && nesting > 0 && (ch == ')' || ch == ']' || ch == '}')) --nesting;
    else if (!quoted && nesting == 0 && ch == ')') {
      if (c.offset() > b || !f.args.empty()) addArgument(c.offset());
      c.next();
      break;
    } else if (!quoted && nesting == 0 && ch == ',') {
      addArgument(c.offset());
      c.next();
      b = c.offset();
      continue;
    }
    c.next();
  }
  if (f.args.size() == 1 && f.args[0].empty()) {
    f.args.clear();
    f.children.clear();
  }
  return f;
}

}  // namespace autolife::dialog::parse
