// Between qi values and the engine's core::Value (what services take and
// return, memory and conditions hold). JSON is not on the way: where a
// client or the CLI speaks JSON, core/value_json.hpp converts at that edge
// (the right-hand column says what it gives).
//
//   qi                         core::Value                JSON
//   v, invalid m               Invalid                    null
//   b                          Bool                       true / false
//   c C w W i I l L            Int (UInt beyond int64)    integer
//   f d                        Float                      number with a fraction
//   s                          String                     string
//   r                          Bytes                      string (the bytes as they are)
//   [T], #T                    Array                      array
//   (..)                       Tuple                      array
//   {sT}                       Map; any other key type:   object; any other key type:
//                              Array of [key, value]      array of [key, value]
//   +T                         Invalid or the value       null or the value
//   m                          the value it holds         the value it holds
//   o                          refused (EncodeError): objects stay in qi
//
// Towards qi, a Tuple fits where an Array does and Bytes where a String
// does (and back), as JSON's arrays and strings always did.
// To a dynamic `m`, the signature is chosen from the value: Invalid → v,
// Bool → b, Int → i (l beyond 32 bits), UInt → L, Float → d, String → s,
// Bytes → r, Array → [m], Map → {sm}, Tuple → its members' own, (is)...
// (JSON: integer → i, l or L by its size, array → [m], object → {sm}).
#pragma once

#include "autolife/core/value.hpp"
#include "autolife/qi/codec.hpp"
#include "autolife/qi/signature.hpp"
#include "autolife/qi/value.hpp"

namespace autolife::qi {

// Throws EncodeError for a qi object.
core::Value toValue(const Value& value, const Signature& signature);
// Throws EncodeError when the value does not fit the signature.
Value fromValue(const core::Value& value, const Signature& signature);
Signature signatureOf(const core::Value& value);
// A dynamic value (`m`) holding `value`.
Value dynamicFromValue(const core::Value& value);

// The sentence an Error message's payload (a dynamic value, as libqi sends
// it) carries: a string as it is, another value as its JSON text, or why it
// could not be read.
std::string errorText(std::string_view payload, const CodecOptions& codec = {});

// A value for memory and conditions (core::conditionValue): maps, integers
// beyond int64 and objects are refused (EncodeError).
core::Value toCoreValue(const Value& value, const Signature& signature);

}  // namespace autolife::qi
