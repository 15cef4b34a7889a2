// qi values ⇄ the engine's core::Value, directly (no JSON between them): the
// mapping table of convert.hpp, with raw bytes, tuples and unsigned integers
// kept as what they are.
#include "autolife/qi/convert.hpp"

#include <nlohmann/json.hpp>

#include <limits>
#include <stdexcept>

#include "autolife/core/value_json.hpp"

namespace autolife::qi {

namespace {

using Engine = core::Value;

// The kind of an engine value as JSON would name it: the words of the
// errors a client has always read.
std::string_view kindName(const Engine& v) {
  switch (v.type()) {
    case Engine::Type::Invalid: return "null";
    case Engine::Type::Bool: return "boolean";
    case Engine::Type::Int:
    case Engine::Type::UInt:
    case Engine::Type::Float: return "number";
    case Engine::Type::String:
    case Engine::Type::Bytes: return "string";
    case Engine::Type::Array:
    case Engine::Type::Tuple: return "array";
    case Engine::Type::Map: return "object";
    case Engine::Type::Object: return "qi object";
  }
  return "value";
}

[[noreturn]] void mismatch(const Engine& v, const Signature& s) {
  throw EncodeError("a JSON " + std::string(kindName(v)) + " does not fit '" + s.toString() + "'");
}

// An array's elements, or a tuple's members (a tuple fits where a list
// does, as its JSON array always did).
const Engine::Array* elements(const Engine& v) {
  if (v.isArray()) return &v.asArray();
  if (v.isTuple()) return &v.asTuple();
  return nullptr;
}

Engine::Array listToValue(const std::vector<Value>& items, const Signature& element) {
  Engine::Array out;
  out.reserve(items.size());
  for (const auto& item : items) out.push_back(toValue(item, element));
  return out;
}

// String keys make a Map; any other key type a list of [key, value] pairs.
Engine mapToValue(const Value::Map& map, const Signature& s) {
  if (s.child(0).kind() == Kind::String) {
    Engine::Map out;
    for (std::size_t i = 0; i < map.keys.size(); ++i)
      out.insert_or_assign(map.keys[i].asString(), toValue(map.values[i], s.child(1)));
    return out;
  }
  Engine::Array out;
  for (std::size_t i = 0; i < map.keys.size(); ++i)
    out.push_back(Engine::Array{toValue(map.keys[i], s.child(0)), toValue(map.values[i], s.child(1))});
  return out;
}

Engine tupleToValue(const Value::Tuple& tuple, const Signature& s) {
  Engine::Tuple out;
  for (std::size_t i = 0; i < tuple.members.size() && i < s.children().size(); ++i)
    out.members.push_back(toValue(tuple.members[i], s.child(i)));
  return out;
}

Value integerFromValue(const Engine& v, const Signature& s) {
  if (v.isUInt()) return Value(v.asUInt());
  if (v.isInt()) return Value(v.asInt());
  if (v.isBool()) return Value(std::int64_t{v.asBool() ? 1 : 0});  // ALValue treats bools as ints
  mismatch(v, s);
}

const std::string* text(const Engine& v) {
  if (v.isString()) return &v.asString();
  if (v.isBytes()) return &v.asBytes();
  return nullptr;
}

Value mapFromValue(const Engine& v, const Signature& s) {
  Value::Map map;
  if (v.isMap()) {
    for (const auto& [key, value] : v.asMap()) {
      map.keys.push_back(fromValue(Engine(key), s.child(0)));
      map.values.push_back(fromValue(value, s.child(1)));
    }
  } else if (const auto* pairs = elements(v)) {  // [[key, value], ...]
    for (const auto& pair : *pairs) {
      const auto* kv = elements(pair);
      if (!kv || kv->size() != 2) throw EncodeError("a map entry must be [key, value]");
      map.keys.push_back(fromValue((*kv)[0], s.child(0)));
      map.values.push_back(fromValue((*kv)[1], s.child(1)));
    }
  } else {
    mismatch(v, s);
  }
  return Value(std::move(map));
}

Value tupleFromValue(const Engine& v, const Signature& s) {
  Value::Tuple tuple;
  const auto& members = s.children();
  if (v.isMap()) {  // an annotated struct by field names
    const auto names = s.fieldNames();
    if (names.size() != members.size()) mismatch(v, s);
    for (std::size_t i = 0; i < members.size(); ++i) {
      const Engine* field = v.find(names[i]);
      tuple.members.push_back(fromValue(field ? *field : Engine(), members[i]));
    }
    return Value(std::move(tuple));
  }
  const auto* given = elements(v);
  if (!given || given->size() != members.size())
    throw EncodeError("a tuple '" + s.toString() + "' needs an array of " + std::to_string(members.size()) +
                      " values");
  for (std::size_t i = 0; i < members.size(); ++i) tuple.members.push_back(fromValue((*given)[i], members[i]));
  return Value(std::move(tuple));
}

}  // namespace

core::Value toValue(const Value& value, const Signature& s) {
  switch (value.type()) {
    case Value::Type::Void: return {};
    case Value::Type::Bool: return value.asBool();
    case Value::Type::Int: return value.asInt();
    case Value::Type::UInt: return value.asUInt();
    case Value::Type::Float:
    case Value::Type::Float32: return value.asFloat();
    case Value::Type::String: return value.asString();
    case Value::Type::Raw: return Engine::Bytes{value.asRaw().bytes};
    case Value::Type::List: return listToValue(value.asList().items, s.child(0));
    case Value::Type::Map: return mapToValue(value.asMap(), s);
    case Value::Type::Tuple: return tupleToValue(value.asTuple(), s);
    case Value::Type::Dynamic: {
      const auto& d = value.asDynamic();
      if (!d.valid || !d.value) return {};
      return toValue(*d.value, d.signature);
    }
    case Value::Type::Optional: {
      const auto& inner = value.asOptional().value;
      return inner ? toValue(*inner, s.child(0)) : Engine();
    }
    case Value::Type::Object: throw EncodeError("a qi object has no engine value: objects stay in qi");
  }
  return {};
}

Value fromValue(const core::Value& v, const Signature& s) {
  switch (s.kind()) {
    case Kind::Void:
    case Kind::None: return Value();
    case Kind::Bool:
      if (!v.isBool()) mismatch(v, s);
      return Value(v.asBool());
    case Kind::Float:
    case Kind::Double:
      if (v.isFloat()) return Value(v.asFloat());
      if (v.isInt()) return Value(static_cast<double>(v.asInt()));
      if (v.isUInt()) return Value(static_cast<double>(v.asUInt()));
      mismatch(v, s);
    case Kind::String:
      if (const auto* t = text(v)) return Value(*t);
      mismatch(v, s);
    case Kind::Raw:
      if (const auto* t = text(v)) return Value(Value::Raw{*t});
      mismatch(v, s);
    case Kind::List:
    case Kind::VarArgs: {
      const auto* items = elements(v);
      if (!items) mismatch(v, s);
      Value::List list;
      list.items.reserve(items->size());
      for (const auto& item : *items) list.items.push_back(fromValue(item, s.child(0)));
      return Value(std::move(list));
    }
    case Kind::Map: return mapFromValue(v, s);
    case Kind::Tuple: return tupleFromValue(v, s);
    case Kind::Optional:
      if (v.isInvalid()) return Value(Value::Optional{});
      return Value(Value::Optional{std::make_shared<const Value>(fromValue(v, s.child(0)))});
    case Kind::Dynamic: return dynamicFromValue(v);
    case Kind::Object:
    case Kind::Unknown: mismatch(v, s);
    default: return integerFromValue(v, s);
  }
}

Signature signatureOf(const core::Value& v) {
  switch (v.type()) {
    case Engine::Type::Bool: return Signature(Kind::Bool);
    case Engine::Type::Int: {
      const auto i = v.asInt();
      const bool small = i >= std::numeric_limits<std::int32_t>::min() && i <= std::numeric_limits<std::int32_t>::max();
      return Signature(small ? Kind::Int32 : Kind::Int64);
    }
    case Engine::Type::UInt: return Signature(Kind::UInt64);
    case Engine::Type::Float: return Signature(Kind::Double);
    case Engine::Type::String: return Signature(Kind::String);
    case Engine::Type::Bytes: return Signature(Kind::Raw);
    case Engine::Type::Array: return Signature(Kind::List, {Signature(Kind::Dynamic)});
    case Engine::Type::Map: return Signature(Kind::Map, {Signature(Kind::String), Signature(Kind::Dynamic)});
    case Engine::Type::Tuple: {
      std::vector<Signature> members;
      for (const auto& m : v.asTuple()) members.push_back(signatureOf(m));
      return Signature::tuple(std::move(members));
    }
    case Engine::Type::Object: throw EncodeError("an engine object has no qi form");
    case Engine::Type::Invalid: break;
  }
  return Signature(Kind::Void);
}

Value dynamicFromValue(const core::Value& v) {
  Signature s = signatureOf(v);
  Value inner = fromValue(v, s);
  return Value::dynamic(std::move(s), std::move(inner));
}

std::string errorText(std::string_view payload, const CodecOptions& codec) {
  try {
    const auto said = toValue(decode(Signature(Kind::Dynamic), payload, codec), Signature(Kind::Dynamic));
    return said.isString() ? said.asString() : core::valueToJson(said).dump();
  } catch (const std::exception& e) {
    return std::string("an unreadable error: ") + e.what();
  }
}

core::Value toCoreValue(const Value& value, const Signature& signature) {
  auto v = toValue(value, signature);
  try {
    return core::conditionValue(v);
  } catch (const std::invalid_argument& e) {
    throw EncodeError(std::string("no engine value for this qi value: ") + e.what());
  }
}

}  // namespace autolife::qi
