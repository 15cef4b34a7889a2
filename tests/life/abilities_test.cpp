// Autonomous abilities (REFERENCE §5, docs/life.md "Abilities"): per state,
// the running priorities, "All", unknown names, and BasicAwareness's running
// reported to the LifeListener.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>

#include "autolife/life/abilities.hpp"
#include "life_fixture.hpp"

namespace {

using autolife::life::Abilities;
using autolife::life::Nature;
using autolife::life::SafeguardCause;
using autolife::life::State;
using Json = nlohmann::json;
using autolife::test::LifeFixture;
using autolife::test::refusal;
using autolife::test::jsonOf;

// name -> "er": e = enabled, r = running, '-' otherwise.
std::map<std::string, std::string> status(LifeFixture& f) {
  std::map<std::string, std::string> out;
  for (const auto& s : jsonOf(f.life.getAutonomousAbilitiesStatus()))
    out[s["name"].get<std::string>()] =
        std::string(s["enabled"].get<bool>() ? "e" : "-") + (s["running"].get<bool>() ? "r" : "-");
  return out;
}

std::map<std::string, std::string> expected(const std::string& blinking, const std::string& background,
                                            const std::string& awareness, const std::string& listening,
                                            const std::string& speaking) {
  return {{"AutonomousBlinking", blinking},
          {"BackgroundMovement", background},
          {"BasicAwareness", awareness},
          {"ListeningMovement", listening},
          {"SpeakingMovement", speaking}};
}

TEST(LifeAbilities, StatusListsTheFiveAbilitiesWithNameEnabledRunning) {
  LifeFixture f;
  f.life.start();
  Json all = f.call("ALAutonomousLife.getAutonomousAbilitiesStatus", {});
  ASSERT_TRUE(all.is_array());
  ASSERT_EQ(all.size(), 5u);
  std::vector<std::string> names;
  for (const auto& s : all) {
    ASSERT_TRUE(s.is_object());
    EXPECT_EQ(s.size(), 3u) << s.dump();
    EXPECT_TRUE(s["name"].is_string());
    EXPECT_TRUE(s["enabled"].is_boolean());
    EXPECT_TRUE(s["running"].is_boolean());
    names.push_back(s["name"].get<std::string>());
  }
  EXPECT_THAT(names, testing::UnorderedElementsAre("AutonomousBlinking", "BackgroundMovement", "BasicAwareness",
                                                   "ListeningMovement", "SpeakingMovement"));
}

// Solitary: all on. With nobody speaking or listening, BackgroundMovement
// has the body; Blinking and BasicAwareness run alongside.
TEST(LifeAbilities, SolitaryRunsAllEnabledAbilities) {
  LifeFixture f;
  f.life.start();
  EXPECT_EQ(status(f), expected("er", "er", "er", "e-", "e-"));
  for (auto name : Abilities::kNames) EXPECT_TRUE(f.life.getAutonomousAbilityEnabled(std::string(name))) << name;
}

TEST(LifeAbilities, SpeakingBeatsListeningBeatsBackground) {
  LifeFixture f;
  f.life.start();
  f.life.setListening(true);
  EXPECT_EQ(status(f), expected("er", "e-", "er", "er", "e-"));
  f.life.setSpeaking(true);
  EXPECT_EQ(status(f), expected("er", "e-", "er", "e-", "er"));
  f.life.setListening(false);
  EXPECT_EQ(status(f), expected("er", "e-", "er", "e-", "er"));
  f.life.setSpeaking(false);
  EXPECT_EQ(status(f), expected("er", "er", "er", "e-", "e-"));
}

TEST(LifeAbilities, InteractiveRunsAllEnabledAbilities) {
  LifeFixture f;
  f.add("p/chat", Nature::Interactive);
  f.life.start();
  f.life.switchFocus("p/chat");
  EXPECT_EQ(status(f), expected("er", "er", "er", "e-", "e-"));
  f.life.setSpeaking(true);
  EXPECT_EQ(status(f), expected("er", "e-", "er", "e-", "er"));
}

// Disabled: all off except SpeakingMovement.
TEST(LifeAbilities, DisabledLeavesOnlySpeakingMovement) {
  LifeFixture f;
  f.life.start();
  f.life.setState("disabled");
  EXPECT_EQ(status(f), expected("e-", "e-", "e-", "e-", "e-"));
  f.life.setListening(true);
  EXPECT_EQ(status(f), expected("e-", "e-", "e-", "e-", "e-"));
  f.life.setSpeaking(true);
  EXPECT_EQ(status(f), expected("e-", "e-", "e-", "e-", "er"));
  f.life.setState("solitary");  // all on again: the user's choices were kept
  EXPECT_EQ(status(f), expected("er", "e-", "er", "e-", "er"));
}

// Safeguard stops the abilities, all of them.
TEST(LifeAbilities, SafeguardStopsEveryAbility) {
  LifeFixture f;
  f.life.start();
  f.life.setSpeaking(true);
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, true);
  EXPECT_EQ(status(f), expected("e-", "e-", "e-", "e-", "e-"));
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, false);
  EXPECT_EQ(status(f), expected("er", "e-", "er", "e-", "er"));
}

TEST(LifeAbilities, OneAbilityCanBeDisabled) {
  LifeFixture f;
  f.life.start();
  f.life.setAutonomousAbilityEnabled("BackgroundMovement", false);
  EXPECT_FALSE(f.life.getAutonomousAbilityEnabled("BackgroundMovement"));
  EXPECT_EQ(status(f), expected("er", "--", "er", "e-", "e-"));
  f.life.setAutonomousAbilityEnabled("AutonomousBlinking", false);
  EXPECT_EQ(status(f), expected("--", "--", "er", "e-", "e-"));
  f.life.setAutonomousAbilityEnabled("BackgroundMovement", true);
  EXPECT_EQ(status(f), expected("--", "er", "er", "e-", "e-"));
}

// Seed 001: "The abilities will not be re-enabled until you tell them to"
// (docs/life.md: enabled is the user's choice, kept across states).
TEST(LifeAbilities, ADisabledAbilityStaysDisabledAcrossStates) {
  LifeFixture f;
  f.add("p/chat", Nature::Interactive, "", 5);
  f.life.start();
  f.life.setAutonomousAbilityEnabled("AutonomousBlinking", false);
  f.life.switchFocus("p/chat");
  f.runUntil(5);
  f.life.setState("disabled");
  f.life.setState("solitary");
  EXPECT_FALSE(f.life.getAutonomousAbilityEnabled("AutonomousBlinking"));
  EXPECT_EQ(status(f), expected("--", "er", "er", "e-", "e-"));
}

TEST(LifeAbilities, AllSwitchesEveryAbility) {
  LifeFixture f;
  f.life.start();
  f.life.setAutonomousAbilityEnabled("All", false);
  EXPECT_EQ(status(f), expected("--", "--", "--", "--", "--"));
  f.call("ALAutonomousLife.setAutonomousAbilityEnabled", {"All", true});
  EXPECT_EQ(status(f), expected("er", "er", "er", "e-", "e-"));
}

TEST(LifeAbilities, UnknownNamesAreRefused) {
  LifeFixture f;
  f.life.start();
  EXPECT_EQ(refusal([&] { f.life.setAutonomousAbilityEnabled("Breathing", false); }), "unknown-ability");
  EXPECT_EQ(refusal([&] { f.life.setAutonomousAbilityEnabled("basicawareness", false); }), "unknown-ability");
  EXPECT_EQ(refusal([&] { f.life.getAutonomousAbilityEnabled("Breathing"); }), "unknown-ability");
  EXPECT_EQ(status(f), expected("er", "er", "er", "e-", "e-"));  // nothing changed
}

TEST(LifeAbilities, TheServiceReadsAndWritesEachAbility) {
  LifeFixture f;
  f.life.start();
  for (auto name : Abilities::kNames) {
    std::string n(name);
    EXPECT_EQ(f.call("ALAutonomousLife.getAutonomousAbilityEnabled", {n}), true) << n;
    f.call("ALAutonomousLife.setAutonomousAbilityEnabled", {n, false});
    EXPECT_EQ(f.call("ALAutonomousLife.getAutonomousAbilityEnabled", {n}), false) << n;
  }
}

// BasicAwareness running is what the Launchpad's tracked-human keys need
// (REFERENCE §4): life reports it to its listener on every change.
TEST(LifeAbilities, BasicAwarenessRunningIsReportedToTheListener) {
  LifeFixture f;
  f.add("p/chat", Nature::Interactive);
  f.life.start();
  EXPECT_TRUE(f.listener.awarenessRunning);
  f.life.setState("disabled");
  EXPECT_FALSE(f.listener.awarenessRunning);
  f.life.setState("solitary");
  EXPECT_TRUE(f.listener.awarenessRunning);
  f.life.switchFocus("p/chat");
  EXPECT_TRUE(f.listener.awarenessRunning);
  f.life.setSafeguardCondition(SafeguardCause::CriticalTemperature, true);
  EXPECT_FALSE(f.listener.awarenessRunning);
  f.life.setSafeguardCondition(SafeguardCause::CriticalTemperature, false);
  EXPECT_TRUE(f.listener.awarenessRunning);
  f.life.setAutonomousAbilityEnabled("BasicAwareness", false);
  EXPECT_FALSE(f.listener.awarenessRunning);
  f.life.setAutonomousAbilityEnabled("All", true);
  EXPECT_TRUE(f.listener.awarenessRunning);
}

// The engagement mode is not exposed by AutonomousLife; the Abilities class
// that configures it is (REFERENCE §5: Unengaged in solitary, FullyEngaged
// in interactive).
TEST(LifeAbilities, BasicAwarenessEngagementFollowsTheState) {
  Abilities a;
  a.configure(State::Solitary);
  EXPECT_EQ(a.engagementMode(), "Unengaged");
  a.configure(State::Interactive);
  EXPECT_EQ(a.engagementMode(), "FullyEngaged");
  a.configure(State::Solitary);
  EXPECT_EQ(a.engagementMode(), "Unengaged");
}

// The Abilities class on its own: "All", unknown names, per-state allowance.
TEST(LifeAbilities, TheAbilitiesClassAppliesTheSameRules) {
  Abilities a;
  EXPECT_TRUE(Abilities::known("SpeakingMovement"));
  EXPECT_FALSE(Abilities::known("All"));
  EXPECT_FALSE(a.setEnabled("Nope", true));
  EXPECT_TRUE(a.setEnabled("All", false));
  for (auto n : Abilities::kNames) EXPECT_FALSE(a.enabled(n));
  EXPECT_TRUE(a.setEnabled("All", true));
  a.configure(State::Disabled);
  a.setSpeaking(true);
  EXPECT_TRUE(a.running("SpeakingMovement"));
  EXPECT_FALSE(a.running("BasicAwareness"));
  a.configure(State::Safeguard);
  EXPECT_FALSE(a.running("SpeakingMovement"));
  a.configure(State::Solitary);
  a.setSpeaking(false);
  a.setListening(true);
  EXPECT_TRUE(a.running("ListeningMovement"));
  EXPECT_FALSE(a.running("BackgroundMovement"));
  EXPECT_TRUE(a.running("AutonomousBlinking"));
}

}  // namespace
