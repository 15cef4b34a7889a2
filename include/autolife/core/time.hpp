// Engine time: nanoseconds since the engine started (REFERENCE §9).
// Integer time keeps deadlines exact: 0.1 s + 0.2 s is exactly 0.3 s.
#pragma once

#include <chrono>
#include <cstdint>
#include <limits>

namespace autolife::core {

using Duration = std::chrono::nanoseconds;
// Time since engine start. Time 0 is engine start; nothing is known before.
using Time = std::chrono::nanoseconds;

inline constexpr Time kNever = Time::max();

// Seconds (as written in traces, windows and scenarios) to engine time,
// rounded to the nearest nanosecond and clamped to the representable range.
constexpr Duration fromSeconds(double s) {
  constexpr double maxSeconds = 9.2e9;  // ~292 years, inside int64 nanoseconds
  if (!(s == s)) return Duration::zero();  // NaN
  if (s >= maxSeconds) return Duration(static_cast<std::int64_t>(maxSeconds * 1e9));
  if (s <= -maxSeconds) return Duration(-static_cast<std::int64_t>(maxSeconds * 1e9));
  double ns = s * 1e9;
  return Duration(static_cast<std::int64_t>(ns < 0 ? ns - 0.5 : ns + 0.5));
}

constexpr double toSeconds(Duration d) { return static_cast<double>(d.count()) / 1e9; }

// t + d for d >= 0, stopping at kNever instead of overflowing: deadlines of
// windows as long as ~292 years, nested, must not wrap into the past.
constexpr Time addSaturating(Time t, Duration d) {
  return d > kNever - t ? kNever : t + d;
}

}  // namespace autolife::core
