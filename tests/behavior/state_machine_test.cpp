// The state machine of behavior layers, as libqicore's converter builds it:
// one state per start frame, the keyframes whose span covers it, labels,
// transitions with time-outs, initial and final states.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/behavior/state_machine.hpp"
#include "helpers.hpp"

namespace autolife::behavior {
namespace {

using ::testing::ElementsAre;

// A keyframe reference by names, for readable expectations.
std::vector<std::string> keyframeNames(const Timeline& t, const State& s) {
  std::vector<std::string> names;
  for (const KeyframeRef& ref : s.keyframes) names.push_back(t.layers[ref.layer].keyframes[ref.keyframe].name);
  return names;
}

Timeline timelineOf(std::vector<std::vector<std::pair<std::string, int>>> layers, int fps = 25) {
  Timeline t;
  t.fps = fps;
  for (const auto& keyframes : layers) {
    BehaviorLayer layer;
    for (const auto& [name, index] : keyframes) {
      BehaviorKeyframe k;
      k.name = name;
      k.index = index;
      layer.keyframes.push_back(k);
    }
    t.layers.push_back(layer);
  }
  return t;
}

TEST(StateMachine, SeveralLayersMakeOneStatePerStartFrame) {
  Behavior b = testing::parseFixture("layers.xar");
  const Timeline& t = *b.root.timeline;
  StateMachine m = buildStateMachine(t);
  EXPECT_EQ(m.lastFrame, 46);  // the largest last keyframe (45) + 1
  ASSERT_EQ(m.states.size(), 5u);
  EXPECT_EQ(m.states[0].begin, 1);
  EXPECT_EQ(m.states[0].end, 10);
  EXPECT_THAT(keyframeNames(t, m.states[0]), ElementsAre("start", "intro"));
  EXPECT_THAT(m.states[0].labels, ElementsAre("start", "intro"));
  EXPECT_EQ(m.states[1].begin, 10);
  EXPECT_THAT(keyframeNames(t, m.states[1]), ElementsAre("start", "song"));
  EXPECT_THAT(m.states[1].labels, ElementsAre("song"));
  EXPECT_EQ(m.states[2].begin, 20);
  EXPECT_THAT(keyframeNames(t, m.states[2]), ElementsAre("song", "blink", "hello"));
  EXPECT_THAT(m.states[2].labels, ElementsAre("blink", "hello"));
  EXPECT_EQ(m.states[3].begin, 30);
  EXPECT_THAT(keyframeNames(t, m.states[3]), ElementsAre("blink", "hello", "silence"));
  EXPECT_EQ(m.states[4].begin, 45);
  EXPECT_EQ(m.states[4].end, 46);
  EXPECT_THAT(keyframeNames(t, m.states[4]), ElementsAre("hello", "silence", "close"));
  EXPECT_EQ(m.initial, 0u);
  EXPECT_EQ(m.final, 4u);
}

TEST(StateMachine, TransitionsRunInFrameOrderWithTimeOutsAtTheTimelinesFps) {
  Behavior b = testing::parseFixture("layers.xar");
  StateMachine m = buildStateMachine(*b.root.timeline);  // 20 fps
  ASSERT_EQ(m.transitions.size(), 4u);
  EXPECT_EQ(m.transitions[0].from, 0u);
  EXPECT_EQ(m.transitions[0].to, 1u);
  EXPECT_EQ(m.transitions[0].timeoutMs, 450);  // 9 frames
  EXPECT_EQ(m.transitions[1].timeoutMs, 500);
  EXPECT_EQ(m.transitions[3].timeoutMs, 750);
  EXPECT_EQ(m.transitions[3].to, 4u);
}

TEST(StateMachine, AFlowDiagramIsOneStateWithoutTransitions) {
  StateMachine m = buildStateMachine(timelineOf({{{"keyframe1", 1}}}));
  ASSERT_EQ(m.states.size(), 1u);
  EXPECT_EQ(m.states[0].begin, 1);
  EXPECT_EQ(m.states[0].end, 2);
  EXPECT_TRUE(m.transitions.empty());
  EXPECT_EQ(m.initial, 0u);
  EXPECT_EQ(m.final, 0u);
}

TEST(StateMachine, NoKeyframesNoStates) {
  EXPECT_TRUE(buildStateMachine(Timeline{}).states.empty());
  EXPECT_TRUE(buildStateMachine(timelineOf({{}, {}})).states.empty());
}

TEST(StateMachine, AnFpsOfZeroGivesNoTimeOut) {
  StateMachine m = buildStateMachine(timelineOf({{{"a", 0}, {"b", 10}}}, 0));
  ASSERT_EQ(m.transitions.size(), 1u);
  EXPECT_EQ(m.transitions[0].timeoutMs, -1);
}

TEST(StateMachine, KeyframesSharingAFrameInALayerKeepTheLastOne) {
  Timeline t = timelineOf({{{"a", 5}, {"b", 5}, {"c", 9}}});
  StateMachine m = buildStateMachine(t);
  ASSERT_EQ(m.states.size(), 2u);
  EXPECT_THAT(keyframeNames(t, m.states[0]), ElementsAre("b"));
}

TEST(StateMachine, FindsTheStateOfAFrameOrALabel) {
  Behavior b = testing::parseFixture("layers.xar");
  StateMachine m = buildStateMachine(*b.root.timeline);
  EXPECT_EQ(m.stateAt(1), 0u);
  EXPECT_EQ(m.stateAt(19), 1u);
  EXPECT_EQ(m.stateAt(20), 2u);
  EXPECT_EQ(m.stateAt(45), 4u);
  EXPECT_EQ(m.stateAt(46), std::nullopt);
  EXPECT_EQ(m.stateAt(0), std::nullopt);
  EXPECT_EQ(m.stateWithLabel("hello"), 2u);
  EXPECT_EQ(m.stateWithLabel("close"), 4u);
  EXPECT_EQ(m.stateWithLabel("nothing"), std::nullopt);
}

TEST(StateMachine, ManyKeyframesAreBuiltInLinearTime) {
  std::vector<std::pair<std::string, int>> keyframes;
  for (int i = 0; i < 200000; ++i) keyframes.emplace_back("k", i * 2);
  StateMachine m = buildStateMachine(timelineOf({keyframes, {{"long", 0}}}));
  EXPECT_EQ(m.states.size(), 200000u);
  EXPECT_EQ(m.states.back().keyframes.size(), 2u);
}

}  // namespace
}  // namespace autolife::behavior
