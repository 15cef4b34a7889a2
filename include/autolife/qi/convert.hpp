// Between qi values and the engine's values: JSON (service::Any, what
// services take and return) and core::Value (memory, conditions).
//
//   qi                         JSON
//   v, invalid m               null
//   b                          true / false
//   c C w W i I l L            integer
//   f d                        number with a fraction
//   s, r                       string (the bytes as they are)
//   [T], #T, (..)              array
//   {sT}                       object; any other key type: array of [key, value]
//   +T                         null or the value
//   m                          the value it holds
//   o                          refused (EncodeError): objects stay in qi
//
// From JSON to a dynamic `m`, the signature is chosen from the value:
// null → v, bool → b, integer → i (l beyond 32 bits, L beyond int64),
// number → d, string → s, array → [m], object → {sm}.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include "autolife/core/value.hpp"
#include "autolife/qi/signature.hpp"
#include "autolife/qi/value.hpp"

namespace autolife::qi {

nlohmann::json toJson(const Value& value, const Signature& signature);
// Throws EncodeError when the JSON does not fit the signature.
Value fromJson(const nlohmann::json& json, const Signature& signature);
Signature signatureOf(const nlohmann::json& json);
// A dynamic value (`m`) holding `json`.
Value dynamicFromJson(const nlohmann::json& json);

// Through JSON; maps and objects are refused (EncodeError), as core::Value
// has none.
core::Value toCoreValue(const Value& value, const Signature& signature);
Value dynamicFromCoreValue(const core::Value& value);

}  // namespace autolife::qi
