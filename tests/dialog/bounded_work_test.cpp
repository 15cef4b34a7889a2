// The work an input costs is bounded whatever a topic says (issue 33's
// hour-long fuzzing, docs/robustness.md): counted, never timed, through the
// explanation's Work.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "conversation.hpp"
#include "heap.hpp"

namespace autolife::dialog::testing {
namespace {

using ::testing::HasSubstr;

// fuzz/corpus/qichat_match/timeout_concept_defined_nowhere: a concept no
// topic or lexicon defines, tried at every place the wildcards leave it.
TEST(QiChatBoundedWork, AConceptDefinedNowhereIsNotSearchedForAtEveryStep) {
  Conversation c(kHeader + "concept:(colour) [red green]\nu:({*} {*} {*} ~Nowhere) ok\nu:(~colour) a colour\n");
  EXPECT_EQ(c.say("one two three four five six"), "?");
  EXPECT_GT(c.last.explanation.work.matchSteps, 20U);
  EXPECT_LE(c.last.explanation.work.conceptScans, 1U);  // the index, built once after the load
  EXPECT_EQ(c.say("one two three four five six"), "?");
  EXPECT_EQ(c.last.explanation.work.conceptScans, 0U);
  EXPECT_EQ(c.say("GREEN"), "a colour");
  EXPECT_EQ(c.last.explanation.work.conceptScans, 0U);
}

// Variables a pattern reads are read once per match, not at every step.
class CountingVariables final : public Variables {
public:
  std::optional<std::string> get(const std::string& name) const override {
    ++reads;
    return inner.get(name);
  }
  void set(const std::string& name, const std::string& value) override { inner.set(name, value); }
  void clear(const std::string& name) override { inner.clear(name); }
  MapVariables inner;
  mutable int reads = 0;
};

TEST(QiChatBoundedWork, APatternsVariablesAreReadOncePerMatch) {
  CountingVariables variables;
  variables.set("name", "bob");
  variables.set("mood", "good");
  Dialog dialog(variables);
  auto topic = parseTopic(kHeader + "u:({*} {*} {*} {*} $mood==good $name) hello $name\n", "t.top");
  ASSERT_TRUE(topic.topic);
  dialog.activate(dialog.load(std::move(*topic.topic)).name);
  const Reply r = dialog.hear("well hi there you are bob");
  EXPECT_TRUE(r.understood) << r.explanation.reason;
  EXPECT_LE(variables.reads, 3);  // $mood and $name in the pattern, $name in the answer
  variables.reads = 0;
  EXPECT_FALSE(dialog.hear("one two three four five six seven eight").understood);
  EXPECT_GT(dialog.hear("one two three four five six seven eight").explanation.work.matchSteps, 100U);
  EXPECT_LE(variables.reads, 4);  // each match: $mood, $name
}

// fuzz/corpus/qichat/timeout_goto_loops: ^goto into the proposal being said.
TEST(QiChatBoundedWork, AGotoToAProposalBeingSaidSaysNothingMore) {
  Conversation c(kHeader + "proposal: %p hello ^goto(p)\nproposal: %q one ^goto(r)\nproposal: %r two ^goto(q)\n"
                           "u:(start) ^goto(p)\nu:(go on) ^goto(q)\n");
  EXPECT_EQ(c.say("start"), "hello") << c.last.explanation.reason;
  EXPECT_EQ(c.say("go on"), "one two") << c.last.explanation.reason;
}

// Choices whose every alternative goes on to the next proposal, and the last
// cannot be said: 2^14 ways to try, stopped by the render budget.
TEST(QiChatBoundedWork, AnAnswerThatCannotEndStopsAtItsRenderBudget) {
  std::string topic = kHeader + "u:(start) ^gotoReactivate(p1)\n";
  for (int i = 1; i <= 14; ++i) {
    const std::string next = "^gotoReactivate(p" + std::to_string(i + 1) + ")";
    topic += "proposal: %p" + std::to_string(i) + " ^first[\"a " + next + "\" \"b " + next + "\"]\n";
  }
  topic += "proposal: %p15 $unset\n";
  Conversation c(topic);
  EXPECT_EQ(c.say("start"), "?");
  EXPECT_EQ(c.last.explanation.outcome, "speak-failure");
  EXPECT_THAT(c.last.explanation.failure, HasSubstr("over 10000 steps to render"));
  EXPECT_GT(c.last.explanation.work.renders, 10000U);
  EXPECT_LT(c.last.explanation.work.renders, 11000U);
}

// An event no rule answers waits for a sentence that may complete "e:Key
// sentence"; raised for days with nobody speaking, it is kept once.
TEST(QiChatBoundedWork, AnEventRaisedOverAndOverWithNobodySpeakingCostsNoMemory) {
  Conversation c(kHeader + "u:(e:Door/Opened hello) welcome\n");
  c.event("Door/Opened");
  const std::size_t before = autolife::test::heapInUse();
  for (int i = 0; i < 20000; ++i) c.event("Door/Opened");
  EXPECT_LT(autolife::test::heapInUse(), before + 100'000);  // 20,000 copies of the key took 954 KB (debug build)
  EXPECT_EQ(c.say("hello"), "welcome");
}

}  // namespace
}  // namespace autolife::dialog::testing
