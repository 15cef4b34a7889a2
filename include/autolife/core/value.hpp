// The engine's one dynamic value (issue 13): what memory and conditions hold
// (the subset of NAOqi's ALValue that launch conditions use, REFERENCE §1:
// Invalid, Bool, Int, Float, String, Array) and, beyond it, what the object
// model, qi and JSON carry: unsigned integers beyond the int64 range, raw
// bytes, maps with string keys, tuples and opaque object handles. Memory and
// conditions only ever hold the first six kinds (conditionValue() below
// brings a value to them or refuses it); JSON and qi are conversions at the
// edges (value_json.hpp, qi/convert.hpp).
#pragma once

#include <cmath>
#include <concepts>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace autolife::core {

// An object living elsewhere (a qi object reference): opaque to the engine;
// the edge that made it knows what it is.
class ObjectHandle {
public:
  virtual ~ObjectHandle() = default;
};

class Value {
public:
  // The first six kinds are REFERENCE §1's, in its order; the others follow
  // so that a kind's number never changes.
  enum class Type : std::uint8_t { Invalid, Bool, Int, Float, String, Array, UInt, Bytes, Map, Tuple, Object };
  using Array = std::vector<Value>;
  // Keys sorted bytewise, as nlohmann::json keeps an object's: a map prints
  // as the same JSON text either way.
  using Map = std::map<std::string, Value, std::less<>>;
  struct Bytes {  // raw bytes (qi `r`), not text
    std::string data;
    friend bool operator==(const Bytes&, const Bytes&) = default;
  };
  struct Tuple {  // fixed members of their own types (qi `(..)`)
    Array members;
  };
  struct Extended;  // UInt, Bytes, Map, Tuple or Object, behind one pointer

  Value() = default;
  Value(bool b) : data_(b) {}
  // An unsigned integer beyond the int64 range is a UInt; every other
  // integer is an Int (so 5 is always Int, whatever width it came in).
  template <std::integral I>
    requires(!std::same_as<I, bool>)
  Value(I i) : data_(static_cast<std::int64_t>(i)) {
    if constexpr (std::is_unsigned_v<I> && sizeof(I) >= sizeof(std::int64_t)) {
      if (i > static_cast<std::uint64_t>(INT64_MAX)) *this = unsignedBeyondInt64(i);
    }
  }
  // A Float is a finite number: NaN or an infinity (from a qi client, a
  // box, a service's property) is Invalid, as an overflow is (decision 3).
  Value(double d) {
    if (std::isfinite(d)) data_ = d;
  }
  Value(std::string s) : data_(std::move(s)) {}
  Value(std::string_view s) : data_(std::string(s)) {}
  Value(const char* s) : data_(std::string(s)) {}
  Value(Array a) : data_(std::make_shared<const Array>(std::move(a))) {}
  Value(Bytes b);
  Value(Map m);
  Value(Tuple t);
  Value(std::shared_ptr<const ObjectHandle> o);

  Type type() const {
    const auto i = data_.index();
    return i < kExtended ? static_cast<Type>(i) : extendedType();
  }
  bool isInvalid() const { return type() == Type::Invalid; }
  bool isBool() const { return type() == Type::Bool; }
  bool isInt() const { return type() == Type::Int; }
  bool isFloat() const { return type() == Type::Float; }
  bool isString() const { return type() == Type::String; }
  bool isArray() const { return type() == Type::Array; }
  bool isNumber() const { return isInt() || isFloat(); }
  bool isUInt() const { return type() == Type::UInt; }
  bool isBytes() const { return type() == Type::Bytes; }
  bool isMap() const { return type() == Type::Map; }
  bool isTuple() const { return type() == Type::Tuple; }
  bool isObject() const { return type() == Type::Object; }

  // Accessors; calling one for the wrong type is a programming error.
  bool asBool() const { return std::get<bool>(data_); }
  std::int64_t asInt() const { return std::get<std::int64_t>(data_); }
  double asFloat() const { return std::get<double>(data_); }
  const std::string& asString() const { return std::get<std::string>(data_); }
  const Array& asArray() const { return *std::get<std::shared_ptr<const Array>>(data_); }
  std::uint64_t asUInt() const;
  const std::string& asBytes() const;
  const Map& asMap() const;
  const Array& asTuple() const;
  const std::shared_ptr<const ObjectHandle>& asObject() const;

  // A map's entry, or null when this is not a map or has no such key.
  const Value* find(std::string_view key) const;

  // Truthiness of REFERENCE §3: Invalid false; numbers non-zero; strings and
  // arrays non-empty (bytes, maps and tuples likewise; an object is true).
  bool truthy() const;

  // "Invalid", "Bool", "Int", "Float", "String", "Array", then "UInt",
  // "Bytes", "Map", "Tuple" or "Object".
  std::string_view typeName() const { return typeName(type()); }
  static std::string_view typeName(Type t);

  // Same type and same contents (1 and 1.0 are not identical). This is the
  // notion of "the value changed" used by memory and stable().
  friend bool identical(const Value& a, const Value& b);

  // Compact JSON with a space after ':' and ',' (the style of the CLI's
  // JSON Lines). Floats always carry a '.' or an exponent. Bytes print as a
  // string, a tuple as an array, an object as null.
  std::string toJson() const;
  void appendJson(std::string& out) const;

private:
  // The kinds that are rare inside the engine share one alternative, so that
  // the variant's copies and moves stay as small as they were with six.
  static constexpr std::size_t kExtended = 6;
  static Value unsignedBeyondInt64(std::uint64_t u);
  Type extendedType() const;
  const Extended& extended() const { return *std::get<kExtended>(data_); }

  std::variant<std::monostate, bool, std::int64_t, double, std::string, std::shared_ptr<const Array>,
               std::shared_ptr<const Extended>>
      data_;
};

// What memory and conditions may hold: `v` with its bytes as strings and its
// tuples as arrays, or std::invalid_argument for what they cannot hold (a map:
// "a JSON object is not a condition value"; an integer beyond int64: "integer
// N is beyond the 64-bit range"; an object). A value already of the six kinds
// comes back as it is, without a copy of its contents.
Value conditionValue(const Value& v);

// Shortest text that reads back as the same double, with ".0" added when it
// would otherwise look like an integer.
std::string formatFloat(double d);

}  // namespace autolife::core
