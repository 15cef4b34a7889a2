// For tests that write the values crossing the object model (service
// arguments, results, signal and property values) as JSON literals, and read
// what comes back as JSON to compare it with one: the one conversion between
// the two, so that a test does not depend on what `service::Any` is made of.
#pragma once

#include <initializer_list>

#include <nlohmann/json.hpp>

#include "autolife/core/value_json.hpp"
#include "autolife/service/type.hpp"

namespace autolife::test {

// A value written as a JSON literal.
inline service::Any anyOf(const nlohmann::json& json) { return core::jsonToValue(json); }

// Arguments written as JSON literals: argsOf({1, "x", nlohmann::json::array()}).
inline service::Arguments argsOf(std::initializer_list<nlohmann::json> list) {
  service::Arguments out;
  out.reserve(list.size());
  for (const auto& json : list) out.push_back(anyOf(json));
  return out;
}

// A value read as JSON, to compare with a literal.
inline nlohmann::json jsonOf(const service::Any& value) { return core::valueToJson(value); }

}  // namespace autolife::test
