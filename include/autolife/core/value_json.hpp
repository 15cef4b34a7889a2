// Conversion between Value and nlohmann::json (REFERENCE §1 JSON mapping).
#pragma once

#include <cstdint>

#include <nlohmann/json_fwd.hpp>

#include "autolife/core/value.hpp"

namespace autolife::core {

// Everything JSON carries: null ⇄ Invalid, booleans, integers ⇄ Int (UInt
// beyond the int64 range), numbers with '.' or an exponent ⇄ Float, strings,
// arrays, objects ⇄ Map (binary ⇄ Bytes). Never throws for a parsed document.
Value jsonToValue(const nlohmann::json& j);

// A condition value (memory's): jsonToValue, then conditionValue(). Throws
// std::invalid_argument for a JSON object (maps are not condition values)
// and for an integer beyond the int64 range.
Value valueFromJson(const nlohmann::json& j);

// Parses JSON text like nlohmann::json::parse, except that an integer
// literal too large for 64 bits is refused (std::invalid_argument) instead of
// silently becoming a double: REFERENCE §1 maps integer literals to Int.
// So is a number beyond the range of a double (1e400), also
// std::invalid_argument. Syntax errors throw nlohmann::json::parse_error. Arrays and objects nested
// deeper than `maxDepth` are refused (std::invalid_argument): the network API
// bounds the recursion a hostile message can cause.
nlohmann::json parseJson(std::string_view text, std::size_t maxDepth = SIZE_MAX);
// The inverse of jsonToValue; Bytes become a string (the bytes as they
// are), a Tuple an array; an Object throws std::invalid_argument.
nlohmann::json valueToJson(const Value& v);

}  // namespace autolife::core
