// Life's lock is not recursive (docs/architecture.md, "Locks"): what Life
// calls while holding it never calls Life back on the same thread. These
// tests make the callbacks that could do so call Life, and would hang on
// their own lock if one of them were still made under it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/life/suggestions.hpp"
#include "life_fixture.hpp"

namespace {

using autolife::condition::ConditionChange;
using autolife::condition::ConditionOptions;
using autolife::life::Activity;
using autolife::life::Nature;
using autolife::life::RunUntil;
using autolife::life::Suggestions;
using autolife::test::LifeFixture;
using testing::ElementsAre;

// activityFailed is emitted outside the lock, before the transition the
// failure causes: its subscribers see the activity still focused and may
// call anything of Life's.
TEST(LifeReentry, ActivityFailedSubscribersMayCallLife) {
  LifeFixture f;
  Activity broken = f.activity("p/a", Nature::Solitary);
  broken.run = RunUntil{"'done' &&"};  // does not compile: the run fails
  f.add(broken);
  f.add("p/b", Nature::Solitary);
  f.life.start();
  std::vector<std::string> seen;
  f.life.activityFailed.connect([&](const std::string& name, const std::string&) {
    seen.push_back(name + " focused=" + f.life.focusedActivity() + " state=" + f.life.getState());
    seen.push_back("why not b: " + f.life.whyNot("p/b")->reason);
  });
  f.life.switchFocus("p/a");
  f.runUntil(1);
  EXPECT_THAT(seen, ElementsAre("p/a focused=p/a state=solitary", "why not b: no-trigger"));
  EXPECT_EQ(f.life.focusedActivity(), "");
  EXPECT_TRUE(f.life.lastFailure("p/a").has_value());
}

// The transition's own signals are queued: a listener of activityTransition
// and launchpadDecided may switch the focus again.
TEST(LifeReentry, TransitionListenersMaySwitchFocus) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.add("p/b", Nature::Solitary);
  f.life.start();
  bool switched = false;
  f.life.activityTransition.connect([&](const autolife::service::Any& t) {
    if (autolife::test::jsonOf(t)["FocusedActivityName"] == "p/a" && !switched) {
      switched = true;
      f.life.switchFocus("p/b");
    }
  });
  f.life.switchFocus("p/a");
  f.runUntil(1);
  EXPECT_TRUE(switched);
  EXPECT_EQ(f.life.focusedActivity(), "p/b");
}

// Suggestions::add() delivers the changes gathered at an earlier evaluation
// point before its own, through the caller's `deliverNow` (Life's locked
// path), never through the callback that takes Life's lock.
TEST(LifeReentry, SuggestionsAddDeliversAnEarlierPointThroughTheCallersPath) {
  LifeFixture f;
  std::vector<std::string> heard;
  auto names = [](const std::vector<std::string>& list) {
    std::string s;
    for (const auto& n : list) s += (s.empty() ? "" : ",") + n;
    return s;
  };
  Suggestions suggestions(f.memory, f.monitor, [&](const std::vector<std::string>& list) { heard.push_back("callback " + names(list)); });
  auto now = [&](const std::vector<std::string>& list) { heard.push_back("deliverNow " + names(list)); };
  Activity a = f.activity("p/a", Nature::Solitary, "'x' == 1");
  ASSERT_FALSE(suggestions.add(a, now));
  // A second listener on 'x', loaded after p/a's trigger: it hears the same
  // evaluation point after p/a's change was gathered, before its delivery.
  Activity b = f.activity("p/b", Nature::Solitary, "1 == 1");
  ConditionOptions options;
  options.listener = [&](const ConditionChange& c) {
    if (c.value.truthy()) {
      ASSERT_FALSE(suggestions.add(b, now));
    }
  };
  ASSERT_TRUE(std::holds_alternative<autolife::condition::ConditionId>(f.monitor.add("'x' == 1", options)));
  f.set("x", 1);
  f.runUntil(1);
  EXPECT_THAT(heard, ElementsAre("deliverNow p/a", "callback p/a,p/b"));
}

}  // namespace
