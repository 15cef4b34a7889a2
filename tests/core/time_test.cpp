// Engine time (REFERENCE §9): integer nanoseconds, so that deadlines written
// in seconds add up exactly.
#include "autolife/core/time.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <limits>

using autolife::core::Duration;
using autolife::core::fromSeconds;
using autolife::core::kNever;
using autolife::core::Time;
using autolife::core::toSeconds;

namespace {

static_assert(fromSeconds(0.1) + fromSeconds(0.2) == fromSeconds(0.3), "usable at compile time");

TEST(EngineTime, TenthPlusTwoTenthsIsExactlyThreeTenths) {
  EXPECT_EQ(fromSeconds(0.1) + fromSeconds(0.2), fromSeconds(0.3));
  EXPECT_NE(0.1 + 0.2, 0.3);  // what engine time protects us from
  EXPECT_EQ(fromSeconds(0.1 + 0.2), fromSeconds(0.3));  // rounded to the nanosecond
}

TEST(EngineTime, SecondsConvertToNanoseconds) {
  EXPECT_EQ(fromSeconds(0.0).count(), 0);
  EXPECT_EQ(fromSeconds(1.0).count(), 1'000'000'000);
  EXPECT_EQ(fromSeconds(1.5).count(), 1'500'000'000);
  EXPECT_EQ(fromSeconds(0.1).count(), 100'000'000);
  EXPECT_EQ(fromSeconds(1e-9).count(), 1);
  EXPECT_EQ(fromSeconds(86400.0), std::chrono::hours(24));
  EXPECT_EQ(fromSeconds(-0.1).count(), -100'000'000);
  EXPECT_EQ(fromSeconds(-2.5).count(), -2'500'000'000);
}

TEST(EngineTime, RoundsToNearestNanosecond) {
  EXPECT_EQ(fromSeconds(1.4e-9).count(), 1);
  EXPECT_EQ(fromSeconds(1.6e-9).count(), 2);
  EXPECT_EQ(fromSeconds(-1.6e-9).count(), -2);
}

TEST(EngineTime, TenThousandTenthsAddUpExactly) {
  Duration sum{0};
  for (int i = 0; i < 10000; ++i) sum += fromSeconds(0.1);
  EXPECT_EQ(sum, fromSeconds(1000.0));
}

TEST(EngineTime, ToSecondsIsTheInverseForExactValues) {
  EXPECT_EQ(toSeconds(fromSeconds(2.25)), 2.25);
  EXPECT_EQ(toSeconds(fromSeconds(0.5)), 0.5);
  EXPECT_EQ(toSeconds(Duration(1'500'000'000)), 1.5);
  EXPECT_EQ(toSeconds(fromSeconds(0.1) + fromSeconds(0.2)), 0.3);
  EXPECT_EQ(toSeconds(Duration::zero()), 0.0);
}

TEST(EngineTime, OutOfRangeSecondsAreClampedNotOverflowed) {
  Duration big = fromSeconds(1e300);
  Duration small = fromSeconds(-1e300);
  EXPECT_GT(big, fromSeconds(1e9));  // still later than ~31 years
  EXPECT_LT(small, fromSeconds(-1e9));
  EXPECT_GE(big, fromSeconds(9.3e9));  // clamped: no wrap-around
  EXPECT_LE(big, kNever);
}

TEST(EngineTime, NanIsZero) {
  EXPECT_EQ(fromSeconds(std::numeric_limits<double>::quiet_NaN()), Duration::zero());
}

TEST(EngineTime, NeverIsLaterThanAnyTime) {
  EXPECT_GT(kNever, fromSeconds(1e12));
  EXPECT_EQ(kNever, Time::max());
}

}  // namespace
