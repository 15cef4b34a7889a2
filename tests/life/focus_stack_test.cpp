// The focus and its stack (seed 003 switchFocus / stopFocus / stopAll,
// REFERENCE §5, docs/life.md "Focus and the stack").
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "life_fixture.hpp"

namespace {

using autolife::life::Context;
using autolife::life::Nature;
using autolife::test::LifeFixture;
using testing::ElementsAre;
using testing::IsEmpty;

autolife::life::Activity onPod(LifeFixture& f, const std::string& name, Nature nature, double seconds = -1) {
  auto a = f.activity(name, nature, "", seconds);
  a.permissions.canRunOnPod = true;
  return a;
}

// Only one activity is focused at a time.
TEST(LifeFocusStack, OnlyOneActivityIsFocusedAtATime) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.add("p/b", Nature::Solitary);
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.switchFocus("p/b");
  EXPECT_EQ(f.life.focusedActivity(), "p/b");
  EXPECT_EQ(f.takeActions(), "t=0 start p/a\nt=0 stop p/a\nt=0 start p/b\n");
}

// switchFocus(name) and flags 0 (STOP_CURRENT): the focused one stops and
// is not restarted.
TEST(LifeFocusStack, Flags0StopsTheCurrentActivityWithoutStackingIt) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.add("p/b", Nature::Solitary, "", 5);
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.switchFocus("p/b", 0);
  EXPECT_THAT(f.life.focusStack(), IsEmpty());
  f.takeActions();
  f.runUntil(5);
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(f.takeActions(), "");  // p/a is not restarted
}

// Flags 1 (STOP_AND_STACK_CURRENT): the focused one waits on the stack and
// is restarted, with start reason `unstacked`, when the new one stops.
TEST(LifeFocusStack, Flags1StacksTheCurrentActivityAndRestartsItAfter) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.add("p/b", Nature::Solitary, "", 5);
  f.life.start();
  f.life.switchFocus("p/a");
  f.at(1);
  f.life.switchFocus("p/b", 1);
  EXPECT_EQ(f.life.focusedActivity(), "p/b");
  EXPECT_THAT(f.life.focusStack(), ElementsAre("p/a"));
  EXPECT_EQ(f.takeActions(), "t=0 start p/a\nt=1 stop p/a\nt=1 start p/b\n");  // stopped, not paused
  f.runUntil(6);
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
  EXPECT_THAT(f.life.focusStack(), IsEmpty());
  EXPECT_EQ(f.takeActions(), "t=6 start p/a\n");
  EXPECT_EQ(f.transitions.back()["PreviousActivityName"], "p/b");
  EXPECT_EQ(f.transitions.back()["PreviousActivityStopReason"], "self-stop");
  EXPECT_EQ(f.transitions.back()["FocusedActivityName"], "p/a");
  EXPECT_EQ(f.transitions.back()["FocusedActivityStartReason"], "unstacked");
}

TEST(LifeFocusStack, StackingWithNothingFocusedStacksNothing) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "", 5);
  f.life.start();
  f.life.switchFocus("p/a", 1);
  EXPECT_THAT(f.life.focusStack(), IsEmpty());
  f.runUntil(5);
  EXPECT_EQ(f.life.focusedActivity(), "");
}

// stopFocus(): "If there is a previous activity remaining on the stack, it
// is restarted and focused."
TEST(LifeFocusStack, StopFocusRestartsTheTopOfTheStack) {
  LifeFixture f;
  f.add("p/a", Nature::Interactive);
  f.add("p/b", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.switchFocus("p/b", 1);
  f.at(2);
  f.takeActions();
  f.life.stopFocus();
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
  EXPECT_EQ(f.life.getState(), "interactive");
  EXPECT_EQ(f.takeActions(), "t=2 stop p/b\nt=2 start p/a\n");
  EXPECT_EQ(f.transitions.back()["PreviousActivityStopReason"], "unknown-api-caller");
  EXPECT_EQ(f.transitions.back()["FocusedActivityStartReason"], "unstacked");
  f.life.stopFocus();
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(f.life.getState(), "solitary");
}

// stopAll(): "no stacked activities will automatically be restarted".
TEST(LifeFocusStack, StopAllClearsTheStack) {
  LifeFixture f;
  f.add("p/a", Nature::Interactive);
  f.add("p/b", Nature::Interactive);
  f.add("p/c", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.switchFocus("p/b", 1);
  f.life.switchFocus("p/c", 1);
  f.at(2);
  f.takeActions();
  f.life.stopAll();
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_THAT(f.life.focusStack(), IsEmpty());
  EXPECT_EQ(f.life.getState(), "solitary");
  EXPECT_EQ(f.takeActions(), "t=2 stop p/c\n");
  EXPECT_EQ(f.transitions.back()["PreviousActivityStopReason"], "unknown-api-caller");
  EXPECT_EQ(f.transitions.back()["FocusedActivityName"], "");
  f.runUntil(3600);
  EXPECT_EQ(f.life.focusedActivity(), "");
}

TEST(LifeFocusStack, StopFocusAndStopAllWithNothingFocusedDoNothing) {
  LifeFixture f;
  f.life.start();
  f.take();
  f.life.stopFocus();
  f.life.stopAll();
  EXPECT_EQ(f.take(), "");
  EXPECT_EQ(f.life.getState(), "solitary");
}

TEST(LifeFocusStack, NestedStacksUnwindInOrder) {
  LifeFixture f;
  f.add("p/a", Nature::Interactive, "", 100);
  f.add("p/b", Nature::Interactive, "", 10);
  f.add("p/c", Nature::Interactive, "", 5);
  f.life.start();
  f.life.switchFocus("p/a");
  f.at(1);
  f.life.switchFocus("p/b", 1);
  f.at(2);
  f.life.switchFocus("p/c", 1);
  EXPECT_THAT(f.life.focusStack(), ElementsAre("p/a", "p/b"));
  f.runUntil(7);  // p/c ends
  EXPECT_EQ(f.life.focusedActivity(), "p/b");
  EXPECT_THAT(f.life.focusStack(), ElementsAre("p/a"));
  f.runUntil(17);  // p/b (restarted at 7) ends
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
  EXPECT_THAT(f.life.focusStack(), IsEmpty());
  EXPECT_EQ(f.life.getState(), "interactive");
  f.runUntil(117);
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(f.life.getState(), "solitary");
}

// A switch with flags 0 on top of a stack replaces the top, keeps the rest.
TEST(LifeFocusStack, Flags0OnTopOfAStackKeepsTheStackBelow) {
  LifeFixture f;
  f.add("p/a", Nature::Interactive);
  f.add("p/b", Nature::Interactive);
  f.add("p/c", Nature::Interactive, "", 5);
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.switchFocus("p/b", 1);
  f.life.switchFocus("p/c", 0);
  EXPECT_THAT(f.life.focusStack(), ElementsAre("p/a"));
  f.runUntil(5);
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
}

// docs/life.md: a stacked activity that may not run in the current context
// is dropped when its turn comes; the next one down is tried.
TEST(LifeFocusStack, AStackedActivityThatMayNotRunIsDropped) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);                  // may not run on the pod
  f.add(onPod(f, "p/b", Nature::Solitary, 10));    // may
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.switchFocus("p/b", 1);
  f.at(1);
  f.life.setContext(Context{.onPod = true, .sleeping = false});
  EXPECT_EQ(f.life.focusedActivity(), "p/b");
  f.takeActions();
  f.runUntil(10);
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_THAT(f.life.focusStack(), IsEmpty());
  EXPECT_EQ(f.takeActions(), "");  // p/a was not restarted
  EXPECT_EQ(f.transitions.back()["FocusedActivityName"], "");
}

TEST(LifeFocusStack, WhenAStackedActivityIsDroppedTheNextOneDownRestarts) {
  LifeFixture f;
  f.add(onPod(f, "p/a", Nature::Solitary));
  f.add("p/b", Nature::Solitary);
  f.add(onPod(f, "p/c", Nature::Solitary, 10));
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.switchFocus("p/b", 1);
  f.life.switchFocus("p/c", 1);
  f.life.setContext(Context{.onPod = true, .sleeping = false});
  f.takeActions();
  f.runUntil(10);
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
  EXPECT_THAT(f.life.focusStack(), IsEmpty());
  EXPECT_EQ(f.takeActions(), "t=10 start p/a\n");
  EXPECT_EQ(f.transitions.back()["FocusedActivityStartReason"], "unstacked");
}

// Seed 003: with STOP_AND_STACK_CURRENT, "when the newly focused activity is
// stopped, the previous one in the stack will automatically be restarted and
// regain focus". A solitary activity stacked under an interactive one: once
// the interactive one exits, the interactive stack has exited, life is
// solitary again, and the solitary activity may (and must) be restarted.
TEST(LifeFocusStack, ASolitaryActivityStackedUnderAnInteractiveOneIsRestartedWhenItExits) {
  LifeFixture f;
  f.add("p/solo", Nature::Solitary);
  f.add("p/chat", Nature::Interactive, "", 5);
  f.life.start();
  f.life.switchFocus("p/solo");
  f.life.switchFocus("p/chat", 1);
  EXPECT_EQ(f.life.getState(), "interactive");
  EXPECT_THAT(f.life.focusStack(), ElementsAre("p/solo"));
  f.runUntil(5);
  EXPECT_EQ(f.life.focusedActivity(), "p/solo");
  EXPECT_EQ(f.life.getState(), "solitary");
  ASSERT_FALSE(f.transitions.empty());
  EXPECT_EQ(f.transitions.back()["FocusedActivityStartReason"], "unstacked");
}

// A stacked activity is neither a Launchpad candidate nor focused twice.
TEST(LifeFocusStack, AStackedActivityIsNotALaunchpadCandidate) {
  LifeFixture f;
  f.add("p/a", Nature::Interactive, "'go'");
  f.add("p/b", Nature::Solitary, "", 5);
  f.add("p/c", Nature::Solitary, "", 5);
  f.life.start();
  f.life.switchFocus("p/b");
  f.life.switchFocus("p/c", 1);  // p/b stacked
  f.at(1);
  f.set("go", true);  // interactive p/a interrupts solitary p/c, stacked p/b stays
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
  EXPECT_THAT(f.life.focusStack(), ElementsAre("p/b"));
}

// docs/life.md: removing a focused activity stops it (unknown-api-caller).
TEST(LifeFocusStack, RemovingTheFocusedActivityStopsIt) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.life.start();
  f.life.switchFocus("p/a");
  f.takeActions();
  f.life.removeActivity("p/a");
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_FALSE(f.life.hasActivity("p/a"));
  EXPECT_EQ(f.takeActions(), "t=0 stop p/a\n");
  EXPECT_EQ(f.transitions.back()["PreviousActivityStopReason"], "unknown-api-caller");
}

TEST(LifeFocusStack, RemovingAStackedActivityTakesItOffTheStack) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.add("p/b", Nature::Solitary, "", 5);
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.switchFocus("p/b", 1);
  f.life.removeActivity("p/a");
  EXPECT_THAT(f.life.focusStack(), IsEmpty());
  f.runUntil(5);
  EXPECT_EQ(f.life.focusedActivity(), "");
}

}  // namespace
