// DCM, simulated for what behaviors use it for: its clock (getTime) and
// timed commands to LED devices (set), such as the Choice box's brain
// animation. DCM time is whole milliseconds since the robot started, on the
// engine clock (an int, as NAOqi's: 24.8 days fit). Commands to other devices (joints, stiffness) are not
// modelled: they answer as a stub does, said once. Every other DCM method
// is a stub of the NAOqi catalog.
#pragma once

#include <cstdint>
#include <memory>

#include "autolife/robot/leds.hpp"
#include "autolife/robot/robot_core.hpp"
#include "autolife/service/service.hpp"

namespace autolife::robot {

class Dcm {
public:
  Dcm(RobotCore& core, Leds& leds);

  std::shared_ptr<service::Service> makeService();

private:
  // What getTime(0) answers at engine time `t`, and back.
  std::int64_t dcmTime(core::Time t) const;
  core::Time engineTime(std::int64_t ms) const;
  int time(int offset) const;
  void set(const service::Any& commands);

  RobotCore& core_;
  Leds& leds_;
  const core::Time origin_;
};

}  // namespace autolife::robot
