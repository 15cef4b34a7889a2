#include "autolife/service/type.hpp"

#include <cmath>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "autolife/core/value_json.hpp"

#include "autolife/service/convert.hpp"
#include "autolife/service/service.hpp"

namespace autolife::service {

Type Type::listOf(Type element) {
  std::string s = "[" + element.signature() + "]";
  return Type(Kind::List, std::move(s), {std::move(element)});
}

Type Type::mapOf(Type key, Type value) {
  std::string s = "{" + key.signature() + value.signature() + "}";
  return Type(Kind::Map, std::move(s), {std::move(key), std::move(value)});
}

Type Type::tupleOf(std::vector<Type> members) {
  std::string s = "(";
  for (const auto& m : members) s += m.signature();
  s += ")";
  return Type(Kind::Tuple, std::move(s), std::move(members));
}

namespace {

// A tuple's annotation, "<Name,field,...>": skipped (nested <> included).
void skipAnnotation(std::string_view s, std::size_t& i) {
  if (i >= s.size() || s[i] != '<') return;
  int depth = 0;
  for (; i < s.size(); ++i) {
    if (s[i] == '<') ++depth;
    else if (s[i] == '>' && --depth == 0) {
      ++i;
      return;
    }
  }
}

}  // namespace

std::optional<Type> Type::parseAt(std::string_view s, std::size_t& i) {
  if (i >= s.size()) return std::nullopt;
  const char c = s[i++];
  switch (c) {
    case 'v': return Type::Void;
    case 'b': return Type::Bool;
    case 'c': case 'C': case 'w': case 'W': case 'i': case 'I': case 'l': case 'L':
      return Type(Kind::Int, std::string(1, c), {});
    case 'f': case 'd': return Type(Kind::Float, std::string(1, c), {});
    case 's': return Type::String;
    case 'r': return Type(Kind::Raw, "r", {});
    case 'o': return Type(Kind::Object, "o", {});
    case 'm': return Type::Any;
    case '[': {
      auto element = parseAt(s, i);
      if (!element || i >= s.size() || s[i++] != ']') return std::nullopt;
      return listOf(std::move(*element));
    }
    case '{': {
      auto key = parseAt(s, i);
      auto value = key ? parseAt(s, i) : std::nullopt;
      if (!value || i >= s.size() || s[i++] != '}') return std::nullopt;
      return mapOf(std::move(*key), std::move(*value));
    }
    case '(': {
      std::vector<Type> members;
      while (i < s.size() && s[i] != ')') {
        auto m = parseAt(s, i);
        if (!m) return std::nullopt;
        members.push_back(std::move(*m));
      }
      if (i >= s.size()) return std::nullopt;
      ++i;
      skipAnnotation(s, i);
      return tupleOf(std::move(members));
    }
    default: return std::nullopt;
  }
}

std::optional<Type> Type::parse(std::string_view signature) {
  std::size_t i = 0;
  auto t = parseAt(signature, i);
  if (!t || i != signature.size()) return std::nullopt;
  return t;
}

std::string_view typeName(const Type& t) {
  switch (t.kind()) {
    case Type::Kind::Void: return "void";
    case Type::Kind::Bool: return "bool";
    case Type::Kind::Int: return "int";
    case Type::Kind::Float: return "float";
    case Type::Kind::String: return "string";
    case Type::Kind::List: return "list";
    case Type::Kind::Map: return "map";
    case Type::Kind::Tuple: return "tuple";
    case Type::Kind::Object: return "object";
    case Type::Kind::Raw: return "raw";
    case Type::Kind::Any: return "any";
  }
  return "any";
}

namespace {

std::string plural(const Type& t) {
  switch (t.kind()) {
    case Type::Kind::Any: return "values";
    case Type::Kind::List: return "lists of " + plural(t.children()[0]);
    case Type::Kind::Map: return "maps";
    case Type::Kind::Tuple: return "tuples";
    default: return std::string(typeName(t)) + "s";
  }
}

}  // namespace

std::string typeText(const Type& t) {
  switch (t.kind()) {
    case Type::Kind::Int: return "an int";
    case Type::Kind::Object: return "an object";
    case Type::Kind::Any: return "any value";
    case Type::Kind::List:
      return t.children()[0].kind() == Type::Kind::Any ? "a list" : "a list of " + plural(t.children()[0]);
    case Type::Kind::Map:
      return t.children()[1].kind() == Type::Kind::Any ? "a map" : "a map of " + plural(t.children()[1]);
    case Type::Kind::Tuple: {
      std::string s = "a tuple (";
      for (std::size_t i = 0; i < t.children().size(); ++i) s += (i ? ", " : "") + std::string(typeName(t.children()[i]));
      return s + ")";
    }
    default: return "a " + std::string(typeName(t));
  }
}

namespace {

bool integral(const Any& v) {
  if (v.isInt() || v.isUInt()) return true;
  if (!v.isFloat()) return false;
  const double d = v.asFloat();
  return std::isfinite(d) && std::trunc(d) == d;
}

// What a list or a tuple holds: an Array's or a Tuple's elements.
const Any::Array* sequence(const Any& v) {
  if (v.isArray()) return &v.asArray();
  if (v.isTuple()) return &v.asTuple();
  return nullptr;
}

}  // namespace

bool fits(const Any& v, const Type& t) {
  switch (t.kind()) {
    case Type::Kind::Void: return v.isInvalid();
    case Type::Kind::Bool: return v.isBool() || v.isInt() || v.isUInt();
    case Type::Kind::Int: return integral(v);
    case Type::Kind::Float: return v.isNumber() || v.isUInt();
    case Type::Kind::String:
    case Type::Kind::Raw: return v.isString() || v.isBytes();
    case Type::Kind::List: {
      const auto* elements = sequence(v);
      if (!elements) return false;
      for (const auto& e : *elements)
        if (!fits(e, t.children()[0])) return false;
      return true;
    }
    case Type::Kind::Map:
      if (!v.isMap()) return false;
      for (const auto& [k, e] : v.asMap())
        if (!fits(e, t.children()[1])) return false;
      return true;
    case Type::Kind::Tuple: {
      const auto* members = sequence(v);
      if (!members || members->size() != t.children().size()) return false;
      for (std::size_t i = 0; i < members->size(); ++i)
        if (!fits((*members)[i], t.children()[i])) return false;
      return true;
    }
    case Type::Kind::Object:
    case Type::Kind::Any: return true;
  }
  return false;
}

Any neutral(const Type& t) {
  switch (t.kind()) {
    case Type::Kind::Bool: return false;
    case Type::Kind::Int: return 0;
    case Type::Kind::Float: return 0.0;
    case Type::Kind::String:
    case Type::Kind::Raw: return "";
    case Type::Kind::List: return Any::Array{};
    case Type::Kind::Map: return Any::Map{};
    case Type::Kind::Tuple: {
      Any::Array members;
      for (const auto& m : t.children()) members.push_back(neutral(m));
      return Any::Tuple{std::move(members)};
    }
    case Type::Kind::Void:
    case Type::Kind::Object:
    case Type::Kind::Any: return Any();
  }
  return Any();
}

// nlohmann's compact text, as the refusals have always quoted values
// (decision 756); a value holding an object, which JSON cannot carry, is
// quoted with core's own text, where it is null.
std::string quote(const Any& v) {
  std::string text;
  try {
    text = core::valueToJson(v).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  } catch (const std::invalid_argument&) {
    text = v.toJson();
  }
  if (text.size() > 60) text = text.substr(0, 57) + "...";
  return text;
}

namespace detail {

void outOfRange(const Any& v, std::string_view type) {
  refuse("bad-argument", quote(v) + " is out of range for " + std::string(type));
}

}  // namespace detail

}  // namespace autolife::service
