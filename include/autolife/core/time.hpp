// Engine time: nanoseconds since the engine started (REFERENCE §9).
// Integer time keeps deadlines exact: 0.1 s + 0.2 s is exactly 0.3 s.
#pragma once

#include <charconv>
#include <chrono>
#include <cstdint>
#include <limits>
#include <string>

namespace autolife::core {

using Duration = std::chrono::nanoseconds;
// Time since engine start. Time 0 is engine start; nothing is known before.
using Time = std::chrono::nanoseconds;

inline constexpr Time kNever = Time::max();

// The longest span engine time represents: ~292 years, inside int64
// nanoseconds.
inline constexpr double kMaxSeconds = 9.2e9;

// Seconds (as written in traces, windows and scenarios) to engine time,
// rounded to the nearest nanosecond and clamped to the representable range.
constexpr Duration fromSeconds(double s) {
  if (!(s == s)) return Duration::zero();  // NaN
  if (s >= kMaxSeconds) return Duration(static_cast<std::int64_t>(kMaxSeconds * 1e9));
  if (s <= -kMaxSeconds) return Duration(-static_cast<std::int64_t>(kMaxSeconds * 1e9));
  double ns = s * 1e9;
  return Duration(static_cast<std::int64_t>(ns < 0 ? ns - 0.5 : ns + 0.5));
}

constexpr double toSeconds(Duration d) { return static_cast<double>(d.count()) / 1e9; }

// The latest instant an input (a trace step, `--until`) may name: well inside
// int64 nanoseconds (~292 years), so that windows added to it saturate
// instead of wrapping.
inline constexpr double kLatestInputSeconds = 9.0e9;

// A time operator's window (>= 0 seconds). Engine time counts nanoseconds:
// a window shorter than that still takes one, so `e ~ 1e-10` is not `e`;
// a window longer than any run can last never elapses (Duration::max()),
// instead of being clamped to a date a run could reach.
constexpr Duration windowFromSeconds(double s) {
  if (!(s > 0)) return Duration::zero();
  if (s >= kMaxSeconds) return Duration::max();
  const Duration d = fromSeconds(s);
  return d > Duration::zero() ? d : Duration(1);
}

// Seconds for output, exact to the nanosecond and never in exponent form:
// "0.0", "1.5", "0.123456789", "1000000000.0". appendSeconds writes them
// at the end of `out` without allocating (the CLI's output lines).
inline void appendSeconds(std::string& out, Duration d) {
  const auto ns = d.count();
  const std::uint64_t magnitude = ns < 0 ? 0 - static_cast<std::uint64_t>(ns) : static_cast<std::uint64_t>(ns);
  char text[32];
  char* end = text;
  if (ns < 0) *end++ = '-';
  end = std::to_chars(end, text + sizeof text, magnitude / 1000000000u).ptr;
  *end++ = '.';
  std::uint64_t fraction = magnitude % 1000000000u;
  char* digits = end;
  for (int i = 8; i >= 0; --i, fraction /= 10) digits[i] = static_cast<char>('0' + fraction % 10);
  end = digits + 9;
  while (end > digits + 1 && end[-1] == '0') --end;
  out.append(text, end);
}

inline std::string formatSeconds(Duration d) {
  std::string out;
  appendSeconds(out, d);
  return out;
}

// t + d for d >= 0, stopping at kNever instead of overflowing: deadlines of
// windows as long as ~292 years, nested, must not wrap into the past.
constexpr Time addSaturating(Time t, Duration d) {
  return d > kNever - t ? kNever : t + d;
}

}  // namespace autolife::core
