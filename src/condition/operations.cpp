#include "autolife/condition/operations.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "autolife/core/ascii.hpp"

namespace autolife::condition {

std::string_view spelling(BinaryOp op) {
  switch (op) {
    case BinaryOp::Mul: return "*";
    case BinaryOp::Div: return "/";
    case BinaryOp::Mod: return "%";
    case BinaryOp::Add: return "+";
    case BinaryOp::Sub: return "-";
    case BinaryOp::BitOr: return "|";
    case BinaryOp::BitAnd: return "&";
    case BinaryOp::BitXor: return "^";
    case BinaryOp::Less: return "<";
    case BinaryOp::LessEq: return "<=";
    case BinaryOp::Greater: return ">";
    case BinaryOp::GreaterEq: return ">=";
    case BinaryOp::Equal: return "==";
    case BinaryOp::NotEqual: return "!=";
    case BinaryOp::And: return "&&";
    case BinaryOp::Or: return "||";
    case BinaryOp::Subsets: return "subsets";
    case BinaryOp::Intersects: return "intersects";
  }
  return "?";
}

std::string_view spelling(Function f) {
  switch (f) {
    case Function::Pref: return "pref";
    case Function::Int: return "int";
    case Function::Float: return "float";
    case Function::String: return "string";
    case Function::Bool: return "bool";
    case Function::Type: return "type";
    case Function::Size: return "size";
    case Function::Strlen: return "strlen";
    case Function::Substr: return "substr";
    case Function::Concat: return "concat";
    case Function::Bang: return "bang";
    case Function::Stable: return "stable";
    case Function::Rand: return "rand";
  }
  return "?";
}

namespace {

// A number as arithmetic sees it: Invalid acts as Int 0, Bool as Int 0/1.
struct Number {
  bool isInt;
  std::int64_t i;
  double d;
};

std::optional<Number> asNumber(const Value& v) {
  switch (v.type()) {
    case Value::Type::Invalid: return Number{true, 0, 0.0};
    case Value::Type::Bool: return Number{true, v.asBool() ? 1 : 0, v.asBool() ? 1.0 : 0.0};
    case Value::Type::Int: return Number{true, v.asInt(), static_cast<double>(v.asInt())};
    case Value::Type::Float: return Number{false, 0, v.asFloat()};
    default: return std::nullopt;
  }
}

// Int arithmetic wraps around in two's complement, like int64 in Java or C#:
// defined, reproducible, never a crash.
std::int64_t wrap(std::uint64_t u) { return static_cast<std::int64_t>(u); }

Value intArithmetic(BinaryOp op, std::int64_t a, std::int64_t b) {
  const auto ua = static_cast<std::uint64_t>(a), ub = static_cast<std::uint64_t>(b);
  switch (op) {
    case BinaryOp::Add: return wrap(ua + ub);
    case BinaryOp::Sub: return wrap(ua - ub);
    case BinaryOp::Mul: return wrap(ua * ub);
    case BinaryOp::Div:
      if (b == 0) return {};
      if (a == std::numeric_limits<std::int64_t>::min() && b == -1) return a;  // wraps
      return a / b;  // C++ truncates toward zero
    case BinaryOp::Mod:
      if (b == 0) return {};
      if (b == -1) return std::int64_t{0};
      return a % b;
    case BinaryOp::BitOr: return a | b;
    case BinaryOp::BitAnd: return a & b;
    case BinaryOp::BitXor: return a ^ b;
    default: return {};
  }
}

// A non-finite result (overflow, 0/0) becomes Invalid in Value(double).
Value floatArithmetic(BinaryOp op, double a, double b) {
  switch (op) {
    case BinaryOp::Add: return Value(a + b);
    case BinaryOp::Sub: return Value(a - b);
    case BinaryOp::Mul: return Value(a * b);
    case BinaryOp::Div: return b == 0.0 ? Value{} : Value(a / b);
    case BinaryOp::Mod: return b == 0.0 ? Value{} : Value(std::fmod(a, b));
    default: return {};  // bitwise operators take no Float
  }
}

bool isBitwise(BinaryOp op) {
  return op == BinaryOp::BitOr || op == BinaryOp::BitAnd || op == BinaryOp::BitXor;
}

int threeWay(auto a, auto b) { return a < b ? -1 : (a > b ? 1 : 0); }

// An Int against a Float, exactly: converting the Int to double would make
// 2^53 + 1 equal to 2^53.
int compareIntWithFloat(std::int64_t i, double d) {
  if (d >= 9223372036854775808.0) return -1;  // 2^63: beyond every Int
  if (d < -9223372036854775808.0) return 1;
  const double whole = std::trunc(d);
  const auto w = static_cast<std::int64_t>(whole);
  if (i != w) return threeWay(i, w);
  return threeWay(0.0, d - whole);  // same whole part: the fraction decides
}

// Three-way numeric comparison, exact for every pair of Ints and Floats.
int compareNumbers(const Number& a, const Number& b) {
  if (a.isInt && b.isInt) return threeWay(a.i, b.i);
  if (a.isInt) return compareIntWithFloat(a.i, b.d);
  if (b.isInt) return -compareIntWithFloat(b.i, a.d);
  return threeWay(a.d, b.d);
}

bool isNumberLike(const Value& v) {
  return v.isInvalid() || v.isBool() || v.isNumber();
}

std::span<const Value> asList(const Value& v, const Value*& scalarStorage) {
  if (v.isArray()) return v.asArray();
  scalarStorage = &v;
  return {scalarStorage, 1};
}

bool contains(std::span<const Value> list, const Value& x) {
  for (const auto& y : list)
    if (equals(x, y)) return true;
  return false;
}

std::string trim(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

// A whole string as a number: Int when it is an integer literal, else Float.
std::optional<Value> parseNumber(const std::string& text) {
  std::string s = trim(text);
  if (s.empty()) return std::nullopt;
  const char* first = s.data();
  const char* last = s.data() + s.size();
  // One optional '+'; from_chars reads the '-' itself, so "+-5" must stop here.
  if (*first == '+' && ++first != last && (*first == '-' || *first == '+')) return std::nullopt;
  std::int64_t i = 0;
  auto [pi, ei] = std::from_chars(first, last, i);
  if (ei == std::errc() && pi == last) return Value(i);
  double d = 0;
  auto [pd, ed] = std::from_chars(first, last, d);
  if (ed == std::errc() && pd == last && std::isfinite(d)) return Value(d);
  return std::nullopt;
}

std::optional<std::int64_t> truncateToInt(double d) {
  if (!std::isfinite(d)) return std::nullopt;
  double t = std::trunc(d);
  // 2^63 is exactly representable; anything at or beyond it does not fit.
  if (t >= 9223372036854775808.0 || t < -9223372036854775808.0) return std::nullopt;
  return static_cast<std::int64_t>(t);
}

__extension__ typedef unsigned __int128 Uint128;  // __extension__: -Wpedantic

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace

Value arithmetic(BinaryOp op, const Value& a, const Value& b) {
  if (op == BinaryOp::Add && a.isString() && b.isString()) return a.asString() + b.asString();
  // REFERENCE §3: `| & ^` take Int or Bool, "other types -> Invalid"; Invalid
  // counts as 0 only in arithmetic and numeric comparison.
  if (isBitwise(op) && (a.isInvalid() || b.isInvalid())) return {};
  auto na = asNumber(a), nb = asNumber(b);
  if (!na || !nb) return {};
  if (na->isInt && nb->isInt) return intArithmetic(op, na->i, nb->i);
  if (isBitwise(op)) return {};
  return floatArithmetic(op, na->d, nb->d);
}

bool equals(const Value& a, const Value& b) {
  if (isNumberLike(a) && isNumberLike(b)) return compareNumbers(*asNumber(a), *asNumber(b)) == 0;
  if (a.isString() && b.isString()) return a.asString() == b.asString();
  if (a.isArray() && b.isArray()) {
    const auto& x = a.asArray();
    const auto& y = b.asArray();
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (!equals(x[i], y[i])) return false;
    return true;
  }
  return false;  // other mixes (a String and Invalid, say) are never equal
}

bool compare(BinaryOp op, const Value& a, const Value& b) {
  if (a.isInt() && b.isInt()) {  // the common case, without the general path's conversions
    const std::int64_t x = a.asInt(), y = b.asInt();
    switch (op) {
      case BinaryOp::Less: return x < y;
      case BinaryOp::LessEq: return x <= y;
      case BinaryOp::Greater: return x > y;
      case BinaryOp::GreaterEq: return x >= y;
      case BinaryOp::Equal: return x == y;
      case BinaryOp::NotEqual: return x != y;
      default: return false;
    }
  }
  if (op == BinaryOp::Equal) return equals(a, b);
  if (op == BinaryOp::NotEqual) return !equals(a, b);
  int c;
  if (isNumberLike(a) && isNumberLike(b)) c = compareNumbers(*asNumber(a), *asNumber(b));
  else if (a.isString() && b.isString()) c = a.asString().compare(b.asString());
  else return false;  // ordering other mixes is always false
  switch (op) {
    case BinaryOp::Less: return c < 0;
    case BinaryOp::LessEq: return c <= 0;
    case BinaryOp::Greater: return c > 0;
    case BinaryOp::GreaterEq: return c >= 0;
    default: return false;
  }
}

bool subsets(const Value& a, const Value& b) {
  const Value* sa = nullptr;
  const Value* sb = nullptr;
  auto la = asList(a, sa);
  auto lb = asList(b, sb);
  for (const auto& x : la)
    if (!contains(lb, x)) return false;
  return true;
}

bool intersects(const Value& a, const Value& b) {
  const Value* sa = nullptr;
  const Value* sb = nullptr;
  auto la = asList(a, sa);
  auto lb = asList(b, sb);
  for (const auto& x : la)
    if (contains(lb, x)) return true;
  return false;
}

Value negate(const Value& a) {
  auto n = asNumber(a);
  if (!n) return {};
  if (n->isInt) return wrap(0 - static_cast<std::uint64_t>(n->i));
  return -n->d;
}

Value index(const Value& list, const Value& i) {
  if (!list.isArray() || !i.isInt()) return {};
  const auto& a = list.asArray();
  if (i.asInt() < 0 || static_cast<std::uint64_t>(i.asInt()) >= a.size()) return {};
  return a[static_cast<std::size_t>(i.asInt())];
}

Value castInt(const Value& v) {
  switch (v.type()) {
    case Value::Type::Bool: return std::int64_t{v.asBool() ? 1 : 0};
    case Value::Type::Int: return v;
    case Value::Type::Float: {
      auto i = truncateToInt(v.asFloat());
      return i ? Value(*i) : Value();
    }
    case Value::Type::String: {
      auto n = parseNumber(v.asString());
      if (!n) return {};
      return n->isInt() ? *n : castInt(*n);
    }
    default: return {};
  }
}

Value castFloat(const Value& v) {
  switch (v.type()) {
    case Value::Type::Bool: return v.asBool() ? 1.0 : 0.0;
    case Value::Type::Int: return static_cast<double>(v.asInt());
    case Value::Type::Float: return v;
    case Value::Type::String: {
      auto n = parseNumber(v.asString());
      if (!n) return {};
      return n->isInt() ? Value(static_cast<double>(n->asInt())) : *n;
    }
    default: return {};
  }
}

Value castString(const Value& v) {
  switch (v.type()) {
    case Value::Type::Invalid: return {};
    case Value::Type::Bool: return v.asBool() ? "true" : "false";
    case Value::Type::Int: return std::to_string(v.asInt());
    case Value::Type::Float: return core::formatFloat(v.asFloat());
    case Value::Type::String: return v;
    case Value::Type::Array: return v.toJson();
    default: return {};  // a condition never holds the other kinds (core::conditionValue)
  }
}

Value castBool(const Value& v) {
  switch (v.type()) {
    case Value::Type::Invalid: return {};
    case Value::Type::String: {
      std::string s = core::asciiLower(trim(v.asString()));
      if (s.empty() || s == "false") return false;
      if (s == "true") return true;
      auto n = parseNumber(s);
      if (!n) return {};
      return n->truthy();
    }
    default: return v.truthy();
  }
}

Value typeOf(const Value& v) { return std::string(v.typeName()); }

Value sizeOf(const Value& v) {
  if (v.isArray()) return static_cast<std::int64_t>(v.asArray().size());
  if (v.isString()) return static_cast<std::int64_t>(v.asString().size());
  return {};
}

Value strlenOf(const Value& v) {
  if (!v.isString()) return {};
  return static_cast<std::int64_t>(v.asString().size());
}

Value substr(const Value& s, const Value& start, const Value& length) {
  if (!s.isString() || !start.isInt() || !length.isInt()) return {};
  if (start.asInt() < 0 || length.asInt() < 0) return {};
  const std::string& str = s.asString();
  auto b = static_cast<std::uint64_t>(start.asInt());
  if (b >= str.size()) return std::string();
  return str.substr(static_cast<std::size_t>(b), static_cast<std::size_t>(length.asInt()));
}

Value concat(std::span<const Value> parts) {
  bool allArrays = !parts.empty();
  for (const auto& p : parts) allArrays = allArrays && p.isArray();
  if (allArrays) {
    Value::Array out;
    for (const auto& p : parts) out.insert(out.end(), p.asArray().begin(), p.asArray().end());
    return out;
  }
  std::string out;
  for (const auto& p : parts) {
    Value s = castString(p);
    if (!s.isString()) return {};
    out += s.asString();
  }
  return out;
}

Value randomDraw(const Value& lo, const Value& hi, std::uint64_t seed, std::uint64_t stream,
                 std::uint64_t draw) {
  auto a = asNumber(lo), b = asNumber(hi);
  if (!a || !b || lo.isInvalid() || hi.isInvalid()) return {};
  std::uint64_t bits = splitmix64(seed ^ splitmix64(stream ^ splitmix64(draw)));
  if (lo.isInt() && hi.isInt()) {
    std::int64_t l = std::min(a->i, b->i), h = std::max(a->i, b->i);
    auto span = static_cast<Uint128>(static_cast<std::uint64_t>(h) - static_cast<std::uint64_t>(l)) + 1;
    // Multiply-shift maps 64 random bits onto [0, span) without modulo bias
    // worth speaking of, and handles the full 2^64 span.
    auto offset = static_cast<std::uint64_t>((static_cast<Uint128>(bits) * span) >> 64);
    return wrap(static_cast<std::uint64_t>(l) + offset);
  }
  double l = std::min(a->d, b->d), h = std::max(a->d, b->d);
  double u = static_cast<double>(bits >> 11) / static_cast<double>((1ull << 53) - 1);  // [0, 1]
  // Weighted, not l + u * (h - l): h - l overflows for bounds near ±DBL_MAX.
  return Value(std::clamp(l * (1.0 - u) + h * u, l, h));
}

}  // namespace autolife::condition
