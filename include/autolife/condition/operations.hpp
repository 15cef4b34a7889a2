// The value semantics of the conditions language (REFERENCE §3 Decisions):
// what every operator and function does with every type. Pure functions,
// no state, no exceptions: bad combinations give Invalid.
#pragma once

#include <cstdint>
#include <span>

#include "autolife/core/value.hpp"

namespace autolife::condition {

using core::Value;

enum class BinaryOp : std::uint8_t {
  Mul, Div, Mod, Add, Sub,
  BitOr, BitAnd, BitXor,
  Less, LessEq, Greater, GreaterEq,
  Equal, NotEqual,
  And, Or,
  Subsets, Intersects,
};
std::string_view spelling(BinaryOp op);

enum class Function : std::uint8_t {
  Pref, Int, Float, String, Bool, Type, Size, Strlen, Substr, Concat, Bang, Stable, Rand,
};
std::string_view spelling(Function f);

// Arithmetic and bitwise operators (Mul..BitXor).
Value arithmetic(BinaryOp op, const Value& a, const Value& b);
// Comparisons (Less..NotEqual); always a Bool.
bool compare(BinaryOp op, const Value& a, const Value& b);
bool equals(const Value& a, const Value& b);
bool subsets(const Value& a, const Value& b);
bool intersects(const Value& a, const Value& b);
Value negate(const Value& a);
Value index(const Value& list, const Value& i);

// The pure functions (everything but pref, bang, stable and rand).
Value castInt(const Value& v);
Value castFloat(const Value& v);
Value castString(const Value& v);
Value castBool(const Value& v);
Value typeOf(const Value& v);
Value sizeOf(const Value& v);
Value strlenOf(const Value& v);
Value substr(const Value& s, const Value& start, const Value& length);
Value concat(std::span<const Value> parts);

// rand(lo, hi, period) for draw number `draw` of stream `stream`: Int in
// [lo, hi] when both are Int, else Float in [lo, hi]. Deterministic in
// (seed, stream, draw).
Value randomDraw(const Value& lo, const Value& hi, std::uint64_t seed, std::uint64_t stream,
                 std::uint64_t draw);

}  // namespace autolife::condition
