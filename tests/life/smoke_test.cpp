#include <gtest/gtest.h>

#include "life_fixture.hpp"

namespace {

using autolife::life::Nature;
using autolife::test::LifeFixture;
using autolife::test::refusal;

TEST(LifeSmoke, LaunchpadFocusesASolitaryActivityWhenItsConditionHolds) {
  LifeFixture f;
  f.life.addActivity(f.activity("demo/attract", Nature::Solitary, "('Launchpad/NumPeopleZone2' >= 1) ~ 3", 10));
  f.life.start();
  EXPECT_EQ(f.take(), "t=0 State=solitary\nt=0 FocusedActivity=\n");
  f.at(1);
  f.set("Launchpad/NumPeopleZone2", 1);
  f.runUntil(4);
  EXPECT_EQ(f.take(),
            "t=4 LaunchSuggestions=[\"demo/attract\"]\n"
            "t=4 NextActivity=demo/attract\n"
            "t=4 State=solitary\n"
            "t=4 FocusedActivity=demo/attract\n"
            "t=4 transition (" ") -> demo/attract(condition)\n");
  f.runUntil(14);
  EXPECT_EQ(f.take(),
            "t=14 CompletedActivity=demo/attract\n"
            "t=14 State=solitary\n"
            "t=14 FocusedActivity=\n"
            "t=14 transition demo/attract(self-stop) -> ()\n"
            "t=14 NextActivity=demo/attract\n"
            "t=14 State=solitary\n"
            "t=14 FocusedActivity=demo/attract\n"
            "t=14 transition (" ") -> demo/attract(condition)\n");
}

TEST(LifeSmoke, InteractiveInterruptsSolitaryAndStateFollows) {
  LifeFixture f;
  f.life.addActivity(f.activity("demo/idle", Nature::Solitary, "'go'"));
  f.life.addActivity(f.activity("demo/chat", Nature::Interactive, "'talk'", 5));
  f.life.start();
  f.set("go", true);
  f.runUntil(1);
  EXPECT_EQ(f.life.focusedActivity(), "demo/idle");
  f.take();
  f.set("talk", true);
  EXPECT_EQ(f.life.focusedActivity(), "demo/chat");
  EXPECT_EQ(f.life.getState(), "interactive");
  EXPECT_EQ(f.take(),
            "t=1 LaunchSuggestions=[\"demo/chat\", \"demo/idle\"]\n"
            "t=1 CompletedActivity=demo/idle\n"
            "t=1 NextActivity=demo/chat\n"
            "t=1 State=interactive\n"
            "t=1 FocusedActivity=demo/chat\n"
            "t=1 transition demo/idle(switchfocus-api-interrupt) -> demo/chat(condition)\n");
  f.set("talk", false);
  f.runUntil(6);
  EXPECT_EQ(f.life.getState(), "solitary");
  EXPECT_EQ(f.life.focusedActivity(), "demo/idle");
}

TEST(LifeSmoke, RefusalsCarryReasons) {
  LifeFixture f;
  f.life.addActivity(f.activity("demo/idle", Nature::Solitary));
  f.life.addActivity(f.activity("demo/chat", Nature::Interactive));
  f.life.start();
  EXPECT_EQ(refusal([&] { f.life.switchFocus("nope"); }), "unknown-activity");
  EXPECT_EQ(refusal([&] { f.life.switchFocus("demo/idle", 2); }), "bad-flags");
  EXPECT_EQ(refusal([&] { f.life.setState("interactive"); }), "interactive-by-hand");
  f.life.switchFocus("demo/chat");
  EXPECT_EQ(refusal([&] { f.life.switchFocus("demo/idle"); }), "solitary-in-interactive");
  EXPECT_EQ(refusal([&] { f.life.setState("solitary"); }), "interactive-to-solitary");
  f.life.setState("disabled");
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(refusal([&] { f.life.switchFocus("demo/chat"); }), "state-disabled");
  EXPECT_EQ(refusal([&] { f.call("ALAutonomousLife.setState", {"sleepy"}); }), "unknown-state");
}

}  // namespace
