// Every refusal reason at the end of docs/life.md, called directly and
// through the ALAutonomousLife service: the machine-readable reason, and a
// sentence that names what was refused (REFERENCE §5: users complain that
// NAOqi's refusals are unexplained).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "life_fixture.hpp"

namespace {

using autolife::life::Context;
using autolife::life::Nature;
using autolife::life::SafeguardCause;
using Json = nlohmann::json;
using autolife::test::LifeFixture;
using autolife::test::refused;
using testing::HasSubstr;

class LifeRefusals : public testing::Test {
protected:
  void SetUp() override {
    f.add("p/solo", Nature::Solitary, "'Launchpad/NumPeopleZone1' > 0");
    f.add("p/chat", Nature::Interactive);
    f.life.start();
  }
  autolife::test::Refusal call(const std::string& method, std::initializer_list<Json> args) {
    return refused([&] { f.call("ALAutonomousLife." + method, args); });
  }
  LifeFixture f;
};

TEST_F(LifeRefusals, UnknownActivity) {
  auto r = refused([&] { f.life.switchFocus("p/nowhere"); });
  EXPECT_EQ(r.reason, "unknown-activity");
  EXPECT_THAT(r.sentence, HasSubstr("p/nowhere"));
  r = call("switchFocus", {"p/nowhere"});
  EXPECT_EQ(r.reason, "unknown-activity");
  EXPECT_THAT(r.sentence, HasSubstr("p/nowhere"));
  EXPECT_EQ(call("switchFocus", {"p/nowhere", 1}).reason, "unknown-activity");
  // The other calls that take an activity name.
  EXPECT_EQ(refused([&] { f.life.getActivityNature("p/nowhere"); }).reason, "unknown-activity");
  EXPECT_EQ(call("getActivityNature", {"p/nowhere"}).reason, "unknown-activity");
  EXPECT_EQ(refused([&] { f.life.getActivityContextPermissionViolations("p/nowhere"); }).reason,
            "unknown-activity");
  EXPECT_EQ(call("getActivityContextPermissionViolations", {"p/nowhere"}).reason, "unknown-activity");
}

TEST_F(LifeRefusals, ActivityInvalid) {
  auto broken = f.activity("p/broken", Nature::Solitary, "'a' &&");
  EXPECT_TRUE(f.life.addActivity(broken).has_value());
  auto r = refused([&] { f.life.switchFocus("p/broken"); });
  EXPECT_EQ(r.reason, "activity-invalid");
  EXPECT_THAT(r.sentence, HasSubstr("p/broken"));
  r = call("switchFocus", {"p/broken"});
  EXPECT_EQ(r.reason, "activity-invalid");
  EXPECT_THAT(r.sentence, HasSubstr("p/broken"));
  EXPECT_EQ(f.life.focusedActivity(), "");
}

TEST_F(LifeRefusals, BadFlags) {
  for (int flags : {2, -1, 7}) {
    auto r = refused([&] { f.life.switchFocus("p/solo", flags); });
    EXPECT_EQ(r.reason, "bad-flags");
    EXPECT_THAT(r.sentence, HasSubstr(std::to_string(flags)));
    r = call("switchFocus", {"p/solo", flags});
    EXPECT_EQ(r.reason, "bad-flags");
    EXPECT_THAT(r.sentence, HasSubstr(std::to_string(flags)));
  }
  EXPECT_EQ(f.life.focusedActivity(), "");
}

TEST_F(LifeRefusals, StateDisabled) {
  f.life.setState("disabled");
  auto r = refused([&] { f.life.switchFocus("p/solo"); });
  EXPECT_EQ(r.reason, "state-disabled");
  EXPECT_THAT(r.sentence, HasSubstr("disabled"));
  r = call("switchFocus", {"p/chat", 1});
  EXPECT_EQ(r.reason, "state-disabled");
  EXPECT_THAT(r.sentence, HasSubstr("disabled"));
  // docs/life.md: safeguard may not be entered from disabled, by hand either.
  r = refused([&] { f.life.setState("safeguard"); });
  EXPECT_EQ(r.reason, "state-disabled");
  EXPECT_THAT(r.sentence, HasSubstr("disabled"));
  EXPECT_EQ(call("setState", {"safeguard"}).reason, "state-disabled");
  EXPECT_EQ(f.life.getState(), "disabled");
}

TEST_F(LifeRefusals, StateSafeguard) {
  f.life.setSafeguardCondition(SafeguardCause::RobotFell, true);
  auto r = refused([&] { f.life.switchFocus("p/chat"); });
  EXPECT_EQ(r.reason, "state-safeguard");
  EXPECT_THAT(r.sentence, HasSubstr("safeguard"));
  r = call("switchFocus", {"p/solo"});
  EXPECT_EQ(r.reason, "state-safeguard");
  EXPECT_THAT(r.sentence, HasSubstr("safeguard"));
}

TEST_F(LifeRefusals, SolitaryInInteractive) {
  f.life.switchFocus("p/chat");
  auto r = refused([&] { f.life.switchFocus("p/solo"); });
  EXPECT_EQ(r.reason, "solitary-in-interactive");
  EXPECT_THAT(r.sentence, HasSubstr("p/solo"));
  EXPECT_THAT(r.sentence, HasSubstr("interactive"));
  r = call("switchFocus", {"p/solo", 1});
  EXPECT_EQ(r.reason, "solitary-in-interactive");
  EXPECT_THAT(r.sentence, HasSubstr("p/solo"));
}

TEST_F(LifeRefusals, PermissionContextOnPod) {
  f.life.setContext(Context{.onPod = true, .sleeping = false});
  auto r = refused([&] { f.life.switchFocus("p/chat"); });
  EXPECT_EQ(r.reason, "permission-context");
  EXPECT_THAT(r.sentence, HasSubstr("p/chat"));
  EXPECT_THAT(r.sentence, HasSubstr("canRunOnPod"));
  r = call("switchFocus", {"p/chat"});
  EXPECT_EQ(r.reason, "permission-context");
  EXPECT_THAT(r.sentence, HasSubstr("p/chat"));
}

TEST_F(LifeRefusals, PermissionContextAsleep) {
  f.life.setContext(Context{.onPod = false, .sleeping = true});
  auto r = refused([&] { f.life.switchFocus("p/solo"); });
  EXPECT_EQ(r.reason, "permission-context");
  EXPECT_THAT(r.sentence, HasSubstr("p/solo"));
  EXPECT_THAT(r.sentence, HasSubstr("canRunInSleep"));
  EXPECT_EQ(call("switchFocus", {"p/solo", 0}).reason, "permission-context");
}

TEST_F(LifeRefusals, AlreadyFocused) {
  f.life.switchFocus("p/chat");
  f.takeActions();
  f.take();
  auto r = refused([&] { f.life.switchFocus("p/chat"); });
  EXPECT_EQ(r.reason, "already-focused");
  EXPECT_THAT(r.sentence, HasSubstr("p/chat"));
  r = call("switchFocus", {"p/chat", 1});
  EXPECT_EQ(r.reason, "already-focused");
  EXPECT_THAT(r.sentence, HasSubstr("p/chat"));
  EXPECT_EQ(f.takeActions(), "");  // not restarted
  EXPECT_EQ(f.take(), "");
  EXPECT_TRUE(f.life.focusStack().empty());
}

TEST_F(LifeRefusals, UnknownState) {
  auto r = refused([&] { f.life.setState("dreaming"); });
  EXPECT_EQ(r.reason, "unknown-state");
  EXPECT_THAT(r.sentence, HasSubstr("dreaming"));
  r = call("setState", {"dreaming"});
  EXPECT_EQ(r.reason, "unknown-state");
  EXPECT_THAT(r.sentence, HasSubstr("dreaming"));
}

TEST_F(LifeRefusals, InteractiveByHand) {
  auto r = refused([&] { f.life.setState("interactive"); });
  EXPECT_EQ(r.reason, "interactive-by-hand");
  EXPECT_THAT(r.sentence, HasSubstr("interactive"));
  r = call("setState", {"interactive"});
  EXPECT_EQ(r.reason, "interactive-by-hand");
  EXPECT_EQ(f.life.getState(), "solitary");
}

TEST_F(LifeRefusals, InteractiveToSolitary) {
  f.life.switchFocus("p/chat");
  auto r = refused([&] { f.life.setState("solitary"); });
  EXPECT_EQ(r.reason, "interactive-to-solitary");
  EXPECT_THAT(r.sentence, HasSubstr("interactive"));
  EXPECT_THAT(r.sentence, HasSubstr("solitary"));
  r = call("setState", {"solitary"});
  EXPECT_EQ(r.reason, "interactive-to-solitary");
  EXPECT_EQ(f.life.getState(), "interactive");
}

TEST_F(LifeRefusals, SafeguardActive) {
  f.life.setSafeguardCondition(SafeguardCause::CriticalTemperature, true);
  auto r = refused([&] { f.life.setState("solitary"); });
  EXPECT_EQ(r.reason, "safeguard-active");
  EXPECT_THAT(r.sentence, HasSubstr("CriticalTemperature"));
  r = call("setState", {"solitary"});
  EXPECT_EQ(r.reason, "safeguard-active");
  EXPECT_THAT(r.sentence, HasSubstr("CriticalTemperature"));
  EXPECT_EQ(f.life.getState(), "safeguard");
}

TEST_F(LifeRefusals, UnknownSafeguard) {
  auto r = refused([&] { f.life.setSafeguardEnabled("RobotSneezed", false); });
  EXPECT_EQ(r.reason, "unknown-safeguard");
  EXPECT_THAT(r.sentence, HasSubstr("RobotSneezed"));
  r = call("setSafeguardEnabled", {"RobotSneezed", false});
  EXPECT_EQ(r.reason, "unknown-safeguard");
  EXPECT_THAT(r.sentence, HasSubstr("RobotSneezed"));
  r = refused([&] { f.life.isSafeguardEnabled("RobotSneezed"); });
  EXPECT_EQ(r.reason, "unknown-safeguard");
  EXPECT_THAT(r.sentence, HasSubstr("RobotSneezed"));
  EXPECT_EQ(call("isSafeguardEnabled", {"robotfell"}).reason, "unknown-safeguard");
}

TEST_F(LifeRefusals, UnknownAbility) {
  auto r = refused([&] { f.life.setAutonomousAbilityEnabled("Dancing", false); });
  EXPECT_EQ(r.reason, "unknown-ability");
  EXPECT_THAT(r.sentence, HasSubstr("Dancing"));
  r = call("setAutonomousAbilityEnabled", {"Dancing", true});
  EXPECT_EQ(r.reason, "unknown-ability");
  EXPECT_THAT(r.sentence, HasSubstr("Dancing"));
  r = refused([&] { f.life.getAutonomousAbilityEnabled("Dancing"); });
  EXPECT_EQ(r.reason, "unknown-ability");
  EXPECT_THAT(r.sentence, HasSubstr("Dancing"));
  EXPECT_EQ(call("getAutonomousAbilityEnabled", {"Dancing"}).reason, "unknown-ability");
}

TEST_F(LifeRefusals, BadDepth) {
  auto r = refused([&] { f.life.getFocusHistory(-1); });
  EXPECT_EQ(r.reason, "bad-depth");
  EXPECT_THAT(r.sentence, HasSubstr("-1"));
  r = refused([&] { f.life.getStateHistory(-3); });
  EXPECT_EQ(r.reason, "bad-depth");
  EXPECT_THAT(r.sentence, HasSubstr("-3"));
  EXPECT_EQ(call("getFocusHistory", {-2}).reason, "bad-depth");
  EXPECT_EQ(call("getStateHistory", {-2}).reason, "bad-depth");
}

TEST_F(LifeRefusals, KeyNotInConditions) {
  auto r = refused([&] { f.life.getFocusContext("Nobody/Reads/This"); });
  EXPECT_EQ(r.reason, "key-not-in-conditions");
  EXPECT_THAT(r.sentence, HasSubstr("Nobody/Reads/This"));
  r = call("getFocusContext", {"Nobody/Reads/This"});
  EXPECT_EQ(r.reason, "key-not-in-conditions");
  EXPECT_THAT(r.sentence, HasSubstr("Nobody/Reads/This"));
}

TEST_F(LifeRefusals, NoAutonomousFocus) {
  f.life.switchFocus("p/solo");  // by the API: not an autonomous focus
  auto r = refused([&] { f.life.getFocusContext("Launchpad/NumPeopleZone1"); });
  EXPECT_EQ(r.reason, "no-autonomous-focus");
  EXPECT_FALSE(r.sentence.empty());
  EXPECT_EQ(call("getFocusContext", {"Launchpad/NumPeopleZone1"}).reason, "no-autonomous-focus");
}

// ---- the service layer's own reasons --------------------------------------------------

TEST_F(LifeRefusals, NoSuchMethod) {
  auto r = call("switchFokus", {"p/solo"});
  EXPECT_EQ(r.reason, "no-such-method");
  EXPECT_THAT(r.sentence, HasSubstr("switchFokus"));
}

TEST_F(LifeRefusals, WrongArity) {
  auto r = call("switchFocus", {"p/solo", 1, 2});
  EXPECT_EQ(r.reason, "wrong-arity");
  EXPECT_THAT(r.sentence, HasSubstr("switchFocus"));
  EXPECT_EQ(call("switchFocus", {}).reason, "wrong-arity");
  EXPECT_EQ(call("setState", {}).reason, "wrong-arity");
  EXPECT_EQ(call("getState", {"solitary"}).reason, "wrong-arity");
  EXPECT_EQ(f.life.focusedActivity(), "");
}

TEST_F(LifeRefusals, BadArgument) {
  auto r = call("switchFocus", {42});
  EXPECT_EQ(r.reason, "bad-argument");
  EXPECT_THAT(r.sentence, HasSubstr("activity_name"));
  r = call("switchFocus", {"p/solo", "stack"});
  EXPECT_EQ(r.reason, "bad-argument");
  EXPECT_THAT(r.sentence, HasSubstr("flags"));
  EXPECT_EQ(call("setSafeguardEnabled", {"RobotFell", "no"}).reason, "bad-argument");
  EXPECT_EQ(call("setState", {Json::array()}).reason, "bad-argument");
  EXPECT_EQ(f.life.focusedActivity(), "");
}

// A refusal changes nothing: no event, no runner call.
TEST_F(LifeRefusals, ARefusalLeavesLifeUntouched) {
  f.life.switchFocus("p/chat");
  f.take();
  f.takeActions();
  (void)refused([&] { f.life.switchFocus("p/solo"); });
  (void)refused([&] { f.life.switchFocus("p/nowhere"); });
  (void)refused([&] { f.life.switchFocus("p/chat", 3); });
  (void)refused([&] { f.life.setState("solitary"); });
  (void)refused([&] { f.life.setState("interactive"); });
  EXPECT_EQ(f.take(), "");
  EXPECT_EQ(f.takeActions(), "");
  EXPECT_EQ(f.life.focusedActivity(), "p/chat");
  EXPECT_EQ(f.life.getState(), "interactive");
}

}  // namespace
