#include "autolife/perception/observation.hpp"

#include "autolife/perception/naoqi_keys.hpp"

namespace autolife::perception {

bool Observation::empty() const {
  return !people && !trackedHuman && !motion && !battery && !charging && !posture && !postureFamily && !lifted &&
         !hatchOpen && !fallen && !pushed && !moved && !temperatures && !criticalTemperature && !criticalDevices &&
         !onPod && !sleeping && !speaking && !listening;
}

namespace naoqi {

std::string personKey(long long id, std::string_view attribute) {
  return std::string(PersonPrefix) + std::to_string(id) + "/" + std::string(attribute);
}

std::string temperatureKey(std::string_view joint) {
  return "Device/SubDeviceList/" + std::string(joint) + std::string(TemperatureKeySuffix);
}

}  // namespace naoqi

}  // namespace autolife::perception
