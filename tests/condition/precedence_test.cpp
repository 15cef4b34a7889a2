// Every level of the seed's "Order of Operations" table (highest first):
//   ()  keys  []  pref() int() ...  !  ~ @ #  subsets intersects
//   bang() stable() rand()  * / %  + -  | & ^  < <= > >=  == !=  &&  ||
// Each expression here gives a different result if its two operators were
// grouped the other way (the comment shows the wrong grouping's result).
#include <gtest/gtest.h>

#include "run.hpp"

namespace {

using autolife::test::run;
using autolife::test::value;
using autolife::test::valueWith;

TEST(ConditionPrecedence, ParenthesesOverrideEverything) {
  EXPECT_EQ(value("(1 + 2) * 3"), "9");
  EXPECT_EQ(value("1 + (2 * 3)"), "7");
  EXPECT_EQ(value("(1 || 0) && 0"), "false");
  EXPECT_EQ(value("((((7))))"), "7");
}

TEST(ConditionPrecedence, IndexBindsTighterThanNot) {
  // !('k'[0]) = !0 = true; (!'k')[0] would be false[0] = Invalid.
  EXPECT_EQ(valueWith("!'k'[0]", R"({"t": 0, "set": {"k": [0, 1]}})"), "true");
}

TEST(ConditionPrecedence, IndexBindsTighterThanUnaryMinus) {
  // -('k'[1]) = -2; (-'k')[1] would be Invalid.
  EXPECT_EQ(valueWith("-'k'[1]", R"({"t": 0, "set": {"k": [1, 2]}})"), "-2");
}

TEST(ConditionPrecedence, NotBindsTighterThanTimeOperators) {
  // (!'k') ~ 1 becomes true at 1; !('k' ~ 1) would be true from 0.
  EXPECT_EQ(run("!'k' ~ 1", R"({"t": 0, "set": {"k": false}})", 2.0), "0:false 1:true");
}

TEST(ConditionPrecedence, UnaryMinusIsAUnaryLevelOperatorLikeNot) {
  // (-'k') ~ 1: a Bool; -('k' ~ 1) would be an Int.
  EXPECT_EQ(run("-'k' ~ 1", R"({"t": 0, "set": {"k": -1}})", 2.0), "0:false 1:true");
  // -1 + 2 = 1; -(1 + 2) would be -3.
  EXPECT_EQ(value("-1 + 2"), "1");
}

TEST(ConditionPrecedence, NotBindsTighterThanSubsets) {
  // (!0) subsets [true, 0] = true; !(0 subsets [true, 0]) would be false.
  EXPECT_EQ(value("!0 subsets [true, 0]"), "true");
}

TEST(ConditionPrecedence, TimeOperatorsBindTighterThanSubsets) {
  // ('k' ~ 1) subsets [false]: true while k~1 is false, false after 1 s.
  EXPECT_EQ(run("'k' ~ 1 subsets [false]", R"({"t": 0, "set": {"k": true}})", 2.0), "0:true 1:false");
}

TEST(ConditionPrecedence, SubsetsBindsTighterThanMultiplication) {
  // 2 * (1 subsets [1]) = 2 * true = 2; (2 * 1) subsets [1] would be false.
  EXPECT_EQ(value("2 * 1 subsets [1]"), "2");
  EXPECT_EQ(value("2 * 1 intersects [1]"), "2");
}

TEST(ConditionPrecedence, SubsetsBindsTighterThanAddition) {
  // 1 + (1 subsets [2]) = 1 + false = 1; (1 + 1) subsets [2] would be true.
  EXPECT_EQ(value("1 + 1 subsets [2]"), "1");
}

TEST(ConditionPrecedence, FunctionCallsAreOperandsOfEveryLevel) {
  // bang(), stable(), rand() sit between subsets and * in the table; as calls
  // with their own parentheses they only have to be usable as operands.
  EXPECT_EQ(value("2 * rand(3, 3, 0)"), "6");
  EXPECT_EQ(value("rand(3, 3, 0) subsets [3]"), "true");
  EXPECT_EQ(value("!stable('k')"), "false");
  EXPECT_EQ(value("bang('e') * 2"), "0");
  EXPECT_EQ(value("!type(1) == \"Int\""), "false");
  EXPECT_EQ(value("-size([1, 2])"), "-2");
}

TEST(ConditionPrecedence, MultiplicationBindsTighterThanAddition) {
  EXPECT_EQ(value("1 + 2 * 3"), "7");    // not 9
  EXPECT_EQ(value("2 * 3 + 1"), "7");    // not 8
  EXPECT_EQ(value("8 - 4 / 2"), "6");    // not 2
  EXPECT_EQ(value("1 + 5 % 3"), "3");    // not 0
  EXPECT_EQ(value("10 - 2 * 3 - 1"), "3");
}

TEST(ConditionPrecedence, MultiplicativeOperatorsAreOneLeftAssociativeLevel) {
  EXPECT_EQ(value("16 / 4 / 2"), "2");  // not 8
  EXPECT_EQ(value("12 / 2 * 3"), "18");  // not 2
  EXPECT_EQ(value("7 % 4 * 2"), "6");   // not 7
  EXPECT_EQ(value("2 * 7 % 4"), "2");   // not 6
}

TEST(ConditionPrecedence, AdditiveOperatorsAreOneLeftAssociativeLevel) {
  EXPECT_EQ(value("8 - 4 - 2"), "2");  // not 6
  EXPECT_EQ(value("1 - 2 + 3"), "2");  // not -4
  EXPECT_EQ(value("\"a\" + \"b\" + \"c\""), "\"abc\"");
}

TEST(ConditionPrecedence, AdditionBindsTighterThanBitwise) {
  EXPECT_EQ(value("4 & 4 + 1"), "4");  // 4 & 5; (4 & 4) + 1 would be 5
  EXPECT_EQ(value("1 + 1 ^ 3"), "1");  // 2 ^ 3; 1 + (1 ^ 3) would be 3
  EXPECT_EQ(value("1 | 1 + 1"), "3");  // 1 | 2; (1 | 1) + 1 would be 2
}

TEST(ConditionPrecedence, BitwiseOperatorsAreOneLeftAssociativeLevel) {
  // Unlike C, | & ^ share a level: (1 | 2) & 0 = 0 (C: 1 | (2 & 0) = 1).
  EXPECT_EQ(value("1 | 2 & 0"), "0");
  // (6 ^ 3) & 1 = 1 (C: 6 ^ (3 & 1) = 7).
  EXPECT_EQ(value("6 ^ 3 & 1"), "1");
}

TEST(ConditionPrecedence, BitwiseBindsTighterThanOrdering) {
  EXPECT_EQ(value("1 < 2 | 4"), "true");  // 1 < 6; (1 < 2) | 4 would be 5
  EXPECT_EQ(value("4 & 1 < 1"), "true");  // 0 < 1; 4 & (1 < 1) would be 0
}

TEST(ConditionPrecedence, OrderingBindsTighterThanEquality) {
  EXPECT_EQ(value("1 < 2 == true"), "true");  // 1 < (2 == true) would be false
  EXPECT_EQ(value("2 == 1 < 3"), "false");    // (2 == 1) < 3 would be true
  EXPECT_EQ(value("1 != 1 < 3"), "false");    // (1 != 1) < 3 would be true
}

TEST(ConditionPrecedence, OrderingOperatorsAreOneLeftAssociativeLevel) {
  EXPECT_EQ(value("2 < 3 < 2"), "true");   // (true) < 2; 2 < (false) would be false
  EXPECT_EQ(value("3 > 2 > 1"), "false");  // (true) > 1; 3 > (true) would be true
  EXPECT_EQ(value("3 >= 2 <= 0"), "false");
}

TEST(ConditionPrecedence, EqualityOperatorsAreOneLeftAssociativeLevel) {
  EXPECT_EQ(value("1 == 2 == false"), "true");  // 1 == (2 == false) would be false
  EXPECT_EQ(value("2 == 2 != 0"), "true");      // 2 == (2 != 0) would be false
  EXPECT_EQ(value("2 = 2 = 1"), "true");        // single = too
}

TEST(ConditionPrecedence, EqualityBindsTighterThanAnd) {
  EXPECT_EQ(value("0 == 0 && 0"), "false");  // 0 == (0 && 0) would be true
  EXPECT_EQ(value("1 && 0 == 0"), "true");   // (1 && 0) == 0 would be true too
  EXPECT_EQ(value("1 && 2 == 2"), "true");   // (1 && 2) == 2 would be false
}

TEST(ConditionPrecedence, AndBindsTighterThanOr) {
  EXPECT_EQ(value("1 || 0 && 0"), "true");   // (1 || 0) && 0 would be false
  EXPECT_EQ(value("0 && 0 || 1"), "true");
  EXPECT_EQ(value("0 || 1 && 1"), "true");
  EXPECT_EQ(value("1 && 0 || 0 && 1"), "false");
}

TEST(ConditionPrecedence, ComparisonsOfKeysCombineWithoutParentheses) {
  const char* trace = R"({"t": 0, "set": {"a": 2, "b": 1}}
{"t": 1, "set": {"b": 5}}
{"t": 2, "set": {"a": 0}})";
  EXPECT_EQ(run("'a' > 1 && 'b' < 2 || 'a' == 0", trace), "0:true 1:false 2:true");
}

TEST(ConditionPrecedence, TimeOperatorsChainLeftToRight) {
  // ('k' ~ 1.5) @ 10.0: k held 1.5 s at 1.5, replayed 10 s later.
  EXPECT_EQ(run("'k' ~ 1.5 @ 10.0", R"({"t": 0, "set": {"k": true}})", 12.0), "0:false 11.5:true");
  // ('k' # 1) ~ 1: k # 1 is true on [0, 2), so it has held 1 s on [1, 2).
  EXPECT_EQ(run("'k' # 1 ~ 1", R"({"t": 0, "set": {"k": true}}
{"t": 1, "set": {"k": false}})",
                3.0),
            "0:false 1:true 2:false");
  EXPECT_EQ(run("'k' ~ 1 ~ 1", R"({"t": 0, "set": {"k": true}})", 3.0), "0:false 2:true");
}

TEST(ConditionPrecedence, TimeWindowIsAUnaryLevelExpression) {
  // ('k' ~ 1) * 2, not 'k' ~ (1 * 2).
  EXPECT_EQ(run("'k' ~ 1 * 2", R"({"t": 0, "set": {"k": true}})", 3.0), "0:0 1:2");
  // ('k' ~ 1) + 1, not 'k' ~ (1 + 1).
  EXPECT_EQ(run("'k' ~ 1 + 1", R"({"t": 0, "set": {"k": true}})", 3.0), "0:1 1:2");
  // A parenthesised window.
  EXPECT_EQ(run("'k' ~ (1 + 1)", R"({"t": 0, "set": {"k": true}})", 3.0), "0:false 2:true");
}

TEST(ConditionPrecedence, TimeWindowMayBeAnIndexedKey) {
  // 'k' ~ ('ws'[1]) = 'k' ~ 2; ('k' ~ 'ws')[1] would be Invalid.
  EXPECT_EQ(run("'k' ~ 'ws'[1]", R"({"t": 0, "set": {"k": true, "ws": [5, 2]}})", 3.0), "0:false 2:true");
}

TEST(ConditionPrecedence, TimeOperatorsBindTighterThanComparisonsAndLogic) {
  // ('k' ~ 1) == false: true until k has held 1 s.
  EXPECT_EQ(run("'k' ~ 1 == false", R"({"t": 0, "set": {"k": true}})", 2.0), "0:true 1:false");
  // 'a' && ('k' ~ 1)
  EXPECT_EQ(run("'a' && 'k' ~ 1", R"({"t": 0, "set": {"k": true, "a": true}})", 2.0), "0:false 1:true");
}

TEST(ConditionPrecedence, SeedExampleHeldTenSecondsAgoAndFalseNow) {
  // 'myKey' ~ 1.5 @ 10.0 && !'myKey': 10 s ago myKey had been true for
  // 1.5 s, and now it is false.
  EXPECT_EQ(run("'myKey' ~ 1.5 @ 10.0 && !'myKey'", R"({"t": 0, "set": {"myKey": true}}
{"t": 12, "set": {"myKey": false}})",
                25.0),
            "0:false 12:true 22:false");
}

TEST(ConditionPrecedence, SeedExampleFocusedOnceRecentlyButNotLately) {
  // Scaled down from "# 2160 && ~ 3600": focused in the last 20 s but not in
  // the last 10 s.
  EXPECT_EQ(run("('F' == \"p/a\") # 20 && ('F' != \"p/a\") ~ 10", R"({"t": 0, "set": {"F": "p/a"}}
{"t": 5, "set": {"F": ""}})",
                30.0),
            "0:false 15:true 25:false");
}

}  // namespace
