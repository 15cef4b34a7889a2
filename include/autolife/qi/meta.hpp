// The structures qi peers exchange about objects and services (REFERENCE
// §10): MetaObject (an object's methods, signals and properties by uid) and
// ServiceInfo (what the ServiceDirectory says of a service), with their
// signatures and their conversion to and from codec values.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "autolife/qi/signature.hpp"
#include "autolife/qi/value.hpp"

namespace autolife::qi {

struct MetaMethodParameter {
  std::string name;
  std::string description;
};

struct MetaMethod {
  std::uint32_t uid = 0;
  std::string returnSignature;
  std::string name;
  std::string parametersSignature;  // a tuple: "(s)", "()"
  std::string description;
  std::vector<MetaMethodParameter> parameters;
  std::string returnDescription;
};

struct MetaSignal {
  std::uint32_t uid = 0;
  std::string name;
  std::string signature;  // a tuple of the event's values
};

struct MetaProperty {
  std::uint32_t uid = 0;
  std::string name;
  std::string signature;
};

struct MetaObject {
  std::map<std::uint32_t, MetaMethod> methods;
  std::map<std::uint32_t, MetaSignal> signals;
  std::map<std::uint32_t, MetaProperty> properties;
  std::string description;

  // As the codec reads and writes it (metaObjectSignature()). fromValue
  // throws EncodeError when the value is not a MetaObject's shape.
  Value toValue() const;
  static MetaObject fromValue(const Value& value);

  const MetaMethod* method(std::uint32_t uid) const;
  const MetaSignal* signal(std::uint32_t uid) const;
  const MetaProperty* property(std::uint32_t uid) const;
  // The uid of a member by name (methods: the first overload), or nothing.
  std::optional<std::uint32_t> methodUid(std::string_view name) const;
  std::optional<std::uint32_t> signalUid(std::string_view name) const;
  std::optional<std::uint32_t> propertyUid(std::string_view name) const;
};

struct ServiceInfo {
  std::string name;
  std::uint32_t serviceId = 0;
  std::string machineId;
  std::uint32_t processId = 0;
  std::vector<std::string> endpoints;
  std::string sessionId;
  std::string objectUid;  // 20 bytes

  static const Signature& signature();
  Value toValue() const;
  static ServiceInfo fromValue(const Value& value);
};

}  // namespace autolife::qi
