// Tokens of the conditions language (internal to the parser).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "autolife/core/value.hpp"

namespace autolife::condition::detail {

enum class Tok : std::uint8_t {
  Number, String, Key, Identifier,
  ServicePath,  // Service.member[.sub...]: NAOqi 2.8's service operands
  LParen, RParen, LBracket, RBracket, Comma,
  OrOr, AndAnd, Not, Equal, NotEqual, Less, LessEq, Greater, GreaterEq,
  Plus, Minus, Star, Slash, Percent, Pipe, Amp, Caret,
  Tilde, At, Hash,
  End,
};

struct Token {
  Tok kind = Tok::End;
  std::uint32_t begin = 0;  // byte offsets into the text
  std::uint32_t end = 0;
  core::Value value;  // Number: Int or Float; String/Key: the unescaped text
  std::string_view text;  // as written (identifiers, messages)
};

// Thrown inside the parser, turned into a Diagnostic at the boundary.
struct SyntaxError {
  std::uint32_t offset;
  std::string message;
};

std::vector<Token> tokenize(std::string_view text);

// Source text as quoted in an error message: on one line, and cut to a few
// dozen characters (a stray 1 MiB string must not make a 1 MiB message).
std::string excerpt(std::string_view text);

}  // namespace autolife::condition::detail
