// Comparisons that read a key with no value (issue 16, item 2): explain says
// so where it happened, and trueWithoutValue() finds, before anything runs,
// the comparisons that hold while their key has none. Also what holds a
// false condition false (holdingFalse), which the why-not reason quotes.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <variant>

#include "autolife/condition/explain.hpp"
#include "autolife/condition/invalid_operands.hpp"
#include "autolife/condition/monitor.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/memory/memory.hpp"
#include "run.hpp"

namespace {

using autolife::condition::ConditionId;
using autolife::condition::ConditionMonitor;
using autolife::condition::Explanation;
using autolife::condition::trueWithoutValue;
using autolife::core::fromSeconds;
using testing::ElementsAre;
using testing::HasSubstr;
using testing::IsEmpty;

class InvalidOperandsTest : public testing::Test {
protected:
  autolife::core::VirtualClock clock;
  autolife::memory::Memory memory{clock};
  ConditionMonitor monitor{memory, {}};

  Explanation explain(const std::string& text) {
    auto r = monitor.add(text);
    if (auto* d = std::get_if<autolife::core::Diagnostic>(&r)) {
      ADD_FAILURE() << d->format();
      return {};
    }
    return monitor.explain(std::get<ConditionId>(r));
  }
};

// The case: true while nobody is focused.
TEST_F(InvalidOperandsTest, AComparisonWithAnUnsetKeySaysInvalidComparesAsZero) {
  Explanation e = explain("('UserSession/FocusedUser' >= 0)");
  EXPECT_EQ(e.value.toJson(), "true");
  EXPECT_THAT(e.warnings(), ElementsAre("'UserSession/FocusedUser' has no value: Invalid compares as 0, so "
                                        "`('UserSession/FocusedUser' >= 0)` is true"));
  EXPECT_THAT(e.text(), HasSubstr("[warning: 'UserSession/FocusedUser' has no value"));
  EXPECT_THAT(e.json().dump(), HasSubstr("\"warning\":\"'UserSession/FocusedUser' has no value"));
}

TEST_F(InvalidOperandsTest, AFalseComparisonSaysSoToo) {
  Explanation e = explain("'a' == 1 && 'b' > 2");
  EXPECT_THAT(e.warnings(),
              ElementsAre("'a' has no value: Invalid compares as 0, so `'a' == 1` is false",
                          "'b' has no value: Invalid compares as 0, so `'b' > 2` is false"));
}

TEST_F(InvalidOperandsTest, NoWarningOnceTheKeyHasAValue) {
  memory.insertData("k", 3);
  EXPECT_THAT(explain("'k' >= 0").warnings(), IsEmpty());
}

TEST_F(InvalidOperandsTest, AKeyRemovedHasNoValueAgain) {
  memory.insertData("k", 3);
  memory.removeData("k");
  EXPECT_THAT(explain("'k' >= 0").warnings(), ElementsAre(HasSubstr("'k' has no value")));
}

TEST_F(InvalidOperandsTest, StringsAndListsAreNotNumbers) {
  EXPECT_THAT(explain("'k' == \"hello\"").warnings(),
              ElementsAre("'k' has no value: Invalid is not a string, so `'k' == \"hello\"` is false"));
  EXPECT_THAT(explain("'k' != [1]").warnings(),
              ElementsAre("'k' has no value: Invalid is not a list, so `'k' != [1]` is true"));
}

TEST_F(InvalidOperandsTest, TwoKeysWithoutValueAreBothNamed) {
  EXPECT_THAT(explain("'a' == 'b'").warnings(),
              ElementsAre("'a' and 'b' have no value: Invalid compares as 0, so `'a' == 'b'` is true"));
}

TEST_F(InvalidOperandsTest, OnlyComparisonsOfKeysAreFlagged) {
  // Arithmetic, truthiness and a comparison of a computed value are not a
  // key compared with no value.
  EXPECT_THAT(explain("'k' + 1 > 0 || 'k' || !'k'").warnings(), IsEmpty());
}

TEST_F(InvalidOperandsTest, AServiceOperandNoServiceProvidesHasNoValue) {
  EXPECT_THAT(explain("ALBattery.charge < 20").warnings(),
              ElementsAre("ALBattery.charge has no value: Invalid compares as 0, so `ALBattery.charge < 20` is true"));
}

TEST(ConditionTrueWithoutValue, FindsComparisonsTrueWhileTheKeyIsUnset) {
  auto p = autolife::test::compiled("('UserSession/FocusedUser' >= 0) && 'Launchpad/NumPeopleZone1' > 0");
  auto found = trueWithoutValue(*p);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].key, "UserSession/FocusedUser");
  EXPECT_EQ(found[0].message, "'UserSession/FocusedUser' has no value: Invalid compares as 0, so "
                              "`('UserSession/FocusedUser' >= 0)` is true until something writes it");
  EXPECT_EQ(p->text.substr(found[0].span.begin, found[0].span.end - found[0].span.begin),
            "('UserSession/FocusedUser' >= 0)");
}

TEST(ConditionTrueWithoutValue, ConstantsOnEitherSideAndNegativeNumbers) {
  EXPECT_EQ(trueWithoutValue(*autolife::test::compiled("0 == 'k'")).size(), 1u);
  EXPECT_EQ(trueWithoutValue(*autolife::test::compiled("'k' > -1")).size(), 1u);
  EXPECT_EQ(trueWithoutValue(*autolife::test::compiled("'k' != \"x\"")).size(), 1u);
  EXPECT_EQ(trueWithoutValue(*autolife::test::compiled("'k' <= 2 * 3")).size(), 1u);
  EXPECT_EQ(trueWithoutValue(*autolife::test::compiled("'a' == 'b'")).size(), 1u);
}

TEST(ConditionTrueWithoutValue, ComparisonsFalseWithoutValueOrNotOfAKeyAreLeftAlone) {
  EXPECT_THAT(trueWithoutValue(*autolife::test::compiled("'k' >= 1")), IsEmpty());
  EXPECT_THAT(trueWithoutValue(*autolife::test::compiled("'k' == \"x\"")), IsEmpty());
  EXPECT_THAT(trueWithoutValue(*autolife::test::compiled("size('k') >= 0")), IsEmpty());
  EXPECT_THAT(trueWithoutValue(*autolife::test::compiled("'k' >= 'j' + 1")), IsEmpty());
}

class HoldingFalseTest : public InvalidOperandsTest {};

TEST_F(HoldingFalseTest, TheFirstFalseOperandOfAnAnd) {
  memory.insertData("a", 1);
  Explanation e = explain("'a' == 1 && ('b' >= 2 && 'c')");
  ASSERT_NE(e.holdingFalse(), nullptr);
  EXPECT_EQ(e.holdingFalse()->expression, "'b' >= 2");
  EXPECT_EQ(autolife::condition::explainLine(*e.holdingFalse()),
            "'b' >= 2 → false   [warning: 'b' has no value: Invalid compares as 0, so `'b' >= 2` is false]");
}

TEST_F(HoldingFalseTest, ATimeOperatorIsItsOwnReasonWithItsNote) {
  memory.insertData("k", 1);
  clock.advanceTo(fromSeconds(1));
  Explanation e = explain("'k' == 1 && ('p' >= 1) ~ 3");
  ASSERT_NE(e.holdingFalse(), nullptr);
  EXPECT_EQ(e.holdingFalse()->expression, "('p' >= 1) ~ 3");
  EXPECT_THAT(autolife::condition::explainLine(*e.holdingFalse()), HasSubstr("must hold for 3 s"));
}

TEST_F(HoldingFalseTest, AFalseOrIsHeldFalseAsAWhole) {
  Explanation e = explain("'a' || 'b'");
  ASSERT_NE(e.holdingFalse(), nullptr);
  EXPECT_EQ(e.holdingFalse()->expression, "'a' || 'b'");
}

TEST_F(HoldingFalseTest, NothingHoldsATrueConditionFalse) {
  memory.insertData("a", 1);
  EXPECT_EQ(explain("'a'").holdingFalse(), nullptr);
}

}  // namespace
