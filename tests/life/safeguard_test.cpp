// Safeguard causes (REFERENCE §5, seed 001 "safeguard", seed 002 "Safeguard
// state", seed 003 setSafeguardEnabled / isSafeguardEnabled): each cause,
// when it ends, Pepper-only causes, per-cause enabling and its reset at the
// end of each activity, no safeguard from disabled, manual safeguard.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "life_fixture.hpp"

namespace {

using autolife::life::LifeOptions;
using autolife::life::Nature;
using autolife::life::SafeguardCause;
using autolife::test::LifeFixture;
using autolife::test::refusal;
using autolife::test::jsonOf;

LifeOptions pepper() {
  LifeOptions o;
  o.pepper = true;
  return o;
}

struct CauseCase {
  SafeguardCause cause;
  const char* name;
};

class LifeSafeguardCause : public testing::TestWithParam<CauseCase> {};

// Each cause, on Pepper (where all five exist): entering stops the focused
// activity with reason safeguard-state; when it ends life is solitary again.
TEST_P(LifeSafeguardCause, EntersSafeguardAndReturnsToSolitaryWhenItEnds) {
  LifeFixture f(pepper());
  f.add("p/a", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/a");
  f.at(1);
  f.life.setSafeguardCondition(GetParam().cause, true);
  EXPECT_EQ(f.life.getState(), "safeguard");
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(f.transitions.back()["PreviousActivityStopReason"], "safeguard-state");
  f.runUntil(3600);  // a cause lasts as long as it lasts
  EXPECT_EQ(f.life.getState(), "safeguard");
  f.life.setSafeguardCondition(GetParam().cause, false);
  f.runUntil(3610);  // RobotPushed ends 3 s after rebalancing
  EXPECT_EQ(f.life.getState(), "solitary");
}

// "Default for all safeguards is true", and each can be turned off alone.
TEST_P(LifeSafeguardCause, CanBeDisabledAlone) {
  LifeFixture f(pepper());
  f.life.start();
  EXPECT_TRUE(f.life.isSafeguardEnabled(GetParam().name));
  f.life.setSafeguardEnabled(GetParam().name, false);
  EXPECT_FALSE(f.life.isSafeguardEnabled(GetParam().name));
  for (auto name : autolife::life::kSafeguardNames) {
    if (name != GetParam().name) {
      EXPECT_TRUE(f.life.isSafeguardEnabled(std::string(name))) << name;
    }
  }
  f.life.setSafeguardCondition(GetParam().cause, true);
  EXPECT_EQ(f.life.getState(), "solitary");  // ignored
  // Another cause still trips it.
  SafeguardCause other =
      GetParam().cause == SafeguardCause::RobotFell ? SafeguardCause::CriticalDiagnosis : SafeguardCause::RobotFell;
  f.life.setSafeguardCondition(other, true);
  EXPECT_EQ(f.life.getState(), "safeguard");
}

INSTANTIATE_TEST_SUITE_P(AllFive, LifeSafeguardCause,
                         testing::Values(CauseCase{SafeguardCause::RobotFell, "RobotFell"},
                                         CauseCase{SafeguardCause::RobotPushed, "RobotPushed"},
                                         CauseCase{SafeguardCause::RobotMoved, "RobotMoved"},
                                         CauseCase{SafeguardCause::CriticalDiagnosis, "CriticalDiagnosis"},
                                         CauseCase{SafeguardCause::CriticalTemperature, "CriticalTemperature"}),
                         [](const testing::TestParamInfo<CauseCase>& i) { return std::string(i.param.name); });

// The causes that exist on NAO: RobotFell, CriticalDiagnosis, CriticalTemperature.
TEST(LifeSafeguard, NaoCausesEnterSafeguardOnNao) {
  for (auto cause : {SafeguardCause::RobotFell, SafeguardCause::CriticalDiagnosis,
                     SafeguardCause::CriticalTemperature}) {
    LifeFixture f;  // NAO (the default)
    f.life.start();
    f.life.setSafeguardCondition(cause, true);
    EXPECT_EQ(f.life.getState(), "safeguard") << autolife::life::safeguardName(cause);
  }
}

// RobotPushed and RobotMoved are Pepper's: ignored on NAO.
TEST(LifeSafeguard, PepperOnlyCausesAreIgnoredOnNao) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.life.start();
  f.life.switchFocus("p/a");
  f.take();
  f.life.setSafeguardCondition(SafeguardCause::RobotPushed, true);
  f.life.setSafeguardCondition(SafeguardCause::RobotMoved, true);
  f.runUntil(60);
  EXPECT_EQ(f.life.getState(), "solitary");
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
  EXPECT_EQ(f.take(), "");
}

// RobotPushed ends 3 s after rebalancing: exactly, in virtual time.
TEST(LifeSafeguard, RobotPushedEndsThreeSecondsAfterRebalancing) {
  LifeFixture f(pepper());
  f.life.start();
  f.at(10);
  f.life.setSafeguardCondition(SafeguardCause::RobotPushed, true);
  EXPECT_EQ(f.life.getState(), "safeguard");
  f.at(12);
  f.life.setSafeguardCondition(SafeguardCause::RobotPushed, false);  // rebalanced
  EXPECT_EQ(f.life.getState(), "safeguard");
  f.clock.runUntil(autolife::core::fromSeconds(15) - autolife::core::Duration(1));
  EXPECT_EQ(f.life.getState(), "safeguard");
  f.take();
  f.runUntil(15);
  EXPECT_EQ(f.life.getState(), "solitary");
  EXPECT_EQ(f.take(), "t=15 State=solitary\n");
}

// Pushed again while recovering: the 3 s count from the new rebalancing.
TEST(LifeSafeguard, RobotPushedAgainWhileRecoveringWaitsFromTheNewRebalancing) {
  LifeFixture f(pepper());
  f.life.start();
  f.at(10);
  f.life.setSafeguardCondition(SafeguardCause::RobotPushed, true);
  f.at(11);
  f.life.setSafeguardCondition(SafeguardCause::RobotPushed, false);
  f.at(13);
  f.life.setSafeguardCondition(SafeguardCause::RobotPushed, true);
  f.runUntil(16.5);  // 3 s after the first rebalancing has no effect
  EXPECT_EQ(f.life.getState(), "safeguard");
  f.at(20);
  f.life.setSafeguardCondition(SafeguardCause::RobotPushed, false);
  f.runUntil(22.9);
  EXPECT_EQ(f.life.getState(), "safeguard");
  f.runUntil(23);
  EXPECT_EQ(f.life.getState(), "solitary");
}

// The other causes end at once.
TEST(LifeSafeguard, RobotFellEndsWhenUprightAgain) {
  LifeFixture f;
  f.life.start();
  f.at(1);
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, true);
  f.at(8);
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, false);
  EXPECT_EQ(f.life.getState(), "solitary");
  EXPECT_EQ(jsonOf(f.life.getStateHistory(2)), (nlohmann::json::array(
                                           {nlohmann::json::array({"safeguard", autolife::test::kWallStart + 1}),
                                            nlohmann::json::array({"solitary", autolife::test::kWallStart + 8})})));
}

// "For damaged hardware, the robot does not exit safeguard state."
TEST(LifeSafeguard, ACriticalDiagnosisThatNeverRecoversKeepsLifeInSafeguard) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "'go'");
  f.life.start();
  f.life.setSafeguardCondition(SafeguardCause::CriticalDiagnosis, true);
  f.set("go", true);
  f.runUntil(24 * 3600);
  EXPECT_EQ(f.life.getState(), "safeguard");
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(refusal([&] { f.life.setState("solitary"); }), "safeguard-active");
}

TEST(LifeSafeguard, LifeLeavesSafeguardOnlyWhenEveryCauseHasEnded) {
  LifeFixture f;
  f.life.start();
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, true);
  f.life.setSafeguardCondition(SafeguardCause::CriticalTemperature, true);
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, false);
  EXPECT_EQ(f.life.getState(), "safeguard");
  f.life.setSafeguardCondition(SafeguardCause::CriticalTemperature, false);
  EXPECT_EQ(f.life.getState(), "solitary");
}

// Safeguard from interactive: the interactive stack is cleared, and life
// comes back to solitary (not interactive).
TEST(LifeSafeguard, SafeguardFromInteractiveReturnsToSolitary) {
  LifeFixture f;
  f.add("p/a", Nature::Interactive);
  f.add("p/b", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.switchFocus("p/b", 1);
  f.life.setSafeguardCondition(SafeguardCause::CriticalTemperature, true);
  EXPECT_TRUE(f.life.focusStack().empty());
  f.takeActions();
  f.life.setSafeguardCondition(SafeguardCause::CriticalTemperature, false);
  EXPECT_EQ(f.life.getState(), "solitary");
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(f.takeActions(), "");  // nothing restarted
}

// Seed 001: "if your Activity has implemented special handling for when the
// robot is pushed, it is not necessary for your Activity to be stopped".
TEST(LifeSafeguard, ADisabledCauseDoesNotStopTheActivity) {
  LifeFixture f(pepper());
  f.add("p/a", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.setSafeguardEnabled("RobotPushed", false);
  f.take();
  f.life.setSafeguardCondition(SafeguardCause::RobotPushed, true);
  f.life.setSafeguardCondition(SafeguardCause::RobotPushed, false);
  f.runUntil(10);
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
  EXPECT_EQ(f.life.getState(), "interactive");
  EXPECT_EQ(f.take(), "");
}

// "These parameters are automatically reset to default at the end of each
// activity", and a cause still active then trips safeguard.
TEST(LifeSafeguard, CausesAreEnabledAgainAtTheEndOfAnActivityAndAnActiveOneTrips) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "", 10);
  f.life.start();
  f.life.switchFocus("p/a");
  f.at(1);
  f.life.setSafeguardEnabled("RobotFell", false);
  f.life.setSafeguardEnabled("CriticalTemperature", false);
  f.at(2);
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, true);
  EXPECT_EQ(f.life.getState(), "solitary");
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
  f.take();
  f.runUntil(10);
  EXPECT_TRUE(f.life.isSafeguardEnabled("RobotFell"));
  EXPECT_TRUE(f.life.isSafeguardEnabled("CriticalTemperature"));
  EXPECT_EQ(f.life.getState(), "safeguard");
  const std::string log = f.take();
  EXPECT_THAT(log, testing::StartsWith("t=10 CompletedActivity=p/a\n"));
  EXPECT_THAT(log, testing::HasSubstr("t=10 State=safeguard\n"));
  f.at(11);
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, false);
  EXPECT_EQ(f.life.getState(), "solitary");
}

// The same when the activity is stopped by the API.
TEST(LifeSafeguard, CausesAreEnabledAgainWhenAnActivityIsStopped) {
  LifeFixture f;
  f.add("p/a", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.setSafeguardEnabled("CriticalDiagnosis", false);
  f.life.setSafeguardCondition(SafeguardCause::CriticalDiagnosis, true);
  EXPECT_EQ(f.life.getState(), "interactive");
  f.life.stopFocus();
  EXPECT_TRUE(f.life.isSafeguardEnabled("CriticalDiagnosis"));
  EXPECT_EQ(f.life.getState(), "safeguard");
}

// Through the service: setSafeguardEnabled(name, bool), isSafeguardEnabled(name).
TEST(LifeSafeguard, TheServiceSetsAndReadsEachCause) {
  LifeFixture f;
  f.life.start();
  for (auto name : autolife::life::kSafeguardNames) {
    std::string n(name);
    EXPECT_EQ(f.call("ALAutonomousLife.isSafeguardEnabled", {n}), true) << n;
    f.call("ALAutonomousLife.setSafeguardEnabled", {n, false});
    EXPECT_EQ(f.call("ALAutonomousLife.isSafeguardEnabled", {n}), false) << n;
    EXPECT_FALSE(f.life.isSafeguardEnabled(n));
  }
}

// Seed 002: from disabled, safeguard is never entered.
TEST(LifeSafeguard, NoSafeguardFromDisabled) {
  LifeFixture f(pepper());
  f.life.start();
  f.life.setState("disabled");
  f.take();
  for (auto cause : {SafeguardCause::RobotFell, SafeguardCause::RobotPushed, SafeguardCause::RobotMoved,
                     SafeguardCause::CriticalDiagnosis, SafeguardCause::CriticalTemperature})
    f.life.setSafeguardCondition(cause, true);
  f.runUntil(100);
  EXPECT_EQ(f.life.getState(), "disabled");
  EXPECT_EQ(f.take(), "");
}

// setState("safeguard") by hand: stopAll, and (docs/life.md) it lasts
// until setState("solitary").
TEST(LifeSafeguard, ManualSafeguardLastsUntilSetStateSolitary) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "'go'");
  f.add("p/b", Nature::Solitary);
  f.life.start();
  f.life.switchFocus("p/b");
  f.life.switchFocus("p/a", 1);
  f.take();
  f.at(1);
  f.life.setState("safeguard");
  EXPECT_EQ(f.life.getState(), "safeguard");
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_TRUE(f.life.focusStack().empty());
  EXPECT_EQ(f.transitions.back()["PreviousActivityStopReason"], "safeguard-state");
  f.set("go", true);
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, true);
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, false);  // a cause that comes and goes changes nothing
  f.runUntil(3600);
  EXPECT_EQ(f.life.getState(), "safeguard");
  EXPECT_EQ(f.life.focusedActivity(), "");
  f.life.setState("solitary");
  EXPECT_EQ(f.life.getState(), "solitary");
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
}

TEST(LifeSafeguard, ManualSafeguardThroughTheService) {
  LifeFixture f;
  f.life.start();
  f.call("ALAutonomousLife.setState", {"safeguard"});
  EXPECT_EQ(f.call("ALAutonomousLife.getState", {}), "safeguard");
  f.call("ALAutonomousLife.setState", {"solitary"});
  EXPECT_EQ(f.call("ALAutonomousLife.getState", {}), "solitary");
}

// A cause already active when life starts: safeguard at once.
TEST(LifeSafeguard, ACauseActiveAtStartEntersSafeguardAtStart) {
  LifeFixture f;
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, true);
  f.life.start();
  EXPECT_EQ(f.life.getState(), "safeguard");
}

}  // namespace
