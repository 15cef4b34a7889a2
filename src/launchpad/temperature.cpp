#include "autolife/launchpad/temperature.hpp"

#include <cmath>

namespace autolife::launchpad {

Hottest hottestJoint(const JointTemperatures& temperatures) {
  Hottest out;
  bool found = false;
  for (const auto& [joint, celsius] : temperatures) {
    if (std::isnan(celsius)) continue;
    // Strictly hotter: on a tie the joint met first (by name) stays.
    if (!found || celsius > out.celsius) {
      out = {joint, celsius};
      found = true;
    }
  }
  return out;
}

std::string_view temperatureStatus(double hottestCelsius) {
  if (hottestCelsius >= 75.0) return "Critical";
  if (hottestCelsius >= 65.0) return "Hot";
  if (hottestCelsius >= 50.0) return "Warm";
  return "Cold";
}

}  // namespace autolife::launchpad
