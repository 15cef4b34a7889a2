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
#include <new>
#include <variant>  // std::bad_variant_access, which the accessors throw
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

  Value() noexcept : kind_(Kind::Invalid) { slot_.scalar = 0; }
  Value(bool b) noexcept : kind_(Kind::Bool) {
    slot_.scalar = 0;
    slot_.boolean = b;
  }
  // An unsigned integer beyond the int64 range is a UInt; every other
  // integer is an Int (so 5 is always Int, whatever width it came in).
  template <std::integral I>
    requires(!std::same_as<I, bool>)
  Value(I i) : kind_(Kind::Int) {
    slot_.integer = static_cast<std::int64_t>(i);
    if constexpr (std::is_unsigned_v<I> && sizeof(I) >= sizeof(std::int64_t)) {
      if (i > static_cast<std::uint64_t>(INT64_MAX)) *this = unsignedBeyondInt64(i);
    }
  }
  // A Float is a finite number: NaN or an infinity (from a qi client, a
  // box, a service's property) is Invalid, as an overflow is (decision 3).
  Value(double d) noexcept : kind_(std::isfinite(d) ? Kind::Float : Kind::Invalid) {
    slot_.scalar = 0;
    if (kind_ == Kind::Float) slot_.number = d;
  }
  Value(std::string s) noexcept : kind_(Kind::String) { new (&slot_.string) std::string(std::move(s)); }
  Value(std::string_view s) : kind_(Kind::String) { new (&slot_.string) std::string(s); }
  Value(const char* s) : kind_(Kind::String) { new (&slot_.string) std::string(s); }
  Value(Array a) : kind_(Kind::Array) {
    new (&slot_.array) std::shared_ptr<const Array>(std::make_shared<const Array>(std::move(a)));
  }
  // An Array that shares `a` (null: an empty one). A Value never changes:
  // whoever may change `a` must wait until no Value holds it (use_count).
  static Value sharing(std::shared_ptr<const Array> a) {
    if (!a) return Value(Array{});
    Value v;
    v.kind_ = Kind::Array;
    new (&v.slot_.array) std::shared_ptr<const Array>(std::move(a));
    return v;
  }
  Value(Bytes b);
  Value(Map m);
  Value(Tuple t);
  Value(std::shared_ptr<const ObjectHandle> o);

  // Copies, moves and destruction (decision 900): a switch on the kind,
  // inlined; the four scalar kinds copy one word and take no other branch.
  // A moved-from String is an empty String (as std::string leaves it); a
  // moved-from Array or Extended kind is Invalid.
  Value(const Value& other) : kind_(other.kind_) {
    if (other.isScalarKind()) [[likely]]
      slot_.scalar = other.slot_.scalar;
    else
      copyShared(other);
  }
  Value(Value&& other) noexcept : kind_(other.kind_) {
    if (other.isScalarKind()) [[likely]]
      slot_.scalar = other.slot_.scalar;
    else
      moveShared(other);
  }
  Value& operator=(const Value& other) {
    if (isScalarKind() && other.isScalarKind()) [[likely]] {
      kind_ = other.kind_;
      slot_.scalar = other.slot_.scalar;
    } else {
      copyAssignShared(other);
    }
    return *this;
  }
  Value& operator=(Value&& other) noexcept {
    if (isScalarKind() && other.isScalarKind()) [[likely]] {
      kind_ = other.kind_;
      slot_.scalar = other.slot_.scalar;
    } else {
      moveAssignShared(other);
    }
    return *this;
  }
  ~Value() {
    if (!isScalarKind()) destroyShared();
  }

  Type type() const { return kind_ != Kind::Extended ? static_cast<Type>(kind_) : extendedType(); }
  bool isInvalid() const { return kind_ == Kind::Invalid; }
  bool isBool() const { return kind_ == Kind::Bool; }
  bool isInt() const { return kind_ == Kind::Int; }
  bool isFloat() const { return kind_ == Kind::Float; }
  bool isString() const { return kind_ == Kind::String; }
  bool isArray() const { return kind_ == Kind::Array; }
  bool isNumber() const { return isInt() || isFloat(); }
  bool isUInt() const { return type() == Type::UInt; }
  bool isBytes() const { return type() == Type::Bytes; }
  bool isMap() const { return type() == Type::Map; }
  bool isTuple() const { return type() == Type::Tuple; }
  bool isObject() const { return type() == Type::Object; }

  // Accessors; calling one for the wrong type is a programming error.
  // It throws std::bad_variant_access (as the std::variant this was did).
  bool asBool() const { return expect(Kind::Bool).slot_.boolean; }
  std::int64_t asInt() const { return expect(Kind::Int).slot_.integer; }
  double asFloat() const { return expect(Kind::Float).slot_.number; }
  const std::string& asString() const { return expect(Kind::String).slot_.string; }
  const Array& asArray() const { return *expect(Kind::Array).slot_.array; }
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
  friend bool identical(const Value& a, const Value& b) {
    if (a.kind_ != b.kind_) return false;
    switch (a.kind_) {
      case Kind::Invalid: return true;
      case Kind::Bool: return a.slot_.boolean == b.slot_.boolean;
      case Kind::Int: return a.slot_.integer == b.slot_.integer;
      // Equal doubles; NaN never reaches a Value (see conditions).
      case Kind::Float: return a.slot_.number == b.slot_.number;
      default: return identicalShared(a, b);
    }
  }

  // Compact JSON with a space after ':' and ',' (the style of the CLI's
  // JSON Lines). Floats always carry a '.' or an exponent. Bytes print as a
  // string, a tuple as an array, an object as null.
  std::string toJson() const;
  void appendJson(std::string& out) const;

private:
  // The stored kinds: §1's six in Type's order, then one for the kinds that
  // are rare inside the engine, which share one pointer (Extended) so that a
  // Value stays a string and a kind byte.
  enum class Kind : std::uint8_t { Invalid, Bool, Int, Float, String, Array, Extended };
  union Slot {
    Slot() noexcept {}
    ~Slot() {}
    std::uint64_t scalar;  // the word the scalar kinds' copies move
    bool boolean;
    std::int64_t integer;
    double number;
    std::string string;
    std::shared_ptr<const Array> array;
    std::shared_ptr<const Extended> extended;
  };

  Value(std::shared_ptr<const Extended> e, Kind) : kind_(Kind::Extended) {
    new (&slot_.extended) std::shared_ptr<const Extended>(std::move(e));
  }
  bool isScalarKind() const { return kind_ < Kind::String; }
  const Value& expect(Kind k) const {
    if (kind_ != k) [[unlikely]]
      throwWrongKind();
    return *this;
  }
  [[noreturn]] static void throwWrongKind();
  static Value unsignedBeyondInt64(std::uint64_t u);
  static bool identicalShared(const Value& a, const Value& b);
  Type extendedType() const;
  const Extended& extended() const { return *expect(Kind::Extended).slot_.extended; }

  // The non-scalar kinds' halves of the copies and moves above: `this` holds
  // nothing to destroy in copyShared and moveShared (kind_ is already set).
  void copyShared(const Value& other) {
    switch (kind_) {
      case Kind::String: new (&slot_.string) std::string(other.slot_.string); break;
      case Kind::Array: new (&slot_.array) std::shared_ptr<const Array>(other.slot_.array); break;
      default: new (&slot_.extended) std::shared_ptr<const Extended>(other.slot_.extended); break;
    }
  }
  void moveShared(Value& other) noexcept {
    switch (kind_) {
      case Kind::String: new (&slot_.string) std::string(std::move(other.slot_.string)); return;
      case Kind::Array: new (&slot_.array) std::shared_ptr<const Array>(std::move(other.slot_.array)); break;
      default: new (&slot_.extended) std::shared_ptr<const Extended>(std::move(other.slot_.extended)); break;
    }
    other.kind_ = Kind::Invalid;  // its pointer is null: nothing to destroy
    other.slot_.scalar = 0;
  }
  void destroyShared() noexcept {
    switch (kind_) {
      case Kind::String: slot_.string.~basic_string(); break;
      case Kind::Array: slot_.array.~shared_ptr(); break;
      default: slot_.extended.~shared_ptr(); break;
    }
  }
  void becomeInvalid() noexcept {
    if (!isScalarKind()) destroyShared();
    kind_ = Kind::Invalid;
    slot_.scalar = 0;
  }
  // Out of line, so that the assignments' scalar paths above inline
  // everywhere as a kind test and two stores.
  void copyAssignShared(const Value& other);
  void moveAssignShared(Value& other) noexcept;

  Slot slot_;
  Kind kind_;
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
