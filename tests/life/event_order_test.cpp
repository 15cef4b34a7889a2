// The order listeners see AutonomousLife/* events and activityTransition in
// (seed 003, REFERENCE §5, docs/life.md "Event order"), and the payload of
// activityTransition with its stop and start reasons.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "life_fixture.hpp"

namespace {

using autolife::life::Context;
using autolife::life::Nature;
using autolife::life::SafeguardCause;
using Json = nlohmann::json;
using autolife::test::kWallStart;
using autolife::test::LifeFixture;
using autolife::test::jsonOf;

// The payload has exactly the five fields, with these values.
void expectTransition(const Json& t, std::int64_t time, const std::string& previous, const std::string& stopReason,
                      const std::string& next, const std::string& startReason) {
  ASSERT_TRUE(t.is_object()) << t.dump();
  EXPECT_EQ(t.size(), 5u) << t.dump();
  ASSERT_TRUE(t.contains("TransitionTime")) << t.dump();
  EXPECT_TRUE(t["TransitionTime"].is_number_integer()) << t.dump();
  EXPECT_EQ(t["TransitionTime"], time) << t.dump();
  EXPECT_EQ(t.value("PreviousActivityName", "?"), previous) << t.dump();
  EXPECT_EQ(t.value("PreviousActivityStopReason", "?"), stopReason) << t.dump();
  EXPECT_EQ(t.value("FocusedActivityName", "?"), next) << t.dump();
  EXPECT_EQ(t.value("FocusedActivityStartReason", "?"), startReason) << t.dump();
}

TEST(LifeEventOrder, LaunchpadFocus) {
  LifeFixture f;
  f.add("p/solo", Nature::Solitary, "'go'");
  f.life.start();
  f.take();
  f.at(7);
  f.set("go", true);
  EXPECT_EQ(f.take(),
            "t=7 LaunchSuggestions=[\"p/solo\"]\n"
            "t=7 NextActivity=p/solo\n"
            "t=7 State=solitary\n"
            "t=7 FocusedActivity=p/solo\n"
            "t=7 transition (" ") -> p/solo(condition)\n");
  ASSERT_EQ(f.transitions.size(), 1u);
  expectTransition(f.transitions[0], kWallStart + 7, "", "", "p/solo", "condition");
}

TEST(LifeEventOrder, LaunchpadInterruption) {
  LifeFixture f;
  f.add("p/solo", Nature::Solitary, "'go'");
  f.add("p/chat", Nature::Interactive, "'talk'");
  f.life.start();
  f.set("go", true);
  f.take();
  f.at(9.5);
  f.set("talk", true);
  EXPECT_EQ(f.take(),
            "t=9.5 LaunchSuggestions=[\"p/chat\", \"p/solo\"]\n"
            "t=9.5 CompletedActivity=p/solo\n"
            "t=9.5 NextActivity=p/chat\n"
            "t=9.5 State=interactive\n"
            "t=9.5 FocusedActivity=p/chat\n"
            "t=9.5 transition p/solo(switchfocus-api-interrupt) -> p/chat(condition)\n");
  expectTransition(f.transitions.back(), kWallStart + 9, "p/solo", "switchfocus-api-interrupt", "p/chat",
                   "condition");
}

TEST(LifeEventOrder, SwitchFocusFromNothing) {
  LifeFixture f;
  f.add("p/chat", Nature::Interactive);
  f.life.start();
  f.take();
  f.at(3);
  f.life.switchFocus("p/chat");
  EXPECT_EQ(f.take(),
            "t=3 NextActivity=p/chat\n"
            "t=3 State=interactive\n"
            "t=3 FocusedActivity=p/chat\n"
            "t=3 transition (" ") -> p/chat(unknown-api-caller)\n");
  expectTransition(f.transitions.back(), kWallStart + 3, "", "", "p/chat", "unknown-api-caller");
}

TEST(LifeEventOrder, SwitchFocusWithoutStacking) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.add("p/b", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/a");
  f.take();
  f.at(4);
  f.life.switchFocus("p/b");
  EXPECT_EQ(f.take(),
            "t=4 CompletedActivity=p/a\n"
            "t=4 NextActivity=p/b\n"
            "t=4 State=interactive\n"
            "t=4 FocusedActivity=p/b\n"
            "t=4 transition p/a(switchfocus-api-interrupt) -> p/b(unknown-api-caller)\n");
  expectTransition(f.transitions.back(), kWallStart + 4, "p/a", "switchfocus-api-interrupt", "p/b",
                   "unknown-api-caller");
}

TEST(LifeEventOrder, SwitchFocusWithStacking) {
  LifeFixture f;
  f.add("p/a", Nature::Interactive);
  f.add("p/b", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/a");
  f.take();
  f.at(4);
  f.life.switchFocus("p/b", 1);
  EXPECT_EQ(f.take(),
            "t=4 CompletedActivity=p/a\n"
            "t=4 NextActivity=p/b\n"
            "t=4 State=interactive\n"
            "t=4 FocusedActivity=p/b\n"
            "t=4 transition p/a(switchfocus-api-interrupt) -> p/b(unknown-api-caller)\n");
  expectTransition(f.transitions.back(), kWallStart + 4, "p/a", "switchfocus-api-interrupt", "p/b",
                   "unknown-api-caller");
}

TEST(LifeEventOrder, SelfStopWithoutAStack) {
  LifeFixture f;
  f.add("p/a", Nature::Interactive, "", 2.5);
  f.life.start();
  f.at(1);
  f.life.switchFocus("p/a");
  f.take();
  f.runUntil(10);
  EXPECT_EQ(f.take(),
            "t=3.5 CompletedActivity=p/a\n"
            "t=3.5 State=solitary\n"
            "t=3.5 FocusedActivity=\n"
            "t=3.5 transition p/a(self-stop) -> ()\n");
  expectTransition(f.transitions.back(), kWallStart + 3, "p/a", "self-stop", "", "");
}

TEST(LifeEventOrder, SelfStopWithAStack) {
  LifeFixture f;
  f.add("p/a", Nature::Interactive);
  f.add("p/b", Nature::Interactive, "", 3);
  f.life.start();
  f.life.switchFocus("p/a");
  f.at(2);
  f.life.switchFocus("p/b", 1);
  f.take();
  f.runUntil(10);
  EXPECT_EQ(f.take(),
            "t=5 CompletedActivity=p/b\n"
            "t=5 NextActivity=p/a\n"
            "t=5 State=interactive\n"
            "t=5 FocusedActivity=p/a\n"
            "t=5 transition p/b(self-stop) -> p/a(unstacked)\n");
  expectTransition(f.transitions.back(), kWallStart + 5, "p/b", "self-stop", "p/a", "unstacked");
}

TEST(LifeEventOrder, StopFocusWithAStack) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.add("p/b", Nature::Solitary);
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.switchFocus("p/b", 1);
  f.take();
  f.at(6);
  f.life.stopFocus();
  EXPECT_EQ(f.take(),
            "t=6 CompletedActivity=p/b\n"
            "t=6 NextActivity=p/a\n"
            "t=6 State=solitary\n"
            "t=6 FocusedActivity=p/a\n"
            "t=6 transition p/b(unknown-api-caller) -> p/a(unstacked)\n");
  expectTransition(f.transitions.back(), kWallStart + 6, "p/b", "unknown-api-caller", "p/a", "unstacked");
}

TEST(LifeEventOrder, StopAll) {
  LifeFixture f;
  f.add("p/a", Nature::Interactive);
  f.add("p/b", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.switchFocus("p/b", 1);
  f.take();
  f.at(8);
  f.life.stopAll();
  EXPECT_EQ(f.take(),
            "t=8 CompletedActivity=p/b\n"
            "t=8 State=solitary\n"
            "t=8 FocusedActivity=\n"
            "t=8 transition p/b(unknown-api-caller) -> ()\n");
  expectTransition(f.transitions.back(), kWallStart + 8, "p/b", "unknown-api-caller", "", "");
}

TEST(LifeEventOrder, SetStateDisabled) {
  LifeFixture f;
  f.add("p/a", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/a");
  f.take();
  f.at(2);
  f.life.setState("disabled");
  EXPECT_EQ(f.take(),
            "t=2 CompletedActivity=p/a\n"
            "t=2 State=disabled\n"
            "t=2 FocusedActivity=\n"
            "t=2 transition p/a(disabled-state) -> ()\n");
  expectTransition(f.transitions.back(), kWallStart + 2, "p/a", "disabled-state", "", "");
  // Back to solitary: only the state.
  f.at(3);
  f.life.setState("solitary");
  EXPECT_EQ(f.take(), "t=3 State=solitary\n");
}

TEST(LifeEventOrder, SetStateDisabledWithNothingFocused) {
  LifeFixture f;
  f.life.start();
  f.take();
  f.life.setState("disabled");
  EXPECT_EQ(f.take(), "t=0 State=disabled\n");
  EXPECT_TRUE(f.transitions.empty());
}

TEST(LifeEventOrder, SafeguardEntryAndExit) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "'go'");
  f.life.start();
  f.set("go", true);
  f.take();
  f.at(12);
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, true);
  EXPECT_EQ(f.take(),
            "t=12 CompletedActivity=p/a\n"
            "t=12 State=safeguard\n"
            "t=12 FocusedActivity=\n"
            "t=12 transition p/a(safeguard-state) -> ()\n");
  expectTransition(f.transitions.back(), kWallStart + 12, "p/a", "safeguard-state", "", "");
  f.at(20);
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, false);
  // Solitary again, then its Launchpad focuses the suggestion that held.
  EXPECT_EQ(f.take(),
            "t=20 State=solitary\n"
            "t=20 NextActivity=p/a\n"
            "t=20 State=solitary\n"
            "t=20 FocusedActivity=p/a\n"
            "t=20 transition (" ") -> p/a(condition)\n");
}

TEST(LifeEventOrder, SafeguardExitWithNothingToFocus) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.life.start();
  f.life.switchFocus("p/a");
  f.at(1);
  f.life.setSafeguardCondition(SafeguardCause::CriticalDiagnosis, true);
  f.take();
  std::size_t transitions = f.transitions.size();
  f.at(2);
  f.life.setSafeguardCondition(SafeguardCause::CriticalDiagnosis, false);
  EXPECT_EQ(f.take(), "t=2 State=solitary\n");
  EXPECT_EQ(f.transitions.size(), transitions);
}

TEST(LifeEventOrder, PermissionContextStop) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.life.start();
  f.life.switchFocus("p/a");
  f.take();
  f.at(4);
  f.life.setContext(Context{.onPod = true, .sleeping = false});
  EXPECT_EQ(f.take(),
            "t=4 CompletedActivity=p/a\n"
            "t=4 State=solitary\n"
            "t=4 FocusedActivity=\n"
            "t=4 transition p/a(permission-context) -> ()\n");
  expectTransition(f.transitions.back(), kWallStart + 4, "p/a", "permission-context", "", "");
}

// The service emits activityTransition with the same payload.
TEST(LifeEventOrder, TheServiceEmitsActivityTransition) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.life.start();
  std::vector<std::pair<std::string, Json>> emitted;
  f.services.find("ALAutonomousLife")->emitted.connect(
      [&](const std::string& name, const autolife::service::Any& value) { emitted.emplace_back(name, jsonOf(value)); });
  f.at(1);
  f.call("ALAutonomousLife.switchFocus", {"p/a"});
  ASSERT_EQ(emitted.size(), 1u);
  EXPECT_EQ(emitted[0].first, "activityTransition");
  expectTransition(emitted[0].second, kWallStart + 1, "", "", "p/a", "unknown-api-caller");
  f.call("ALAutonomousLife.stopFocus", {});
  ASSERT_EQ(emitted.size(), 2u);
  expectTransition(emitted[1].second, kWallStart + 1, "p/a", "unknown-api-caller", "", "");
}

// docs/life.md: a transition is complete before any listener runs. A
// listener of any of its events already sees the final focus and state.
TEST(LifeEventOrder, ListenersNeverObserveATransitionHalfWay) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.add("p/b", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/a");
  std::vector<std::string> seen;
  std::vector<std::shared_ptr<autolife::memory::Subscriber>> subs;
  for (const char* e : {"AutonomousLife/CompletedActivity", "AutonomousLife/NextActivity", "AutonomousLife/State",
                        "AutonomousLife/FocusedActivity"}) {
    subs.push_back(f.memory.subscriber(e));
    subs.back()->signal.connect([&f, &seen, e](const autolife::core::Value&) {
      seen.push_back(std::string(e) + " " + f.life.focusedActivity() + " " + f.life.getState());
    });
  }
  f.life.switchFocus("p/b");
  EXPECT_EQ(seen, (std::vector<std::string>{
                      "AutonomousLife/CompletedActivity p/b interactive",
                      "AutonomousLife/NextActivity p/b interactive",
                      "AutonomousLife/State p/b interactive",
                      "AutonomousLife/FocusedActivity p/b interactive",
                  }));
}

// What a listener does in response happens after the transition: a
// CompletedActivity listener calling switchFocus starts a second one.
TEST(LifeEventOrder, ACallFromAListenerHappensAfterTheTransition) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary, "", 5);
  f.add("p/b", Nature::Solitary);
  f.life.start();
  f.life.switchFocus("p/a");
  auto sub = f.memory.subscriber("AutonomousLife/CompletedActivity");
  sub->signal.connect([&f](const autolife::core::Value& v) {
    if (v.isString() && v.asString() == "p/a") f.life.switchFocus("p/b");
  });
  f.take();
  f.runUntil(5);
  EXPECT_EQ(f.life.focusedActivity(), "p/b");
  EXPECT_EQ(f.take(),
            "t=5 CompletedActivity=p/a\n"
            "t=5 State=solitary\n"
            "t=5 FocusedActivity=\n"
            "t=5 transition p/a(self-stop) -> ()\n"
            "t=5 NextActivity=p/b\n"
            "t=5 State=solitary\n"
            "t=5 FocusedActivity=p/b\n"
            "t=5 transition (" ") -> p/b(unknown-api-caller)\n");
}

}  // namespace
