#include "autolife/qi/meta.hpp"

#include "autolife/qi/codec.hpp"

namespace autolife::qi {

namespace {

std::uint32_t u32(const Value& v) {
  const auto u = v.asUInt();
  if (u > 0xFFFFFFFFu) throw EncodeError("uid " + std::to_string(u) + " does not fit 32 bits");
  return static_cast<std::uint32_t>(u);
}

Value methodToValue(const MetaMethod& m) {
  std::vector<Value> parameters;
  for (const auto& p : m.parameters) parameters.push_back(Value::tuple({p.name, p.description}));
  return Value::tuple({m.uid, m.returnSignature, m.name, m.parametersSignature, m.description,
                       Value::list(std::move(parameters)), m.returnDescription});
}

MetaMethod methodFromValue(const Value& v) {
  MetaMethod m;
  m.uid = u32(v.member(0));
  m.returnSignature = v.member(1).asString();
  m.name = v.member(2).asString();
  m.parametersSignature = v.member(3).asString();
  m.description = v.member(4).asString();
  for (const auto& p : v.member(5).asList().items)
    m.parameters.push_back({p.member(0).asString(), p.member(1).asString()});
  m.returnDescription = v.member(6).asString();
  return m;
}

template <typename Member>
Value membersToValue(const std::map<std::uint32_t, Member>& members, Value (*one)(const Member&)) {
  Value::Map map;
  for (const auto& [uid, member] : members) {
    map.keys.emplace_back(uid);
    map.values.push_back(one(member));
  }
  return Value(std::move(map));
}

template <typename Member>
std::map<std::uint32_t, Member> membersFromValue(const Value& v, Member (*one)(const Value&)) {
  std::map<std::uint32_t, Member> members;
  const auto& map = v.asMap();
  for (std::size_t i = 0; i < map.keys.size(); ++i) members[u32(map.keys[i])] = one(map.values[i]);
  return members;
}

Value signalToValue(const MetaSignal& s) { return Value::tuple({s.uid, s.name, s.signature}); }
MetaSignal signalFromValue(const Value& v) {
  return {u32(v.member(0)), v.member(1).asString(), v.member(2).asString()};
}
Value propertyToValue(const MetaProperty& p) { return Value::tuple({p.uid, p.name, p.signature}); }
MetaProperty propertyFromValue(const Value& v) {
  return {u32(v.member(0)), v.member(1).asString(), v.member(2).asString()};
}

template <typename Member>
const Member* find(const std::map<std::uint32_t, Member>& members, std::uint32_t uid) {
  auto it = members.find(uid);
  return it == members.end() ? nullptr : &it->second;
}

template <typename Member>
std::optional<std::uint32_t> uidOf(const std::map<std::uint32_t, Member>& members, std::string_view name) {
  for (const auto& [uid, member] : members)
    if (member.name == name) return uid;
  return std::nullopt;
}

}  // namespace

Value MetaObject::toValue() const {
  return Value::tuple({membersToValue(methods, &methodToValue), membersToValue(signals, &signalToValue),
                       membersToValue(properties, &propertyToValue), description});
}

MetaObject MetaObject::fromValue(const Value& v) {
  MetaObject m;
  m.methods = membersFromValue(v.member(0), &methodFromValue);
  m.signals = membersFromValue(v.member(1), &signalFromValue);
  m.properties = membersFromValue(v.member(2), &propertyFromValue);
  m.description = v.member(3).asString();
  return m;
}

const MetaMethod* MetaObject::method(std::uint32_t uid) const { return find(methods, uid); }
const MetaSignal* MetaObject::signal(std::uint32_t uid) const { return find(signals, uid); }
const MetaProperty* MetaObject::property(std::uint32_t uid) const { return find(properties, uid); }
std::optional<std::uint32_t> MetaObject::methodUid(std::string_view name) const { return uidOf(methods, name); }
std::optional<std::uint32_t> MetaObject::signalUid(std::string_view name) const { return uidOf(signals, name); }
std::optional<std::uint32_t> MetaObject::propertyUid(std::string_view name) const {
  return uidOf(properties, name);
}

const Signature& ServiceInfo::signature() {
  static const Signature s = Signature::parse(
      "(sIsI[s]ss)<ServiceInfo,name,serviceId,machineId,processId,endpoints,sessionId,objectUid>");
  return s;
}

Value ServiceInfo::toValue() const {
  std::vector<Value> urls(endpoints.begin(), endpoints.end());
  return Value::tuple({name, serviceId, machineId, processId, Value::list(std::move(urls)), sessionId, objectUid});
}

ServiceInfo ServiceInfo::fromValue(const Value& v) {
  ServiceInfo info;
  info.name = v.member(0).asString();
  info.serviceId = u32(v.member(1));
  info.machineId = v.member(2).asString();
  info.processId = u32(v.member(3));
  for (const auto& e : v.member(4).asList().items) info.endpoints.push_back(e.asString());
  info.sessionId = v.member(5).asString();
  info.objectUid = v.member(6).asString();
  return info;
}

}  // namespace autolife::qi
