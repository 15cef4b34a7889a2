#include "autolife/qi/value.hpp"

#include <limits>

namespace autolife::qi {

namespace {

template <typename T>
const T& get(const auto& data, Value::Type expected, Value::Type actual) {
  if (const T* p = std::get_if<T>(&data)) return *p;
  throw EncodeError("expected " + std::string(typeName(expected)) + ", got " + std::string(typeName(actual)));
}

bool samePointee(const std::shared_ptr<const Value>& a, const std::shared_ptr<const Value>& b) {
  if (!a || !b) return a == b;
  return *a == *b;
}

}  // namespace

std::string_view typeName(Value::Type t) {
  switch (t) {
    case Value::Type::Void: return "void";
    case Value::Type::Bool: return "bool";
    case Value::Type::Int: return "int";
    case Value::Type::UInt: return "unsigned int";
    case Value::Type::Float: return "double";
    case Value::Type::Float32: return "float";
    case Value::Type::String: return "string";
    case Value::Type::Raw: return "raw";
    case Value::Type::List: return "list";
    case Value::Type::Map: return "map";
    case Value::Type::Tuple: return "tuple";
    case Value::Type::Dynamic: return "dynamic";
    case Value::Type::Optional: return "optional";
    case Value::Type::Object: return "object";
  }
  return "?";
}

Value Value::dynamic(Signature signature, Value inner) {
  return Value(Dynamic{std::move(signature), std::make_shared<const Value>(std::move(inner)), true});
}

Value Value::invalidDynamic() { return Value(Dynamic{}); }

bool Value::asBool() const { return get<bool>(data_, Type::Bool, type()); }

std::int64_t Value::asInt() const {
  if (const auto* u = std::get_if<std::uint64_t>(&data_)) {
    if (*u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
      throw EncodeError("unsigned " + std::to_string(*u) + " does not fit a signed 64-bit integer");
    return static_cast<std::int64_t>(*u);
  }
  return get<std::int64_t>(data_, Type::Int, type());
}

std::uint64_t Value::asUInt() const {
  if (const auto* i = std::get_if<std::int64_t>(&data_)) {
    if (*i < 0) throw EncodeError("negative " + std::to_string(*i) + " where an unsigned integer is expected");
    return static_cast<std::uint64_t>(*i);
  }
  return get<std::uint64_t>(data_, Type::UInt, type());
}

double Value::asFloat() const {
  if (const auto* i = std::get_if<std::int64_t>(&data_)) return static_cast<double>(*i);
  if (const auto* u = std::get_if<std::uint64_t>(&data_)) return static_cast<double>(*u);
  if (const auto* f = std::get_if<float>(&data_)) return static_cast<double>(*f);
  return get<double>(data_, Type::Float, type());
}

float Value::asFloat32() const { return get<float>(data_, Type::Float32, type()); }

const std::string& Value::asString() const { return get<std::string>(data_, Type::String, type()); }
const Value::Raw& Value::asRaw() const { return get<Raw>(data_, Type::Raw, type()); }
const Value::List& Value::asList() const { return get<List>(data_, Type::List, type()); }
const Value::Map& Value::asMap() const { return get<Map>(data_, Type::Map, type()); }
const Value::Tuple& Value::asTuple() const { return get<Tuple>(data_, Type::Tuple, type()); }
const Value::Dynamic& Value::asDynamic() const { return get<Dynamic>(data_, Type::Dynamic, type()); }
const Value::Optional& Value::asOptional() const { return get<Optional>(data_, Type::Optional, type()); }
const Value::Object& Value::asObject() const { return get<Object>(data_, Type::Object, type()); }

const Value& Value::member(std::size_t i) const {
  const auto& members = asTuple().members;
  if (i >= members.size())
    throw EncodeError("tuple has " + std::to_string(members.size()) + " members, member " + std::to_string(i) +
                      " was asked for");
  return members[i];
}

bool operator==(const Value& a, const Value& b) {
  if (a.type() != b.type()) return false;
  switch (a.type()) {
    case Value::Type::Void: return true;
    case Value::Type::Bool: return a.asBool() == b.asBool();
    case Value::Type::Int: return a.asInt() == b.asInt();
    case Value::Type::UInt: return a.asUInt() == b.asUInt();
    case Value::Type::Float: {
      const double x = a.asFloat(), y = b.asFloat();
      return x == y || (x != x && y != y);  // NaN equals NaN here: same bytes decoded twice
    }
    case Value::Type::Float32: {
      const float x = a.asFloat32(), y = b.asFloat32();
      return x == y || (x != x && y != y);
    }
    case Value::Type::String: return a.asString() == b.asString();
    case Value::Type::Raw: return a.asRaw().bytes == b.asRaw().bytes;
    case Value::Type::List: return a.asList().items == b.asList().items;
    case Value::Type::Map: return a.asMap().keys == b.asMap().keys && a.asMap().values == b.asMap().values;
    case Value::Type::Tuple: return a.asTuple().members == b.asTuple().members;
    case Value::Type::Dynamic: {
      const auto& x = a.asDynamic();
      const auto& y = b.asDynamic();
      return x.valid == y.valid && x.signature == y.signature && samePointee(x.value, y.value);
    }
    case Value::Type::Optional: return samePointee(a.asOptional().value, b.asOptional().value);
    case Value::Type::Object: {
      const auto& x = a.asObject();
      const auto& y = b.asObject();
      return samePointee(x.metaObject, y.metaObject) && x.cachedMetaObject == y.cachedMetaObject &&
             x.service == y.service && x.object == y.object && x.uid == y.uid;
    }
  }
  return false;
}

}  // namespace autolife::qi
