// "Why did X not start?" (issue 16, item 1): AutonomousLife::whyNot gives,
// for an activity that is not focused, the reason and a sentence; one test
// per reason. Also the Launchpad's decision signal and a failed run's
// record (item 4: stop reason error, PreviousActivityError, lastFailure).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "life_fixture.hpp"

namespace {

using autolife::life::Nature;
using autolife::life::SafeguardCause;
using autolife::life::WhyNot;
using autolife::test::LifeFixture;
using autolife::test::refusal;
using testing::ElementsAre;
using testing::HasSubstr;
using testing::StartsWith;

WhyNot whyNot(LifeFixture& f, const std::string& name) {
  auto w = f.life.whyNot(name);
  if (!w) {
    ADD_FAILURE() << name << " is focused: no why-not";
    return {};
  }
  return *w;
}

// The run condition does not compile: the scripted runner ends the run
// with that error, through the clock.
autolife::life::Activity failing(LifeFixture& f, const std::string& name, const std::string& trigger) {
  auto a = f.activity(name, Nature::Solitary, trigger);
  a.run = autolife::life::RunUntil{"(("};
  return a;
}

TEST(LifeWhyNot, TheFocusedActivityHasNone) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "'go'");
  f.life.start();
  f.set("go", true);
  ASSERT_EQ(f.life.focusedActivity(), "p/a");
  EXPECT_FALSE(f.life.whyNot("p/a").has_value());
  EXPECT_TRUE(f.life.whyNotAll().empty());
}

TEST(LifeWhyNot, AnUnknownActivityIsRefused) {
  LifeFixture f;
  EXPECT_EQ(refusal([&] { f.life.whyNot("p/none"); }), "unknown-activity");
}

TEST(LifeWhyNot, ConditionFalseQuotesTheSubExpressionThatHoldsItFalse) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "'Launchpad/BatteryLevel' > 20 && ('Launchpad/NumPeopleZone1' >= 1) ~ 3");
  f.life.start();
  f.set("Launchpad/BatteryLevel", 80);
  f.at(1);
  f.set("Launchpad/NumPeopleZone1", 1);
  f.at(2);
  WhyNot w = whyNot(f, "p/a");
  EXPECT_EQ(w.reason, "condition-false");
  EXPECT_EQ(w.message,
            "('Launchpad/NumPeopleZone1' >= 1) ~ 3 → false   [`('Launchpad/NumPeopleZone1' >= 1)` true for 1 s of 3 s, "
            "2 s remaining]");
  EXPECT_EQ(w.explainLine, w.message);
  EXPECT_EQ(w.text(), "p/a condition-false: " + w.message);
  EXPECT_EQ(w.json().dump(), "{\"why-not\":\"p/a\",\"reason\":\"condition-false\",\"message\":" +
                                 nlohmann::json(w.message).dump() + ",\"explain\":" + nlohmann::json(w.message).dump() + "}");
}

TEST(LifeWhyNot, ConditionFalseShowsAKeyWithNoValue) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "'UserSession/FocusedUser' > 0");
  f.life.start();
  EXPECT_THAT(whyNot(f, "p/a").message, HasSubstr("[warning: 'UserSession/FocusedUser' has no value"));
}

// The example: two solitary activities true together, the least
// recently focused wins, and the other says so.
TEST(LifeWhyNot, LostPriorityToTheLeastRecentlyFocused) {
  LifeFixture f;
  f.add("pkg/act", Nature::Solitary, "'go'");
  f.add("other/act", Nature::Solitary, "'go'");
  f.life.start();
  f.life.switchFocus("other/act");
  f.at(1);
  f.life.switchFocus("pkg/act");
  f.at(2);
  f.life.stopFocus();
  f.at(3);
  f.set("go", true);
  ASSERT_EQ(f.life.focusedActivity(), "other/act");
  WhyNot w = whyNot(f, "pkg/act");
  EXPECT_EQ(w.reason, "lost-priority");
  EXPECT_EQ(w.message, "other/act was focused less recently");
  EXPECT_EQ(w.text(), "pkg/act lost-priority: other/act was focused less recently");
  EXPECT_EQ(w.rule, "least-recently-focused");
  EXPECT_EQ(w.focused, "other/act");
}

TEST(LifeWhyNot, LostPriorityToOneNeverFocused) {
  LifeFixture f;
  f.add("a/first", Nature::Solitary, "'go'");
  f.add("b/second", Nature::Solitary, "'go'");
  f.life.start();
  f.life.switchFocus("a/first");
  f.at(1);
  f.life.stopFocus();
  f.set("go", true);
  ASSERT_EQ(f.life.focusedActivity(), "b/second");
  EXPECT_EQ(whyNot(f, "a/first").message, "b/second has never been focused");
}

TEST(LifeWhyNot, LostPriorityByName) {
  LifeFixture f;
  f.add("a/first", Nature::Solitary, "'go'");
  f.add("b/second", Nature::Solitary, "'go'");
  f.life.start();
  f.set("go", true);
  ASSERT_EQ(f.life.focusedActivity(), "a/first");
  WhyNot w = whyNot(f, "b/second");
  EXPECT_EQ(w.reason, "lost-priority");
  EXPECT_EQ(w.rule, "name");
  EXPECT_EQ(w.message, "a/first comes first by name (neither has been focused)");
}

TEST(LifeWhyNot, LostPriorityToAnInteractiveActivity) {
  LifeFixture f;
  f.add("a/solo", Nature::Solitary, "'go'");
  f.add("z/chat", Nature::Interactive, "'go'");
  f.life.start();
  f.set("go", true);
  ASSERT_EQ(f.life.focusedActivity(), "z/chat");
  WhyNot w = whyNot(f, "a/solo");
  EXPECT_EQ(w.reason, "lost-priority");
  EXPECT_EQ(w.rule, "interactive-first");
  EXPECT_EQ(w.message, "z/chat is interactive: interactive activities come first");
}

// The decision holds while its winner's run lasts: once it ends and
// another activity is focused, the loser's reason is that activity's.
TEST(LifeWhyNot, ALostDecisionLastsAsLongAsTheWinnersRun) {
  LifeFixture f;
  f.add("a/first", Nature::Solitary, "'go'", 5);
  f.add("b/second", Nature::Solitary, "'go'");
  f.add("c/third", Nature::Solitary);
  f.life.start();
  f.set("go", true);
  ASSERT_EQ(f.life.focusedActivity(), "a/first");
  EXPECT_EQ(whyNot(f, "b/second").reason, "lost-priority");
  f.life.switchFocus("c/third");
  EXPECT_EQ(whyNot(f, "b/second").reason, "nature");
}

TEST(LifeWhyNot, NatureASolitaryActivityDoesNotInterruptAnother) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "'a'");
  f.add("p/b", Nature::Solitary, "'b'");
  f.life.start();
  f.set("a", true);
  f.at(1);
  f.set("b", true);
  WhyNot w = whyNot(f, "p/b");
  EXPECT_EQ(w.reason, "nature");
  EXPECT_EQ(w.message, "p/a is focused: a solitary activity does not interrupt another solitary one");
  EXPECT_EQ(w.focused, "p/a");
}

TEST(LifeWhyNot, NatureInInteractiveState) {
  LifeFixture f;
  f.add("p/chat", Nature::Interactive, "'chat'");
  f.add("p/solo", Nature::Solitary, "'solo'");
  f.add("p/other", Nature::Interactive, "'other'");
  f.life.start();
  f.set("chat", true);
  f.at(1);
  f.set("solo", true);
  f.set("other", true);
  EXPECT_EQ(whyNot(f, "p/solo").message,
            "life is interactive (p/chat is focused): a solitary activity waits until the interactive ones end");
  EXPECT_EQ(whyNot(f, "p/other").message, "p/chat is interactive: nothing interrupts an interactive activity");
}

TEST(LifeWhyNot, PermissionNamesWhich) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "'go'");
  f.life.start();
  f.life.setContext({true, true});
  f.set("go", true);
  WhyNot w = whyNot(f, "p/a");
  EXPECT_EQ(w.reason, "permission");
  EXPECT_THAT(w.permissions, ElementsAre("canRunOnPod", "canRunInSleep"));
  EXPECT_EQ(w.message, "it may not run now (canRunOnPod: the robot is on its charging station; "
                       "canRunInSleep: the robot is asleep)");
}

TEST(LifeWhyNot, RelaunchDelayAfterAFailure) {
  LifeFixture f;
  f.add(failing(f, "p/a", "'go'"));
  f.life.start();
  f.at(2);
  f.set("go", true);
  f.runUntil(2);
  ASSERT_EQ(f.life.focusedActivity(), "");
  WhyNot w = whyNot(f, "p/a");
  EXPECT_EQ(w.reason, "relaunch-delay");
  EXPECT_THAT(w.message, StartsWith("it failed at t=2.0 (its run condition does not compile: "));
  EXPECT_THAT(w.message, HasSubstr("): its trigger does not focus it again before t=7.0"));
}

TEST(LifeWhyNot, RelaunchDelayAfterARunThatEndedAtOnce) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "'go'", 0);
  f.life.start();
  f.at(1);
  f.set("go", true);
  f.runUntil(1);
  WhyNot w = whyNot(f, "p/a");
  EXPECT_EQ(w.reason, "relaunch-delay");
  EXPECT_EQ(w.message, "its last run ended the instant it started: its trigger does not focus it again before t=6.0");
}

TEST(LifeWhyNot, StateDisabledAndSafeguard) {
  LifeFixture f(autolife::life::LifeOptions{});
  f.add("p/a", Nature::Solitary, "'go'");
  f.life.start();
  f.set("go", true);
  f.life.setState("disabled");
  WhyNot w = whyNot(f, "p/a");
  EXPECT_EQ(w.reason, "state");
  EXPECT_EQ(w.state, "disabled");
  EXPECT_EQ(w.message, "life is disabled: no activity starts by itself until setState(\"solitary\")");
  f.life.setState("solitary");
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, true);
  w = whyNot(f, "p/a");
  EXPECT_EQ(w.reason, "state");
  EXPECT_EQ(w.state, "safeguard");
  EXPECT_THAT(w.causes, ElementsAre("RobotFell"));
  EXPECT_EQ(w.message, "life is in safeguard (RobotFell): no activity starts until it ends");
}

TEST(LifeWhyNot, StackedWaitsForTheActivityAbove) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.add("p/b", Nature::Solitary);
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.switchFocus("p/b", 1);
  WhyNot w = whyNot(f, "p/a");
  EXPECT_EQ(w.reason, "stacked");
  EXPECT_EQ(w.message, "it waits on the focus stack: it resumes when p/b ends");
}

TEST(LifeWhyNot, ProblemAndNoTrigger) {
  LifeFixture f;
  EXPECT_TRUE(f.life.addActivity(f.activity("p/bad", Nature::Solitary, "'a' &&")).has_value());
  f.add("p/manual", Nature::Solitary);
  f.life.start();
  WhyNot bad = whyNot(f, "p/bad");
  EXPECT_EQ(bad.reason, "problem");
  EXPECT_THAT(bad.message, StartsWith("it cannot run: "));
  WhyNot manual = whyNot(f, "p/manual");
  EXPECT_EQ(manual.reason, "no-trigger");
  EXPECT_EQ(manual.message, "it has no launch trigger: only switchFocus starts it");
}

TEST(LifeWhyNot, AllListsEveryActivityNotFocusedByName) {
  LifeFixture f;
  f.add("p/c", Nature::Solitary, "'c'");
  f.add("p/a", Nature::Solitary, "'a'");
  f.add("p/b", Nature::Solitary, "'b'");
  f.life.start();
  f.set("b", true);
  std::vector<std::string> names;
  for (const auto& w : f.life.whyNotAll()) names.push_back(w.activity + " " + w.reason);
  EXPECT_THAT(names, ElementsAre("p/a condition-false", "p/c condition-false"));
}

// The decision is announced after the transition it made, so that the
// focus it chose is visible to whoever asks why not.
TEST(LifeWhyNot, EachDecisionIsAnnouncedAfterItsTransition) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "'go'");
  f.add("p/b", Nature::Solitary, "'go'");
  std::vector<std::string> heard;
  f.life.launchpadDecided.connect([&] {
    f.log.push_back(f.time() + " decided");
    for (const auto& w : f.life.whyNotAll()) heard.push_back(w.text());
  });
  f.life.start();
  f.take();
  f.at(1);
  f.set("go", true);
  EXPECT_THAT(f.take(), HasSubstr("t=1 transition () -> p/a(condition)\nt=1 decided\n"));
  EXPECT_THAT(heard, testing::Contains("p/b lost-priority: p/a comes first by name (neither has been focused)"));
}

TEST(LifeFailure, AnErrorEndsTheRunWithReasonErrorAndItsMessage) {
  LifeFixture f;
  f.add(failing(f, "p/a", "'go'"));
  std::vector<std::string> failed;
  f.life.activityFailed.connect([&](const std::string& a, const std::string& e) { failed.push_back(a + ": " + e); });
  f.life.start();
  f.at(1);
  f.set("go", true);
  f.runUntil(1);
  ASSERT_EQ(failed.size(), 1u);
  ASSERT_FALSE(f.transitions.empty());
  const auto& t = f.transitions.back();
  EXPECT_EQ(t["PreviousActivityName"], "p/a");
  EXPECT_EQ(t["PreviousActivityStopReason"], "error");
  EXPECT_THAT(t["PreviousActivityError"].get<std::string>(), StartsWith("its run condition does not compile: "));
  EXPECT_EQ("p/a: " + t["PreviousActivityError"].get<std::string>(), failed[0]);
  auto failure = f.life.lastFailure("p/a");
  ASSERT_TRUE(failure.has_value());
  EXPECT_EQ(failure->time, autolife::core::fromSeconds(1));
  EXPECT_EQ(failure->message, t["PreviousActivityError"].get<std::string>());
}

TEST(LifeFailure, ANormalEndHasNoErrorAndClearsTheLastFailure) {
  LifeFixture f;
  f.add(failing(f, "p/a", "'go'"));
  f.life.start();
  f.set("go", true);
  f.runUntil(0);
  ASSERT_TRUE(f.life.lastFailure("p/a").has_value());
  // Reloaded with a run that ends by itself, after the relaunch delay.
  f.life.setState("disabled");
  f.add("p/a", Nature::Solitary, "'go'", 1);
  EXPECT_FALSE(f.life.lastFailure("p/a").has_value());  // a reinstall starts afresh
  f.life.setState("solitary");
  f.transitions.clear();
  f.runUntil(1);  // focused at 0, ends at 1 (and is focused again: its trigger holds)
  ASSERT_FALSE(f.transitions.empty());
  EXPECT_EQ(f.transitions[0]["PreviousActivityName"], "p/a");
  EXPECT_EQ(f.transitions[0]["PreviousActivityStopReason"], "self-stop");
  EXPECT_FALSE(f.transitions[0].contains("PreviousActivityError"));
}

TEST(LifeFailure, AStoppedRunClearsTheLastFailure) {
  LifeFixture f;
  f.add(failing(f, "p/a", "'go'"));
  f.life.start();
  f.set("go", true);
  f.runUntil(0);
  ASSERT_TRUE(f.life.lastFailure("p/a").has_value());
  f.life.switchFocus("p/a");  // the API ignores the relaunch delay; this run fails later
  f.life.stopFocus();
  EXPECT_FALSE(f.life.lastFailure("p/a").has_value());
}

}  // namespace
