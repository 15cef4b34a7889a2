// A value as the qi codec reads and writes it. The signature it travels
// under says how wide an integer is or what a tuple's fields are called, so
// a Value only keeps what the bytes hold: integers as int64 (unsigned ones
// as uint64), doubles, floats as float (a float's bits, NaNs included,
// survive decoding and encoding again), strings as bytes, lists, maps in wire order,
// tuples, dynamic values with their own signature, optionals, raw buffers
// and object references. Conversions to core::Value (the engine's) are in
// convert.hpp.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "autolife/qi/signature.hpp"

namespace autolife::qi {

class Value {
public:
  struct List {
    std::vector<Value> items;
  };
  struct Map {  // in wire order; keys[i] goes with values[i]
    std::vector<Value> keys;
    std::vector<Value> values;
  };
  struct Tuple {
    std::vector<Value> members;
  };
  struct Raw {
    std::string bytes;
  };
  // `m`: a value with the signature it was written with ("" = no value).
  struct Dynamic {
    Signature signature;
    std::shared_ptr<const Value> value;  // null when the signature is ""
    bool valid = false;                  // false: written as "" (no value)
  };
  struct Optional {
    std::shared_ptr<const Value> value;  // null: not set
  };
  // `o`: a reference to an object living at the other end (its metaObject,
  // where it lives, and its 20-byte identity when both ends send it).
  struct Object {
    std::shared_ptr<const Value> metaObject;  // a MetaObject struct; null when sent from the cache
    std::optional<std::uint32_t> cachedMetaObject;  // MetaObjectCache capability only
    std::uint32_t service = 0;
    std::uint32_t object = 0;
    std::optional<std::array<std::uint8_t, 20>> uid;
  };

  enum class Type : std::uint8_t { Void, Bool, Int, UInt, Float, Float32, String, Raw, List, Map, Tuple, Dynamic, Optional, Object };

  Value() = default;
  Value(bool b) : data_(b) {}
  Value(std::int64_t i) : data_(i) {}
  Value(std::int32_t i) : data_(std::int64_t{i}) {}
  Value(std::uint64_t u) : data_(u) {}
  Value(std::uint32_t u) : data_(std::uint64_t{u}) {}
  Value(double d) : data_(d) {}
  Value(float f) : data_(f) {}
  Value(std::string s) : data_(std::move(s)) {}
  Value(const char* s) : data_(std::string(s)) {}
  Value(Raw r) : data_(std::move(r)) {}
  Value(List l) : data_(std::move(l)) {}
  Value(Map m) : data_(std::move(m)) {}
  Value(Tuple t) : data_(std::move(t)) {}
  Value(Dynamic d) : data_(std::move(d)) {}
  Value(Optional o) : data_(std::move(o)) {}
  Value(Object o) : data_(std::move(o)) {}

  // A dynamic value (`m`) holding `inner` written with `signature`.
  static Value dynamic(Signature signature, Value inner);
  static Value invalidDynamic();
  static Value list(std::vector<Value> items) { return Value(List{std::move(items)}); }
  static Value tuple(std::vector<Value> members) { return Value(Tuple{std::move(members)}); }

  Type type() const { return static_cast<Type>(data_.index()); }
  bool isVoid() const { return type() == Type::Void; }

  // Accessors; the wrong type throws EncodeError naming what was expected.
  bool asBool() const;
  std::int64_t asInt() const;   // Int, or UInt within range
  std::uint64_t asUInt() const; // UInt, or Int >= 0
  double asFloat() const;       // Float, Float32 or an integer
  float asFloat32() const;      // Float32 as it was read
  const std::string& asString() const;
  const Raw& asRaw() const;
  const List& asList() const;
  const Map& asMap() const;
  const Tuple& asTuple() const;
  const Dynamic& asDynamic() const;
  const Optional& asOptional() const;
  const Object& asObject() const;

  // The tuple's member i (throws EncodeError when absent).
  const Value& member(std::size_t i) const;

  friend bool operator==(const Value& a, const Value& b);

private:
  std::variant<std::monostate, bool, std::int64_t, std::uint64_t, double, float, std::string, Raw, List, Map, Tuple, Dynamic,
               Optional, Object>
      data_;
};

std::string_view typeName(Value::Type t);

}  // namespace autolife::qi
