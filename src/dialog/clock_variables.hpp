#pragma once

#include <chrono>
#include <optional>
#include <string>

namespace autolife::dialog {

// $Dialog/Hour, $Dialog/Morning...: its value at `now`; none for any other name.
std::optional<std::string> clockVariable(const std::string& name, std::chrono::system_clock::time_point now);

}  // namespace autolife::dialog
