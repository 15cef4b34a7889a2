#include "autolife/qi/codec.hpp"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace autolife::qi {

static_assert(std::endian::native == std::endian::little, "the qi codec copies little-endian scalars as they are");

namespace {

constexpr std::size_t kObjectUidSize = 20;

std::string inSignature(const Signature& s) { return " (in " + s.toString() + ")"; }

// ---- encoding -------------------------------------------------------------

template <typename T>
void putLittle(std::string& out, T value) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  out.append(bytes, sizeof(T));
}

void putCount(std::string& out, std::size_t n, const char* what) {
  if (n > std::numeric_limits<std::uint32_t>::max())
    throw EncodeError(std::string(what) + " of " + std::to_string(n) + " does not fit a u32 length");
  putLittle(out, static_cast<std::uint32_t>(n));
}

void putString(std::string& out, const std::string& s) {
  putCount(out, s.size(), "string");
  out += s;
}

template <typename T>
void putChecked(std::string& out, const Value& v, const Signature& s) {
  if constexpr (std::is_unsigned_v<T>) {
    const std::uint64_t u = v.asUInt();
    if (u > std::numeric_limits<T>::max())
      throw EncodeError(std::to_string(u) + " does not fit '" + s.toString() + "'");
    putLittle(out, static_cast<T>(u));
  } else {
    const std::int64_t i = v.asInt();
    if (i < std::numeric_limits<T>::min() || i > std::numeric_limits<T>::max())
      throw EncodeError(std::to_string(i) + " does not fit '" + s.toString() + "'");
    putLittle(out, static_cast<T>(i));
  }
}

void putFloat(std::string& out, double d) {
  if (std::isfinite(d) && std::fabs(d) > std::numeric_limits<float>::max())
    throw EncodeError(std::to_string(d) + " does not fit a 32-bit float 'f'");
  putLittle(out, static_cast<float>(d));
}

void encodeValue(const Signature& s, const Value& v, std::string& out, const CodecOptions& o, std::size_t depth);

void encodeObject(const Value::Object& object, std::string& out, const CodecOptions& o, std::size_t depth) {
  if (o.metaObjectCache) {
    if (!object.cachedMetaObject) throw EncodeError("object without a metaObject cache id (MetaObjectCache is on)");
    out += static_cast<char>(object.metaObject ? 1 : 0);
    if (object.metaObject) encodeValue(metaObjectSignature(), *object.metaObject, out, o, depth + 1);
    putLittle(out, *object.cachedMetaObject);
  } else {
    if (!object.metaObject) throw EncodeError("object without its metaObject");
    encodeValue(metaObjectSignature(), *object.metaObject, out, o, depth + 1);
  }
  putLittle(out, object.service);
  putLittle(out, object.object);
  if (o.objectUid) {
    if (!object.uid) throw EncodeError("object without its uid (ObjectPtrUID is on)");
    out.append(reinterpret_cast<const char*>(object.uid->data()), kObjectUidSize);
  }
}

void encodeContainer(const Signature& s, const Value& v, std::string& out, const CodecOptions& o, std::size_t depth) {
  switch (s.kind()) {
    case Kind::List:
    case Kind::VarArgs: {
      const auto& items = v.asList().items;
      putCount(out, items.size(), "list");
      for (const auto& item : items) encodeValue(s.child(0), item, out, o, depth + 1);
      return;
    }
    case Kind::Map: {
      const auto& map = v.asMap();
      if (map.keys.size() != map.values.size()) throw EncodeError("map with a different number of keys and values");
      putCount(out, map.keys.size(), "map");
      for (std::size_t i = 0; i < map.keys.size(); ++i) {
        encodeValue(s.child(0), map.keys[i], out, o, depth + 1);
        encodeValue(s.child(1), map.values[i], out, o, depth + 1);
      }
      return;
    }
    case Kind::Tuple: {
      const auto& members = v.asTuple().members;
      if (members.size() != s.children().size())
        throw EncodeError("tuple of " + std::to_string(members.size()) + " members for '" + s.toString() + "'");
      for (std::size_t i = 0; i < members.size(); ++i) encodeValue(s.child(i), members[i], out, o, depth + 1);
      return;
    }
    case Kind::Optional: {
      const auto& inner = v.asOptional().value;
      out += static_cast<char>(inner ? 1 : 0);
      if (inner) encodeValue(s.child(0), *inner, out, o, depth + 1);
      return;
    }
    case Kind::Dynamic: {
      const auto& d = v.asDynamic();
      if (!d.valid) {
        putCount(out, 0, "signature");
        return;
      }
      putString(out, d.signature.toString());
      encodeValue(d.signature, d.value ? *d.value : Value(), out, o, depth + 1);
      return;
    }
    case Kind::Object: encodeObject(v.asObject(), out, o, depth); return;
    default: throw EncodeError("cannot encode a value as '" + s.toString() + "'");
  }
}

void encodeValue(const Signature& s, const Value& v, std::string& out, const CodecOptions& o, std::size_t depth) {
  if (depth > o.limits.maxDepth) throw EncodeError("value nested deeper than " + std::to_string(o.limits.maxDepth));
  switch (s.kind()) {
    case Kind::Void:
    case Kind::None: return;
    case Kind::Bool: out += static_cast<char>(v.asBool() ? 1 : 0); return;
    case Kind::Int8: putChecked<std::int8_t>(out, v, s); return;
    case Kind::UInt8: putChecked<std::uint8_t>(out, v, s); return;
    case Kind::Int16: putChecked<std::int16_t>(out, v, s); return;
    case Kind::UInt16: putChecked<std::uint16_t>(out, v, s); return;
    case Kind::Int32: putChecked<std::int32_t>(out, v, s); return;
    case Kind::UInt32: putChecked<std::uint32_t>(out, v, s); return;
    case Kind::Int64: putChecked<std::int64_t>(out, v, s); return;
    case Kind::UInt64: putChecked<std::uint64_t>(out, v, s); return;
    case Kind::Float:
      if (v.type() == Value::Type::Float32) putLittle(out, v.asFloat32());
      else putFloat(out, v.asFloat());
      return;
    case Kind::Double: putLittle(out, v.asFloat()); return;
    case Kind::String: putString(out, v.asString()); return;
    case Kind::Raw: putString(out, v.asRaw().bytes); return;
    default: encodeContainer(s, v, out, o, depth);
  }
}

}  // namespace

const Signature& metaObjectSignature() {
  static const Signature signature = Signature::parse(
      "({I(Issss[(ss)<MetaMethodParameter,name,description>]s)<MetaMethod,uid,returnSignature,name,"
      "parametersSignature,description,parameters,returnDescription>}{I(Iss)<MetaSignal,uid,name,signature>}"
      "{I(Iss)<MetaProperty,uid,name,signature>}s)<MetaObject,methods,signals,properties,description>");
  return signature;
}

void encode(const Signature& signature, const Value& value, std::string& out, const CodecOptions& options) {
  encodeValue(signature, value, out, options, 0);
}

std::string encode(const Signature& signature, const Value& value, const CodecOptions& options) {
  std::string out;
  encode(signature, value, out, options);
  return out;
}

// ---- decoding -------------------------------------------------------------

Decoder::Decoder(std::string_view bytes, const CodecOptions& options) : bytes_(bytes), options_(options) {}

void Decoder::need(std::size_t n, const char* what) const {
  if (n > remaining())
    throw DecodeError(pos_, std::string(what) + " needs " + std::to_string(n) + " bytes, " +
                                std::to_string(remaining()) + " left");
}

template <typename T>
T Decoder::readLittle() {
  need(sizeof(T), "a scalar");
  T value;
  std::memcpy(&value, bytes_.data() + pos_, sizeof(T));
  pos_ += sizeof(T);
  return value;
}

std::string Decoder::readBytes(std::size_t n, const char* what) {
  need(n, what);
  std::string s(bytes_.substr(pos_, n));
  pos_ += n;
  return s;
}

// A container's element count, checked against the bytes left (each element
// takes at least `elementSize` bytes) or, for elements of zero bytes,
// against the budget of such elements.
std::uint32_t Decoder::readCount(const Signature& container, std::size_t elementSize) {
  const std::size_t at = pos_;
  const auto count = readLittle<std::uint32_t>();
  if (elementSize == 0) {
    emptyElements_ += count;
    if (emptyElements_ > options_.limits.maxEmptyElements)
      throw DecodeError(at, std::to_string(count) + " elements of zero bytes exceed the limit of " +
                                std::to_string(options_.limits.maxEmptyElements) + inSignature(container));
  } else if (std::uint64_t{count} * elementSize > remaining()) {
    throw DecodeError(at, "count " + std::to_string(count) + " needs at least " +
                              std::to_string(std::uint64_t{count} * elementSize) + " bytes, " +
                              std::to_string(remaining()) + " left" + inSignature(container));
  }
  return count;
}

Value Decoder::readScalar(const Signature& s) {
  switch (s.kind()) {
    case Kind::Bool: {
      const std::size_t at = pos_;
      const auto b = readLittle<std::uint8_t>();
      if (b > 1) throw DecodeError(at, "bool byte " + std::to_string(b) + " is neither 0 nor 1");
      return Value(b == 1);
    }
    case Kind::Int8: return Value(std::int64_t{readLittle<std::int8_t>()});
    case Kind::UInt8: return Value(std::uint64_t{readLittle<std::uint8_t>()});
    case Kind::Int16: return Value(std::int64_t{readLittle<std::int16_t>()});
    case Kind::UInt16: return Value(std::uint64_t{readLittle<std::uint16_t>()});
    case Kind::Int32: return Value(std::int64_t{readLittle<std::int32_t>()});
    case Kind::UInt32: return Value(std::uint64_t{readLittle<std::uint32_t>()});
    case Kind::Int64: return Value(readLittle<std::int64_t>());
    case Kind::UInt64: return Value(readLittle<std::uint64_t>());
    case Kind::Float: return Value(readLittle<float>());
    case Kind::Double: return Value(readLittle<double>());
    case Kind::String: {
      const auto n = readLittle<std::uint32_t>();
      return Value(readBytes(n, "string"));
    }
    case Kind::Raw: {
      const auto n = readLittle<std::uint32_t>();
      return Value(Value::Raw{readBytes(n, "raw buffer")});
    }
    default: throw DecodeError(pos_, "cannot decode a value of type '" + s.toString() + "'");
  }
}

Value Decoder::readDynamic(std::size_t depth) {
  const std::size_t at = pos_;
  const auto length = readLittle<std::uint32_t>();
  const std::string text = readBytes(length, "dynamic value's signature");
  if (text.empty()) return Value::invalidDynamic();
  Signature signature;
  try {
    signature = Signature::parse(text, options_.limits);
  } catch (const DecodeError& e) {
    throw DecodeError(at + 4 + e.offset(), "in a dynamic value's signature: " + e.reason());
  }
  Value inner = readValue(signature, depth + 1);
  return Value::dynamic(std::move(signature), std::move(inner));
}

Value Decoder::readObject(std::size_t depth) {
  Value::Object object;
  bool transmitted = true;
  if (options_.metaObjectCache) transmitted = readValue(Signature(Kind::Bool), depth).asBool();
  if (transmitted) object.metaObject = std::make_shared<const Value>(readValue(metaObjectSignature(), depth + 1));
  if (options_.metaObjectCache) object.cachedMetaObject = readLittle<std::uint32_t>();
  object.service = readLittle<std::uint32_t>();
  object.object = readLittle<std::uint32_t>();
  if (options_.objectUid) {
    need(kObjectUidSize, "object uid");
    std::array<std::uint8_t, kObjectUidSize> uid;
    std::memcpy(uid.data(), bytes_.data() + pos_, kObjectUidSize);
    pos_ += kObjectUidSize;
    object.uid = uid;
  }
  return Value(std::move(object));
}

Value Decoder::readValue(const Signature& s, std::size_t depth) {
  if (depth > options_.limits.maxDepth)
    throw DecodeError(pos_, "value nested deeper than " + std::to_string(options_.limits.maxDepth));
  switch (s.kind()) {
    case Kind::Void:
    case Kind::None: return Value();
    case Kind::List:
    case Kind::VarArgs: {
      const auto count = readCount(s, s.child(0).minimumSize());
      Value::List list;
      list.items.reserve(count);
      for (std::uint32_t i = 0; i < count; ++i) list.items.push_back(readValue(s.child(0), depth + 1));
      return Value(std::move(list));
    }
    case Kind::Map: {
      const auto count = readCount(s, s.child(0).minimumSize() + s.child(1).minimumSize());
      Value::Map map;
      map.keys.reserve(count);
      map.values.reserve(count);
      for (std::uint32_t i = 0; i < count; ++i) {
        map.keys.push_back(readValue(s.child(0), depth + 1));
        map.values.push_back(readValue(s.child(1), depth + 1));
      }
      return Value(std::move(map));
    }
    case Kind::Tuple: {
      Value::Tuple tuple;
      tuple.members.reserve(s.children().size());
      for (const auto& member : s.children()) tuple.members.push_back(readValue(member, depth + 1));
      return Value(std::move(tuple));
    }
    case Kind::Optional: {
      if (!readValue(Signature(Kind::Bool), depth).asBool()) return Value(Value::Optional{});
      return Value(Value::Optional{std::make_shared<const Value>(readValue(s.child(0), depth + 1))});
    }
    case Kind::Dynamic: return readDynamic(depth);
    case Kind::Object: return readObject(depth);
    default: return readScalar(s);
  }
}

Value Decoder::read(const Signature& signature) { return readValue(signature, 0); }

void Decoder::expectEnd() const {
  if (remaining() != 0)
    throw DecodeError(pos_, std::to_string(remaining()) + " bytes left after the value");
}

Value decode(const Signature& signature, std::string_view bytes, const CodecOptions& options) {
  Decoder decoder(bytes, options);
  Value value = decoder.read(signature);
  decoder.expectEnd();
  return value;
}

}  // namespace autolife::qi
