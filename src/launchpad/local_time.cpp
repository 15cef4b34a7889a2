#include "autolife/launchpad/local_time.hpp"

#include <array>

namespace autolife::launchpad {

namespace {

constexpr std::array<std::string_view, 12> kMonthNames{
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December"};

constexpr std::array<std::string_view, 7> kDayNames{
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};

}  // namespace

CalendarFields calendarAt(WallTime local) {
  using namespace std::chrono;
  const sys_days day = floor<days>(local);
  const year_month_day ymd{day};
  const hh_mm_ss<minutes> clock{floor<minutes>(local - day)};
  const unsigned weekday = std::chrono::weekday{day}.c_encoding();  // Sunday = 0
  const int yearDay = static_cast<int>((day - sys_days{ymd.year() / January / 1}).count());  // 0-based

  CalendarFields f;
  f.year = static_cast<int>(ymd.year());
  f.month = static_cast<int>(static_cast<unsigned>(ymd.month()));
  f.monthName = kMonthNames[static_cast<unsigned>(ymd.month()) - 1];
  f.dayOfYear = yearDay + 1;
  f.dayName = kDayNames[weekday];
  f.dayOfMonth = static_cast<int>(static_cast<unsigned>(ymd.day()));
  f.hour = static_cast<int>(clock.hours().count());
  f.minute = static_cast<int>(clock.minutes().count());
  f.minuteOfDay = f.hour * 60 + f.minute;
  f.week = (yearDay + 7 - static_cast<int>(weekday)) / 7;
  return f;
}

std::int64_t lifeTimeSeconds(WallTime wall) {
  using namespace std::chrono;
  return floor<seconds>(wall.time_since_epoch()).count();
}

core::Time nextWallSecond(const core::Clock& clock, core::Time now) {
  using namespace std::chrono;
  const WallTime wall = clock.wallTime(now);
  const WallTime next = floor<seconds>(wall) + seconds{1};
  return now + duration_cast<core::Duration>(next - wall);
}

}  // namespace autolife::launchpad
