#include "autolife/qi/convert.hpp"

#include <nlohmann/json.hpp>

#include <limits>
#include <stdexcept>

#include "autolife/core/value_json.hpp"

namespace autolife::qi {

namespace {

using nlohmann::json;

json listToJson(const std::vector<Value>& items, const Signature& element) {
  json out = json::array();
  for (const auto& item : items) out.push_back(toJson(item, element));
  return out;
}

json mapToJson(const Value::Map& map, const Signature& s) {
  const bool stringKeys = s.child(0).kind() == Kind::String;
  json out = stringKeys ? json::object() : json::array();
  for (std::size_t i = 0; i < map.keys.size(); ++i) {
    json value = toJson(map.values[i], s.child(1));
    if (stringKeys) out[map.keys[i].asString()] = std::move(value);
    else out.push_back(json::array({toJson(map.keys[i], s.child(0)), std::move(value)}));
  }
  return out;
}

json tupleToJson(const Value::Tuple& tuple, const Signature& s) {
  json out = json::array();
  for (std::size_t i = 0; i < tuple.members.size() && i < s.children().size(); ++i)
    out.push_back(toJson(tuple.members[i], s.child(i)));
  return out;
}

std::string jsonTypeName(const json& j) { return j.type_name(); }

[[noreturn]] void mismatch(const json& j, const Signature& s) {
  throw EncodeError("a JSON " + jsonTypeName(j) + " does not fit '" + s.toString() + "'");
}

Value integerFromJson(const json& j, const Signature& s) {
  if (j.is_number_unsigned()) return Value(j.get<std::uint64_t>());
  if (j.is_number_integer()) return Value(j.get<std::int64_t>());
  if (j.is_boolean()) return Value(std::int64_t{j.get<bool>() ? 1 : 0});  // ALValue treats bools as ints
  mismatch(j, s);
}

Value mapFromJson(const json& j, const Signature& s) {
  Value::Map map;
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      map.keys.push_back(fromJson(json(key), s.child(0)));
      map.values.push_back(fromJson(value, s.child(1)));
    }
  } else if (j.is_array()) {  // [[key, value], ...]
    for (const auto& pair : j) {
      if (!pair.is_array() || pair.size() != 2) throw EncodeError("a map entry must be [key, value]");
      map.keys.push_back(fromJson(pair[0], s.child(0)));
      map.values.push_back(fromJson(pair[1], s.child(1)));
    }
  } else {
    mismatch(j, s);
  }
  return Value(std::move(map));
}

Value tupleFromJson(const json& j, const Signature& s) {
  Value::Tuple tuple;
  const auto& members = s.children();
  if (j.is_object()) {  // an annotated struct by field names
    const auto names = s.fieldNames();
    if (names.size() != members.size()) mismatch(j, s);
    for (std::size_t i = 0; i < members.size(); ++i)
      tuple.members.push_back(fromJson(j.contains(names[i]) ? j.at(names[i]) : json(), members[i]));
    return Value(std::move(tuple));
  }
  if (!j.is_array() || j.size() != members.size())
    throw EncodeError("a tuple '" + s.toString() + "' needs an array of " + std::to_string(members.size()) +
                      " values");
  for (std::size_t i = 0; i < members.size(); ++i) tuple.members.push_back(fromJson(j[i], members[i]));
  return Value(std::move(tuple));
}

}  // namespace

json toJson(const Value& value, const Signature& s) {
  switch (value.type()) {
    case Value::Type::Void: return nullptr;
    case Value::Type::Bool: return value.asBool();
    case Value::Type::Int: return value.asInt();
    case Value::Type::UInt: return value.asUInt();
    case Value::Type::Float:
    case Value::Type::Float32: return value.asFloat();
    case Value::Type::String: return value.asString();
    case Value::Type::Raw: return value.asRaw().bytes;
    case Value::Type::List: return listToJson(value.asList().items, s.child(0));
    case Value::Type::Map: return mapToJson(value.asMap(), s);
    case Value::Type::Tuple: return tupleToJson(value.asTuple(), s);
    case Value::Type::Dynamic: {
      const auto& d = value.asDynamic();
      if (!d.valid || !d.value) return nullptr;
      return toJson(*d.value, d.signature);
    }
    case Value::Type::Optional: {
      const auto& inner = value.asOptional().value;
      return inner ? toJson(*inner, s.child(0)) : json(nullptr);
    }
    case Value::Type::Object: throw EncodeError("a qi object has no JSON form");
  }
  return nullptr;
}

Value fromJson(const json& j, const Signature& s) {
  switch (s.kind()) {
    case Kind::Void:
    case Kind::None: return Value();
    case Kind::Bool:
      if (!j.is_boolean()) mismatch(j, s);
      return Value(j.get<bool>());
    case Kind::Float:
    case Kind::Double:
      if (!j.is_number()) mismatch(j, s);
      return Value(j.get<double>());
    case Kind::String:
      if (!j.is_string()) mismatch(j, s);
      return Value(j.get<std::string>());
    case Kind::Raw:
      if (!j.is_string()) mismatch(j, s);
      return Value(Value::Raw{j.get<std::string>()});
    case Kind::List:
    case Kind::VarArgs: {
      if (!j.is_array()) mismatch(j, s);
      Value::List list;
      for (const auto& item : j) list.items.push_back(fromJson(item, s.child(0)));
      return Value(std::move(list));
    }
    case Kind::Map: return mapFromJson(j, s);
    case Kind::Tuple: return tupleFromJson(j, s);
    case Kind::Optional:
      if (j.is_null()) return Value(Value::Optional{});
      return Value(Value::Optional{std::make_shared<const Value>(fromJson(j, s.child(0)))});
    case Kind::Dynamic: return dynamicFromJson(j);
    case Kind::Object:
    case Kind::Unknown: mismatch(j, s);
    default: return integerFromJson(j, s);
  }
}

Signature signatureOf(const json& j) {
  switch (j.type()) {
    case json::value_t::boolean: return Signature(Kind::Bool);
    case json::value_t::number_integer: {
      const auto i = j.get<std::int64_t>();
      const bool small = i >= std::numeric_limits<std::int32_t>::min() && i <= std::numeric_limits<std::int32_t>::max();
      return Signature(small ? Kind::Int32 : Kind::Int64);
    }
    case json::value_t::number_unsigned: {
      const auto u = j.get<std::uint64_t>();
      if (u <= static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max())) return Signature(Kind::Int32);
      if (u <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return Signature(Kind::Int64);
      return Signature(Kind::UInt64);
    }
    case json::value_t::number_float: return Signature(Kind::Double);
    case json::value_t::string: return Signature(Kind::String);
    case json::value_t::array: return Signature(Kind::List, {Signature(Kind::Dynamic)});
    case json::value_t::object:
      return Signature(Kind::Map, {Signature(Kind::String), Signature(Kind::Dynamic)});
    default: return Signature(Kind::Void);
  }
}

Value dynamicFromJson(const json& j) {
  Signature s = signatureOf(j);
  Value inner = fromJson(j, s);
  return Value::dynamic(std::move(s), std::move(inner));
}

core::Value toCoreValue(const Value& value, const Signature& signature) {
  try {
    return core::valueFromJson(toJson(value, signature));
  } catch (const std::invalid_argument& e) {
    throw EncodeError(std::string("no engine value for this qi value: ") + e.what());
  }
}

Value dynamicFromCoreValue(const core::Value& value) { return dynamicFromJson(core::valueToJson(value)); }

}  // namespace autolife::qi
