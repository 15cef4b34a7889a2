// The Launchpad's prioritisation and switchFocus's rules: seed 001
// "Autonomous prioritization", seed 002 "Launchpad Activity prioritization",
// REFERENCE §5 (one test per bullet).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "life_fixture.hpp"

namespace {

using autolife::life::Nature;
using autolife::life::SafeguardCause;
using autolife::test::LifeFixture;
using autolife::test::refusal;
using testing::ElementsAre;
using autolife::test::jsonOf;

// The names in getFocusHistory(), oldest first.
std::vector<std::string> focusedNames(LifeFixture& f) {
  std::vector<std::string> out;
  for (const auto& pair : jsonOf(f.life.getFocusHistory())) out.push_back(pair[0].get<std::string>());
  return out;
}

// "During a Solitary Activity, an Interactive Activity may interrupt it to take the focus."
TEST(LifePrioritisation, InteractiveSuggestionInterruptsASolitaryActivity) {
  LifeFixture f;
  f.add("p/solo", Nature::Solitary, "'solo'");
  f.add("p/chat", Nature::Interactive, "'chat'");
  f.life.start();
  f.set("solo", true);
  ASSERT_EQ(f.life.focusedActivity(), "p/solo");
  f.at(5);
  f.takeActions();
  f.set("chat", true);
  EXPECT_EQ(f.life.focusedActivity(), "p/chat");
  EXPECT_EQ(f.life.getState(), "interactive");
  EXPECT_EQ(f.takeActions(), "t=5 stop p/solo\nt=5 start p/chat\n");
  ASSERT_FALSE(f.transitions.empty());
  EXPECT_EQ(f.transitions.back()["PreviousActivityName"], "p/solo");
  EXPECT_EQ(f.transitions.back()["PreviousActivityStopReason"], "switchfocus-api-interrupt");
  EXPECT_EQ(f.transitions.back()["FocusedActivityName"], "p/chat");
  EXPECT_EQ(f.transitions.back()["FocusedActivityStartReason"], "condition");
}

// The interruption holds for a solitary activity however it was focused.
TEST(LifePrioritisation, InteractiveSuggestionInterruptsASolitaryActivityFocusedByTheApi) {
  LifeFixture f;
  f.add("p/solo", Nature::Solitary);
  f.add("p/chat", Nature::Interactive, "'chat'");
  f.life.start();
  f.life.switchFocus("p/solo");
  f.at(2);
  f.set("chat", true);
  EXPECT_EQ(f.life.focusedActivity(), "p/chat");
  EXPECT_EQ(f.life.getState(), "interactive");
}

// "If a Solitary and Interactive Activity both have true conditions at the
// same time, the Interactive will get priority." The solitary one is never
// focused, not even for an instant.
TEST(LifePrioritisation, InteractiveBeatsSolitaryWhenBothBecomeTrueTogether) {
  LifeFixture f;
  // The solitary one first by name and loaded first: neither order may help it.
  f.add("a/solo", Nature::Solitary, "'go'");
  f.add("z/chat", Nature::Interactive, "'go'");
  f.life.start();
  f.take();
  f.at(1);
  f.set("go", true);
  EXPECT_EQ(f.life.focusedActivity(), "z/chat");
  EXPECT_EQ(f.life.getState(), "interactive");
  EXPECT_THAT(focusedNames(f), ElementsAre("z/chat"));
  EXPECT_THAT(f.take(), testing::Not(testing::HasSubstr("a/solo(")));
}

TEST(LifePrioritisation, InteractiveBeatsSolitaryWhenBothAreTrueAtStart) {
  LifeFixture f;
  f.set("go", true);
  f.add("a/solo", Nature::Solitary, "'go'");
  f.add("z/chat", Nature::Interactive, "'go'");
  f.life.start();
  EXPECT_EQ(f.life.focusedActivity(), "z/chat");
  EXPECT_THAT(focusedNames(f), ElementsAre("z/chat"));
}

// "A Solitary Activity will not interrupt another Solitary Activity."
TEST(LifePrioritisation, SolitaryNeverInterruptsSolitary) {
  LifeFixture f;
  f.add("p/first", Nature::Solitary, "'first'", 100);
  f.add("p/second", Nature::Solitary, "'second'");
  f.life.start();
  f.set("first", true);
  f.set("first", false);
  ASSERT_EQ(f.life.focusedActivity(), "p/first");
  f.at(10);
  f.set("second", true);
  f.runUntil(99);
  EXPECT_EQ(f.life.focusedActivity(), "p/first");
  // Once it ends, the waiting suggestion is taken.
  f.runUntil(100);
  EXPECT_EQ(f.life.focusedActivity(), "p/second");
  EXPECT_EQ(f.transitions.back()["FocusedActivityStartReason"], "condition");
  EXPECT_THAT(focusedNames(f), ElementsAre("p/first", "p/second"));
}

// "An Interactive Activity will not interrupt another Interactive Activity."
TEST(LifePrioritisation, InteractiveNeverInterruptsInteractive) {
  LifeFixture f;
  f.add("p/one", Nature::Interactive, "'one'", 100);
  f.add("p/two", Nature::Interactive, "'two'");
  f.life.start();
  f.set("one", true);
  f.set("one", false);
  ASSERT_EQ(f.life.focusedActivity(), "p/one");
  f.at(10);
  f.set("two", true);
  f.runUntil(99);
  EXPECT_EQ(f.life.focusedActivity(), "p/one");
  EXPECT_EQ(f.life.getState(), "interactive");
  // The interactive stack has exited: solitary again, whose Launchpad
  // focuses the waiting suggestion.
  f.runUntil(100);
  EXPECT_EQ(f.life.focusedActivity(), "p/two");
  EXPECT_THAT(focusedNames(f), ElementsAre("p/one", "p/two"));
}

// Seed 002: in interactive state the Launchpad "will not enforce focusing its
// suggestions. It will not interrupt the running Activity" (nor will a
// solitary suggestion).
TEST(LifePrioritisation, SuggestionsAreNotEnforcedInInteractiveState) {
  LifeFixture f;
  f.add("p/chat", Nature::Interactive);
  f.add("p/solo", Nature::Solitary, "'solo'");
  f.add("p/other", Nature::Interactive, "'other'");
  f.life.start();
  f.life.switchFocus("p/chat");
  f.take();
  f.set("solo", true);
  f.set("other", true);
  f.runUntil(3600);
  EXPECT_EQ(f.life.focusedActivity(), "p/chat");
  EXPECT_EQ(f.take(),
            "t=0 LaunchSuggestions=[\"p/solo\"]\n"
            "t=0 LaunchSuggestions=[\"p/other\", \"p/solo\"]\n");
}

// "When multiple Activities have true conditions at the same time, the one
// that was focused least recently will get priority": never-focused first,
// remaining ties by name (REFERENCE §5). Two situations: the candidates wait
// while something else is focused and are chosen from when it ends; or they
// become true together, at one evaluation point (REFERENCE §3: one memory
// write), with nothing focused — then too they are "true at the same time".

TEST(LifePrioritisation, NeverFocusedActivityWinsWhenTheFocusedActivityEnds) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "'go'");
  f.add("p/z", Nature::Solitary, "'go'");
  f.add("p/busy", Nature::Solitary, "", 5);
  f.life.start();
  f.life.switchFocus("p/a");
  f.at(1);
  f.life.switchFocus("p/busy");  // ends at 6
  f.at(2);
  f.set("go", true);
  f.runUntil(6);
  EXPECT_EQ(f.life.focusedActivity(), "p/z");
}

TEST(LifePrioritisation, NeverFocusedActivityWinsWhenTheyBecomeTrueTogether) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "'go'");
  f.add("p/z", Nature::Solitary, "'go'");
  f.life.start();
  f.life.switchFocus("p/a");
  f.at(5);
  f.life.stopFocus();
  f.at(10);
  f.set("go", true);
  EXPECT_EQ(f.life.focusedActivity(), "p/z");
}

TEST(LifePrioritisation, LeastRecentlyFocusedWinsWhenTheFocusedActivityEnds) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "'go'");
  f.add("p/b", Nature::Solitary, "'go'");
  f.add("p/busy", Nature::Solitary, "", 5);
  f.life.start();
  f.at(1);
  f.life.switchFocus("p/b");
  f.at(2);
  f.life.switchFocus("p/a");
  f.at(3);
  f.life.switchFocus("p/busy");  // ends at 8
  f.at(4);
  f.set("go", true);
  f.runUntil(8);
  EXPECT_EQ(f.life.focusedActivity(), "p/b");  // focused at t=1, before p/a
}

TEST(LifePrioritisation, LeastRecentlyFocusedWinsWhenTheyBecomeTrueTogether) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "'go'");
  f.add("p/b", Nature::Solitary, "'go'");
  f.life.start();
  f.at(1);
  f.life.switchFocus("p/b");
  f.at(2);
  f.life.switchFocus("p/a");
  f.at(3);
  f.life.stopAll();
  f.at(10);
  f.set("go", true);
  EXPECT_EQ(f.life.focusedActivity(), "p/b");  // focused at t=1, before p/a
}

// Remaining ties by name, so that runs are reproducible (REFERENCE §5); the
// rotation then follows least-recently-focused.
TEST(LifePrioritisation, TiesGoByNameWhenTheFocusedActivityEnds) {
  LifeFixture f;
  f.add("p/c", Nature::Solitary, "'go'", 10);
  f.add("p/a", Nature::Solitary, "'go'", 10);
  f.add("p/b", Nature::Solitary, "'go'", 10);
  f.add("p/busy", Nature::Solitary, "", 5);
  f.life.start();
  f.life.switchFocus("p/busy");
  f.set("go", true);
  f.runUntil(65);
  EXPECT_THAT(focusedNames(f), ElementsAre("p/busy", "p/a", "p/b", "p/c", "p/a", "p/b", "p/c", "p/a"));
}

TEST(LifePrioritisation, TiesGoByNameWhenTheyBecomeTrueTogether) {
  LifeFixture f;
  f.add("p/c", Nature::Solitary, "'go'", 10);
  f.add("p/a", Nature::Solitary, "'go'", 10);
  f.add("p/b", Nature::Solitary, "'go'", 10);
  f.life.start();
  f.set("go", true);
  f.runUntil(60);
  EXPECT_THAT(focusedNames(f), ElementsAre("p/a", "p/b", "p/c", "p/a", "p/b", "p/c", "p/a"));
}

TEST(LifePrioritisation, InteractiveTiesGoByNameWhenTheFocusedActivityEnds) {
  LifeFixture f;
  f.add("p/y", Nature::Interactive, "'go'");
  f.add("p/x", Nature::Interactive, "'go'");
  f.add("p/busy", Nature::Interactive, "", 5);
  f.life.start();
  f.life.switchFocus("p/busy");
  f.set("go", true);
  f.runUntil(5);
  EXPECT_EQ(f.life.focusedActivity(), "p/x");
}

TEST(LifePrioritisation, InteractiveTiesGoByNameWhenTheyBecomeTrueTogether) {
  LifeFixture f;
  f.add("p/y", Nature::Interactive, "'go'");
  f.add("p/x", Nature::Interactive, "'go'");
  f.life.start();
  f.set("go", true);
  EXPECT_EQ(f.life.focusedActivity(), "p/x");
}

// The same with an interactive suggestion interrupting a solitary activity:
// the best of the interactive candidates that became true together.
TEST(LifePrioritisation, TheBestInteractiveCandidateInterruptsWhenSeveralBecomeTrueTogether) {
  LifeFixture f;
  f.add("p/y", Nature::Interactive, "'talk'");
  f.add("p/x", Nature::Interactive, "'talk'");
  f.add("p/solo", Nature::Solitary);
  f.life.start();
  f.life.switchFocus("p/solo");
  f.set("talk", true);
  EXPECT_EQ(f.life.focusedActivity(), "p/x");
}

// Interactive wins even over a solitary activity that was never focused.
TEST(LifePrioritisation, NatureComesBeforeRecency) {
  LifeFixture f;
  f.add("p/chat", Nature::Interactive, "'go'");
  f.add("p/solo", Nature::Solitary, "'go'");
  f.life.start();
  f.life.switchFocus("p/chat");
  f.life.stopFocus();
  f.at(10);
  f.set("go", true);
  EXPECT_EQ(f.life.focusedActivity(), "p/chat");
}

// "Safeguard State has the priority over all Activities."
TEST(LifePrioritisation, SafeguardBeatsAllActivities) {
  LifeFixture f;
  f.add("p/solo", Nature::Solitary, "'go'");
  f.add("p/chat", Nature::Interactive, "'go'");
  f.add("p/top", Nature::Interactive);
  f.life.start();
  f.set("go", true);
  ASSERT_EQ(f.life.focusedActivity(), "p/chat");
  f.life.switchFocus("p/top", 1);
  f.at(5);
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, true);
  EXPECT_EQ(f.life.getState(), "safeguard");
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_TRUE(f.life.focusStack().empty());
  f.runUntil(3600);  // both suggestions stay true: none is focused
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(refusal([&] { f.life.switchFocus("p/top"); }), "state-safeguard");
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, false);
  EXPECT_EQ(f.life.getState(), "interactive");  // back to solitary, whose Launchpad focuses p/chat
  EXPECT_EQ(f.life.focusedActivity(), "p/chat");
}

// "Programmatic calls to switchFocus() permit you to start an Interactive
// Activity from either Solitary/Interactive State, or a Solitary Activity
// from Solitary State."
TEST(LifePrioritisation, SwitchFocusFromSolitaryToSolitary) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.add("p/b", Nature::Solitary);
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.switchFocus("p/b");
  EXPECT_EQ(f.life.focusedActivity(), "p/b");
  EXPECT_EQ(f.life.getState(), "solitary");
}

TEST(LifePrioritisation, SwitchFocusFromSolitaryToInteractive) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.add("p/chat", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.switchFocus("p/chat");
  EXPECT_EQ(f.life.focusedActivity(), "p/chat");
  EXPECT_EQ(f.life.getState(), "interactive");
}

TEST(LifePrioritisation, SwitchFocusFromInteractiveToInteractive) {
  LifeFixture f;
  f.add("p/one", Nature::Interactive);
  f.add("p/two", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/one");
  f.take();
  f.life.switchFocus("p/two");
  EXPECT_EQ(f.life.focusedActivity(), "p/two");
  EXPECT_EQ(f.life.getState(), "interactive");
  EXPECT_THAT(f.take(), testing::HasSubstr("State=interactive"));
}

// "But you cannot start a Solitary Activity from Interactive State."
TEST(LifePrioritisation, SwitchFocusFromInteractiveToSolitaryIsRefused) {
  LifeFixture f;
  f.add("p/chat", Nature::Interactive);
  f.add("p/solo", Nature::Solitary);
  f.life.start();
  f.life.switchFocus("p/chat");
  f.take();
  f.takeActions();
  EXPECT_EQ(refusal([&] { f.life.switchFocus("p/solo"); }), "solitary-in-interactive");
  EXPECT_EQ(refusal([&] { f.life.switchFocus("p/solo", 1); }), "solitary-in-interactive");
  EXPECT_EQ(f.life.focusedActivity(), "p/chat");
  EXPECT_EQ(f.life.getState(), "interactive");
  EXPECT_EQ(f.take(), "");
  EXPECT_EQ(f.takeActions(), "");
}

}  // namespace
