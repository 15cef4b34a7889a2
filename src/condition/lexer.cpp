#include "lexer.hpp"

#include <cctype>
#include <charconv>
#include <cmath>

namespace autolife::condition::detail {

namespace {

bool isIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

class Lexer {
public:
  explicit Lexer(std::string_view text) : text_(text) {}

  std::vector<Token> run() {
    std::vector<Token> out;
    for (;;) {
      skipSpace();
      if (pos_ >= text_.size()) break;
      out.push_back(next());
    }
    out.push_back({Tok::End, offset(), offset(), {}, {}});
    return out;
  }

private:
  std::uint32_t offset() const { return static_cast<std::uint32_t>(pos_); }

  void skipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }

  Token make(Tok kind, std::size_t begin) {
    return {kind, static_cast<std::uint32_t>(begin), offset(), {}, text_.substr(begin, pos_ - begin)};
  }

  Token next() {
    const std::size_t begin = pos_;
    const char c = text_[pos_];
    if (isDigit(c) || (c == '.' && pos_ + 1 < text_.size() && isDigit(text_[pos_ + 1]))) return number();
    if (c == '"') return quoted('"', Tok::String, "string");
    if (c == '\'') return quoted('\'', Tok::Key, "memory key");
    if (isIdentStart(c)) {
      identifier();
      if (pos_ >= text_.size() || text_[pos_] != '.') return make(Tok::Identifier, begin);
      return servicePath(begin);
    }
    ++pos_;
    auto two = [&](char second, Tok ifTwo, Tok ifOne) {
      if (pos_ < text_.size() && text_[pos_] == second) {
        ++pos_;
        return make(ifTwo, begin);
      }
      return make(ifOne, begin);
    };
    switch (c) {
      case '(': return make(Tok::LParen, begin);
      case ')': return make(Tok::RParen, begin);
      case '[': return make(Tok::LBracket, begin);
      case ']': return make(Tok::RBracket, begin);
      case ',': return make(Tok::Comma, begin);
      case '|': return two('|', Tok::OrOr, Tok::Pipe);
      case '&': return two('&', Tok::AndAnd, Tok::Amp);
      case '!': return two('=', Tok::NotEqual, Tok::Not);
      case '=': return two('=', Tok::Equal, Tok::Equal);  // a single '=' is equality too
      case '<': return two('=', Tok::LessEq, Tok::Less);
      case '>': return two('=', Tok::GreaterEq, Tok::Greater);
      case '+': return make(Tok::Plus, begin);
      case '-': return make(Tok::Minus, begin);
      case '*': return make(Tok::Star, begin);
      case '/': return make(Tok::Slash, begin);
      case '%': return make(Tok::Percent, begin);
      case '^': return make(Tok::Caret, begin);
      case '~': return make(Tok::Tilde, begin);
      case '@': return make(Tok::At, begin);
      case '#': return make(Tok::Hash, begin);
      default: break;
    }
    std::string shown = static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f
                            ? "byte 0x" + toHex(static_cast<unsigned char>(c))
                            : std::string("'") + c + "'";
    throw SyntaxError{static_cast<std::uint32_t>(begin), "unexpected character " + shown};
  }

  void identifier() {
    while (pos_ < text_.size() && isIdentChar(text_[pos_])) ++pos_;
  }

  // `Service.member.sub`: identifiers joined by dots, no spaces. A dot must
  // be followed by a member name (`Svc.` and `Svc.5` are errors).
  Token servicePath(std::size_t begin) {
    while (pos_ < text_.size() && text_[pos_] == '.') {
      if (pos_ + 1 >= text_.size() || !isIdentStart(text_[pos_ + 1]))
        throw SyntaxError{static_cast<std::uint32_t>(pos_),
                          "expected a member name after '" + excerpt(text_.substr(begin, pos_ + 1 - begin)) +
                              "' (service operands are written Service.member)"};
      ++pos_;
      identifier();
    }
    return make(Tok::ServicePath, begin);
  }

  static std::string toHex(unsigned char c) {
    const char* digits = "0123456789abcdef";
    return {digits[c >> 4], digits[c & 15]};
  }

  Token number() {
    const std::size_t begin = pos_;
    bool isFloat = false;
    while (pos_ < text_.size() && isDigit(text_[pos_])) ++pos_;
    if (pos_ < text_.size() && text_[pos_] == '.') {
      isFloat = true;
      ++pos_;
      while (pos_ < text_.size() && isDigit(text_[pos_])) ++pos_;
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      std::size_t save = pos_++;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      if (pos_ < text_.size() && isDigit(text_[pos_])) {
        isFloat = true;
        while (pos_ < text_.size() && isDigit(text_[pos_])) ++pos_;
      } else {
        pos_ = save;  // "2e" is 2 followed by an identifier: let the parser complain
      }
    }
    if (pos_ < text_.size() && isIdentStart(text_[pos_]))
      throw SyntaxError{static_cast<std::uint32_t>(pos_), "a number cannot be followed directly by a letter"};
    Token t = make(Tok::Number, begin);
    const char* first = text_.data() + begin;
    const char* last = text_.data() + pos_;
    if (!isFloat) {
      std::int64_t i = 0;
      auto [p, ec] = std::from_chars(first, last, i);
      if (ec != std::errc() || p != last)
        throw SyntaxError{static_cast<std::uint32_t>(begin),
                          "integer " + excerpt(t.text) + " does not fit in 64 bits"};
      t.value = i;
    } else {
      double d = 0;
      auto [p, ec] = std::from_chars(first, last, d);
      if (ec != std::errc() || p != last || !std::isfinite(d))
        throw SyntaxError{static_cast<std::uint32_t>(begin),
                          "number " + excerpt(t.text) + " is out of range"};
      t.value = d;
    }
    return t;
  }

  Token quoted(char quote, Tok kind, const char* what) {
    const std::size_t begin = pos_++;
    std::string out;
    while (pos_ < text_.size() && text_[pos_] != quote) {
      char c = text_[pos_++];
      if (c == '\\' && pos_ < text_.size()) {
        char e = text_[pos_++];
        switch (e) {
          case 'n': out += '\n'; break;
          case 't': out += '\t'; break;
          case '\\': out += '\\'; break;
          case '"': out += '"'; break;
          case '\'': out += '\''; break;
          default: out += '\\'; out += e;  // unknown escapes stay as written
        }
      } else {
        out += c;
      }
    }
    if (pos_ >= text_.size())
      throw SyntaxError{static_cast<std::uint32_t>(begin),
                        std::string("unterminated ") + what + ": missing closing " + quote};
    ++pos_;
    if (kind == Tok::Key && out.empty())
      throw SyntaxError{static_cast<std::uint32_t>(begin), "empty memory key ''"};
    Token t = make(kind, begin);
    t.value = std::move(out);
    return t;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

std::vector<Token> tokenize(std::string_view text) { return Lexer(text).run(); }

std::string excerpt(std::string_view text) {
  constexpr std::size_t kMax = 40;
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (out.size() >= kMax) {
      // Do not cut a UTF-8 character in two.
      while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0x80) out.pop_back();
      if (!out.empty() && (static_cast<unsigned char>(out.back()) & 0x80)) out.pop_back();
      return out + "...";
    }
    char c = text[i];
    out += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  }
  return out;
}

}  // namespace autolife::condition::detail
