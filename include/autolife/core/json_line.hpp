// One JSON object per line, in the style the CLI prints:
// {"t": 3.0, "event": "AutonomousLife/FocusedActivity", "value": "demo/greet"}
// Keys keep their order; ", " and ": " separate; floats keep a '.';
// strings that are not UTF-8 get U+FFFD instead of failing.
#pragma once

#include <string>

#include <nlohmann/json_fwd.hpp>

namespace autolife::core {

std::string jsonLine(const nlohmann::ordered_json& value);
std::string jsonLine(const nlohmann::json& value);

}  // namespace autolife::core
