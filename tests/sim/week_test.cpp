// Days of life in bounded memory (issue 33, "a week in simulation"; the week
// itself is bench/week): visitors with new ids every few minutes, charging
// cycles and falls, with launch triggers whose time operators make memory
// keep history. After a second day, memory holds no more keys and no more
// retained history than after the first: what a day leaves behind is
// pruned, not kept.
#include <gtest/gtest.h>

#include <string>

#include "engine_fixture.hpp"

namespace autolife::simtest {
namespace {

class Days : public EngineFixture {
protected:
  struct Size {
    std::size_t keys = 0;
    std::size_t history = 0;  // retained changes, every key together
  };

  Size size() {
    Size s;
    const auto keys = engine().memory.getDataListName();
    s.keys = keys.size();
    for (const auto& key : keys) s.history += engine().memory.getEventHistory(key).size();
    return s;
  }

  // One day from `start`: someone new every 15 minutes for a minute, 1% of
  // battery every 4 minutes (charging on the pod from 20% at 1% a minute),
  // a fall at noon, up 20 s later.
  void day(double start) {
    for (double t = start + 60; t < start + 86400; t += 900) {
      const std::string id = "visitor" + std::to_string(++visitors_);
      at(t, [&] { engine().world.setPeople({{id, visitors_ % 2 ? 0.8 : 2.0, 0.0, true}}); });
      at(t + 60, [&] { engine().world.setPeople({}); });
    }
    for (double t = start + 240; t < start + 86400; t += charging_ ? 60 : 240) {
      battery_ += charging_ ? 1 : -1;
      robot::WorldUpdate update;
      update.battery = battery_;
      if (!charging_ && battery_ <= 20) charging_ = true, update.charging = update.onPod = true;
      if (charging_ && battery_ >= 100) charging_ = false, update.charging = update.onPod = false;
      world(t, update);
    }
    robot::WorldUpdate fall, up;
    fall.fall = true;
    up.fall = false;
    world(start + 43200, fall);
    world(start + 43220, up);
    runTo(start + 86400);
  }

  int visitors_ = 0;
  double battery_ = 100;
  bool charging_ = false;
};

TEST_F(Days, ASecondDayLeavesMemoryNoLargerThanTheFirst) {
  start(launchpad::RobotModel::Nao,
        {{.name = "days/greet", .condition = "('Launchpad/NumPeopleZone1' >= 1) ~ 10", .run = life::RunFor{core::fromSeconds(20)}},
         {.name = "days/wave", .condition = "'Launchpad/NumPeopleZone2' >= 1 && !('Launchpad/RobotFellRecently' @ 600)",
          .run = life::RunFor{core::fromSeconds(5)}},
         {.name = "days/charge", .condition = "('Launchpad/BatteryLevel' < 30) ~ 120", .run = life::RunFor{core::fromSeconds(60)}}});
  day(0);
  const Size first = size();
  day(86400);
  const Size second = size();
  EXPECT_EQ(visitors_, 2 * 96);
  EXPECT_LE(second.keys, first.keys) << "keys left behind by the second day's visitors";
  EXPECT_LE(second.history, first.history + first.history / 10) << "history retained beyond what the triggers read";
  EXPECT_GT(first.history, 0u);
}

}  // namespace
}  // namespace autolife::simtest
