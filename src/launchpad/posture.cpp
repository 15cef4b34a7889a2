#include "autolife/launchpad/posture.hpp"

#include <array>
#include <utility>

namespace autolife::launchpad {

std::string_view postureFamily(std::string_view posture) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 9> families{{
      {"Stand", "Standing"},
      {"StandInit", "Standing"},
      {"StandZero", "Standing"},
      {"Crouch", "Crouching"},
      {"Sit", "Sitting"},
      {"SitRelax", "Sitting"},
      {"SitOnChair", "SittingOnChair"},
      {"LyingBelly", "LyingBelly"},
      {"LyingBack", "LyingBack"},
  }};
  for (const auto& [name, family] : families)
    if (name == posture) return family;
  return "Unknown";
}

}  // namespace autolife::launchpad
