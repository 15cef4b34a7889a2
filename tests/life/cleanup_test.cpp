// State-change cleanup and the thinking expression (REFERENCE §5, seed 001
// "How are Activities started?", docs/life.md "State-change cleanup and
// thinking"), and the small API calls: robot offset from the floor,
// getActivityNature, focusedActivity, getState.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "life_fixture.hpp"

namespace {

using autolife::core::fromSeconds;
using autolife::life::Activity;
using autolife::life::LifeOptions;
using autolife::life::Nature;
using Json = nlohmann::json;
using autolife::test::LifeFixture;
using autolife::test::refusal;
using testing::HasSubstr;

constexpr const char* kCleanup =
    "ALTextToSpeech.stopAll()\n"
    "ALMotion.setExternalCollisionProtectionEnabled(\"All\", true)\n"
    "ALLeds.reset(\"AllLeds\")\n";

// The actions with their "t=… " stamps removed, cleanup calls sorted within
// each run of consecutive service calls (their order is not specified).
std::string actionsUnstamped(LifeFixture& f) {
  std::string out;
  std::vector<std::string> calls;
  auto flush = [&] {
    std::sort(calls.begin(), calls.end(), [](const std::string& a, const std::string& b) {
      auto rank = [](const std::string& s) {
        return s.starts_with("ALTextToSpeech.stopAll") ? 0 : s.starts_with("ALMotion") ? 1 : s.starts_with("ALLeds") ? 2 : 3;
      };
      return rank(a) < rank(b);
    });
    for (const auto& c : calls) out += c + "\n";
    calls.clear();
  };
  for (const auto& line : f.actions) {
    std::string s = line.substr(line.find(' ') + 1);
    if (s.starts_with("start ") || s.starts_with("stop ")) {
      flush();
      out += s + "\n";
    } else {
      calls.push_back(s);
    }
  }
  flush();
  f.actions.clear();
  return out;
}

// "Before an activity is focused, Autonomous Life will enforce a State
// change": speech stopped, motion safety and LEDs back to their defaults,
// before the activity starts.
TEST(LifeCleanup, BeforeEachActivityStartsSpeechMotionAndLedsAreReset) {
  LifeFixture f;
  f.addRobotServices();
  f.add("p/a", Nature::Solitary, "'go'");
  f.add("p/b", Nature::Interactive, "", 5);
  f.life.start();
  f.takeActions();
  f.set("go", true);  // by the Launchpad
  EXPECT_EQ(actionsUnstamped(f), std::string(kCleanup) + "start p/a\n");
  f.life.switchFocus("p/b", 1);  // by the API
  EXPECT_EQ(actionsUnstamped(f), "stop p/a\n" + std::string(kCleanup) + "start p/b\n");
  f.runUntil(5);  // from the stack
  EXPECT_EQ(actionsUnstamped(f), std::string(kCleanup) + "start p/a\n");
}

// A robot without those services still focuses activities.
TEST(LifeCleanup, WithoutTheRobotServicesActivitiesStillStart) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.life.start();
  f.life.switchFocus("p/a");
  EXPECT_EQ(f.life.focusedActivity(), "p/a");
  EXPECT_EQ(f.takeActions(), "t=0 start p/a\n");
}

// The safeguard settings are part of the cleanup: an activity that silenced
// a cause does not pass that on to the next one.
TEST(LifeCleanup, SafeguardSettingsAreResetBeforeTheNextActivity) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.add("p/b", Nature::Solitary);
  f.life.start();
  f.life.switchFocus("p/a");
  f.life.setSafeguardEnabled("RobotFell", false);
  f.life.switchFocus("p/b");
  EXPECT_TRUE(f.life.isSafeguardEnabled("RobotFell"));
}

// ---- thinking expression ----------------------------------------------------------------

Activity slow(LifeFixture& f, const std::string& name, double loadSeconds, std::vector<std::string> responses) {
  Activity a = f.activity(name, Nature::Interactive);
  a.loadTime = fromSeconds(loadSeconds);
  a.loadingResponses = std::move(responses);
  return a;
}

LifeOptions onePhrase() {
  LifeOptions o;
  o.thinkingPhrases = {"Let me think."};
  return o;
}

// Loading an interactive activity while interactive: its loading response
// at once, a thinking phrase every 2 s until it is loaded; it starts when
// loaded, but is focused at once (docs/life.md).
TEST(LifeCleanup, LoadingAnInteractiveActivityWhileInteractiveSaysItsLoadingResponseThenThinks) {
  LifeFixture f(onePhrase());
  f.addRobotServices();
  f.add("p/chat", Nature::Interactive);
  f.add(slow(f, "p/slow", 5, {"Ummm."}));
  f.life.start();
  f.life.switchFocus("p/chat");
  f.at(10);
  f.take();
  f.takeActions();
  f.life.switchFocus("p/slow");
  EXPECT_EQ(f.life.focusedActivity(), "p/slow");
  EXPECT_THAT(f.take(), HasSubstr("t=10 FocusedActivity=p/slow\n"));
  f.runUntil(20);
  std::string said;
  for (const auto& a : f.actions)
    if (a.find("say") != std::string::npos || a.find("start") != std::string::npos) said += a + "\n";
  EXPECT_EQ(said,
            "t=10 ALTextToSpeech.say(\"Ummm.\")\n"
            "t=12 ALTextToSpeech.say(\"Let me think.\")\n"
            "t=14 ALTextToSpeech.say(\"Let me think.\")\n"
            "t=15 start p/slow\n");
}

TEST(LifeCleanup, AShortLoadSaysOnlyTheLoadingResponse) {
  LifeFixture f(onePhrase());
  f.addRobotServices();
  f.add("p/chat", Nature::Interactive);
  f.add(slow(f, "p/slow", 1.5, {"Ummm."}));
  f.life.start();
  f.life.switchFocus("p/chat");
  f.takeActions();
  f.life.switchFocus("p/slow");
  f.runUntil(10);
  std::string said;
  for (const auto& a : f.actions)
    if (a.find("say") != std::string::npos || a.find("start") != std::string::npos) said += a + "\n";
  EXPECT_EQ(said, "t=0 ALTextToSpeech.say(\"Ummm.\")\nt=1.5 start p/slow\n");
}

// From solitary, no thinking expression: the robot is not in a conversation.
TEST(LifeCleanup, NoThinkingWhenLoadingFromSolitary) {
  LifeFixture f(onePhrase());
  f.addRobotServices();
  f.add(slow(f, "p/slow", 5, {"Ummm."}));
  f.life.start();
  f.life.switchFocus("p/slow");
  f.runUntil(10);
  for (const auto& a : f.actions) EXPECT_THAT(a, testing::Not(HasSubstr("say"))) << a;
  EXPECT_THAT(f.takeActions(), HasSubstr("t=5 start p/slow\n"));
}

// Stopped while loading: it never starts, and the thinking stops.
TEST(LifeCleanup, AnActivityStoppedWhileLoadingNeverStarts) {
  LifeFixture f(onePhrase());
  f.addRobotServices();
  f.add("p/chat", Nature::Interactive);
  f.add(slow(f, "p/slow", 10, {"Ummm."}));
  f.life.start();
  f.life.switchFocus("p/chat");
  f.life.switchFocus("p/slow", 1);
  f.at(3);
  f.takeActions();
  f.life.stopFocus();  // back to p/chat
  f.runUntil(30);
  std::string after = f.takeActions();
  EXPECT_THAT(after, testing::Not(HasSubstr("start p/slow")));
  EXPECT_THAT(after, testing::Not(HasSubstr("say")));
  EXPECT_EQ(f.life.focusedActivity(), "p/chat");
}

// ---- small API calls ----------------------------------------------------------------------

TEST(LifeApi, RobotOffsetFromFloorDefaultsToZero) {
  LifeFixture f;
  EXPECT_EQ(f.life.getRobotOffsetFromFloor(), 0.0);
  f.life.setRobotOffsetFromFloor(0.75);
  EXPECT_EQ(f.life.getRobotOffsetFromFloor(), 0.75);
  f.call("ALAutonomousLife.setRobotOffsetFromFloor", {1.25});
  EXPECT_EQ(f.call("ALAutonomousLife.getRobotOffsetFromFloor", {}), 1.25);
  f.call("ALAutonomousLife.setRobotOffsetFromFloor", {0});  // an int is a float
  EXPECT_EQ(f.life.getRobotOffsetFromFloor(), 0.0);
}

TEST(LifeApi, ActivityNature) {
  LifeFixture f;
  f.add("p/solo", Nature::Solitary);
  f.add("p/chat", Nature::Interactive);
  EXPECT_EQ(f.life.getActivityNature("p/solo"), "solitary");
  EXPECT_EQ(f.life.getActivityNature("p/chat"), "interactive");
  EXPECT_EQ(f.call("ALAutonomousLife.getActivityNature", {"p/chat"}), "interactive");
  // "If you pass a string which is not an activity, this will throw."
  EXPECT_EQ(refusal([&] { f.life.getActivityNature("p/none"); }), "unknown-activity");
}

TEST(LifeApi, FocusedActivityAndStateThroughTheService) {
  LifeFixture f;
  f.add("p/chat", Nature::Interactive);
  f.life.start();
  EXPECT_EQ(f.call("ALAutonomousLife.focusedActivity", {}), "");
  EXPECT_EQ(f.call("ALAutonomousLife.getState", {}), "solitary");
  f.call("ALAutonomousLife.switchFocus", {"p/chat", 0});
  EXPECT_EQ(f.call("ALAutonomousLife.focusedActivity", {}), "p/chat");
  EXPECT_EQ(f.call("ALAutonomousLife.getState", {}), "interactive");
  f.call("ALAutonomousLife.stopAll", {});
  EXPECT_EQ(f.call("ALAutonomousLife.focusedActivity", {}), "");
  EXPECT_EQ(f.call("ALAutonomousLife.getState", {}), "solitary");
}

TEST(LifeApi, ActivitiesCanBeListedAndRemoved) {
  LifeFixture f;
  f.add("p/b", Nature::Solitary);
  f.add("p/a", Nature::Interactive);
  EXPECT_EQ(f.life.activityNames(), (std::vector<std::string>{"p/a", "p/b"}));
  EXPECT_TRUE(f.life.hasActivity("p/a"));
  f.life.removeActivity("p/a");
  f.life.removeActivity("p/none");  // nothing to do
  EXPECT_EQ(f.life.activityNames(), (std::vector<std::string>{"p/b"}));
}

}  // namespace
