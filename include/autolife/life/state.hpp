// The four states of Autonomous Life (REFERENCE §5, seeds 001/002).
#pragma once

#include <optional>
#include <string_view>

namespace autolife::life {

enum class State { Solitary, Interactive, Safeguard, Disabled };
std::string_view stateName(State s);  // "solitary", "interactive", "safeguard", "disabled"
std::optional<State> parseState(std::string_view name);

}  // namespace autolife::life
