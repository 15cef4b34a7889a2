// Launchpad/TemperatureStatus, HighestTemperature and HighestJoint from the
// joints' temperatures (REFERENCE §4 leaves the thresholds open;
// docs/launchpad.md records them). The status follows the hottest joint:
//
//   hottest °C     status
//   below 50       Cold
//   [50, 65)       Warm
//   [65, 75)       Hot
//   75 and above   Critical
#pragma once

#include <string>
#include <string_view>

#include "autolife/launchpad/world.hpp"

namespace autolife::launchpad {

struct Hottest {
  std::string joint;         // "" when no joint reported a temperature
  double celsius = 0.0;      // 0.0 when no joint reported a temperature
};

// The hottest joint; on a tie the first by name (deterministic). Readings
// that are not numbers are ignored.
Hottest hottestJoint(const JointTemperatures& temperatures);

// "Cold", "Warm", "Hot" or "Critical".
std::string_view temperatureStatus(double hottestCelsius);

}  // namespace autolife::launchpad
