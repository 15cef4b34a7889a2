// Permissions and context (REFERENCE §5, seed 001 "Permission to run in a
// Context", docs/life.md "Permissions and context"): a context change stops
// the focused activity that may not run in it (permission-context), the
// violations list, and the Launchpad's candidates filtered by it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "life_fixture.hpp"

namespace {

using autolife::life::Activity;
using autolife::life::Context;
using autolife::life::Nature;
using Json = nlohmann::json;
using autolife::test::LifeFixture;
using testing::ElementsAre;
using testing::IsEmpty;
using testing::UnorderedElementsAre;

constexpr Context kOnPod{.onPod = true, .sleeping = false};
constexpr Context kAsleep{.onPod = false, .sleeping = true};
constexpr Context kFree{.onPod = false, .sleeping = false};

Activity with(LifeFixture& f, const std::string& name, Nature nature, bool pod, bool sleep,
              const std::string& trigger = "") {
  Activity a = f.activity(name, nature, trigger);
  a.permissions.canRunOnPod = pod;
  a.permissions.canRunInSleep = sleep;
  return a;
}

TEST(LifePermissions, GoingOnThePodStopsAnActivityWithoutCanRunOnPod) {
  LifeFixture f;
  f.add(with(f, "p/a", Nature::Interactive, false, true));
  f.life.start();
  f.life.switchFocus("p/a");
  f.at(3);
  f.takeActions();
  f.life.setContext(kOnPod);
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(f.life.getState(), "solitary");
  EXPECT_EQ(f.takeActions(), "t=3 stop p/a\n");
  EXPECT_EQ(f.transitions.back()["PreviousActivityName"], "p/a");
  EXPECT_EQ(f.transitions.back()["PreviousActivityStopReason"], "permission-context");
}

TEST(LifePermissions, GoingOnThePodKeepsAnActivityWithCanRunOnPod) {
  LifeFixture f;
  f.add(with(f, "p/a", Nature::Solitary, true, false));
  f.life.start();
  f.life.switchFocus("p/a");
  f.take();
  f.life.setContext(kOnPod);
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
  EXPECT_EQ(f.take(), "");
}

TEST(LifePermissions, FallingAsleepStopsAnActivityWithoutCanRunInSleep) {
  LifeFixture f;
  f.add(with(f, "p/a", Nature::Solitary, true, false));
  f.add(with(f, "p/b", Nature::Solitary, false, true));
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.setContext(kAsleep);
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(f.transitions.back()["PreviousActivityStopReason"], "permission-context");
  f.life.setContext(kFree);
  f.life.switchFocus("p/b");
  f.life.setContext(kAsleep);
  EXPECT_EQ(f.life.focusedActivity(), "p/b");
}

// The stop is like any other: the stack below is tried next.
TEST(LifePermissions, APermissionStopRestartsTheStackBelowIfItMayRun) {
  LifeFixture f;
  f.add(with(f, "p/a", Nature::Interactive, true, false));
  f.add(with(f, "p/b", Nature::Interactive, false, false));
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.switchFocus("p/b", 1);
  f.life.setContext(kOnPod);
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
  EXPECT_EQ(f.transitions.back()["PreviousActivityStopReason"], "permission-context");
  EXPECT_EQ(f.transitions.back()["FocusedActivityStartReason"], "unstacked");
}

// ---- getActivityContextPermissionViolations --------------------------------------------

TEST(LifePermissions, NoViolationsWhenTheActivityMayRun) {
  LifeFixture f;
  f.add(with(f, "p/a", Nature::Solitary, false, false));
  f.life.start();
  EXPECT_THAT(f.life.getActivityContextPermissionViolations("p/a"), IsEmpty());
  EXPECT_EQ(f.call("ALAutonomousLife.getActivityContextPermissionViolations", {"p/a"}), Json::array());
}

TEST(LifePermissions, ViolationCanRunOnPod) {
  LifeFixture f;
  f.add(with(f, "p/a", Nature::Solitary, false, true));
  f.add(with(f, "p/b", Nature::Solitary, true, true));
  f.life.start();
  f.life.setContext(kOnPod);
  EXPECT_THAT(f.life.getActivityContextPermissionViolations("p/a"), ElementsAre("canRunOnPod"));
  EXPECT_THAT(f.life.getActivityContextPermissionViolations("p/b"), IsEmpty());
  f.life.setContext(kFree);
  EXPECT_THAT(f.life.getActivityContextPermissionViolations("p/a"), IsEmpty());
}

TEST(LifePermissions, ViolationCanRunInSleep) {
  LifeFixture f;
  f.add(with(f, "p/a", Nature::Solitary, true, false));
  f.life.start();
  f.life.setContext(kAsleep);
  EXPECT_THAT(f.life.getActivityContextPermissionViolations("p/a"), ElementsAre("canRunInSleep"));
}

TEST(LifePermissions, ViolationNature) {
  LifeFixture f;
  f.add(with(f, "p/solo", Nature::Solitary, true, true));
  f.add(with(f, "p/chat", Nature::Interactive, true, true));
  f.life.start();
  EXPECT_THAT(f.life.getActivityContextPermissionViolations("p/solo"), IsEmpty());
  f.life.switchFocus("p/chat");
  EXPECT_THAT(f.life.getActivityContextPermissionViolations("p/solo"), ElementsAre("nature"));
  EXPECT_THAT(f.life.getActivityContextPermissionViolations("p/chat"), IsEmpty());
}

TEST(LifePermissions, ViolationError) {
  LifeFixture f;
  auto broken = with(f, "p/broken", Nature::Interactive, true, true, "('a' ==");
  EXPECT_TRUE(f.life.addActivity(broken).has_value());
  f.life.start();
  EXPECT_THAT(f.life.getActivityContextPermissionViolations("p/broken"), ElementsAre("error"));
  EXPECT_EQ(f.call("ALAutonomousLife.getActivityContextPermissionViolations", {"p/broken"}),
            Json::array({"error"}));
}

TEST(LifePermissions, AllViolationsAtOnce) {
  LifeFixture f;
  auto broken = with(f, "p/broken", Nature::Solitary, false, false, "'a' +");
  EXPECT_TRUE(f.life.addActivity(broken).has_value());
  f.add("p/chat", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/chat");
  f.life.setContext(Context{.onPod = true, .sleeping = true});  // stops p/chat: solitary again
  EXPECT_THAT(f.life.getActivityContextPermissionViolations("p/broken"),
              UnorderedElementsAre("error", "canRunOnPod", "canRunInSleep"));
  f.life.setContext(kFree);
  f.add(with(f, "p/chat2", Nature::Interactive, true, true));
  f.life.switchFocus("p/chat2");
  f.life.setContext(Context{.onPod = true, .sleeping = true});
  EXPECT_THAT(f.life.getActivityContextPermissionViolations("p/broken"),
              UnorderedElementsAre("error", "nature", "canRunOnPod", "canRunInSleep"));
}

// ---- the Launchpad's candidates ----------------------------------------------------------

TEST(LifePermissions, TheLaunchpadSkipsSuggestionsThatMayNotRun) {
  LifeFixture f;
  f.add(with(f, "p/a", Nature::Solitary, false, false, "'go'"));  // first by name, but not on the pod
  f.add(with(f, "p/b", Nature::Solitary, true, false, "'go'"));
  f.life.start();
  f.life.setContext(kOnPod);
  f.set("go", true);
  EXPECT_EQ(f.life.focusedActivity(), "p/b");
}

TEST(LifePermissions, AnInteractiveSuggestionThatMayNotRunDoesNotInterrupt) {
  LifeFixture f;
  f.add(with(f, "p/solo", Nature::Solitary, true, false, "'go'"));
  f.add(with(f, "p/chat", Nature::Interactive, false, false, "'talk'"));
  f.life.start();
  f.life.setContext(kOnPod);
  f.set("go", true);
  ASSERT_EQ(f.life.focusedActivity(), "p/solo");
  f.set("talk", true);
  EXPECT_EQ(f.life.focusedActivity(), "p/solo");
  // Off the pod, it may run: it interrupts.
  f.life.setContext(kFree);
  EXPECT_EQ(f.life.focusedActivity(), "p/chat");
}

TEST(LifePermissions, ASuggestionHeldBackByTheContextRunsWhenTheContextAllowsIt) {
  LifeFixture f;
  f.add(with(f, "p/a", Nature::Solitary, false, false, "'go'"));
  f.life.start();
  f.life.setContext(kAsleep);
  f.set("go", true);
  f.runUntil(100);
  EXPECT_EQ(f.life.focusedActivity(), "");
  f.life.setContext(kFree);
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
  EXPECT_EQ(f.transitions.back()["FocusedActivityStartReason"], "condition");
}

}  // namespace
