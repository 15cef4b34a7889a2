// Precedence-climbing parser for the conditions language. Levels, from the
// loosest to the tightest binding (seed 000's table, read bottom-up):
//   ||   &&   == != =   < <= > >=   | & ^   + -   * / %
//   subsets intersects   ~ @ #   ! and unary -   [index]   primary
// Function calls, parentheses, lists, keys, service operands and literals
// are primaries.
#include <algorithm>
#include <array>
#include <limits>
#include <optional>

#include "autolife/condition/evaluator.hpp"
#include "autolife/condition/program.hpp"
#include "lexer.hpp"

namespace autolife::condition {

char spelling(TemporalOp op) {
  switch (op) {
    case TemporalOp::Held: return '~';
    case TemporalOp::Within: return '#';
    case TemporalOp::Ago: return '@';
  }
  return '?';
}

namespace {

using detail::excerpt;
using detail::SyntaxError;
using detail::Tok;
using detail::Token;

struct FunctionInfo {
  std::string_view name;
  Function fn;
  std::uint32_t minArgs;
  std::uint32_t maxArgs;
};

constexpr std::uint32_t kMany = 1u << 20;
constexpr double kMinimumRandPeriod = 0.001;  // seconds
constexpr std::array<FunctionInfo, 13> kFunctions{{
    {"pref", Function::Pref, 2, 2},     {"int", Function::Int, 1, 1},
    {"float", Function::Float, 1, 1},   {"string", Function::String, 1, 1},
    {"bool", Function::Bool, 1, 1},     {"type", Function::Type, 1, 1},
    {"size", Function::Size, 1, 1},     {"strlen", Function::Strlen, 1, 1},
    {"substr", Function::Substr, 3, 3}, {"concat", Function::Concat, 1, kMany},
    {"bang", Function::Bang, 1, 1},     {"stable", Function::Stable, 1, 1},
    {"rand", Function::Rand, 3, 3},
}};

std::string knownFunctions() {
  std::string out;
  for (const auto& f : kFunctions) out += (out.empty() ? "" : ", ") + std::string(f.name);
  return out;
}

std::string plural(std::uint32_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

class Parser {
public:
  Parser(std::string_view text, const CompileLimits& limits)
      : tokens_(detail::tokenize(text)), limits_(limits) {
    program_ = std::make_shared<Program>();
    program_->text = std::string(text);
  }

  std::shared_ptr<Program> run() {
    if (peek().kind == Tok::End) throw SyntaxError{0, "empty expression"};
    std::uint32_t root = parseOr();
    if (peek().kind != Tok::End) {
      const Token& t = peek();
      std::string msg = "unexpected " + describe(t) + " after a complete expression";
      if (t.kind == Tok::RParen) msg = "unbalanced ')': there is no '(' to close";
      if (t.kind == Tok::RBracket) msg = "unbalanced ']': there is no '[' to close";
      throw SyntaxError{t.begin, msg};
    }
    program_->root = root;
    computeHorizons(root, core::Duration::zero());
    for (auto h : program_->keyHorizon) program_->horizon = std::max(program_->horizon, h);
    return program_;
  }

private:
  // ---- tokens ----
  const Token& peek() const { return tokens_[pos_]; }
  const Token& advance() { return tokens_[pos_++]; }
  bool accept(Tok k) {
    if (peek().kind != k) return false;
    ++pos_;
    return true;
  }
  const Token& expect(Tok k, const char* what, const Token* opener = nullptr) {
    if (peek().kind == k) return advance();
    std::string msg = std::string("expected ") + what + ", found " + describe(peek());
    if (opener) msg += " (to close the one at " + lineColumn(opener->begin) + ")";
    throw SyntaxError{peek().begin, msg};
  }

  static std::string describe(const Token& t) {
    switch (t.kind) {
      case Tok::End: return "the end of the expression";
      case Tok::String: return "string " + excerpt(t.text);
      case Tok::Key: return "key " + excerpt(t.text);
      case Tok::Number: return "number " + excerpt(t.text);
      default: return "'" + excerpt(t.text) + "'";
    }
  }

  std::string lineColumn(std::uint32_t offset) const {
    int line = 1, col = 1;
    const std::string& text = program_->text;
    for (std::uint32_t i = 0; i < offset && i < text.size(); ++i) {
      unsigned char c = static_cast<unsigned char>(text[i]);
      if (c == '\n') {
        ++line;
        col = 1;
      } else if ((c & 0xC0) != 0x80) {
        ++col;
      }
    }
    return std::to_string(line) + ":" + std::to_string(col);
  }

  // ---- nodes ----
  // Where a node that nests too deeply is reported: at its start, or (for
  // an operator chain, whose every node starts at the chain's first operand)
  // at the operator that went past the limit.
  static constexpr std::uint32_t kAtNodeStart = std::numeric_limits<std::uint32_t>::max();

  std::uint32_t addNode(Node n, std::initializer_list<std::uint32_t> kids, std::uint32_t tooDeepAt = kAtNodeStart) {
    return addNode(n, std::vector<std::uint32_t>(kids), tooDeepAt);
  }

  std::uint32_t addNode(Node n, const std::vector<std::uint32_t>& kids, std::uint32_t tooDeepAt = kAtNodeStart) {
    std::uint32_t height = 1;
    n.firstChild = static_cast<std::uint32_t>(program_->children.size());
    n.childCount = static_cast<std::uint32_t>(kids.size());
    for (auto k : kids) {
      program_->children.push_back(k);
      height = std::max(height, heights_[k] + 1);
      n.stateful = n.stateful || program_->nodes[k].stateful;
    }
    if (height > limits_.maxDepth)
      throw SyntaxError{tooDeepAt == kAtNodeStart ? n.span.begin : tooDeepAt,
                        "expression nested too deeply (more than " + std::to_string(limits_.maxDepth) + " levels)"};
    program_->nodes.push_back(n);
    heights_.push_back(height);
    return static_cast<std::uint32_t>(program_->nodes.size() - 1);
  }

  std::uint32_t constant(core::Value v, SourceSpan span) {
    Node n;
    n.kind = NodeKind::Constant;
    n.payload = static_cast<std::uint32_t>(program_->constants.size());
    n.span = span;
    program_->constants.push_back(std::move(v));
    return addNode(n, {});
  }

  std::uint32_t keyIndex(const std::string& key) {
    auto& keys = program_->keys;
    auto it = std::find(keys.begin(), keys.end(), key);
    if (it != keys.end()) return static_cast<std::uint32_t>(it - keys.begin());
    keys.push_back(key);
    program_->keyHorizon.push_back(core::Duration::zero());
    return static_cast<std::uint32_t>(keys.size() - 1);
  }

  SourceSpan spanOf(std::uint32_t first, std::uint32_t last) const {
    return {program_->nodes[first].span.begin, program_->nodes[last].span.end};
  }

  const Node& nodeAt(std::uint32_t i) const { return program_->nodes[i]; }

  // ---- depth guard for the recursive entry points ----
  struct DepthGuard {
    Parser& p;
    DepthGuard(Parser& parser, std::uint32_t offset) : p(parser) {
      if (++p.depth_ > p.limits_.maxDepth)
        throw SyntaxError{offset, "expression nested too deeply (more than " +
                                      std::to_string(p.limits_.maxDepth) + " levels)"};
    }
    ~DepthGuard() { --p.depth_; }
  };

  // ---- grammar ----
  // Left-associative binary levels; && and || become one n-ary node per chain.
  std::uint32_t parseOr() { return parseNary(Tok::OrOr, BinaryOp::Or, &Parser::parseAnd); }
  std::uint32_t parseAnd() { return parseNary(Tok::AndAnd, BinaryOp::And, &Parser::parseEquality); }

  std::uint32_t parseNary(Tok tok, BinaryOp op, std::uint32_t (Parser::*next)()) {
    std::vector<std::uint32_t> operands{(this->*next)()};
    while (accept(tok)) operands.push_back((this->*next)());
    if (operands.size() == 1) return operands[0];
    Node n;
    n.kind = NodeKind::Binary;
    n.op = static_cast<std::uint8_t>(op);
    n.span = spanOf(operands.front(), operands.back());
    return addNode(n, operands);
  }

  using Level = std::uint32_t (Parser::*)();
  std::uint32_t parseLeft(Level next, std::initializer_list<std::pair<Tok, BinaryOp>> ops) {
    std::uint32_t left = (this->*next)();
    for (;;) {
      auto it = std::find_if(ops.begin(), ops.end(), [&](const auto& p) { return p.first == peek().kind; });
      if (it == ops.end()) return left;
      const std::uint32_t opAt = advance().begin;
      std::uint32_t right = (this->*next)();
      Node n;
      n.kind = NodeKind::Binary;
      n.op = static_cast<std::uint8_t>(it->second);
      n.span = spanOf(left, right);
      left = addNode(n, {left, right}, opAt);
    }
  }

  std::uint32_t parseEquality() {
    return parseLeft(&Parser::parseRelational, {{Tok::Equal, BinaryOp::Equal}, {Tok::NotEqual, BinaryOp::NotEqual}});
  }
  std::uint32_t parseRelational() {
    return parseLeft(&Parser::parseBitwise, {{Tok::Less, BinaryOp::Less},
                                             {Tok::LessEq, BinaryOp::LessEq},
                                             {Tok::Greater, BinaryOp::Greater},
                                             {Tok::GreaterEq, BinaryOp::GreaterEq}});
  }
  std::uint32_t parseBitwise() {
    return parseLeft(&Parser::parseAdditive,
                     {{Tok::Pipe, BinaryOp::BitOr}, {Tok::Amp, BinaryOp::BitAnd}, {Tok::Caret, BinaryOp::BitXor}});
  }
  std::uint32_t parseAdditive() {
    return parseLeft(&Parser::parseMultiplicative, {{Tok::Plus, BinaryOp::Add}, {Tok::Minus, BinaryOp::Sub}});
  }
  std::uint32_t parseMultiplicative() {
    return parseLeft(&Parser::parseSet,
                     {{Tok::Star, BinaryOp::Mul}, {Tok::Slash, BinaryOp::Div}, {Tok::Percent, BinaryOp::Mod}});
  }

  std::uint32_t parseSet() {
    std::uint32_t left = parseTemporal();
    for (;;) {
      const Token& t = peek();
      if (t.kind != Tok::Identifier || (t.text != "subsets" && t.text != "intersects")) return left;
      const std::uint32_t opAt = t.begin;
      const BinaryOp op = t.text == "subsets" ? BinaryOp::Subsets : BinaryOp::Intersects;
      advance();
      std::uint32_t right = parseTemporal();
      Node n;
      n.kind = NodeKind::Binary;
      n.op = static_cast<std::uint8_t>(op);
      n.span = spanOf(left, right);
      left = addNode(n, {left, right}, opAt);
    }
  }

  std::uint32_t parseTemporal() {
    std::uint32_t left = parseUnary();
    for (;;) {
      TemporalOp op;
      switch (peek().kind) {
        case Tok::Tilde: op = TemporalOp::Held; break;
        case Tok::Hash: op = TemporalOp::Within; break;
        case Tok::At: op = TemporalOp::Ago; break;
        default: return left;
      }
      const Token& opTok = advance();
      if (peek().kind == Tok::End)
        throw SyntaxError{peek().begin, std::string("'") + spelling(op) + "' needs a window in seconds after it"};
      std::uint32_t window = parseUnary();
      checkWindow(window, op, opTok);
      Node n;
      n.kind = NodeKind::Temporal;
      n.op = static_cast<std::uint8_t>(op);
      n.stateful = true;
      n.payload = program_->temporalCount++;
      n.span = spanOf(left, window);
      left = addNode(n, {left, window}, opTok.begin);
      if (const auto w = constantWindow(window); w != core::Duration::max())  // one that never elapses: no end
        program_->largestWindow = std::max(program_->largestWindow, w);
    }
  }

  void checkWindow(std::uint32_t window, TemporalOp op, const Token& opTok) {
    const Node& w = nodeAt(window);
    auto value = constantValue(*program_, window);
    if (!value) return;  // windows read at run time are checked when evaluated
    const core::Value& v = *value;
    bool ok = v.isNumber() && (v.isInt() ? v.asInt() >= 0 : v.asFloat() >= 0.0);
    if (!ok)
      throw SyntaxError{w.span.begin, std::string("the window of '") + spelling(op) +
                                          "' must be a number of seconds >= 0, not " +
                                          excerpt(program_->source(w)) + " (operator at " +
                                          lineColumn(opTok.begin) + ")"};
  }

  // The window a time operator will use, when it can be known now: a
  // constant expression, or rand()'s upper bound. Unknown windows count as 0.
  core::Duration constantWindow(std::uint32_t window) const {
    auto seconds = [&](std::uint32_t index) -> double {
      auto v = constantValue(*program_, index);
      if (!v) return 0.0;
      return v->isInt() ? static_cast<double>(v->asInt()) : v->isFloat() ? v->asFloat() : 0.0;
    };
    const Node& w = nodeAt(window);
    if (w.kind == NodeKind::Call && w.function() == Function::Rand)
      return core::windowFromSeconds(std::max({0.0, seconds(program_->childIndex(w, 0)), seconds(program_->childIndex(w, 1))}));
    return core::windowFromSeconds(std::max(0.0, seconds(window)));
  }

  std::uint32_t parseUnary() {
    const Token& t = peek();
    if (t.kind != Tok::Not && t.kind != Tok::Minus) return parsePostfix();
    DepthGuard guard(*this, t.begin);
    advance();
    std::uint32_t operand = parseUnary();
    const Node& o = nodeAt(operand);
    SourceSpan span{t.begin, o.span.end};
    // Fold "-5" into a constant so that windows like ~ -1 are caught at parse time.
    if (t.kind == Tok::Minus && o.kind == NodeKind::Constant && program_->constants[o.payload].isNumber()) {
      program_->constants[o.payload] = negate(program_->constants[o.payload]);
      program_->nodes[operand].span = span;
      return operand;
    }
    Node n;
    n.kind = t.kind == Tok::Not ? NodeKind::Not : NodeKind::Negate;
    n.span = span;
    return addNode(n, {operand});
  }

  std::uint32_t parsePostfix() {
    std::uint32_t base = parsePrimary();
    while (peek().kind == Tok::LBracket) {
      const Token& open = advance();
      DepthGuard guard(*this, open.begin);
      std::uint32_t idx = parseOr();
      const Token& close = expect(Tok::RBracket, "']'", &open);
      Node n;
      n.kind = NodeKind::Index;
      n.span = {nodeAt(base).span.begin, close.end};
      base = addNode(n, {base, idx});
    }
    return base;
  }

  std::uint32_t parsePrimary() {
    const Token& t = peek();
    switch (t.kind) {
      case Tok::Number: advance(); return constant(t.value, {t.begin, t.end});
      case Tok::String: advance(); return constant(t.value, {t.begin, t.end});
      case Tok::Key: {
        advance();
        Node n;
        n.kind = NodeKind::Key;
        n.payload = keyIndex(t.value.asString());
        n.span = {t.begin, t.end};
        return addNode(n, {});
      }
      case Tok::LParen: {
        advance();
        DepthGuard guard(*this, t.begin);
        if (peek().kind == Tok::RParen) throw SyntaxError{peek().begin, "empty parentheses '()'"};
        std::uint32_t inner = parseOr();
        const Token& close = expect(Tok::RParen, "')'", &t);
        // The span includes the parentheses: explain shows "('k' >= 1)".
        program_->nodes[inner].span = {t.begin, close.end};
        return inner;
      }
      case Tok::LBracket: return parseList();
      case Tok::Identifier: return parseIdentifier();
      case Tok::ServicePath: return parseServiceOperand();
      case Tok::End: throw SyntaxError{t.begin, "the expression ends where a value was expected"};
      default: throw SyntaxError{t.begin, "expected a value, found " + describe(t)};
    }
  }

  std::uint32_t parseList() {
    const Token& open = advance();
    DepthGuard guard(*this, open.begin);
    std::vector<std::uint32_t> items;
    if (peek().kind != Tok::RBracket) {
      do {
        if (peek().kind == Tok::RBracket) throw SyntaxError{peek().begin, "a list item is missing before ']'"};
        items.push_back(parseOr());
      } while (accept(Tok::Comma));
    }
    const Token& close = expect(Tok::RBracket, "',' or ']'", &open);
    Node n;
    n.kind = NodeKind::List;
    n.span = {open.begin, close.end};
    return addNode(n, items);
  }

  std::uint32_t parseIdentifier() {
    const Token& name = advance();
    if (name.text == "true" || name.text == "false") return constant(name.text == "true", {name.begin, name.end});
    if (name.text == "subsets" || name.text == "intersects")
      throw SyntaxError{name.begin, "'" + excerpt(name.text) + "' needs a value on its left"};
    auto fn = std::find_if(kFunctions.begin(), kFunctions.end(), [&](const auto& f) { return f.name == name.text; });
    if (fn == kFunctions.end()) {
      if (peek().kind == Tok::LParen)
        throw SyntaxError{name.begin, "unknown function '" + excerpt(name.text) + "' (functions are: " +
                                          knownFunctions() + ")"};
      throw SyntaxError{name.begin, "unknown name '" + excerpt(name.text) +
                                        "'; write memory keys in single quotes ('" + excerpt(name.text) +
                                        "'), strings in double quotes and service operands as Service.member"};
    }
    const Token& open = expect(Tok::LParen, "'(' after the function name");
    DepthGuard guard(*this, open.begin);
    std::vector<std::uint32_t> args;
    if (peek().kind != Tok::RParen) {
      do args.push_back(parseOr());
      while (accept(Tok::Comma));
    }
    const Token& close = expect(Tok::RParen, "',' or ')'", &open);
    auto count = static_cast<std::uint32_t>(args.size());
    if (count < fn->minArgs || count > fn->maxArgs) {
      std::string expected = fn->minArgs == fn->maxArgs ? plural(fn->minArgs, "argument")
                                                        : "at least " + plural(fn->minArgs, "argument");
      throw SyntaxError{name.begin, std::string(fn->name) + "() takes " + expected + ", got " + std::to_string(count)};
    }
    Node n;
    n.kind = NodeKind::Call;
    n.op = static_cast<std::uint8_t>(fn->fn);
    n.span = {name.begin, close.end};
    switch (fn->fn) {
      case Function::Pref: return preference(n, args);
      case Function::Bang: return bang(n, args);
      case Function::Stable:
        n.stateful = true;
        n.payload = program_->stableCount++;
        break;
      case Function::Rand:
        checkRandPeriod(args[2]);
        n.payload = program_->randCount++;
        break;
      default: break;
    }
    return addNode(n, args);
  }

  // `Service.member[.sub...]` then any `["name"]` right after it: one
  // memory key, named as written (map indexing in its canonical spelling),
  // that the engine feeds from the service (docs/conditions.md).
  std::uint32_t parseServiceOperand() {
    const Token& path = advance();
    if (peek().kind == Tok::LParen)
      throw SyntaxError{path.begin, "'" + excerpt(path.text) +
                                        "' cannot be called: a condition reads a service's signals and "
                                        "properties (Service.member), not its methods"};
    ServiceOperand operand = splitServicePath(path.text);
    std::string key(path.text);
    SourceSpan span{path.begin, path.end};
    while (peek().kind == Tok::LBracket && tokens_[pos_ + 1].kind == Tok::String &&
           tokens_[pos_ + 2].kind == Tok::RBracket) {
      const std::string& name = tokens_[pos_ + 1].value.asString();
      key += canonicalMapIndex(name);
      operand.path.push_back(name);
      span.end = tokens_[pos_ + 2].end;
      pos_ += 3;
    }
    Node n;
    n.kind = NodeKind::Key;
    n.payload = keyIndex(key);
    n.span = span;
    operand.key = n.payload;
    auto& operands = program_->serviceOperands;
    if (std::none_of(operands.begin(), operands.end(), [&](const auto& o) { return o.key == operand.key; }))
      operands.push_back(std::move(operand));
    return addNode(n, {});
  }

  static ServiceOperand splitServicePath(std::string_view text) {
    ServiceOperand out;
    std::vector<std::string> parts;
    for (std::size_t start = 0;;) {
      const std::size_t dot = text.find('.', start);
      parts.emplace_back(text.substr(start, dot == text.npos ? text.npos : dot - start));
      if (dot == text.npos) break;
      start = dot + 1;
    }
    out.service = parts[0];
    out.member = parts[1];  // the lexer guarantees at least one dot
    out.path.assign(parts.begin() + 2, parts.end());
    return out;
  }

  // `["name"]` with `\` and `"` escaped (and control characters written
  // as \n, \t, \r), so that a key names one map member unambiguously.
  static std::string canonicalMapIndex(const std::string& name) {
    std::string out = "[\"";
    for (char c : name) {
      switch (c) {
        case '\\': out += "\\\\"; break;
        case '"': out += "\\\""; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default: out += c;
      }
    }
    return out + "\"]";
  }

  std::uint32_t preference(Node n, const std::vector<std::uint32_t>& args) {
    for (auto a : args) {
      const Node& arg = nodeAt(a);
      if (arg.kind != NodeKind::Constant || !program_->constants[arg.payload].isString())
        throw SyntaxError{arg.span.begin, "pref() takes two constant strings, like pref(\"com.example\", \"name\"); " +
                                              excerpt(program_->source(arg)) + " is not one"};
    }
    PreferenceRef ref{program_->constants[nodeAt(args[0]).payload].asString(),
                      program_->constants[nodeAt(args[1]).payload].asString()};
    auto& prefs = program_->prefs;
    auto it = std::find_if(prefs.begin(), prefs.end(), [&](const auto& p) {
      return p.domain == ref.domain && p.setting == ref.setting;
    });
    n.payload = static_cast<std::uint32_t>(it - prefs.begin());
    if (it == prefs.end()) prefs.push_back(std::move(ref));
    return addNode(n, {});
  }

  std::uint32_t bang(Node n, const std::vector<std::uint32_t>& args) {
    const Node& arg = nodeAt(args[0]);
    if (arg.kind != NodeKind::Key)
      throw SyntaxError{arg.span.begin, "bang() takes one memory key in single quotes, like bang('MyEvent'); " +
                                            excerpt(program_->source(arg)) + " is not one"};
    n.payload = arg.payload;
    return addNode(n, {});
  }

  void checkRandPeriod(std::uint32_t period) {
    const Node& p = nodeAt(period);
    // A constant expression, like a time operator's window (`2 * 60`).
    const auto value = constantValue(*program_, period);
    bool ok = value && value->isNumber();
    if (ok) {
      const core::Value& v = *value;
      const double seconds = v.isInt() ? static_cast<double>(v.asInt()) : v.asFloat();
      // A redraw every nanosecond would be evaluated a billion times a
      // second: periods below a millisecond are refused.
      ok = seconds == 0.0 || seconds >= kMinimumRandPeriod;
    }
    if (!ok)
      throw SyntaxError{p.span.begin, "rand()'s period must be a constant number of seconds, 0 (drawn once) or at "
                                      "least 0.001, not " + excerpt(program_->source(p))};
  }

  // How far back each key is looked at: the sum of the windows of the time
  // operators above it (the memory keeps that much history for it).
  void computeHorizons(std::uint32_t index, core::Duration above) {
    const Node& n = nodeAt(index);
    if (n.kind == NodeKind::Key || (n.kind == NodeKind::Call && n.function() == Function::Bang)) {
      auto& h = program_->keyHorizon[n.payload];
      h = std::max(h, above);
      return;
    }
    for (std::uint32_t k = 0; k < n.childCount; ++k) {
      core::Duration extra{0};
      if (n.kind == NodeKind::Temporal && k == 0) extra = constantWindow(program_->childIndex(n, 1));
      // A window can be Duration::max() (it never elapses), and nested ones
      // add up past what int64 nanoseconds hold: saturate (keep it all).
      const core::Duration below = extra > core::Duration::max() - above ? core::Duration::max() : above + extra;
      computeHorizons(program_->childIndex(n, k), below);
    }
  }

  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  std::uint32_t depth_ = 0;
  std::vector<std::uint32_t> heights_;
  const CompileLimits& limits_;
  std::shared_ptr<Program> program_;
};

core::Diagnostic diagnosticAt(std::string_view text, std::uint32_t offset, std::string message) {
  core::Diagnostic d;
  d.line = 1;
  d.column = 1;
  std::size_t lineStart = 0;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      ++d.line;
      d.column = 1;
      lineStart = i + 1;
    } else if ((c & 0xC0) != 0x80) {
      ++d.column;
    }
  }
  std::size_t lineEnd = text.find('\n', lineStart);
  d.sourceLine = std::string(text.substr(lineStart, lineEnd == std::string_view::npos ? text.npos : lineEnd - lineStart));
  if (!d.sourceLine.empty() && d.sourceLine.back() == '\r') d.sourceLine.pop_back();
  d.message = std::move(message);
  return d;
}

}  // namespace

std::variant<std::shared_ptr<const Program>, core::Diagnostic> compile(std::string_view text,
                                                                      const CompileLimits& limits) {
  if (text.size() > limits.maxLength)
    return diagnosticAt(text, 0, "expression is too long (" + std::to_string(text.size()) +
                                     " bytes; the limit is " + std::to_string(limits.maxLength) + ")");
  try {
    Parser parser(text, limits);
    return std::shared_ptr<const Program>(parser.run());
  } catch (const SyntaxError& e) {
    return diagnosticAt(text, e.offset, e.message);
  }
}

}  // namespace autolife::condition
