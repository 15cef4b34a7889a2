// A qi type signature (REFERENCE §10), parsed into a tree: `b c C w W i I l
// L f d s v _ m r o X`, `[T]` list, `{KV}` map, `(T...)` tuple, `+T`
// optional, `#T` variadic arguments, and an annotation `<...>` after any
// type (an annotated tuple is a struct: `(Iss)<MetaSignal,uid,name,signature>`).
// toString() gives back the exact text parsed: decoding a dynamic value and
// encoding it again reproduces its bytes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "autolife/qi/error.hpp"

namespace autolife::qi {

enum class Kind : char {
  None = '_',
  Bool = 'b',
  Int8 = 'c',
  UInt8 = 'C',
  Int16 = 'w',
  UInt16 = 'W',
  Int32 = 'i',
  UInt32 = 'I',
  Int64 = 'l',
  UInt64 = 'L',
  Float = 'f',
  Double = 'd',
  String = 's',
  Void = 'v',
  Dynamic = 'm',
  Raw = 'r',
  Object = 'o',
  Unknown = 'X',
  List = '[',
  Map = '{',
  Tuple = '(',
  Optional = '+',
  VarArgs = '#',
};

class Signature {
public:
  Signature() = default;  // void
  explicit Signature(Kind kind, std::vector<Signature> children = {}, std::string annotation = {});

  // Throws DecodeError (offset = character index) for text that is not
  // exactly one signature, or beyond the limits.
  static Signature parse(std::string_view text, const Limits& limits = {});
  // A method's parameters: "(...)" with one child per parameter.
  static Signature tuple(std::vector<Signature> members);

  Kind kind() const { return kind_; }
  const std::vector<Signature>& children() const { return children_; }
  const Signature& child(std::size_t i) const { return children_.at(i); }
  const std::string& annotation() const { return annotation_; }
  // For an annotated tuple `(..)<Name,a,b>`: "Name" and {"a", "b"}; empty
  // when there is no annotation.
  std::string structName() const;
  std::vector<std::string> fieldNames() const;

  bool isInteger() const;
  bool isUnsigned() const;
  // Bytes on the wire of an integer or float kind (bool: 1).
  std::size_t scalarSize() const;
  // The fewest bytes a value of this type takes (a list: its count).
  std::size_t minimumSize() const;

  std::string toString() const;
  void appendTo(std::string& out) const;

  friend bool operator==(const Signature&, const Signature&) = default;

private:
  Kind kind_ = Kind::Void;
  std::vector<Signature> children_;
  std::string annotation_;
};

}  // namespace autolife::qi
