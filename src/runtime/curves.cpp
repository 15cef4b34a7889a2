#include "autolife/runtime/curves.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace autolife::runtime {

namespace {

constexpr int kBezier = 3;  // NAOqi's interpolation type in Bezier handles

bool isHand(const std::string& actuator) { return actuator.size() >= 4 && actuator.ends_with("Hand"); }

// A value in the curve's unit, as the motion service wants it.
double toMotionUnit(const behavior::ActuatorCurve& c, double v) {
  if (c.unit == 1) return v / 100.0;                             // percent
  if (c.unit == -1 && isHand(c.actuator)) return v;              // a hand's own unit: a ratio
  return v * std::numbers::pi / 180.0;                           // degrees
}

struct Point {
  double t;      // seconds
  double value;  // motion unit
  const behavior::Key* key;
};

const behavior::Tangent* tangentOn(const behavior::Key& k, behavior::TangentSide side) {
  for (const auto& t : k.tangents)
    if (t.side == side) return &t;
  return nullptr;
}

// Bezier-auto: the slope between the neighbours, flat at an extremum so the
// curve never overshoots a key.
double autoSlope(const std::vector<Point>& p, std::size_t i) {
  if (i == 0 || i + 1 >= p.size()) return 0;
  const double before = p[i].value - p[i - 1].value;
  const double after = p[i + 1].value - p[i].value;
  if (before * after <= 0) return 0;
  return (p[i + 1].value - p[i - 1].value) / (p[i + 1].t - p[i - 1].t);
}

service::Any handle(const behavior::ActuatorCurve& c, const std::vector<Point>& p, std::size_t i,
                    behavior::TangentSide side, int fps) {
  const bool left = side == behavior::TangentSide::Left;
  const std::size_t n = left ? (i > 0 ? i - 1 : i) : (i + 1 < p.size() ? i + 1 : i);
  const double gap = std::abs(p[n].t - p[i].t);
  const double sign = left ? -1.0 : 1.0;
  if (const auto* t = tangentOn(*p[i].key, side)) {
    switch (t->interpolation) {
      case behavior::Interpolation::Bezier: {
        const double scale = toMotionUnit(c, 1.0);  // degrees or percent per unit
        return core::Value::Array{kBezier, t->abscissa / std::max(1, fps), t->ordinate * scale};
      }
      case behavior::Interpolation::Linear:
        return core::Value::Array{kBezier, sign * gap / 3.0, (p[n].value - p[i].value) / 3.0};
      case behavior::Interpolation::Constant:
        // Level handles: as close to "hold" as one timed Bezier gets.
        return core::Value::Array{kBezier, sign * gap / 3.0, 0.0};
    }
  }
  const double dt = sign * gap / 3.0;
  return core::Value::Array{kBezier, dt, autoSlope(p, i) * dt};
}

}  // namespace

int lastKeyFrame(const behavior::ActuatorList& actuators) {
  int last = -1;
  for (const auto& c : actuators.curves)
    if (!c.mute)
      for (const auto& k : c.keys) last = std::max(last, k.frame);
  return last;
}

BezierCommand bezierCommand(const behavior::ActuatorList& actuators, int startFrame, int endFrame, int fps) {
  BezierCommand out;
  const double framesPerSecond = fps > 0 ? fps : 25;
  for (const auto& c : actuators.curves) {
    if (c.mute) continue;
    std::vector<Point> points;
    for (const auto& k : c.keys) {
      if (k.frame < startFrame || (endFrame >= 0 && k.frame > endFrame)) continue;
      // A timed interpolation starts after t=0: a key at the start frame is
      // reached in one frame.
      const double t = std::max(1, k.frame - startFrame) / framesPerSecond;
      if (!points.empty() && t <= points.back().t) continue;  // same time: the first key wins
      points.push_back({t, toMotionUnit(c, k.value), &k});
    }
    if (points.empty()) continue;
    std::vector<double> times;
    core::Value::Array keys;
    for (std::size_t i = 0; i < points.size(); ++i) {
      times.push_back(points[i].t);
      keys.push_back(core::Value::Array{points[i].value, handle(c, points, i, behavior::TangentSide::Left, fps),
                                        handle(c, points, i, behavior::TangentSide::Right, fps)});
      out.duration = std::max(out.duration, points[i].t);
    }
    out.names.push_back(c.actuator);
    out.times.push_back(std::move(times));
    out.keys.push_back(std::move(keys));
  }
  return out;
}

}  // namespace autolife::runtime
