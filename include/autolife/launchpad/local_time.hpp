// The time keys (Launchpad/Year ... Week, LifeTime): the calendar of local
// time, derived from the engine clock's wall time (Clock::wallTime) plus the
// robot's UTC offset.
#pragma once

#include <chrono>
#include <cstdint>
#include <string_view>

#include "autolife/core/clock.hpp"

namespace autolife::launchpad {

using WallTime = std::chrono::system_clock::time_point;

// What the calendar says at one instant of local time.
struct CalendarFields {
  int year = 1970;
  int month = 1;                  // 1..12
  std::string_view monthName;     // "January" ... "December"
  int dayOfYear = 1;              // 1..366 (Launchpad/Day)
  std::string_view dayName;       // "Sunday" ... "Saturday"
  int dayOfMonth = 1;             // 1..31 (Launchpad/Date)
  int hour = 0;                   // 0..23
  int minute = 0;                 // 0..59
  int minuteOfDay = 0;            // 0..1439
  // Zero-based week of the year, Sunday first (strftime's %U): the days
  // before the year's first Sunday are week 0. 0..53.
  int week = 0;
};

// `local` is UTC shifted by the offset: its "UTC" fields are the local ones.
CalendarFields calendarAt(WallTime local);

// Launchpad/LifeTime and getLifeTime: whole seconds since the Unix epoch of
// the engine's wall clock (UTC: NAOqi's value is gettimeofday()'s).
std::int64_t lifeTimeSeconds(WallTime wall);

// The engine time of the first whole wall-clock second strictly after
// `now`: where the time keys' timer fires next.
core::Time nextWallSecond(const core::Clock& clock, core::Time now);

}  // namespace autolife::launchpad
