// The scripted runner (scripted_runner.hpp), in virtual time: RunFor ends
// after its duration, RunUntil when its condition becomes true, RunForever
// only when stopped; a stop never reports an end.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "life_fixture.hpp"

namespace {

using autolife::core::fromSeconds;
using autolife::life::Activity;
using autolife::life::Nature;
using autolife::life::RunFor;
using autolife::life::RunForever;
using autolife::life::RunUntil;
using autolife::test::LifeFixture;

Activity until(LifeFixture& f, const std::string& name, const std::string& condition) {
  Activity a = f.activity(name, Nature::Solitary);
  a.run = RunUntil{condition};
  return a;
}

TEST(LifeScriptedRunner, RunForEndsExactlyAfterItsDuration) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "", 10);
  f.life.start();
  f.at(5);
  f.life.switchFocus("p/a");
  f.clock.runUntil(fromSeconds(15) - autolife::core::Duration(1));
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
  f.runUntil(15);
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(f.transitions.back()["PreviousActivityStopReason"], "self-stop");
}

TEST(LifeScriptedRunner, RunForZeroEndsRightAfterItStarts) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "", 0);
  f.life.start();
  f.at(1);
  f.life.switchFocus("p/a");
  f.runUntil(1);
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(f.transitions.back()["PreviousActivityStopReason"], "self-stop");
}

TEST(LifeScriptedRunner, RunUntilEndsWhenItsConditionBecomesTrue) {
  LifeFixture f;
  f.add(until(f, "p/a", "'done' == 1"));
  f.life.start();
  f.life.switchFocus("p/a");
  f.set("done", 0);
  f.runUntil(100);
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
  f.at(120);
  f.set("done", 1);
  f.runUntil(120);
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(f.transitions.back()["PreviousActivityStopReason"], "self-stop");
  EXPECT_EQ(f.transitions.back()["TransitionTime"], autolife::test::kWallStart + 120);
}

TEST(LifeScriptedRunner, RunUntilWithATimeWindowEndsWhenTheWindowHolds) {
  LifeFixture f;
  f.add(until(f, "p/a", "'quiet' ~ 30"));
  f.life.start();
  f.life.switchFocus("p/a");
  f.at(10);
  f.set("quiet", true);
  f.clock.runUntil(fromSeconds(40) - autolife::core::Duration(1));
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
  f.runUntil(40);
  EXPECT_EQ(f.life.focusedActivity(), "");
}

// Already true when it starts: it ends at once, but after it was focused.
TEST(LifeScriptedRunner, RunUntilAlreadyTrueEndsRightAfterStarting) {
  LifeFixture f;
  f.set("done", true);
  f.add(until(f, "p/a", "'done'"));
  f.life.start();
  f.take();
  f.at(2);
  f.life.switchFocus("p/a");
  f.runUntil(2);
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(f.take(),
            "t=2 NextActivity=p/a\n"
            "t=2 State=solitary\n"
            "t=2 FocusedActivity=p/a\n"
            "t=2 transition (" ") -> p/a(unknown-api-caller)\n"
            "t=2 CompletedActivity=p/a\n"
            "t=2 State=solitary\n"
            "t=2 FocusedActivity=\n"
            "t=2 transition p/a(self-stop) -> ()\n");
}

TEST(LifeScriptedRunner, RunForeverEndsOnlyWhenStopped) {
  LifeFixture f;
  Activity a = f.activity("p/a", Nature::Solitary);
  a.run = RunForever{};
  f.add(a);
  f.life.start();
  f.life.switchFocus("p/a");
  f.runUntil(7 * 24 * 3600);
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
  f.life.stopFocus();
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(f.transitions.back()["PreviousActivityStopReason"], "unknown-api-caller");
}

// A stopped run never ends by itself later, and a restarted run counts from
// its own start.
TEST(LifeScriptedRunner, AStoppedRunDoesNotEndTheNextRun) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "", 10);
  f.life.start();
  f.life.switchFocus("p/a");
  f.at(5);
  f.life.stopFocus();
  f.at(6);
  f.life.switchFocus("p/a");
  f.runUntil(15);
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
  f.runUntil(16);
  EXPECT_EQ(f.life.focusedActivity(), "");
}

TEST(LifeScriptedRunner, AStoppedRunUntilIsNotReported) {
  LifeFixture f;
  f.add(until(f, "p/a", "'done'"));
  f.add("p/b", Nature::Solitary);
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.switchFocus("p/b");
  f.take();
  f.set("done", true);
  f.runUntil(10);
  EXPECT_EQ(f.life.focusedActivity(), "p/b");
  EXPECT_EQ(f.take(), "");
}

// The runner on its own: `ended` is called for a natural end, never for a
// stop, never from inside start().
TEST(LifeScriptedRunner, TheRunnerReportsNaturalEndsOnly) {
  LifeFixture f;
  std::vector<std::string> ended;
  Activity a = f.activity("p/a", Nature::Solitary, "", 3);
  Activity b = f.activity("p/b", Nature::Solitary, "", 3);
  Activity c = until(f, "p/c", "'now'");
  f.set("now", true);
  f.runner.start(a, [&](const std::string& error) { ended.push_back("p/a " + error); });
  f.runner.start(b, [&](const std::string& error) { ended.push_back("p/b " + error); });
  f.runner.start(c, [&](const std::string& error) { ended.push_back("p/c " + error); });
  EXPECT_TRUE(ended.empty()) << testing::PrintToString(ended);  // not from inside start()
  f.at(1);
  EXPECT_EQ(ended, (std::vector<std::string>{"p/c "}));
  f.runner.stop("p/b");
  f.runner.stop("p/nothing");  // stopping what does not run is fine
  f.runUntil(10);
  EXPECT_EQ(ended, (std::vector<std::string>{"p/c ", "p/a "}));
}

// A RunUntil condition that does not compile: the activity ends with an
// error (activityFailed) and the stop reason error, with its message.
TEST(LifeScriptedRunner, ARunConditionThatDoesNotCompileFailsTheActivity) {
  LifeFixture f;
  std::vector<std::string> failed;
  f.life.activityFailed.connect(
      [&](const std::string& name, const std::string& what) { failed.push_back(name + ": " + what); });
  f.add(until(f, "p/a", "'done' &&"));
  f.life.start();
  f.life.switchFocus("p/a");
  f.runUntil(1);
  EXPECT_EQ(f.life.focusedActivity(), "");
  ASSERT_EQ(failed.size(), 1u);
  EXPECT_THAT(failed[0], testing::StartsWith("p/a: "));
  EXPECT_EQ(f.transitions.back()["PreviousActivityStopReason"], "error");
  EXPECT_EQ("p/a: " + f.transitions.back()["PreviousActivityError"].get<std::string>(), failed[0]);
}

}  // namespace
