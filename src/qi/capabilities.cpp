#include "autolife/qi/capabilities.hpp"

#include "autolife/qi/convert.hpp"


namespace autolife::qi {

namespace {

void add(Value::Map& map, std::string key, Value value) {
  map.keys.emplace_back(std::move(key));
  map.values.push_back(std::move(value));
}

// The entry `key` as a string, when it holds one.
std::string stringEntry(const Value::Map& map, const std::string& key) {
  for (std::size_t i = 0; i < map.keys.size(); ++i) {
    if (map.keys[i].asString() != key) continue;
    const auto& d = map.values[i].asDynamic();
    if (d.valid && d.value && d.value->type() == Value::Type::String) return d.value->asString();
  }
  return {};
}

}  // namespace

const Signature& capabilityMapSignature() {
  static const Signature s = Signature::parse("{sm}");
  return s;
}

Value clientCapabilities(const std::string& user, const std::string& token) {
  Value::Map map;
  for (const char* name : {"ClientServerSocket", "MessageFlags"}) add(map, name, Value::dynamic(Signature(Kind::Bool), true));
  add(map, "MetaObjectCache", Value::dynamic(Signature(Kind::Bool), false));
  for (const char* name : {"ObjectPtrUID", "RelativeEndpointURI", "RemoteCancelableCalls"})
    add(map, name, Value::dynamic(Signature(Kind::Bool), true));
  if (!user.empty()) add(map, "auth_user", Value::dynamic(Signature(Kind::String), user));
  if (!token.empty()) add(map, "auth_token", Value::dynamic(Signature(Kind::String), token));
  return Value(std::move(map));
}

HandshakeAnswer readHandshakeAnswer(const Value& capabilityMap) {
  HandshakeAnswer out;
  bool stateGiven = false;
  const auto& map = capabilityMap.asMap();
  for (std::size_t i = 0; i < map.keys.size(); ++i) {
    const auto& key = map.keys[i].asString();
    const auto value = toValue(map.values[i], Signature(Kind::Dynamic));
    if (key == "__qi_auth_state") {
      stateGiven = true;
      out.accepted = (value.isInt() && value.asInt() == 3) || (value.isFloat() && value.asFloat() == 3.0);
    }
    if (key == "ObjectPtrUID") out.objectUid = value.isBool() && value.asBool();
  }
  if (!stateGiven) out.accepted = true;  // a server without authentication says nothing
  out.refusal = stringEntry(map, "__qi_auth_err_reason");
  if (out.refusal.empty()) out.refusal = stringEntry(map, "auth_err_reason");
  return out;
}

Credentials readCredentials(const Value& capabilityMap) {
  const auto& map = capabilityMap.asMap();
  Credentials c{stringEntry(map, "auth_user"), stringEntry(map, "auth_token")};
  if (c.user.empty()) c.user = stringEntry(map, "user");
  if (c.token.empty()) c.token = stringEntry(map, "token");
  return c;
}

}  // namespace autolife::qi
