// Conversion between Value and nlohmann::json (REFERENCE §1 JSON mapping).
#pragma once

#include <nlohmann/json.hpp>

#include "autolife/core/value.hpp"

namespace autolife::core {

// null ⇄ Invalid, booleans, integers ⇄ Int, numbers with '.' or an exponent
// ⇄ Float, strings, arrays. Throws std::invalid_argument for a JSON object
// (maps are not condition values) and for an integer beyond 64-bit range.
Value valueFromJson(const nlohmann::json& j);
nlohmann::json valueToJson(const Value& v);

}  // namespace autolife::core
