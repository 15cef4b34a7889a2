// A timeline's actuator curves as one timed interpolation, the way NAOqi
// plays them: ALMotion.angleInterpolationBezier(names, times, keys), with
// times in seconds from the timeline's start and, per key,
// [angle, [3, -dTime, dAngle], [3, dTime, dAngle]] (3: bezier), as
// Choregraphe's "export to Python" writes it.
//
// Units: degrees become radians; a hand (…Hand) is a ratio 0..1 (unit -1)
// or a percent (unit 1, divided by 100). Tangents: bezier handles as
// written (abscissa in frames, ordinate in the curve's unit); linear: a
// third of the way to the neighbour key; constant: level handles (a smooth
// step: one timed Bezier cannot jump, where NAOqi holds then jumps); none:
// bezier-auto, smooth without overshoot (flat at a local extremum).
#pragma once

#include <string>
#include <vector>

#include "autolife/behavior/xar_model.hpp"
#include "autolife/service/convert.hpp"
#include "autolife/service/service.hpp"

namespace autolife::runtime {

struct BezierCommand {
  std::vector<std::string> names;
  std::vector<std::vector<double>> times;  // [t0, t1, ...] per joint
  core::Value::Array keys;                 // [[angle, handle, handle], ...] per joint
  double duration = 0;                     // seconds, the last key's time

  bool empty() const { return names.empty(); }
  service::Arguments arguments() const {
    return {service::Convert<std::vector<std::string>>::to(names),
            service::Convert<std::vector<std::vector<double>>>::to(times), keys};
  }
};

// The keys in [startFrame, endFrame] (endFrame -1: all), timed from
// startFrame at `fps`. Muted curves and curves without keys are left out.
BezierCommand bezierCommand(const behavior::ActuatorList& actuators, int startFrame, int endFrame, int fps);

// The frame of the last key of any (unmuted) curve; -1 without keys.
int lastKeyFrame(const behavior::ActuatorList& actuators);

}  // namespace autolife::runtime
