// RobotFellRecently / RobotPushedRecently: true for exactly 13 s after the
// fact, on a clock timer, a new fact restarting the 13 s; pushes on Pepper
// only. Lifted: NAO only.
#include "launchpad_test_support.hpp"

namespace autolife::launchpad::testing {
namespace {

class Incidents : public LaunchpadTest {};

TEST_F(Incidents, FellRecentlyHoldsExactly13Seconds) {
  start();
  at(100);
  keys->robotFell();
  EXPECT_TRUE(getBool(keys::RobotFellRecently));
  at(113);  // timers due before 113 ran; the one at 113 has not yet
  EXPECT_TRUE(getBool(keys::RobotFellRecently));
  runUntil(113);
  EXPECT_FALSE(getBool(keys::RobotFellRecently));
  EXPECT_EQ(memory.getTimestamp(keys::RobotFellRecently).time, sec(113));
}

TEST_F(Incidents, ANewFallRestartsTheWindow) {
  start();
  at(10);
  keys->robotFell();
  at(20);
  const std::size_t before = mark();
  keys->robotFell();  // still true: nothing raised, but the window restarts
  EXPECT_EQ(raisesSince(before, keys::RobotFellRecently), 0);
  runUntil(32.999);
  EXPECT_TRUE(getBool(keys::RobotFellRecently));
  runUntil(33);
  EXPECT_FALSE(getBool(keys::RobotFellRecently));
  EXPECT_EQ(raisesSince(before, keys::RobotFellRecently), 1);
}

TEST_F(Incidents, FallsWorkOnBothRobots) {
  start(RobotProfile::pepper());
  keys->robotFell();
  EXPECT_TRUE(getBool(keys::RobotFellRecently));
  runUntil(13);
  EXPECT_FALSE(getBool(keys::RobotFellRecently));
}

TEST_F(Incidents, PushedRecentlyOnPepper) {
  start(RobotProfile::pepper());
  at(1.5);
  keys->robotPushed();
  EXPECT_TRUE(getBool(keys::RobotPushedRecently));
  EXPECT_FALSE(getBool(keys::RobotFellRecently));
  runUntil(14.499);
  EXPECT_TRUE(getBool(keys::RobotPushedRecently));
  runUntil(14.5);
  EXPECT_FALSE(getBool(keys::RobotPushedRecently));
}

TEST_F(Incidents, NaoIsNeverPushed) {
  start(RobotProfile::nao());
  const std::size_t before = mark();
  keys->robotPushed();
  EXPECT_FALSE(getBool(keys::RobotPushedRecently));
  EXPECT_TRUE(launchpadBatchesSince(before).empty());
}

TEST_F(Incidents, FallAndPushWindowsAreIndependent) {
  start(RobotProfile::pepper());
  keys->robotFell();
  at(5);
  keys->robotPushed();
  runUntil(13);
  EXPECT_FALSE(getBool(keys::RobotFellRecently));
  EXPECT_TRUE(getBool(keys::RobotPushedRecently));
  runUntil(18);
  EXPECT_FALSE(getBool(keys::RobotPushedRecently));
}

TEST_F(Incidents, AFallBeforeStartIsShownAtStartAndEndsOnTime) {
  start(RobotProfile::nao(), [](LaunchpadKeys& k) { k.robotFell(); });
  EXPECT_TRUE(getBool(keys::RobotFellRecently));
  runUntil(13);
  EXPECT_FALSE(getBool(keys::RobotFellRecently));
}

TEST_F(Incidents, DestroyedKeysLeaveNoTimerBehind) {
  start();
  keys->robotFell();
  keys.reset();
  runUntil(20);  // the window's and the tick's timers were cancelled
  EXPECT_TRUE(getBool(keys::RobotFellRecently));
  EXPECT_EQ(clock.nextEventTime(), std::nullopt);
}

TEST_F(Incidents, LiftedOnNao) {
  start(RobotProfile::nao());
  keys->setLifted(true);
  EXPECT_TRUE(getBool(keys::Lifted));
  keys->setLifted(false);
  EXPECT_FALSE(getBool(keys::Lifted));
}

TEST_F(Incidents, PepperIsNeverLifted) {
  start(RobotProfile::pepper());
  const std::size_t before = mark();
  keys->setLifted(true);
  EXPECT_FALSE(getBool(keys::Lifted));
  EXPECT_TRUE(launchpadBatchesSince(before).empty());
}

}  // namespace
}  // namespace autolife::launchpad::testing
