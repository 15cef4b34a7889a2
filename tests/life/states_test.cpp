// The four states: seed 002's tables ("Solitary state is entered from…",
// "When this state is entered", "During this state") and REFERENCE §5's
// setState rules; what the Launchpad does in each state; what life tells
// the Launchpad's keys (LifeListener).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "life_fixture.hpp"

namespace {

using autolife::life::Nature;
using autolife::life::SafeguardCause;
using autolife::test::LifeFixture;
using autolife::test::refusal;
using testing::HasSubstr;
using testing::Not;
using autolife::test::jsonOf;

// The State events in the log since the last take(), one per line.
std::string stateEvents(LifeFixture& f) {
  std::string out;
  std::istringstream in(f.take());
  for (std::string line; std::getline(in, line);)
    if (line.find(" State=") != std::string::npos) out += line + "\n";
  return out;
}

bool running(LifeFixture& f, const std::string& ability) {
  for (const auto& s : jsonOf(f.life.getAutonomousAbilitiesStatus()))
    if (s["name"] == ability) return s["running"].get<bool>();
  ADD_FAILURE() << "no status for " << ability;
  return false;
}

bool anyAbilityRunning(LifeFixture& f) {
  for (const auto& s : jsonOf(f.life.getAutonomousAbilitiesStatus()))
    if (s["running"].get<bool>()) return true;
  return false;
}

TEST(LifeStates, SolitaryIsTheStateAtStart) {
  LifeFixture f;
  EXPECT_EQ(f.life.getState(), "solitary");
  f.life.start();
  EXPECT_EQ(f.life.getState(), "solitary");
  EXPECT_EQ(f.take(), "t=0 State=solitary\nt=0 FocusedActivity=\n");
  EXPECT_EQ(f.life.focusedActivity(), "");
}

// ---- solitary is entered from… ------------------------------------------------

TEST(LifeStates, SolitaryIsEnteredFromDisabledProgrammatically) {
  LifeFixture f;
  f.add("p/solo", Nature::Solitary, "'go'");
  f.life.start();
  f.life.setState("disabled");
  f.take();
  f.at(10);
  f.set("go", true);  // the Launchpad is stopped: nothing happens yet
  EXPECT_EQ(f.life.focusedActivity(), "");
  f.at(20);
  f.life.setState("solitary");
  EXPECT_EQ(f.life.getState(), "solitary");
  // Entering solitary starts the Launchpad, which enforces its suggestion.
  EXPECT_EQ(f.life.focusedActivity(), "p/solo");
  EXPECT_THAT(f.take(), HasSubstr("t=20 State=solitary\n"));
}

TEST(LifeStates, SolitaryIsEnteredFromInteractiveWhenTheInteractiveStackHasExited) {
  LifeFixture f;
  f.add("p/one", Nature::Interactive, "", 100);
  f.add("p/two", Nature::Interactive, "", 5);
  f.life.start();
  f.life.switchFocus("p/one");
  f.at(1);
  f.life.switchFocus("p/two", 1);
  f.take();
  f.runUntil(6);  // p/two ends; p/one is restarted from the stack: still interactive
  EXPECT_EQ(f.life.focusedActivity(), "p/one");
  EXPECT_EQ(f.life.getState(), "interactive");
  EXPECT_EQ(stateEvents(f), "t=6 State=interactive\n");
  f.runUntil(106);  // the whole stack has exited
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(f.life.getState(), "solitary");
  EXPECT_EQ(stateEvents(f), "t=106 State=solitary\n");
}

TEST(LifeStates, SolitaryIsEnteredFromSafeguardWhenTheSafeguardIsProcessed) {
  LifeFixture f;
  f.life.start();
  f.at(1);
  f.life.setSafeguardCondition(SafeguardCause::CriticalTemperature, true);
  f.at(30);
  f.life.setSafeguardCondition(SafeguardCause::CriticalTemperature, false);
  EXPECT_EQ(f.life.getState(), "solitary");
  EXPECT_EQ(stateEvents(f), "t=0 State=solitary\nt=1 State=safeguard\nt=30 State=solitary\n");
}

// docs/life.md: every focus change enters a state, even the same one.
TEST(LifeStates, SolitaryIsReenteredWhenASolitaryActivityFinishes) {
  LifeFixture f;
  f.add("p/solo", Nature::Solitary, "", 5);
  f.life.start();
  f.take();
  f.life.switchFocus("p/solo");
  EXPECT_EQ(stateEvents(f), "t=0 State=solitary\n");
  f.runUntil(5);
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(stateEvents(f), "t=5 State=solitary\n");
}

// ---- interactive ----------------------------------------------------------------

TEST(LifeStates, InteractiveIsEnteredOnlyByFocusingAnInteractiveActivity) {
  LifeFixture f;
  f.add("p/chat", Nature::Interactive);
  f.life.start();
  EXPECT_EQ(refusal([&] { f.life.setState("interactive"); }), "interactive-by-hand");
  EXPECT_EQ(f.life.getState(), "solitary");
  f.take();
  f.life.switchFocus("p/chat");
  EXPECT_EQ(f.life.getState(), "interactive");
  EXPECT_EQ(stateEvents(f), "t=0 State=interactive\n");
}

// "Focusing a new interactive Activity will re-enter the interactive state";
// the State event is raised again (seed 003).
TEST(LifeStates, InteractiveIsReenteredWhenAnotherInteractiveActivityIsFocused) {
  LifeFixture f;
  f.add("p/one", Nature::Interactive);
  f.add("p/two", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/one");
  f.take();
  f.at(3);
  f.life.switchFocus("p/two");
  EXPECT_EQ(stateEvents(f), "t=3 State=interactive\n");
  f.at(4);
  f.life.switchFocus("p/one", 1);
  EXPECT_EQ(stateEvents(f), "t=4 State=interactive\n");
}

// Manual change from interactive to solitary fails (seed 003).
TEST(LifeStates, InteractiveToSolitaryByHandFails) {
  LifeFixture f;
  f.add("p/chat", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/chat");
  EXPECT_EQ(refusal([&] { f.life.setState("solitary"); }), "interactive-to-solitary");
  EXPECT_EQ(f.life.getState(), "interactive");
  EXPECT_EQ(f.life.focusedActivity(), "p/chat");
}

// Interactive: "the safeguard and disabled state may be entered".
TEST(LifeStates, DisabledAndSafeguardMayBeEnteredFromInteractive) {
  LifeFixture f;
  f.add("p/chat", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/chat");
  f.life.setState("disabled");
  EXPECT_EQ(f.life.getState(), "disabled");
  f.life.setState("solitary");
  f.life.switchFocus("p/chat");
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, true);
  EXPECT_EQ(f.life.getState(), "safeguard");
}

// ---- disabled ---------------------------------------------------------------------

TEST(LifeStates, DisabledStopsTheFocusedActivityAndClearsTheStack) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.add("p/b", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.switchFocus("p/b", 1);
  f.at(2);
  f.takeActions();
  f.take();
  f.life.setState("disabled");
  EXPECT_EQ(f.life.getState(), "disabled");
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_TRUE(f.life.focusStack().empty());
  EXPECT_EQ(f.takeActions(), "t=2 stop p/b\n");  // nothing restarted from the stack
  EXPECT_EQ(f.take(),
            "t=2 CompletedActivity=p/b\n"
            "t=2 State=disabled\n"
            "t=2 FocusedActivity=\n"
            "t=2 transition p/b(disabled-state) -> ()\n");
}

// "Basic Awareness and Breathing services will be stopped"; REFERENCE §5:
// all abilities off except SpeakingMovement.
TEST(LifeStates, DisabledTurnsAbilitiesOffButSpeakingMovement) {
  LifeFixture f;
  f.life.start();
  f.life.setSpeaking(true);
  f.life.setListening(true);
  f.life.setState("disabled");
  EXPECT_FALSE(running(f, "AutonomousBlinking"));
  EXPECT_FALSE(running(f, "BackgroundMovement"));
  EXPECT_FALSE(running(f, "BasicAwareness"));
  EXPECT_FALSE(running(f, "ListeningMovement"));
  EXPECT_TRUE(running(f, "SpeakingMovement"));
  EXPECT_FALSE(f.listener.awarenessRunning);
}

TEST(LifeStates, NoActivityMayBeFocusedInDisabled) {
  LifeFixture f;
  f.add("p/solo", Nature::Solitary, "'go'");
  f.add("p/chat", Nature::Interactive, "'talk'");
  f.life.start();
  f.life.setState("disabled");
  f.take();
  EXPECT_EQ(refusal([&] { f.life.switchFocus("p/solo"); }), "state-disabled");
  EXPECT_EQ(refusal([&] { f.life.switchFocus("p/chat", 1); }), "state-disabled");
  f.set("go", true);
  f.set("talk", true);
  f.runUntil(3600);
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(f.life.getState(), "disabled");
  EXPECT_EQ(f.take(), "");  // the Launchpad is stopped: not even LaunchSuggestions
}

TEST(LifeStates, SafeguardIsNotEnteredFromDisabled) {
  LifeFixture f;
  f.life.start();
  f.life.setState("disabled");
  f.take();
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, true);
  f.life.setSafeguardCondition(SafeguardCause::CriticalTemperature, true);
  f.runUntil(60);
  EXPECT_EQ(f.life.getState(), "disabled");
  EXPECT_EQ(f.take(), "");
}

// Seed 001: from disabled, "Safeguard State may not be entered" — by hand
// either: refused with state-disabled (docs/life.md).
TEST(LifeStates, SetStateSafeguardFromDisabledIsRefused) {
  LifeFixture f;
  f.life.start();
  f.life.setState("disabled");
  f.take();
  EXPECT_EQ(refusal([&] { f.life.setState("safeguard"); }), "state-disabled");
  EXPECT_EQ(f.life.getState(), "disabled");
  EXPECT_EQ(f.take(), "");
}

// Leaving disabled with a cause still active: safeguard beats everything.
TEST(LifeStates, LeavingDisabledWithASafeguardCauseActiveEntersSafeguard) {
  LifeFixture f;
  f.life.start();
  f.life.setState("disabled");
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, true);
  f.life.setState("solitary");
  EXPECT_EQ(f.life.getState(), "safeguard");
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, false);
  EXPECT_EQ(f.life.getState(), "solitary");
}

TEST(LifeStates, DisabledIsEnteredFromSafeguard) {
  LifeFixture f;
  f.life.start();
  f.life.setSafeguardCondition(SafeguardCause::CriticalDiagnosis, true);
  f.life.setState("disabled");
  EXPECT_EQ(f.life.getState(), "disabled");
}

// ---- safeguard ----------------------------------------------------------------------

TEST(LifeStates, SafeguardStopsTheActivityClearsTheStackStopsAbilitiesAndLaunchpad) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "'a'");
  f.add("p/b", Nature::Solitary);
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.switchFocus("p/b", 1);
  f.at(2);
  f.takeActions();
  f.take();
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, true);
  EXPECT_EQ(f.life.getState(), "safeguard");
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_TRUE(f.life.focusStack().empty());
  EXPECT_EQ(f.takeActions(), "t=2 stop p/b\n");
  EXPECT_FALSE(anyAbilityRunning(f));
  EXPECT_FALSE(f.listener.awarenessRunning);
  f.take();
  f.at(5);
  f.set("a", true);  // the Launchpad is stopped
  f.runUntil(60);
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(f.take(), "");
  // "After the trouble has passed, the Solitary State will be re-entered."
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, false);
  EXPECT_EQ(f.life.getState(), "solitary");
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
  EXPECT_TRUE(running(f, "BasicAwareness"));
}

// ---- the Launchpad in each state (seed 002) -----------------------------------------

TEST(LifeStates, TheLaunchpadEnforcesInSolitarySuggestsInInteractiveAndStopsInSafeguardAndDisabled) {
  LifeFixture f;
  f.add("p/solo", Nature::Solitary, "'solo'");
  f.add("p/chat", Nature::Interactive);
  f.life.start();
  // solitary: its suggestions are focused
  f.set("solo", true);
  EXPECT_EQ(f.life.focusedActivity(), "p/solo");
  f.set("solo", false);
  f.life.stopAll();
  // interactive: suggestions raised, not focused
  f.life.switchFocus("p/chat");
  f.take();
  f.at(1);
  f.set("solo", true);
  EXPECT_EQ(f.life.focusedActivity(), "p/chat");
  EXPECT_EQ(f.take(), "t=1 LaunchSuggestions=[\"p/solo\"]\n");
  f.set("solo", false);
  EXPECT_EQ(f.take(), "t=1 LaunchSuggestions=[]\n");
  // disabled: nothing raised, nothing focused
  f.life.setState("disabled");
  f.take();
  f.at(2);
  f.set("solo", true);
  f.set("solo", false);
  EXPECT_EQ(f.take(), "");
  // safeguard: the same
  f.life.setState("solitary");
  f.life.setState("safeguard");
  f.take();
  f.at(3);
  f.set("solo", true);
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_EQ(f.take(), "");
}

// ---- setState details -----------------------------------------------------------------

TEST(LifeStates, SetStateToTheCurrentStateDoesNothing) {
  LifeFixture f;
  f.add("p/solo", Nature::Solitary);
  f.life.start();
  f.life.switchFocus("p/solo");
  f.take();
  f.takeActions();
  f.life.setState("solitary");
  EXPECT_EQ(f.life.focusedActivity(), "p/solo");
  EXPECT_EQ(f.take(), "");
  EXPECT_EQ(f.takeActions(), "");
}

TEST(LifeStates, SetStateToAnUnknownStateIsRefused) {
  LifeFixture f;
  f.life.start();
  EXPECT_EQ(refusal([&] { f.life.setState("asleep"); }), "unknown-state");
  EXPECT_EQ(refusal([&] { f.life.setState("Solitary"); }), "unknown-state");
  EXPECT_EQ(f.life.getState(), "solitary");
}

// ---- what the Launchpad's keys hear (LifeListener) --------------------------------------

TEST(LifeStates, TheListenerHearsStatesFocusesAndFocusCounts) {
  LifeFixture f;
  f.add("p/solo", Nature::Solitary, "", 5);
  f.add("p/chat", Nature::Interactive);
  f.life.start();
  EXPECT_THAT(f.listener.take(), HasSubstr("state solitary\n"));
  f.life.switchFocus("p/solo");
  std::string heard = f.listener.take();
  EXPECT_THAT(heard, HasSubstr("state solitary\n"));
  EXPECT_THAT(heard, HasSubstr("count p/solo 1\n"));
  EXPECT_THAT(heard, HasSubstr("focus p/solo\n"));
  f.runUntil(5);
  heard = f.listener.take();
  EXPECT_THAT(heard, HasSubstr("state solitary\n"));
  EXPECT_THAT(heard, HasSubstr("focus \n"));
  f.life.switchFocus("p/solo");
  EXPECT_THAT(f.listener.take(), HasSubstr("count p/solo 2\n"));
  f.life.switchFocus("p/chat");
  heard = f.listener.take();
  EXPECT_THAT(heard, HasSubstr("state interactive\n"));
  EXPECT_THAT(heard, HasSubstr("count p/chat 1\n"));
  EXPECT_THAT(heard, HasSubstr("focus p/chat\n"));
  EXPECT_THAT(heard, Not(HasSubstr("focus \n")));  // focus went straight from p/solo to p/chat
  f.life.setState("disabled");
  heard = f.listener.take();
  EXPECT_THAT(heard, HasSubstr("state disabled\n"));
  EXPECT_THAT(heard, HasSubstr("focus \n"));
  f.life.setState("solitary");
  EXPECT_THAT(f.listener.take(), HasSubstr("state solitary\n"));
  f.life.setState("safeguard");
  EXPECT_THAT(f.listener.take(), HasSubstr("state safeguard\n"));
}

}  // namespace
