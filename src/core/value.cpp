#include "autolife/core/value.hpp"

#include <array>
#include <charconv>
#include <cstdio>
#include <stdexcept>

namespace autolife::core {

// The memory and condition hot paths copy Values: the kinds beyond §1's six
// must not make one bigger than a string and its kind (the size the
// std::variant it replaced had).
static_assert(sizeof(Value) == sizeof(std::string) + sizeof(std::size_t));
static_assert(std::is_nothrow_move_constructible_v<Value> && std::is_nothrow_move_assignable_v<Value>);

struct Value::Extended {
  Type type;
  std::variant<std::uint64_t, Bytes, Map, Tuple, std::shared_ptr<const ObjectHandle>> value;
};

void Value::throwWrongKind() { throw std::bad_variant_access(); }

void Value::copyAssignShared(const Value& other) {
  if (this == &other) return;
  if (kind_ == other.kind_) {  // assign in place: a string keeps its buffer
    switch (kind_) {
      case Kind::String: slot_.string = other.slot_.string; return;
      case Kind::Array: slot_.array = other.slot_.array; return;
      case Kind::Extended: slot_.extended = other.slot_.extended; return;
      default: break;
    }
  }
  Value copy(other);  // may throw: `this` is untouched until it succeeded
  moveAssignShared(copy);
}

void Value::moveAssignShared(Value& other) noexcept {
  if (this == &other) return;
  if (kind_ == Kind::String && other.kind_ == Kind::String) {
    slot_.string = std::move(other.slot_.string);
    return;
  }
  becomeInvalid();
  kind_ = other.kind_;
  if (other.isScalarKind())
    slot_.scalar = other.slot_.scalar;
  else
    moveShared(other);
}

namespace {

template <typename Contents>
std::shared_ptr<const Value::Extended> makeExtended(Value::Type type, Contents&& contents) {
  return std::make_shared<const Value::Extended>(Value::Extended{type, std::forward<Contents>(contents)});
}

}  // namespace

Value Value::unsignedBeyondInt64(std::uint64_t u) { return Value(makeExtended(Type::UInt, u), Kind::Extended); }
std::uint64_t Value::asUInt() const { return std::get<std::uint64_t>(extended().value); }

Value::Value(Bytes b) : Value(makeExtended(Type::Bytes, std::move(b)), Kind::Extended) {}
Value::Value(Map m) : Value(makeExtended(Type::Map, std::move(m)), Kind::Extended) {}
Value::Value(Tuple t) : Value(makeExtended(Type::Tuple, std::move(t)), Kind::Extended) {}
Value::Value(std::shared_ptr<const ObjectHandle> o) : Value(makeExtended(Type::Object, std::move(o)), Kind::Extended) {}

Value::Type Value::extendedType() const { return extended().type; }
const std::string& Value::asBytes() const { return std::get<Bytes>(extended().value).data; }
const Value::Map& Value::asMap() const { return std::get<Map>(extended().value); }
const Value::Array& Value::asTuple() const { return std::get<Tuple>(extended().value).members; }
const std::shared_ptr<const ObjectHandle>& Value::asObject() const {
  return std::get<std::shared_ptr<const ObjectHandle>>(extended().value);
}

const Value* Value::find(std::string_view key) const {
  if (!isMap()) return nullptr;
  const auto& map = asMap();
  auto it = map.find(key);
  return it == map.end() ? nullptr : &it->second;
}

bool Value::truthy() const {
  switch (type()) {
    case Type::Invalid: return false;
    case Type::Bool: return asBool();
    case Type::Int: return asInt() != 0;
    case Type::Float: return asFloat() != 0.0;
    case Type::String: return !asString().empty();
    case Type::Array: return !asArray().empty();
    case Type::UInt: return true;  // always beyond the int64 range
    case Type::Bytes: return !asBytes().empty();
    case Type::Map: return !asMap().empty();
    case Type::Tuple: return !asTuple().empty();
    case Type::Object: return asObject() != nullptr;
  }
  return false;
}

std::string_view Value::typeName(Type t) {
  switch (t) {
    case Type::Invalid: return "Invalid";
    case Type::Bool: return "Bool";
    case Type::Int: return "Int";
    case Type::Float: return "Float";
    case Type::String: return "String";
    case Type::Array: return "Array";
    case Type::UInt: return "UInt";
    case Type::Bytes: return "Bytes";
    case Type::Map: return "Map";
    case Type::Tuple: return "Tuple";
    case Type::Object: return "Object";
  }
  return "Invalid";
}

namespace {

bool identicalElements(const Value::Array& x, const Value::Array& y) {
  if (&x == &y) return true;
  if (x.size() != y.size()) return false;
  for (std::size_t i = 0; i < x.size(); ++i)
    if (!identical(x[i], y[i])) return false;
  return true;
}

bool identicalMaps(const Value::Map& x, const Value::Map& y) {
  if (&x == &y) return true;
  if (x.size() != y.size()) return false;
  for (auto i = x.begin(), j = y.begin(); i != x.end(); ++i, ++j)
    if (i->first != j->first || !identical(i->second, j->second)) return false;
  return true;
}

}  // namespace

bool Value::identicalShared(const Value& a, const Value& b) {
  if (a.type() != b.type()) return false;
  switch (a.type()) {
    case Value::Type::String: return a.asString() == b.asString();
    case Value::Type::Array: return identicalElements(a.asArray(), b.asArray());
    case Value::Type::UInt: return a.asUInt() == b.asUInt();
    case Value::Type::Bytes: return a.asBytes() == b.asBytes();
    case Value::Type::Map: return identicalMaps(a.asMap(), b.asMap());
    case Value::Type::Tuple: return identicalElements(a.asTuple(), b.asTuple());
    case Value::Type::Object: return a.asObject() == b.asObject();
    default: return false;  // the scalar kinds are identical()'s own
  }
}

namespace {

// Is `v` of the six kinds of REFERENCE §1 all through?
bool isConditionKind(const Value& v) {
  switch (v.type()) {
    case Value::Type::Array:
      for (const auto& e : v.asArray())
        if (!isConditionKind(e)) return false;
      return true;
    case Value::Type::UInt:
    case Value::Type::Bytes:
    case Value::Type::Map:
    case Value::Type::Tuple:
    case Value::Type::Object: return false;
    default: return true;
  }
}

Value::Array conditionElements(const Value::Array& elements) {
  Value::Array out;
  out.reserve(elements.size());
  for (const auto& e : elements) out.push_back(conditionValue(e));
  return out;
}

}  // namespace

Value conditionValue(const Value& v) {
  if (isConditionKind(v)) return v;
  switch (v.type()) {
    case Value::Type::Array: return conditionElements(v.asArray());
    case Value::Type::Tuple: return conditionElements(v.asTuple());
    case Value::Type::Bytes: return v.asBytes();
    case Value::Type::UInt:
      throw std::invalid_argument("integer " + std::to_string(v.asUInt()) + " is beyond the 64-bit range");
    case Value::Type::Map: throw std::invalid_argument("a JSON object is not a condition value");
    case Value::Type::Object: throw std::invalid_argument("an object is not a condition value");
    default: return v;
  }
}

std::string formatFloat(double d) {
  std::array<char, 64> buf{};
  auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), d);
  std::string s(buf.data(), ec == std::errc() ? end : buf.data());
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";  // 'n': nan/inf
  return s;
}

namespace {

// Length of the valid UTF-8 sequence starting at s[i], or 0 if it is not one
// (overlong forms and surrogates included).
std::size_t utf8Length(const std::string& s, std::size_t i) {
  auto at = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = at(i);
  std::size_t n;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) n = 2;
  else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  if (at(i + 1) < lo || at(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if ((at(i + k) & 0xC0) != 0x80) return 0;
  return n;
}

// JSON text is UTF-8: bytes that are not (memory keys and values are bytes)
// are written as U+FFFD, so that every line stays valid JSON.
void appendJsonString(std::string& out, const std::string& s) {
  out += '"';
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      std::size_t n = utf8Length(s, i);
      if (n == 0) {
        out += "\\ufffd";
        ++i;
      } else {
        out.append(s, i, n);
        i += n;
      }
      continue;
    }
    ++i;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char esc[8];
          std::snprintf(esc, sizeof esc, "\\u%04x", c);
          out += esc;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
}

void appendJsonArray(std::string& out, const Value::Array& elements) {
  out += '[';
  bool first = true;
  for (const auto& v : elements) {
    if (!first) out += ", ";
    first = false;
    v.appendJson(out);
  }
  out += ']';
}

}  // namespace

void Value::appendJson(std::string& out) const {
  switch (type()) {
    case Type::Invalid: out += "null"; return;
    case Type::Bool: out += asBool() ? "true" : "false"; return;
    case Type::Int: {
      char digits[24];
      out.append(digits, std::to_chars(digits, digits + sizeof digits, asInt()).ptr);
      return;
    }
    case Type::Float: out += formatFloat(asFloat()); return;
    case Type::String: appendJsonString(out, asString()); return;
    case Type::Array: appendJsonArray(out, asArray()); return;
    case Type::UInt: {
      char digits[24];
      out.append(digits, std::to_chars(digits, digits + sizeof digits, asUInt()).ptr);
      return;
    }
    case Type::Bytes: appendJsonString(out, asBytes()); return;
    case Type::Map: {
      out += '{';
      bool first = true;
      for (const auto& [key, v] : asMap()) {
        if (!first) out += ", ";
        first = false;
        appendJsonString(out, key);
        out += ": ";
        v.appendJson(out);
      }
      out += '}';
      return;
    }
    case Type::Tuple: appendJsonArray(out, asTuple()); return;
    case Type::Object: out += "null"; return;  // JSON has no object references
  }
}

std::string Value::toJson() const {
  std::string out;
  appendJson(out);
  return out;
}

}  // namespace autolife::core
