// The time keys: the local calendar (wall clock + UTC offset) changes
// exactly at each minute boundary, across midnight and new year; Week is
// strftime's %U; LifeTime is the wall clock's Unix seconds, raised at each
// second boundary. One clock timer at a time: a simulated day is cheap.
#include <cstdio>
#include <ctime>

#include "autolife/launchpad/local_time.hpp"
#include "launchpad_test_support.hpp"

namespace autolife::launchpad::testing {
namespace {

using namespace std::chrono;

WallTime utc(year_month_day day, hours h, minutes m = minutes{0}, milliseconds s = milliseconds{0}) {
  return sys_days{day} + h + m + s;
}

// Launchpad keys on a clock whose wall time starts at `wallStart`.
class TimeKeys : public ::testing::Test {
protected:
  void startAt(WallTime wallStart, minutes utcOffset = minutes{0}) {
    clock = std::make_unique<core::VirtualClock>(wallStart);
    memory = std::make_unique<memory::Memory>(*clock);
    RobotProfile profile = RobotProfile::nao();
    profile.utcOffset = utcOffset;
    keys = std::make_unique<LaunchpadKeys>(*memory, profile);
    keys->start();
  }
  ~TimeKeys() override {
    keys.reset();
    memory.reset();
  }
  std::int64_t getInt(std::string_view key) const { return memory->getData(key).asInt(); }
  std::string getString(std::string_view key) const { return memory->getData(key).asString(); }
  void runUntil(double t) { clock->runUntil(sec(t)); }

  // Counts raises of `key` through a subscriber.
  int countRaises(std::string_view key, double until) {
    int n = 0;
    auto id = memory->subscribeToEvent(key, "count", [&](const std::string&, const Value&) { ++n; });
    runUntil(until);
    memory->unsubscribeToEvent(id);
    return n;
  }

  std::unique_ptr<core::VirtualClock> clock;
  std::unique_ptr<memory::Memory> memory;
  std::unique_ptr<LaunchpadKeys> keys;
};

TEST_F(TimeKeys, TheDefaultVirtualMorning) {
  startAt(core::VirtualClock::defaultWallStart());  // Monday 2026-01-05 09:00:00 UTC
  EXPECT_EQ(getInt(keys::Year), 2026);
  EXPECT_EQ(getInt(keys::Month), 1);
  EXPECT_EQ(getString(keys::MonthName), "January");
  EXPECT_EQ(getInt(keys::Day), 5);
  EXPECT_EQ(getString(keys::DayName), "Monday");
  EXPECT_EQ(getInt(keys::Date), 5);
  EXPECT_EQ(getInt(keys::Hour), 9);
  EXPECT_EQ(getInt(keys::Minute), 0);
  EXPECT_EQ(getInt(keys::MinuteOfDay), 540);
  EXPECT_EQ(getInt(keys::Week), 1);  // Sunday the 4th started week 1
  EXPECT_EQ(getInt(keys::LifeTime), 1767603600);  // 2026-01-05T09:00:00Z
}

TEST_F(TimeKeys, MinuteKeysChangeExactlyAtTheBoundary) {
  startAt(utc(2026y / March / 10, hours{14}, minutes{41}, milliseconds{59'250}));
  EXPECT_EQ(getInt(keys::Minute), 41);
  runUntil(0.749);
  EXPECT_EQ(getInt(keys::Minute), 41);
  runUntil(0.75);
  EXPECT_EQ(getInt(keys::Minute), 42);
  EXPECT_EQ(getInt(keys::MinuteOfDay), 14 * 60 + 42);
  EXPECT_EQ(memory->getTimestamp(keys::Minute).time, sec(0.75));
}

TEST_F(TimeKeys, LifeTimeChangesAtEachWallSecond) {
  startAt(utc(2026y / March / 10, hours{14}, minutes{0}, milliseconds{400}));
  const std::int64_t first = getInt(keys::LifeTime);
  runUntil(0.599);
  EXPECT_EQ(getInt(keys::LifeTime), first);
  runUntil(0.6);
  EXPECT_EQ(getInt(keys::LifeTime), first + 1);
  EXPECT_EQ(countRaises(keys::LifeTime, 10.6), 10);
  EXPECT_EQ(getInt(keys::LifeTime), first + 11);
}

TEST_F(TimeKeys, AcrossMidnightAndNewYearWithAPositiveOffset) {
  // 22:59 UTC is 23:59 in UTC+1.
  startAt(utc(2026y / December / 31, hours{22}, minutes{59}), minutes{60});
  EXPECT_EQ(getInt(keys::Year), 2026);
  EXPECT_EQ(getInt(keys::Day), 365);
  EXPECT_EQ(getString(keys::DayName), "Thursday");
  EXPECT_EQ(getInt(keys::Date), 31);
  EXPECT_EQ(getInt(keys::Hour), 23);
  EXPECT_EQ(getInt(keys::MinuteOfDay), 1439);
  EXPECT_EQ(getInt(keys::Week), 52);
  runUntil(59.999);
  EXPECT_EQ(getInt(keys::Year), 2026);
  runUntil(60);
  EXPECT_EQ(getInt(keys::Year), 2027);
  EXPECT_EQ(getInt(keys::Month), 1);
  EXPECT_EQ(getString(keys::MonthName), "January");
  EXPECT_EQ(getInt(keys::Day), 1);
  EXPECT_EQ(getString(keys::DayName), "Friday");
  EXPECT_EQ(getInt(keys::Date), 1);
  EXPECT_EQ(getInt(keys::Hour), 0);
  EXPECT_EQ(getInt(keys::Minute), 0);
  EXPECT_EQ(getInt(keys::MinuteOfDay), 0);
  EXPECT_EQ(getInt(keys::Week), 0);  // before the year's first Sunday
  for (auto k : {keys::Year, keys::Month, keys::Day, keys::Date, keys::Hour, keys::Week})
    EXPECT_EQ(memory->getTimestamp(k).time, sec(60)) << k;
}

TEST_F(TimeKeys, AcrossMidnightWithANegativeOffsetInALeapYear) {
  // 04:59:30 UTC is 23:59:30 the day before in UTC-5.
  startAt(utc(2028y / March / 1, hours{4}, minutes{59}, milliseconds{30'000}), minutes{-300});
  EXPECT_EQ(getInt(keys::Month), 2);
  EXPECT_EQ(getInt(keys::Date), 29);
  EXPECT_EQ(getInt(keys::Day), 60);
  runUntil(30);
  EXPECT_EQ(getInt(keys::Month), 3);
  EXPECT_EQ(getString(keys::MonthName), "March");
  EXPECT_EQ(getInt(keys::Date), 1);
  EXPECT_EQ(getInt(keys::Day), 61);
  EXPECT_EQ(getString(keys::DayName), "Wednesday");
}

TEST_F(TimeKeys, HalfHourOffsets) {
  startAt(utc(2026y / June / 1, hours{18}, minutes{29}), minutes{330});  // UTC+5:30: 23:59
  EXPECT_EQ(getInt(keys::MinuteOfDay), 1439);
  runUntil(60);
  EXPECT_EQ(getInt(keys::MinuteOfDay), 0);
  EXPECT_EQ(getInt(keys::Date), 2);
}

TEST_F(TimeKeys, TheOffsetDoesNotChangeLifeTime) {
  const WallTime start = utc(2026y / June / 1, hours{12});
  startAt(start, minutes{-600});
  EXPECT_EQ(getInt(keys::LifeTime), lifeTimeSeconds(start));
  EXPECT_EQ(getInt(keys::Hour), 2);
}

TEST_F(TimeKeys, LastDayOfALeapYearIsDay366) {
  startAt(utc(2028y / December / 31, hours{12}));
  EXPECT_EQ(getInt(keys::Day), 366);
  EXPECT_EQ(getString(keys::DayName), "Sunday");
  EXPECT_EQ(getInt(keys::Week), 53);
}

TEST_F(TimeKeys, ASimulatedDayRaisesEachMinuteOnceOnOneTimer) {
  startAt(core::VirtualClock::defaultWallStart());
  EXPECT_EQ(clock->pending(), 1u);  // just the next tick
  EXPECT_EQ(countRaises(keys::MinuteOfDay, 86400), 1440);
  EXPECT_EQ(getInt(keys::MinuteOfDay), 540);  // 09:00 again, a day later
  EXPECT_EQ(getString(keys::DayName), "Tuesday");
  EXPECT_EQ(clock->pending(), 1u);
  EXPECT_EQ(countRaises(keys::Hour, 86400 + 3600), 1);
}

TEST_F(TimeKeys, TheHourChangesOncePerHour) {
  startAt(core::VirtualClock::defaultWallStart());
  EXPECT_EQ(countRaises(keys::Hour, 6 * 3600), 6);
  EXPECT_EQ(getInt(keys::Hour), 15);
}

// calendarAt against the C library, every day of three years (one leap).
TEST(CalendarFields, AgreeWithStrftime) {
  for (sys_days day = sys_days{2026y / January / 1}; day < sys_days{2029y / January / 1}; day += days{1}) {
    const WallTime t = day + hours{13} + minutes{7};
    const CalendarFields f = calendarAt(t);
    const std::time_t c = system_clock::to_time_t(t);
    std::tm tm{};
    gmtime_r(&c, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, "%Y %m %B %j %A %d %H %M %U", &tm);
    char expected[64];
    std::snprintf(expected, sizeof expected, "%d %02d %s %03d %s %02d %02d %02d %02d", f.year, f.month,
                  std::string(f.monthName).c_str(), f.dayOfYear, std::string(f.dayName).c_str(), f.dayOfMonth,
                  f.hour, f.minute, f.week);
    ASSERT_STREQ(buf, expected);
    ASSERT_EQ(f.minuteOfDay, 13 * 60 + 7);
  }
}

TEST(CalendarFields, NextWallSecond) {
  core::VirtualClock clock(utc(2026y / January / 1, hours{0}, minutes{0}, milliseconds{999}));
  EXPECT_EQ(nextWallSecond(clock, sec(0)), sec(0.001));
  EXPECT_EQ(nextWallSecond(clock, sec(0.001)), sec(1.001));  // already on a boundary: the next one
  EXPECT_EQ(nextWallSecond(clock, sec(0.5)), sec(1.001));
}

}  // namespace
}  // namespace autolife::launchpad::testing
