// Statistics, histories, focus context and life time after a scripted day
// (seed 003 getLifeTime, getActivityStatistics,
// getAutonomousActivityStatistics, getFocusHistory, getStateHistory;
// REFERENCE §5 getFocusContext; docs/life.md "Statistics, histories, focus
// context"). The virtual clock's wall start is 2026-01-05 09:00:00 UTC.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "life_fixture.hpp"

namespace {

using autolife::life::LifeOptions;
using autolife::life::Nature;
using Json = nlohmann::json;
using autolife::test::kWallStart;
using autolife::test::LifeFixture;
using autolife::test::refusal;
using autolife::test::jsonOf;

constexpr std::int64_t E = kWallStart;

Json pair(const std::string& name, std::int64_t time) { return Json::array({name, time}); }

Json stats(std::int64_t prevFocus, std::int64_t prevUnfocus, int count, double total) {
  return Json{{"prevFocusTime", prevFocus}, {"prevUnfocusTime", prevUnfocus}, {"focusCount", count},
             {"totalDuration", total}};
}

// One working day of a robot:
//   09:00:00  life starts
//   10:00:00  'wander' true: day/wander (solitary, 10 min) focused by the Launchpad
//   10:10:00  day/wander ends
//   11:00:00.25  'person' == 1; held 2 s: day/chat (interactive, 5 min) at 11:00:02.25
//   11:05:02.25  day/chat ends
//   12:00:00  switchFocus(day/manual) (interactive, runs until stopped)
//   12:00:00.5  'wander' true again: suggested, not enforced (interactive)
//   13:00:00  stopFocus(): solitary, whose Launchpad focuses day/wander
//   13:10:00  day/wander ends
//   14:00:00.5  'person' == 1 again: day/chat at 14:00:02.5, ends 14:05:02.5
//   17:00:00.9  the day is over
class LifeScriptedDay : public testing::Test {
protected:
  void SetUp() override {
    f.add("day/wander", Nature::Solitary, "'wander'", 600);
    f.add("day/chat", Nature::Interactive, "('person' == 1) ~ 2", 300);
    f.add("day/manual", Nature::Interactive);
    f.add("day/never", Nature::Solitary, "'never'");
    f.life.start();
    f.at(3600);
    f.set("wander", true);
    f.at(3601);
    f.set("wander", false);
    f.at(7200.25);
    f.set("person", 1);
    f.at(7300);
    f.set("person", 0);
    f.at(10800);
    f.life.switchFocus("day/manual");
    f.at(10800.5);
    f.set("wander", true);
    f.at(14400);
    f.life.stopFocus();
    f.at(14401);
    f.set("wander", false);
    f.at(18000.5);
    f.set("person", 1);
    f.at(18010);
    f.set("person", 0);
    f.runUntil(28800.9);
  }
  LifeFixture f;
};

TEST_F(LifeScriptedDay, LifeTimeIsWallClockSecondsSinceTheEpoch) {
  EXPECT_EQ(f.life.getLifeTime(), E + 28800);
  EXPECT_EQ(f.call("ALAutonomousLife.getLifeTime", {}), E + 28800);
}

TEST_F(LifeScriptedDay, ActivityStatistics) {
  Json all = jsonOf(f.life.getActivityStatistics());
  EXPECT_EQ(all, (Json{{"day/wander", stats(E + 14400, E + 15000, 2, 1200.0)},
                      {"day/chat", stats(E + 18002, E + 18302, 2, 600.0)},
                      {"day/manual", stats(E + 10800, E + 14400, 1, 3600.0)},
                      {"day/never", stats(0, 0, 0, 0.0)}}))
      << all.dump(2);
  EXPECT_EQ(f.call("ALAutonomousLife.getActivityStatistics", {}), all);
}

// Times are life times (integers); totalDuration is in seconds, as a float
// (docs/life.md).
TEST_F(LifeScriptedDay, StatisticsFieldTypes) {
  const Json all = jsonOf(f.life.getActivityStatistics());
  ASSERT_EQ(all.size(), 4u);
  for (const auto& [name, s] : all.items()) {
    EXPECT_EQ(s.size(), 4u) << name;
    EXPECT_TRUE(s["prevFocusTime"].is_number_integer()) << name;
    EXPECT_TRUE(s["prevUnfocusTime"].is_number_integer()) << name;
    EXPECT_TRUE(s["focusCount"].is_number_integer()) << name;
    EXPECT_TRUE(s["totalDuration"].is_number_float()) << name;
  }
}

// Only the activities with a launch trigger.
TEST_F(LifeScriptedDay, AutonomousActivityStatistics) {
  Json autonomous = jsonOf(f.life.getAutonomousActivityStatistics());
  EXPECT_EQ(autonomous, (Json{{"day/wander", stats(E + 14400, E + 15000, 2, 1200.0)},
                             {"day/chat", stats(E + 18002, E + 18302, 2, 600.0)},
                             {"day/never", stats(0, 0, 0, 0.0)}}))
      << autonomous.dump(2);
  EXPECT_EQ(f.call("ALAutonomousLife.getAutonomousActivityStatistics", {}), autonomous);
}

TEST_F(LifeScriptedDay, FocusHistory) {
  Json all = Json::array({pair("day/wander", E + 3600), pair("day/chat", E + 7202), pair("day/manual", E + 10800),
                        pair("day/wander", E + 14400), pair("day/chat", E + 18002)});
  EXPECT_EQ(jsonOf(f.life.getFocusHistory()), all);
  EXPECT_EQ(f.call("ALAutonomousLife.getFocusHistory", {}), all);
}

TEST_F(LifeScriptedDay, FocusHistoryWithDepthKeepsTheMostRecentOldestFirst) {
  EXPECT_EQ(jsonOf(f.life.getFocusHistory(2)), Json::array({pair("day/wander", E + 14400), pair("day/chat", E + 18002)}));
  EXPECT_EQ(f.call("ALAutonomousLife.getFocusHistory", {1}), Json::array({pair("day/chat", E + 18002)}));
  EXPECT_EQ(jsonOf(f.life.getFocusHistory(0)), Json::array());
  EXPECT_EQ(jsonOf(f.life.getFocusHistory(100)), jsonOf(f.life.getFocusHistory()));
}

// docs/life.md: every focus change enters a state, even the same one.
TEST_F(LifeScriptedDay, StateHistory) {
  Json all = Json::array({pair("solitary", E),                                 // start
                        pair("solitary", E + 3600),                          // day/wander focused
                        pair("solitary", E + 4200),                          // …ends
                        pair("interactive", E + 7202),                       // day/chat
                        pair("solitary", E + 7502),                          // …ends
                        pair("interactive", E + 10800),                      // day/manual
                        pair("solitary", E + 14400),                         // stopFocus
                        pair("solitary", E + 14400),                         // day/wander by the Launchpad
                        pair("solitary", E + 15000),                         // …ends
                        pair("interactive", E + 18002),                      // day/chat
                        pair("solitary", E + 18302)});                       // …ends
  EXPECT_EQ(jsonOf(f.life.getStateHistory()), all) << jsonOf(f.life.getStateHistory()).dump();
  EXPECT_EQ(f.call("ALAutonomousLife.getStateHistory", {}), all);
}

TEST_F(LifeScriptedDay, StateHistoryWithDepth) {
  EXPECT_EQ(jsonOf(f.life.getStateHistory(3)),
            Json::array({pair("solitary", E + 15000), pair("interactive", E + 18002), pair("solitary", E + 18302)}));
  EXPECT_EQ(f.call("ALAutonomousLife.getStateHistory", {1}), Json::array({pair("solitary", E + 18302)}));
  EXPECT_EQ(jsonOf(f.life.getStateHistory(0)), Json::array());
  EXPECT_EQ(jsonOf(f.life.getStateHistory(1000)), jsonOf(f.life.getStateHistory()));
}

// The keys read by launch conditions, as they were at the last autonomous
// focus (day/chat at 14:00:02.5): [sec, usec, value], sec/usec when set.
TEST_F(LifeScriptedDay, FocusContextIsTheValueAtTheLastAutonomousFocus) {
  EXPECT_EQ(jsonOf(f.life.getFocusContext("person")), Json::array({18000, 500000, 1}));  // set to 0 since
  EXPECT_EQ(jsonOf(f.life.getFocusContext("wander")), Json::array({14401, 0, false}));
  EXPECT_EQ(f.call("ALAutonomousLife.getFocusContext", {"person"}), Json::array({18000, 500000, 1}));
  EXPECT_EQ(refusal([&] { jsonOf(f.life.getFocusContext("Launchpad/Nothing")); }), "key-not-in-conditions");
}

TEST_F(LifeScriptedDay, TheLaunchpadHeardEachFocusCount) {
  std::string heard = f.listener.take();
  for (const char* line : {"count day/wander 1\n", "count day/chat 1\n", "count day/manual 1\n",
                           "count day/wander 2\n", "count day/chat 2\n"})
    EXPECT_THAT(heard, testing::HasSubstr(line));
  EXPECT_THAT(heard, testing::Not(testing::HasSubstr("count day/never")));
}

// ---- outside the day ------------------------------------------------------------------

TEST(LifeStatistics, NeverLaunchedActivitiesHaveZeroes) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "'a'");
  f.add("p/b", Nature::Interactive);
  f.life.start();
  f.runUntil(3600);
  EXPECT_EQ(jsonOf(f.life.getActivityStatistics()), (Json{{"p/a", stats(0, 0, 0, 0.0)}, {"p/b", stats(0, 0, 0, 0.0)}}));
  EXPECT_EQ(jsonOf(f.life.getAutonomousActivityStatistics()), (Json{{"p/a", stats(0, 0, 0, 0.0)}}));
  EXPECT_EQ(jsonOf(f.life.getFocusHistory()), Json::array());
  EXPECT_EQ(jsonOf(f.life.getStateHistory()), Json::array({pair("solitary", E)}));
  EXPECT_EQ(f.life.getLifeTime(), E + 3600);
}

TEST(LifeStatistics, TheFocusedActivityCountsFromItsFocus) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.life.start();
  f.at(100);
  f.life.switchFocus("p/a");
  f.at(200);
  Json s = jsonOf(f.life.getActivityStatistics())["p/a"];
  EXPECT_EQ(s["focusCount"], 1);
  EXPECT_EQ(s["prevFocusTime"], E + 100);
  EXPECT_EQ(s["prevUnfocusTime"], 0);
}

TEST(LifeStatistics, DurationsAddUpAcrossRunsIncludingFractions) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.life.start();
  f.at(1);
  f.life.switchFocus("p/a");
  f.at(3.5);
  f.life.stopFocus();
  f.at(10.25);
  f.life.switchFocus("p/a");
  f.at(11);
  f.life.stopAll();
  Json s = jsonOf(f.life.getActivityStatistics())["p/a"];
  EXPECT_EQ(s, stats(E + 10, E + 11, 2, 3.25));
}

TEST(LifeStatistics, FocusContextNeedsAnAutonomousFocus) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "'k' > 1");
  f.life.start();
  f.set("k", 5);  // p/a focused by its condition…
  f.set("k", 0);
  f.life.stopFocus();
  EXPECT_EQ(jsonOf(f.life.getFocusContext("k")), Json::array({0, 0, 5}));
  LifeFixture g;
  g.add("p/a", Nature::Solitary, "'k' > 1");
  g.life.start();
  g.life.switchFocus("p/a");  // …not by the API
  EXPECT_EQ(refusal([&] { g.life.getFocusContext("k"); }), "no-autonomous-focus");
  EXPECT_EQ(refusal([&] { g.life.getFocusContext("other"); }), "key-not-in-conditions");
}

// docs/life.md: the latest 10,000 entries are kept.
TEST(LifeStatistics, HistoriesKeepTheLatestTenThousandEntries) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.add("p/b", Nature::Solitary);
  f.life.start();
  for (int i = 0; i < 10005; ++i) {
    f.at(i);
    f.life.switchFocus(i % 2 ? "p/b" : "p/a");
  }
  Json history = jsonOf(f.life.getFocusHistory());
  ASSERT_EQ(history.size(), 10000u);
  EXPECT_EQ(history.front(), pair("p/b", E + 5));
  EXPECT_EQ(history.back(), pair("p/a", E + 10004));
  EXPECT_EQ(jsonOf(f.life.getStateHistory()).size(), 10000u);
}

TEST(LifeStatistics, TheHistoryLimitIsAnOption) {
  LifeOptions options;
  options.historyLimit = 3;
  LifeFixture f(options);
  f.add("p/a", Nature::Solitary);
  f.add("p/b", Nature::Solitary);
  f.life.start();
  for (int i = 0; i < 5; ++i) {
    f.at(i);
    f.life.switchFocus(i % 2 ? "p/b" : "p/a");
  }
  EXPECT_EQ(jsonOf(f.life.getFocusHistory()),
            Json::array({pair("p/a", E + 2), pair("p/b", E + 3), pair("p/a", E + 4)}));
}

}  // namespace
