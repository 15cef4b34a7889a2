// The dynamic value shared by memory, conditions and the API: the subset of
// NAOqi's ALValue that launch conditions use (REFERENCE §1).
#pragma once

#include <cmath>
#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace autolife::core {

class Value {
public:
  enum class Type : std::uint8_t { Invalid, Bool, Int, Float, String, Array };
  using Array = std::vector<Value>;

  Value() = default;
  Value(bool b) : data_(b) {}
  template <std::integral I>
    requires(!std::same_as<I, bool>)
  Value(I i) : data_(static_cast<std::int64_t>(i)) {}
  // A Float is a finite number: NaN or an infinity (from a qi client, a
  // box, a service's property) is Invalid, as an overflow is (decision 3).
  Value(double d) {
    if (std::isfinite(d)) data_ = d;
  }
  Value(std::string s) : data_(std::move(s)) {}
  Value(std::string_view s) : data_(std::string(s)) {}
  Value(const char* s) : data_(std::string(s)) {}
  Value(Array a) : data_(std::make_shared<const Array>(std::move(a))) {}

  Type type() const { return static_cast<Type>(data_.index()); }
  bool isInvalid() const { return type() == Type::Invalid; }
  bool isBool() const { return type() == Type::Bool; }
  bool isInt() const { return type() == Type::Int; }
  bool isFloat() const { return type() == Type::Float; }
  bool isString() const { return type() == Type::String; }
  bool isArray() const { return type() == Type::Array; }
  bool isNumber() const { return isInt() || isFloat(); }

  // Accessors; calling one for the wrong type is a programming error.
  bool asBool() const { return std::get<bool>(data_); }
  std::int64_t asInt() const { return std::get<std::int64_t>(data_); }
  double asFloat() const { return std::get<double>(data_); }
  const std::string& asString() const { return std::get<std::string>(data_); }
  const Array& asArray() const { return *std::get<std::shared_ptr<const Array>>(data_); }

  // Truthiness of REFERENCE §3: Invalid false; numbers non-zero; strings and
  // arrays non-empty.
  bool truthy() const;

  // "Invalid", "Bool", "Int", "Float", "String" or "Array".
  std::string_view typeName() const { return typeName(type()); }
  static std::string_view typeName(Type t);

  // Same type and same contents (1 and 1.0 are not identical). This is the
  // notion of "the value changed" used by memory and stable().
  friend bool identical(const Value& a, const Value& b);

  // Compact JSON with a space after ':' and ',' (the style of the CLI's
  // JSON Lines). Floats always carry a '.' or an exponent.
  std::string toJson() const;
  void appendJson(std::string& out) const;

private:
  std::variant<std::monostate, bool, std::int64_t, double, std::string,
               std::shared_ptr<const Array>>
      data_;
};

// Shortest text that reads back as the same double, with ".0" added when it
// would otherwise look like an integer.
std::string formatFloat(double d);

}  // namespace autolife::core
