// The types of the object model: what a method's parameters and result, a
// signal's values and a property hold. A type is written as a qi signature
// (REFERENCE §10: "s", "i", "[s]", "{sm}", "(if)", "m"...), which is also
// how the NAOqi catalog writes NAOqi's own types, so one spelling serves the
// catalog, the qi metaObject and the checks of every call.
//
// `Any` is the dynamic value crossing the object model: the engine's one
// value, core::Value (issue 13). JSON null is its Invalid. The conversions
// to and from C++ types live in convert.hpp and nowhere else; JSON is
// converted only at the edges where it is the wire or file format
// (core/value_json.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "autolife/core/value.hpp"

namespace autolife::service {

using Any = core::Value;
using Arguments = std::vector<core::Value>;

class Type {
public:
  enum class Kind : std::uint8_t { Void, Bool, Int, Float, String, List, Map, Tuple, Object, Raw, Any };

  Type() : Type(Kind::Any, "m", {}) {}

  static const Type Void, Bool, Int, Float, String, List, Map, Any;
  static Type listOf(Type element);
  static Type mapOf(Type key, Type value);
  static Type tupleOf(std::vector<Type> members);
  // A qi signature, or nullopt when it is not one (or uses what the object
  // model does not carry). Integer widths (c C w W i I l L) are Int, f and d
  // Float, o Object, r Raw, m and a signature we do not model Any.
  static std::optional<Type> parse(std::string_view signature);

  Kind kind() const { return kind_; }
  // A list's element; a map's key then value; a tuple's members.
  const std::vector<Type>& children() const { return children_; }
  const std::string& signature() const { return signature_; }

  friend bool operator==(const Type& a, const Type& b) { return a.signature_ == b.signature_; }

private:
  Type(Kind kind, std::string signature, std::vector<Type> children)
      : kind_(kind), signature_(std::move(signature)), children_(std::move(children)) {}
  static std::optional<Type> parseAt(std::string_view s, std::size_t& i);

  Kind kind_;
  std::string signature_;
  std::vector<Type> children_;
};

inline const Type Type::Void{Kind::Void, "v", {}};
inline const Type Type::Bool{Kind::Bool, "b", {}};
inline const Type Type::Int{Kind::Int, "i", {}};
inline const Type Type::Float{Kind::Float, "d", {}};
inline const Type Type::String{Kind::String, "s", {}};
inline const Type Type::List{Kind::List, "[m]", {Type()}};
inline const Type Type::Map{Kind::Map, "{sm}", {Type::String, Type()}};
inline const Type Type::Any{Kind::Any, "m", {}};

// "void", "bool", "int", "float", "string", "list", "map", "tuple",
// "object", "raw" or "any": the kind, as the network API's describe says it.
std::string_view typeName(const Type& t);
// The qi signature ("s", "[s]", "{sm}"...).
inline std::string_view signature(const Type& t) { return t.signature(); }
// For sentences: "a string", "a list of strings", "a map of string to any".
std::string typeText(const Type& t);

// Does `value` fit `t`? An Int fits Float, a Float with an integral value
// fits Int (as libqi converts it), an Int fits Bool (Python boxes pass 0
// and 1), a UInt fits the numbers (Convert refuses it, out of range, where
// an int is taken), Bytes fit String and Raw and a String fits Raw, a Tuple
// fits a List and a Tuple, an Array fits a Tuple (the network API sends
// arrays), anything fits Any; lists, maps and tuples are checked element by
// element.
bool fits(const Any& value, const Type& t);

// What a method that is not modelled answers: the neutral value of its
// declared type (false, 0, 0.0, "", [], {}, a tuple of neutral members),
// null only for void and the dynamic type.
Any neutral(const Type& t);

// A short quote of a value for sentences: its compact JSON text
// (`[1,"x"]`, as the refusals have always written it), cut at 60
// characters.
std::string quote(const Any& v);

}  // namespace autolife::service
