// A value moving over engine time through keys, linearly between them: a
// joint's angle or stiffness during an interpolation, a LED's intensity
// during a fade. Before the first key it holds the first value, after the
// last the last.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "autolife/core/time.hpp"

namespace autolife::robot {

struct Ramp {
  std::uint64_t task = 0;                           // what moves it; 0 = still
  std::vector<std::pair<core::Time, double>> keys;  // time-ordered

  bool active() const { return task != 0 && !keys.empty(); }
  double at(core::Time t) const {
    if (keys.empty()) return 0.0;
    if (t <= keys.front().first) return keys.front().second;
    for (std::size_t i = 1; i < keys.size(); ++i) {
      const auto& [t1, v1] = keys[i];
      if (t < t1) {
        const auto& [t0, v0] = keys[i - 1];
        const double f = core::toSeconds(t - t0) / core::toSeconds(t1 - t0);
        return v0 + (v1 - v0) * f;
      }
    }
    return keys.back().second;
  }
  double final() const { return keys.empty() ? 0.0 : keys.back().second; }
  void clear() {
    task = 0;
    keys.clear();
  }
};

}  // namespace autolife::robot
