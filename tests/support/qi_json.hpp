// For tests that write their qi values as JSON literals (and compare what
// comes back with them): the conversions through core::Value, the engine's
// one value model (qi/convert.hpp, core/value_json.hpp). Header-only: the
// suites that include it link the qi module.
#pragma once

#include <nlohmann/json.hpp>

#include "autolife/core/value_json.hpp"
#include "autolife/qi/convert.hpp"

namespace autolife::test {

inline nlohmann::json qiToJson(const qi::Value& value, const qi::Signature& signature) {
  return core::valueToJson(qi::toValue(value, signature));
}

inline qi::Value qiFromJson(const nlohmann::json& json, const qi::Signature& signature) {
  return qi::fromValue(core::jsonToValue(json), signature);
}

inline qi::Value qiDynamicFromJson(const nlohmann::json& json) { return qi::dynamicFromValue(core::jsonToValue(json)); }

}  // namespace autolife::test
