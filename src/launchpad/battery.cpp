#include "autolife/launchpad/battery.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace autolife::launchpad {

double clampCharge(double percent) {
  if (std::isnan(percent)) return 0.0;
  return std::clamp(percent, 0.0, 100.0);
}

int batteryLevel(double percent) {
  // The charge where each bar appears: the nearest fifth, so 10 % already
  // shows one bar and 90 % five. Compared, not computed, so that a charge
  // just under a threshold never rounds up to it.
  constexpr std::array<double, 5> bars{10.0, 30.0, 50.0, 70.0, 90.0};
  const double charge = clampCharge(percent);
  return static_cast<int>(std::count_if(bars.begin(), bars.end(), [charge](double b) { return charge >= b; }));
}

std::string_view batteryStatus(int level) {
  if (level <= 0) return "Critical";
  if (level == 1) return "Low";
  if (level <= 4) return "Half";
  return "Full";
}

}  // namespace autolife::launchpad
