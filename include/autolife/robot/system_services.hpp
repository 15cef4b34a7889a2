// The simulated robot's own state, as NAOqi's system services tell it
// (docs/robot.md): ALSystem (name, versions, time zone, memory and disk),
// ALRobotModel (which robot this is), ALBattery and ALBodyTemperature (what
// the world says of the battery and the joints' temperatures, with the
// events a robot raises) and ALAudioDevice (the output volume, mute, the
// microphones' state).
//
// The world reaches it through sense(): each `world:` step of a scenario,
// as it reaches the Launchpad's inputs.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "autolife/robot/robot_core.hpp"
#include "autolife/robot/simulated_world.hpp"
#include "autolife/service/service.hpp"

namespace autolife::robot {

class RobotSystem {
public:
  // Below it the Launchpad's battery status is Low (one bar or none):
  // ALBattery/BatteryLow is raised when the charge falls under it.
  static constexpr double kLowBatteryPercent = 30.0;
  // The temperatures from which a joint is hot (HotJointDetected, severity
  // 1) and critical (severity 2): the Launchpad's "Hot" and "Critical".
  static constexpr double kHotCelsius = 65.0;
  static constexpr double kCriticalCelsius = 75.0;

  explicit RobotSystem(RobotCore& core);

  std::shared_ptr<service::Service> makeSystem();
  std::shared_ptr<service::Service> makeRobotModel();
  std::shared_ptr<service::Service> makeBattery();
  std::shared_ptr<service::Service> makeBodyTemperature();
  std::shared_ptr<service::Service> makeAudioDevice();

  // What a world step says of the body: the battery (its Device key, and
  // BatteryChargeChanged, BatteryChargingFlagChanged, ALBattery/BatteryLow,
  // ALBattery/ConnectedToChargingStation) and the temperatures
  // (HotJointDetected, DeviceNoLongerHotDetected).
  void sense(const WorldUpdate& update);

  std::string robotName() const;
  double battery() const;  // percent
  int outputVolume() const;
  bool muted() const;

private:
  struct Microphones {
    bool inputsOpen = true;
    bool outputsOpen = true;
    bool energy = false;
    std::optional<std::string> recording;  // the file a recording would go to
  };

  RobotCore& core_;
  std::string name_;
  std::string timezone_ = "UTC";
  double battery_ = 100.0;
  bool charging_ = false;
  bool onPod_ = false;
  std::map<std::string, double> temperatures_;
  int volume_ = 50;
  bool muted_ = false;
  std::map<std::string, int> audioParameters_;
  Microphones microphones_;
};

}  // namespace autolife::robot
