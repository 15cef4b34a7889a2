// Base64 (RFC 4648), for sound carried in JSON (the dashboard's recordings
// and the robot's speech it plays).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace autolife::voice {

std::string toBase64(std::string_view bytes);
// The bytes, or none when `text` is not base64 (whitespace is skipped; a
// `data:...;base64,` prefix is allowed).
std::optional<std::string> fromBase64(std::string_view text);

}  // namespace autolife::voice
