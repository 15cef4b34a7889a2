// The QiChat parser's view of one statement (a rule, a concept...): its
// text, possibly spread over several lines, with each character's line and
// column, so that every error says where it is.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "autolife/dialog/topic.hpp"

namespace autolife::dialog::parse {

struct Statement {
  std::string keyword;  // lower-case: "u", "proposal", "concept"...
  int level = 0;        // uN: N
  std::string body;     // after "keyword:", comments removed, lines joined by '\n'
  std::vector<Where> positions;  // one per body byte, plus the end
  Where at;             // the keyword
  std::string sourceLine;
};

// Thrown inside the parser only; parseTopic turns it into a Problem.
struct SyntaxError : std::runtime_error {
  SyntaxError(Where w, const std::string& message) : std::runtime_error(message), where(w) {}
  Where where;
};

class Cursor {
public:
  Cursor(const Statement& s, std::size_t begin, std::size_t end) : s_(s), i_(begin), end_(end) {}
  explicit Cursor(const Statement& s) : Cursor(s, 0, s.body.size()) {}

  bool atEnd() const { return i_ >= end_; }
  char peek(std::size_t k = 0) const { return i_ + k < end_ ? s_.body[i_ + k] : '\0'; }
  char next() { return atEnd() ? '\0' : s_.body[i_++]; }
  std::size_t offset() const { return i_; }
  std::size_t end() const { return end_; }
  void seek(std::size_t i) { i_ = i; }
  Where where() const { return s_.positions[std::min(i_, s_.positions.size() - 1)]; }
  Where whereAt(std::size_t i) const { return s_.positions[std::min(i, s_.positions.size() - 1)]; }
  std::string_view slice(std::size_t b, std::size_t e) const { return std::string_view(s_.body).substr(b, e - b); }
  const Statement& statement() const { return s_; }

  void skipSpace() {
    while (!atEnd() && isSpace(peek())) ++i_;
  }
  [[noreturn]] void fail(const std::string& message) const { throw SyntaxError(where(), message); }
  [[noreturn]] void failAt(Where w, const std::string& message) const { throw SyntaxError(w, message); }

  static bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  // Names of concepts, variables, tags, functions, topics.
  static bool isNameChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           static_cast<unsigned char>(c) >= 0x80;
  }
  std::string name() {
    const std::size_t b = i_;
    while (!atEnd() && isNameChar(peek())) ++i_;
    return std::string(slice(b, i_));
  }
  // A concept's name: also '/' inside (the Japanese lexicon's ~how_much/many).
  std::string conceptName() {
    const std::size_t b = i_;
    while (!atEnd() && (isNameChar(peek()) || (peek() == '/' && i_ > b && isNameChar(peek(1))))) ++i_;
    return std::string(slice(b, i_));
  }
  // A variable or event name: also '/' and '.' inside (Dialog/LastInput, ALMemory keys).
  std::string keyName() {
    const std::size_t b = i_;
    if (peek() >= '0' && peek() <= '9') {  // $1: a capture, whatever follows
      while (!atEnd() && peek() >= '0' && peek() <= '9') ++i_;
      return std::string(slice(b, i_));
    }
    while (!atEnd()) {
      const char c = peek();
      if (isNameChar(c) || c == '/' || c == ':' || (c == '.' && isNameChar(peek(1)))) ++i_;
      else break;
    }
    return std::string(slice(b, i_));
  }

private:
  const Statement& s_;
  std::size_t i_;
  std::size_t end_;
};

// Grammar of inputs and outputs (grammar.cpp).
struct Grammar {
  bool characters = false;  // the topic's language is written without spaces
  std::vector<core::Problem>* problems = nullptr;
  std::string file;

  // A rule's input up to (and consuming) `close`.
  PatternNode pattern(Cursor& c, char close, int depth = 0, std::optional<Where> opened = {}) const;
  // An answer up to the cursor's end.
  OutputNode output(Cursor& c, int depth = 0) const;
  void warn(Where w, const std::string& message) const;

private:
  PatternNode patternElement(Cursor& c, int depth) const;
  PatternNode patternItems(Cursor& c, PatternKind kind, char close, int depth) const;
  PatternNode patternFunction(Cursor& c, int depth) const;
  PatternNode patternVariable(Cursor& c) const;
  OutputNode outputUntil(Cursor& c, char close, int depth) const;
  bool outputElement(Cursor& c, OutputNode& group, int depth) const;
  OutputNode outputItem(Cursor& c, char close, int depth) const;
  OutputNode outputValue(Cursor& c, int depth) const;
  OutputNode outputItems(Cursor& c, OutputKind kind, std::string op, char close, int depth) const;
  OutputNode outputFunction(Cursor& c, int depth) const;
  OutputNode outputVariable(Cursor& c, int depth) const;
  std::string value(Cursor& c) const;
};

}  // namespace autolife::dialog::parse
