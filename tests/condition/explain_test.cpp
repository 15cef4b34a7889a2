// "Why is this false right now?": ConditionMonitor::explain() and the
// explain option of the eval contract.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <variant>

#include "autolife/condition/explain.hpp"
#include "autolife/condition/monitor.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/memory/memory.hpp"
#include "run.hpp"

namespace {

using autolife::condition::ConditionId;
using autolife::condition::ConditionMonitor;
using autolife::condition::Explanation;
using autolife::condition::formatSeconds;
using autolife::core::fromSeconds;
using testing::HasSubstr;
using testing::StartsWith;

class ConditionExplainTest : public testing::Test {
protected:
  autolife::core::VirtualClock clock;
  autolife::memory::Memory memory{clock};
  ConditionMonitor monitor{memory, {}};

  ConditionId add(const std::string& text) {
    auto r = monitor.add(text);
    if (auto* d = std::get_if<autolife::core::Diagnostic>(&r)) {
      ADD_FAILURE() << d->format();
      return 0;
    }
    return std::get<ConditionId>(r);
  }
  void inputAt(double t) { clock.advanceTo(fromSeconds(t)); }
};

TEST(ConditionFormatSeconds, ShortestReadableForm) {
  EXPECT_EQ(formatSeconds(fromSeconds(1.7)), "1.7 s");
  EXPECT_EQ(formatSeconds(fromSeconds(3)), "3 s");
  EXPECT_EQ(formatSeconds(fromSeconds(0.25)), "0.25 s");
  EXPECT_EQ(formatSeconds(fromSeconds(0)), "0 s");
}

TEST_F(ConditionExplainTest, HeldSaysHowLongTheOperandHasHeldAndHowLongRemains) {
  auto id = add("('k' >= 1) ~ 3");
  inputAt(0.3);
  memory.insertData("k", 1);
  inputAt(2.0);
  Explanation e = monitor.explain(id);
  EXPECT_EQ(e.time, fromSeconds(2.0));
  EXPECT_EQ(e.value.toJson(), "false");
  EXPECT_EQ(e.root.expression, "('k' >= 1) ~ 3");
  EXPECT_THAT(e.root.note, HasSubstr("`('k' >= 1)` true for 1.7 s of 3 s, 1.3 s remaining"));
  ASSERT_TRUE(e.root.temporal.has_value());
  EXPECT_TRUE(e.root.temporal->operandTrue);
  EXPECT_EQ(e.root.temporal->window, fromSeconds(3));
  EXPECT_EQ(e.root.temporal->elapsed, fromSeconds(1.7));
  ASSERT_TRUE(e.root.temporal->remaining.has_value());
  EXPECT_EQ(*e.root.temporal->remaining, fromSeconds(1.3));
  EXPECT_FALSE(e.root.temporal->value);
  ASSERT_GE(e.root.children.size(), 1u);
  EXPECT_EQ(e.root.children[0].value.toJson(), "true");
  EXPECT_THAT(e.root.children[0].expression, HasSubstr("'k' >= 1"));
}

TEST_F(ConditionExplainTest, TextIsAnIndentedTreeWithTheNote) {
  auto id = add("('k' >= 1) ~ 3");
  inputAt(0.3);
  memory.insertData("k", 1);
  inputAt(2.0);
  std::string text = monitor.explain(id).text();
  EXPECT_THAT(text, StartsWith("('k' >= 1) ~ 3 → false"));
  EXPECT_THAT(text, HasSubstr("true for 1.7 s of 3 s, 1.3 s remaining"));
  EXPECT_THAT(text, HasSubstr("\n  "));  // children are indented
  EXPECT_THAT(text, HasSubstr("'k' → 1"));
}

TEST_F(ConditionExplainTest, JsonCarriesTheTree) {
  auto id = add("('k' >= 1) ~ 3");
  inputAt(0.3);
  memory.insertData("k", 1);
  inputAt(2.0);
  auto j = monitor.explain(id).json();
  ASSERT_TRUE(j.contains("tree")) << j.dump();
  const auto& tree = j["tree"];
  EXPECT_EQ(tree["expression"], "('k' >= 1) ~ 3");
  EXPECT_EQ(tree["value"], false);
  EXPECT_THAT(tree["note"].get<std::string>(), HasSubstr("1.3 s remaining"));
  ASSERT_TRUE(tree.contains("children"));
  EXPECT_EQ(tree["children"][0]["value"], true);
}

TEST_F(ConditionExplainTest, HeldWithAFalseOperandHasNothingRemaining) {
  auto id = add("'k' ~ 3");
  inputAt(1);
  Explanation e = monitor.explain(id);
  ASSERT_TRUE(e.root.temporal.has_value());
  EXPECT_FALSE(e.root.temporal->operandTrue);
  EXPECT_EQ(e.root.temporal->elapsed, fromSeconds(0));
  EXPECT_FALSE(e.root.temporal->remaining.has_value());
  EXPECT_FALSE(e.root.note.empty());
}

TEST_F(ConditionExplainTest, WithinSaysWhenTheOperandWasLastTrue) {
  auto id = add("'k' # 5");
  inputAt(1);
  memory.insertData("k", true);
  inputAt(2);
  memory.insertData("k", false);
  inputAt(4);
  Explanation e = monitor.explain(id);
  EXPECT_EQ(e.value.toJson(), "true");
  ASSERT_TRUE(e.root.temporal.has_value());
  EXPECT_FALSE(e.root.temporal->operandTrue);
  EXPECT_EQ(e.root.temporal->elapsed, fromSeconds(2));
  ASSERT_TRUE(e.root.temporal->remaining.has_value());
  EXPECT_EQ(*e.root.temporal->remaining, fromSeconds(3));
}

TEST_F(ConditionExplainTest, AgoSaysWhatTheOperandWasOrThatItWasBeforeTheStart) {
  auto id = add("('k' == 1) @ 10");
  memory.insertData("k", 1);
  inputAt(2);
  EXPECT_EQ(monitor.explain(id).root.note,
            "10 s ago is before the start: false (nothing is known then); its next change replays in 8 s");
  inputAt(12);
  EXPECT_THAT(monitor.explain(id).root.note, StartsWith("`('k' == 1)` was true 10 s ago"));
}

TEST_F(ConditionExplainTest, AWindowThatNeverElapsesSaysSo) {
  auto id = add("'k' ~ 1e10");
  memory.insertData("k", true);
  inputAt(5);
  EXPECT_EQ(monitor.explain(id).root.note, "`'k'` true for 5 s of more than 9.2e9 s");
}

TEST_F(ConditionExplainTest, ExplainingChangesNothing) {
  auto id = add("'k' ~ 3 && stable('k')");
  inputAt(0.3);
  memory.insertData("k", 1);
  for (double t : {0.5, 1.0, 2.0, 3.0}) {
    inputAt(t);
    (void)monitor.explain(id);
    (void)monitor.explain(id);
  }
  EXPECT_EQ(monitor.value(id).toJson(), "false");
  clock.runUntil(fromSeconds(3.3));
  EXPECT_EQ(monitor.value(id).toJson(), "true");
}

TEST_F(ConditionExplainTest, ExplanationValueIsTheConditionValue) {
  auto id = add("'a' > 1 || 'b'");
  memory.insertData("a", 2);
  Explanation e = monitor.explain(id);
  EXPECT_EQ(e.value.toJson(), monitor.value(id).toJson());
  EXPECT_EQ(e.value.toJson(), "true");
}

TEST(ConditionExplainOption, EveryOutputLineCarriesAnExplanation) {
  auto program = autolife::test::compiled("('k' >= 1) ~ 3");
  std::istringstream in(R"({"t": 0.3, "set": {"k": 1}})");
  autolife::trace::Reader reader(in);
  autolife::trace::EvaluationOptions options;
  options.explain = true;
  std::vector<autolife::trace::OutputLine> lines;
  autolife::trace::evaluate(program, &reader, options, [&](const autolife::trace::OutputLine& l) { lines.push_back(l); });
  ASSERT_EQ(lines.size(), 2u);
  for (const auto& l : lines) {
    ASSERT_TRUE(l.explanation);
    EXPECT_EQ(l.explanation->value.toJson(), l.value.toJson());
    EXPECT_THAT(autolife::trace::formatLine(l), HasSubstr("\"explain\": "));
  }
  EXPECT_EQ(lines[1].time, fromSeconds(3.3));
}

}  // namespace
