// Launch suggestions (REFERENCE §4 and §5, seed 003
// AutonomousLife/LaunchSuggestions, docs/life.md): the sorted list raised on
// change, not in safeguard or disabled, raised on return when it changed;
// a launch trigger that does not compile makes its activity invalid, with
// the diagnostic placed in the trigger's file, and nothing else stops.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "life_fixture.hpp"

namespace {

using autolife::life::Activity;
using autolife::life::Nature;
using autolife::life::SafeguardCause;
using Json = nlohmann::json;
using autolife::test::LifeFixture;
using autolife::test::refusal;
using testing::ElementsAre;
using testing::HasSubstr;
using testing::IsEmpty;

// The LaunchSuggestions lines of the log since the last take().
std::string suggestionEvents(LifeFixture& f) {
  std::string out;
  std::istringstream in(f.take());
  for (std::string line; std::getline(in, line);)
    if (line.find(" LaunchSuggestions=") != std::string::npos) out += line + "\n";
  return out;
}

// Interactive activities: focusing them never changes the state to one
// that stops suggestions, and they never interrupt each other.
void addPair(LifeFixture& f) {
  f.add("p/zeta", Nature::Interactive, "'z'");
  f.add("p/alpha", Nature::Interactive, "'a'");
}

TEST(LifeSuggestions, RaisedOnEveryChangeWithTheSortedList) {
  LifeFixture f;
  addPair(f);
  f.add("p/mid", Nature::Interactive, "'m' > 2");
  f.add("p/busy", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/busy");  // interactive: suggestions are only published
  f.take();
  f.at(1);
  f.set("z", true);
  f.at(2);
  f.set("a", true);
  f.at(3);
  f.set("m", 5);
  f.at(4);
  f.set("z", false);
  f.at(5);
  f.set("a", false);
  f.set("m", 0);
  EXPECT_EQ(suggestionEvents(f),
            "t=1 LaunchSuggestions=[\"p/zeta\"]\n"
            "t=2 LaunchSuggestions=[\"p/alpha\", \"p/zeta\"]\n"
            "t=3 LaunchSuggestions=[\"p/alpha\", \"p/mid\", \"p/zeta\"]\n"
            "t=4 LaunchSuggestions=[\"p/alpha\", \"p/mid\"]\n"
            "t=5 LaunchSuggestions=[\"p/mid\"]\n"
            "t=5 LaunchSuggestions=[]\n");
  EXPECT_THAT(f.life.launchSuggestions(), IsEmpty());
}

// One memory write is one evaluation point (REFERENCE §3): the triggers it
// makes true change the list once, and the list is raised once, whole — not
// once per trigger with the lists in between.
TEST(LifeSuggestions, TriggersThatBecomeTrueTogetherAreRaisedTogether) {
  LifeFixture f;
  f.add("p/zeta", Nature::Interactive, "'both'");
  f.add("p/alpha", Nature::Interactive, "'both'");
  f.add("p/busy", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/busy");
  f.take();
  f.at(1);
  f.set("both", true);
  EXPECT_EQ(suggestionEvents(f), "t=1 LaunchSuggestions=[\"p/alpha\", \"p/zeta\"]\n");
  f.at(2);
  f.set("both", false);
  EXPECT_EQ(suggestionEvents(f), "t=2 LaunchSuggestions=[]\n");
}

// REFERENCE §3: bang('key') is true only at the instant the event is
// raised. That instant is enough to suggest the activity and focus it.
TEST(LifeSuggestions, ABangTriggerIsSuggestedAndFocusedAtTheInstantOfItsEvent) {
  LifeFixture f;
  f.add("p/hello", Nature::Interactive, "bang('ALTextToSpeech/TextDone')");
  f.life.start();
  f.memory.declareEvent("ALTextToSpeech/TextDone");
  f.take();
  f.at(5);
  f.memory.raiseEvent("ALTextToSpeech/TextDone", 1);
  f.runUntil(5);
  EXPECT_EQ(f.life.focusedActivity(), "p/hello");
  EXPECT_EQ(f.transitions.back()["FocusedActivityStartReason"], "condition");
  EXPECT_EQ(suggestionEvents(f), "t=5 LaunchSuggestions=[\"p/hello\"]\nt=5 LaunchSuggestions=[]\n");
}

TEST(LifeSuggestions, NotRaisedWhenTheListDoesNotChange) {
  LifeFixture f;
  addPair(f);
  f.life.start();
  f.set("a", true);
  f.take();
  f.set("a", 2);           // still true
  f.set("z", false);       // still false
  f.set("unrelated", 1);
  f.runUntil(100);
  EXPECT_EQ(suggestionEvents(f), "");
}

TEST(LifeSuggestions, TheCurrentListIsReadable) {
  LifeFixture f;
  addPair(f);
  f.life.start();
  f.set("z", true);
  f.set("a", true);
  EXPECT_THAT(f.life.launchSuggestions(), ElementsAre("p/alpha", "p/zeta"));
  EXPECT_EQ(f.call("ALAutonomousLife.getLaunchSuggestions", {}), Json::array({"p/alpha", "p/zeta"}));
}

// A time window in a trigger: the list changes when the window says so.
TEST(LifeSuggestions, ATemporalTriggerIsSuggestedWhenItsWindowHolds) {
  LifeFixture f;
  f.add("p/wait", Nature::Interactive, "('Launchpad/NumPeopleZone1' >= 1) ~ 4");
  f.add("p/busy", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/busy");
  f.take();
  f.at(10);
  f.set("Launchpad/NumPeopleZone1", 1);
  f.runUntil(20);
  EXPECT_EQ(suggestionEvents(f), "t=14 LaunchSuggestions=[\"p/wait\"]\n");
}

// REFERENCE §3: a deadline at t comes after every input at t. A trigger
// that the input at t alone would make true, but that the deadline at t
// makes false again, was never true: no suggestion, no launch.
TEST(LifeSuggestions, ATriggerTrueOnlyBeforeADeadlineAtTheSameInstantDoesNotLaunch) {
  LifeFixture f;
  f.add("p/greet", Nature::Solitary, "!('k' ~ 2) && 'j'");
  f.life.start();
  f.set("k", true);
  f.set("j", false);
  f.take();
  f.at(2);
  f.set("j", true);  // at 2, the instant k ~ 2 completes
  f.runUntil(5);
  EXPECT_EQ(suggestionEvents(f), "");
  EXPECT_EQ(f.life.focusedActivity(), "");
}

TEST(LifeSuggestions, NotRaisedInSafeguardAndRaisedOnReturnWhenChanged) {
  LifeFixture f;
  addPair(f);
  f.add("p/busy", Nature::Interactive);
  f.life.start();
  f.set("a", true);  // solitary: p/alpha is focused, and interactive
  f.take();
  f.at(1);
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, true);
  f.at(2);
  f.set("z", true);
  f.set("a", false);
  f.set("a", true);
  EXPECT_EQ(suggestionEvents(f), "");
  f.at(3);
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, false);
  EXPECT_THAT(suggestionEvents(f), HasSubstr("t=3 LaunchSuggestions=[\"p/alpha\", \"p/zeta\"]\n"));
}

TEST(LifeSuggestions, NotRaisedOnReturnWhenUnchanged) {
  LifeFixture f;
  addPair(f);
  f.life.start();
  f.set("a", true);
  f.take();
  f.at(1);
  f.life.setState("disabled");
  f.set("z", true);   // changes while disabled…
  f.set("z", false);  // …and back to what was last raised
  EXPECT_EQ(suggestionEvents(f), "");
  f.at(2);
  f.life.setState("solitary");
  EXPECT_EQ(suggestionEvents(f), "");
}

TEST(LifeSuggestions, NotRaisedInDisabledAndRaisedOnReturnWhenChanged) {
  LifeFixture f;
  addPair(f);
  f.life.start();
  f.life.setState("disabled");
  f.take();
  f.set("z", true);
  f.runUntil(10);
  EXPECT_EQ(suggestionEvents(f), "");
  f.life.setState("solitary");
  EXPECT_THAT(suggestionEvents(f), HasSubstr("t=10 LaunchSuggestions=[\"p/zeta\"]\n"));
}

// The list names every activity whose trigger is true, the focused one too.
TEST(LifeSuggestions, TheFocusedActivityStaysInTheList) {
  LifeFixture f;
  f.add("p/solo", Nature::Solitary, "'go'");
  f.life.start();
  f.set("go", true);
  EXPECT_EQ(f.life.focusedActivity(), "p/solo");
  EXPECT_THAT(f.life.launchSuggestions(), ElementsAre("p/solo"));
}

TEST(LifeSuggestions, ARemovedActivityLeavesTheList) {
  LifeFixture f;
  addPair(f);
  f.add("p/busy", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/busy");
  f.set("a", true);
  f.set("z", true);
  f.take();
  f.at(1);
  f.life.removeActivity("p/zeta");
  EXPECT_EQ(suggestionEvents(f), "t=1 LaunchSuggestions=[\"p/alpha\"]\n");
}

TEST(LifeSuggestions, ActivitiesWithoutTriggerAreNeverSuggested) {
  LifeFixture f;
  f.add("p/manual", Nature::Solitary);
  f.life.start();
  f.set("anything", true);
  f.runUntil(100);
  EXPECT_THAT(f.life.launchSuggestions(), IsEmpty());
  EXPECT_EQ(f.life.focusedActivity(), "");
}

// ---- a launch trigger that does not compile ------------------------------------------

Activity fromManifest(LifeFixture& f, const std::string& name, const std::string& trigger) {
  Activity a = f.activity(name, Nature::Interactive, trigger);
  a.triggerFile = "packages/demo/manifest.xml";
  a.triggerLine = 12;
  a.triggerColumn = 30;
  return a;
}

TEST(LifeSuggestions, ATriggerThatDoesNotCompileIsReportedWhereItIsInItsFile) {
  LifeFixture f;
  // "'a' == == 1": the second `==` (column 8 of the trigger) is wrong.
  auto d = f.life.addActivity(fromManifest(f, "demo/broken", "'a' == == 1"));
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->file, "packages/demo/manifest.xml");
  EXPECT_EQ(d->line, 12);
  EXPECT_EQ(d->column, 37);  // 30 + 8 - 1
  EXPECT_FALSE(d->message.empty());
  EXPECT_THAT(d->format(), HasSubstr("packages/demo/manifest.xml:12:37"));
}

TEST(LifeSuggestions, AnErrorOnALaterLineOfTheTriggerKeepsItsColumn) {
  LifeFixture f;
  // Line 2 of the trigger is line 13 of the file; its column is the file's.
  auto d = f.life.addActivity(fromManifest(f, "demo/broken", "'a' &&\n  ('b' == )"));
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->file, "packages/demo/manifest.xml");
  EXPECT_EQ(d->line, 13);
  EXPECT_EQ(d->column, 11);
}

TEST(LifeSuggestions, AnInvalidActivityIsNeverFocusedAndOthersKeepRunning) {
  LifeFixture f;
  f.add("p/good", Nature::Solitary, "'go'");
  f.add("p/chat", Nature::Interactive, "'talk'");
  ASSERT_TRUE(f.life.addActivity(fromManifest(f, "p/broken", "'go' &&")).has_value());
  f.life.start();
  EXPECT_TRUE(f.life.hasActivity("p/broken"));
  EXPECT_EQ(refusal([&] { f.life.switchFocus("p/broken"); }), "activity-invalid");
  f.set("go", true);
  EXPECT_EQ(f.life.focusedActivity(), "p/good");
  EXPECT_THAT(f.life.launchSuggestions(), ElementsAre("p/good"));
  f.set("talk", true);
  EXPECT_EQ(f.life.focusedActivity(), "p/chat");
  EXPECT_THAT(f.life.getActivityContextPermissionViolations("p/broken"), ElementsAre("error"));
}

// An activity that arrives with an error (a broken behavior) is invalid too.
TEST(LifeSuggestions, AnActivityWithAnErrorIsInvalid) {
  LifeFixture f;
  Activity a = f.activity("p/broken", Nature::Solitary, "'go'");
  a.error = autolife::core::Diagnostic{"packages/p/broken/behavior.xar", 3, 1, "the behavior does not load", ""};
  auto d = f.life.addActivity(a);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->file, "packages/p/broken/behavior.xar");
  f.life.start();
  f.set("go", true);
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(refusal([&] { f.life.switchFocus("p/broken"); }), "activity-invalid");
}

// Replacing the broken activity with a fixed one makes it valid.
TEST(LifeSuggestions, ReplacingAnInvalidActivityWithAValidOneMakesItRunnable) {
  LifeFixture f;
  ASSERT_TRUE(f.life.addActivity(f.activity("p/a", Nature::Solitary, "'go' &&")).has_value());
  f.life.start();
  EXPECT_FALSE(f.life.addActivity(f.activity("p/a", Nature::Solitary, "'go'")).has_value());
  f.set("go", true);
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
}

}  // namespace
