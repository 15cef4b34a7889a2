// Launchpad/BatteryLevel and Launchpad/BatteryStatus from the charge
// (REFERENCE §4 leaves the thresholds open; docs/launchpad.md records them).
//
//   charge %    level   status
//   [0, 10)       0     Critical
//   [10, 30)      1     Low
//   [30, 50)      2     Half
//   [50, 70)      3     Half
//   [70, 90)      4     Half
//   [90, 100]     5     Full
//
// The level is the charge rounded to the nearest fifth (like a phone's
// bars), and the status is read from the level, so the two never disagree.
#pragma once

#include <string_view>

namespace autolife::launchpad {

// The charge clamped to [0, 100]; NaN reads as 0 (an unreadable battery is
// treated as empty: the cautious side).
double clampCharge(double percent);

// 0 to 5.
int batteryLevel(double percent);

// "Critical", "Low", "Half" or "Full".
std::string_view batteryStatus(int level);

}  // namespace autolife::launchpad
