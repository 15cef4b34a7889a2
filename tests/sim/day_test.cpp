// A scripted day (issue 3, "statistics and histories after a scripted
// day"): a few activities over 24 h of virtual time with people coming
// and going, then ALAutonomousLife's statistics and histories checked
// exactly. Nothing sleeps: the day runs in well under ctest's timeout.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "sim_support.hpp"

namespace {

using namespace autolife;
using autolife::simtest::kDefaultStart;
using autolife::simtest::Outcome;
using nlohmann::json;
using ::testing::ElementsAreArray;

constexpr std::int64_t T0 = kDefaultStart;  // 2026-01-05 09:00:00 UTC, a Monday

const char* kDay = R"(robot: nao
until: 1d
activities:
  - name: day/wave            # someone a little way off: wave until they leave zone 2
    condition: "'Launchpad/NumPeopleZone2' >= 1"
    run: {until: "'Launchpad/NumPeopleZone2' == 0"}
  - name: day/chat            # someone close: chat while someone is tracked
    nature: interactive
    condition: "'Launchpad/NumPeopleZone1' >= 1"
    run: {until: "'Launchpad/ZoneOfTrackedHuman' == 0"}
  - name: day/nap             # 13:00 to 14:00
    condition: "'Launchpad/Hour' == 13"
    run: {until: "'Launchpad/Hour' == 14"}
  - name: day/never
    condition: "'Launchpad/BatteryLevel' == 0"
  - name: day/story           # no launch trigger: started by request
    nature: solitary
    run: {duration: 10m}
steps:
  - {t: 1h, people: [{id: bob, distance: 2.0, angle: 0}]}
  - {t: 1h10m, people: []}
  - {t: 2h, people: [{id: alice, distance: 1.0, angle: 0, looking: true}]}
  - {t: 2h15m, people: []}
  - {t: 8h, people: [{id: bob, distance: 2.0, angle: 0}]}
  - {t: 8h5m, people: [{id: bob, distance: 2.0, angle: 0}, {id: alice, distance: 1.0, angle: 0}]}
  - {t: 8h15m, people: []}
  - {t: 20h, call: [ALAutonomousLife.switchFocus, day/story]}
  - {t: 1d, call: [ALAutonomousLife.getActivityStatistics]}
  - {t: 1d, call: [ALAutonomousLife.getAutonomousActivityStatistics]}
  - {t: 1d, call: [ALAutonomousLife.getFocusHistory]}
  - {t: 1d, call: [ALAutonomousLife.getFocusHistory, 2]}
  - {t: 1d, call: [ALAutonomousLife.getStateHistory]}
  - {t: 1d, call: [ALAutonomousLife.getStateHistory, 3]}
  - {t: 1d, call: [ALAutonomousLife.getLifeTime]}
expect:
  - {t: 1h1s, focused: day/wave, state: solitary}
  - {t: 1h10m1s, focused: "", suggestions: []}
  - {t: 2h1s, focused: day/chat, state: interactive}
  - {t: 2h15m1s, focused: "", state: solitary, suggestions: []}
  - {t: 4h1s, focused: day/nap}
  - {t: 5h1s, focused: ""}
  - {t: 8h1s, focused: day/wave}
  - {t: 8h5m1s, focused: day/chat, state: interactive, stack: []}
  - {t: 8h15m1s, focused: "", state: solitary, suggestions: []}
  - {t: 20h5m, focused: day/story}
  - {t: 20h10m, focused: ""}
)";

class ScriptedDay : public ::testing::Test {
protected:
  static void SetUpTestSuite() { day_ = new Outcome(simtest::run(kDay)); }
  static void TearDownTestSuite() {
    delete day_;
    day_ = nullptr;
  }
  static const Outcome& day() { return *day_; }
  static json result(const std::string& method, int nth = 0) {
    int seen = 0;
    for (const auto& r : day_->records)
      if (r.json.contains("call") && r.json["call"] == method && seen++ == nth) return json(r.json["result"]);
    ADD_FAILURE() << "no call " << nth << " to " << method;
    return {};
  }
  static Outcome* day_;
};

Outcome* ScriptedDay::day_ = nullptr;

TEST_F(ScriptedDay, RunsToTheEndOfTheDayInVirtualTime) {
  EXPECT_EQ(day().result.endedAt, core::fromSeconds(86400));
  EXPECT_EQ(day().result.problems, 0);
  ASSERT_FALSE(day().records.empty());
  EXPECT_EQ(day().records.back().json["t"], 86400.0);
  EXPECT_EQ(result("ALAutonomousLife.getLifeTime"), T0 + 86400);
}

TEST_F(ScriptedDay, EveryExpectationHolds) {
  EXPECT_EQ(day().result.failedExpectations, 0) << testing::PrintToString(day().linesHaving("expect"));
  EXPECT_EQ(day().having("expect").size(), 11u);
}

json transition(std::int64_t at, const std::string& previous, const std::string& stop, const std::string& next,
                const std::string& start) {
  return {{"TransitionTime", T0 + at},
          {"PreviousActivityName", previous},
          {"PreviousActivityStopReason", stop},
          {"FocusedActivityName", next},
          {"FocusedActivityStartReason", start}};
}

TEST_F(ScriptedDay, EveryTransitionOfTheDay) {
  std::vector<json> seen;
  for (const auto& s : day().having("signal")) seen.push_back(json(s["value"]));
  EXPECT_THAT(seen, ElementsAreArray({
                        transition(3600, "", "", "day/wave", "condition"),
                        transition(4200, "day/wave", "self-stop", "", ""),
                        transition(7200, "", "", "day/chat", "condition"),
                        transition(8100, "day/chat", "self-stop", "", ""),
                        transition(14400, "", "", "day/nap", "condition"),
                        transition(18000, "day/nap", "self-stop", "", ""),
                        transition(28800, "", "", "day/wave", "condition"),
                        transition(29100, "day/wave", "switchfocus-api-interrupt", "day/chat", "condition"),
                        transition(29700, "day/chat", "self-stop", "", ""),
                        transition(72000, "", "", "day/story", "unknown-api-caller"),
                        transition(72600, "day/story", "self-stop", "", ""),
                    }));
}

json stats(std::int64_t focus, std::int64_t unfocus, int count, double total) {
  return {{"prevFocusTime", focus}, {"prevUnfocusTime", unfocus}, {"focusCount", count}, {"totalDuration", total}};
}

TEST_F(ScriptedDay, ActivityStatistics) {
  const json expected = {
      {"day/chat", stats(T0 + 29100, T0 + 29700, 2, 900.0 + 600.0)},
      {"day/nap", stats(T0 + 14400, T0 + 18000, 1, 3600.0)},
      {"day/never", stats(0, 0, 0, 0.0)},
      {"day/story", stats(T0 + 72000, T0 + 72600, 1, 600.0)},
      {"day/wave", stats(T0 + 28800, T0 + 29100, 2, 600.0 + 300.0)},
  };
  const json got = result("ALAutonomousLife.getActivityStatistics");
  EXPECT_EQ(got, expected) << got.dump(2);
  // totalDuration is a float, in seconds (docs/life.md, Decision).
  for (const auto& [name, s] : got.items()) {
    EXPECT_TRUE(s["totalDuration"].is_number_float()) << name;
    EXPECT_TRUE(s["focusCount"].is_number_integer()) << name;
    EXPECT_TRUE(s["prevFocusTime"].is_number_integer()) << name;
  }
}

TEST_F(ScriptedDay, AutonomousActivityStatisticsLeaveOutActivitiesWithoutTrigger) {
  const json expected = {
      {"day/chat", stats(T0 + 29100, T0 + 29700, 2, 1500.0)},
      {"day/nap", stats(T0 + 14400, T0 + 18000, 1, 3600.0)},
      {"day/never", stats(0, 0, 0, 0.0)},
      {"day/wave", stats(T0 + 28800, T0 + 29100, 2, 900.0)},
  };
  EXPECT_EQ(result("ALAutonomousLife.getAutonomousActivityStatistics"), expected);
}

TEST_F(ScriptedDay, FocusHistoryOldestFirst) {
  const json expected = json::array({
      json::array({"day/wave", T0 + 3600}),
      json::array({"day/chat", T0 + 7200}),
      json::array({"day/nap", T0 + 14400}),
      json::array({"day/wave", T0 + 28800}),
      json::array({"day/chat", T0 + 29100}),
      json::array({"day/story", T0 + 72000}),
  });
  EXPECT_EQ(result("ALAutonomousLife.getFocusHistory"), expected);
  EXPECT_EQ(result("ALAutonomousLife.getFocusHistory", 1),
            json::array({json::array({"day/chat", T0 + 29100}), json::array({"day/story", T0 + 72000})}));
}

TEST_F(ScriptedDay, StateHistoryOldestFirst) {
  // Every focus change enters a state, even the same one (docs/life.md).
  const json expected = json::array({
      json::array({"solitary", T0}),
      json::array({"solitary", T0 + 3600}),
      json::array({"solitary", T0 + 4200}),
      json::array({"interactive", T0 + 7200}),
      json::array({"solitary", T0 + 8100}),
      json::array({"solitary", T0 + 14400}),
      json::array({"solitary", T0 + 18000}),
      json::array({"solitary", T0 + 28800}),
      json::array({"interactive", T0 + 29100}),
      json::array({"solitary", T0 + 29700}),
      json::array({"solitary", T0 + 72000}),
      json::array({"solitary", T0 + 72600}),
  });
  EXPECT_EQ(result("ALAutonomousLife.getStateHistory"), expected);
  EXPECT_EQ(result("ALAutonomousLife.getStateHistory", 1),
            json::array({json::array({"solitary", T0 + 29700}), json::array({"solitary", T0 + 72000}),
                         json::array({"solitary", T0 + 72600})}));
}

TEST_F(ScriptedDay, TheSameDayGivesTheSameRecords) {
  EXPECT_EQ(simtest::run(kDay).lines(), day().lines());
}

}  // namespace
