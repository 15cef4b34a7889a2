// Every operator of the conditions language with each type combination that
// matters (REFERENCE §3 Decisions, docs/decisions.md 1-6, 12, 16).
// 'missing' is a key nobody sets: it reads Invalid.
#include <gtest/gtest.h>

#include "run.hpp"

namespace {

using autolife::test::run;
using autolife::test::value;
using autolife::test::valueWith;

// ---- literals --------------------------------------------------------------

TEST(ConditionLiterals, IntFloatStringBoolAndListConstants) {
  EXPECT_EQ(value("1"), "1");
  EXPECT_EQ(value("1.5"), "1.5");
  EXPECT_EQ(value("1e4"), "10000.0");  // seed: "Constant floats: 1.5, 1e4"
  EXPECT_EQ(value("2.0"), "2.0");
  EXPECT_EQ(value("\"foo\""), "\"foo\"");
  EXPECT_EQ(value("true"), "true");  // decision 12
  EXPECT_EQ(value("false"), "false");
  EXPECT_EQ(value("[1, 2.5, \"a\", true, [3]]"), "[1, 2.5, \"a\", true, [3]]");
  EXPECT_EQ(value("[]"), "[]");
}

TEST(ConditionLiterals, ListsHoldAnyExpression) {
  EXPECT_EQ(valueWith("[1 + 1, 'k', 'missing', substr(\"canard\", 1, 3)]", R"({"t": 0, "set": {"k": "v"}})"),
            "[2, \"v\", null, \"ana\"]");
}

TEST(ConditionLiterals, StringAndKeyEscapes) {  // decision 13
  EXPECT_EQ(value(R"(strlen("a\"b"))"), "3");
  EXPECT_EQ(value(R"("a\"b")"), R"("a\"b")");
  EXPECT_EQ(value(R"("a\\b")"), R"("a\\b")");
  EXPECT_EQ(value(R"("a\nb")"), R"("a\nb")");
  EXPECT_EQ(value(R"("a\tb")"), R"("a\tb")");
  EXPECT_EQ(value(R"("a\qb")"), R"("a\\qb")");  // other backslashes kept as written
  EXPECT_EQ(valueWith(R"('it\'s')", R"({"t": 0, "set": {"it's": 7}})"), "7");
}

TEST(ConditionLiterals, LargestIntLiteralIsAccepted) {
  EXPECT_EQ(value("9223372036854775807"), "9223372036854775807");
  EXPECT_EQ(value("-9223372036854775807"), "-9223372036854775807");
}

// ---- keys --------------------------------------------------------------------

TEST(ConditionKeys, ReadTheirCurrentValueOfAnyType) {
  const char* trace = R"({"t": 0, "set": {"i": 3, "f": 2.5, "s": "solitary", "b": true, "a": [1, "x"], "n": null}})";
  EXPECT_EQ(valueWith("'i'", trace), "3");
  EXPECT_EQ(valueWith("'f'", trace), "2.5");
  EXPECT_EQ(valueWith("'s'", trace), "\"solitary\"");
  EXPECT_EQ(valueWith("'b'", trace), "true");
  EXPECT_EQ(valueWith("'a'", trace), "[1, \"x\"]");
  EXPECT_EQ(valueWith("'n'", trace), "null");
}

TEST(ConditionKeys, AnUnknownOrDeclaredButUnsetKeyIsInvalid) {
  EXPECT_EQ(value("'missing'"), "null");
  EXPECT_EQ(valueWith("'d'", R"({"t": 0, "declare": ["d"]})"), "null");
  EXPECT_EQ(valueWith("type('d')", R"({"t": 0, "declare": ["d"]})"), "\"Invalid\"");
}

TEST(ConditionKeys, KeysWithSlashesAndSpacesAreOneKey) {
  EXPECT_EQ(valueWith("'Launchpad/FocusCount/my pkg/behavior_1'",
                      R"({"t": 0, "set": {"Launchpad/FocusCount/my pkg/behavior_1": 4}})"),
            "4");
}

TEST(ConditionKeys, ARemovedKeyReadsInvalidAgain) {
  EXPECT_EQ(run("'k'", R"({"t": 0, "set": {"k": 5}}
{"t": 1, "remove": ["k"]})"),
            "0:5 1:null");
}

// ---- truthiness, !, &&, || -----------------------------------------------------

TEST(ConditionTruthiness, NotFollowsTheTruthinessTable) {
  EXPECT_EQ(value("!'missing'"), "true");  // Invalid -> false
  EXPECT_EQ(value("!false"), "true");
  EXPECT_EQ(value("!true"), "false");
  EXPECT_EQ(value("!0"), "true");
  EXPECT_EQ(value("!2"), "false");
  EXPECT_EQ(value("!-1"), "false");
  EXPECT_EQ(value("!0.0"), "true");
  EXPECT_EQ(value("!0.25"), "false");
  EXPECT_EQ(value("!\"\""), "true");
  EXPECT_EQ(value("!\"0\""), "false");  // non-empty string, even "0"
  EXPECT_EQ(value("!\"false\""), "false");
  EXPECT_EQ(value("![]"), "true");
  EXPECT_EQ(value("![0]"), "false");  // non-empty array, even [0]
}

TEST(ConditionTruthiness, DoubleNotTurnsAnyValueIntoItsBool) {
  EXPECT_EQ(value("!!7"), "true");
  EXPECT_EQ(value("!!\"x\""), "true");
  EXPECT_EQ(value("!!'missing'"), "false");
  EXPECT_EQ(value("type(!1)"), "\"Bool\"");
}

TEST(ConditionLogic, AndOrReturnBoolNotAnOperand) {
  EXPECT_EQ(value("2 && 3"), "true");
  EXPECT_EQ(value("\"a\" && [1]"), "true");
  EXPECT_EQ(value("0 || \"\""), "false");
  EXPECT_EQ(value("0 || \"x\""), "true");
  EXPECT_EQ(value("[] || 0.0"), "false");
  EXPECT_EQ(value("type(5 || 0)"), "\"Bool\"");
  EXPECT_EQ(value("type(5 && 6)"), "\"Bool\"");
}

TEST(ConditionLogic, AndOrTruthTables) {
  EXPECT_EQ(value("true && true"), "true");
  EXPECT_EQ(value("true && false"), "false");
  EXPECT_EQ(value("false && true"), "false");
  EXPECT_EQ(value("false && false"), "false");
  EXPECT_EQ(value("true || true"), "true");
  EXPECT_EQ(value("true || false"), "true");
  EXPECT_EQ(value("false || true"), "true");
  EXPECT_EQ(value("false || false"), "false");
  EXPECT_EQ(value("'missing' && true"), "false");
  EXPECT_EQ(value("'missing' || 'missing'"), "false");
}

TEST(ConditionLogic, LongAndOrChainsFollowEveryOperand) {
  EXPECT_EQ(value("1 && 1 && 1 && 1 && 0"), "false");
  EXPECT_EQ(value("0 || 0 || 0 || 0 || 1"), "true");
}

// ---- arithmetic ------------------------------------------------------------------

TEST(ConditionArithmetic, IntOpIntIsInt) {
  EXPECT_EQ(value("2 + 3"), "5");
  EXPECT_EQ(value("2 - 3"), "-1");
  EXPECT_EQ(value("4 * 3"), "12");
  EXPECT_EQ(value("12 / 4"), "3");
  EXPECT_EQ(value("7 % 3"), "1");
  EXPECT_EQ(value("type(2 + 3)"), "\"Int\"");
}

TEST(ConditionArithmetic, IntDivisionTruncatesTowardZero) {
  EXPECT_EQ(value("7 / 2"), "3");
  EXPECT_EQ(value("-7 / 2"), "-3");
  EXPECT_EQ(value("7 / -2"), "-3");
  EXPECT_EQ(value("-7 / -2"), "3");
  EXPECT_EQ(value("1 / 3"), "0");
}

TEST(ConditionArithmetic, ModuloKeepsTheSignOfTheDividend) {  // decision 2
  EXPECT_EQ(value("-7 % 3"), "-1");
  EXPECT_EQ(value("7 % -3"), "1");
  EXPECT_EQ(value("-7 % -3"), "-1");
  EXPECT_EQ(value("5 % -1"), "0");
}

TEST(ConditionArithmetic, AnyFloatOperandGivesFloat) {
  EXPECT_EQ(value("1 + 2.0"), "3.0");
  EXPECT_EQ(value("2.0 + 1"), "3.0");
  EXPECT_EQ(value("1.5 - 2"), "-0.5");
  EXPECT_EQ(value("2 * 1.5"), "3.0");
  EXPECT_EQ(value("7.0 / 2"), "3.5");
  EXPECT_EQ(value("7 / 2.0"), "3.5");
  EXPECT_EQ(value("7.5 % 2"), "1.5");
  EXPECT_EQ(value("type(4 / 2.0)"), "\"Float\"");
}

TEST(ConditionArithmetic, DivisionAndModuloByZeroAreInvalid) {
  EXPECT_EQ(value("1 / 0"), "null");
  EXPECT_EQ(value("0 / 0"), "null");
  EXPECT_EQ(value("1 % 0"), "null");
  EXPECT_EQ(value("1.5 / 0"), "null");
  EXPECT_EQ(value("1 / 0.0"), "null");
  EXPECT_EQ(value("0.0 / 0.0"), "null");
  EXPECT_EQ(value("1.5 % 0"), "null");
  EXPECT_EQ(value("3 % 0.0"), "null");
  EXPECT_EQ(value("1 / 'missing'"), "null");  // Invalid acts as 0
  EXPECT_EQ(value("1 / false"), "null");      // Bool acts as 0
}

TEST(ConditionArithmetic, DivisionByZeroInATraceIsInvalidNotACrash) {
  EXPECT_EQ(run("10 / 'k'", R"({"t": 0, "set": {"k": 5}}
{"t": 1, "set": {"k": 0}}
{"t": 2, "set": {"k": -2}})"),
            "0:2 1:null 2:-5");
}

TEST(ConditionArithmetic, IntArithmeticWrapsAround) {  // decision 2
  EXPECT_EQ(value("9223372036854775807 + 1"), "-9223372036854775808");
  EXPECT_EQ(value("-9223372036854775807 - 2"), "9223372036854775807");
  EXPECT_EQ(value("9223372036854775807 * 2"), "-2");
  EXPECT_EQ(value("(-9223372036854775807 - 1) / -1"), "-9223372036854775808");
  EXPECT_EQ(value("(-9223372036854775807 - 1) % -1"), "0");
  EXPECT_EQ(value("-(-9223372036854775807 - 1)"), "-9223372036854775808");
}

TEST(ConditionArithmetic, NonFiniteFloatResultsAreInvalid) {  // decision 3
  EXPECT_EQ(value("1e308 * 10"), "null");
  EXPECT_EQ(value("-1e308 * 10"), "null");
  EXPECT_EQ(value("1e308 + 1e308"), "null");
  EXPECT_EQ(value("1e308 / 1e-300"), "null");
}

TEST(ConditionArithmetic, BoolActsAsIntZeroOrOne) {  // decision 1
  EXPECT_EQ(value("true + true"), "2");
  EXPECT_EQ(value("true * 5"), "5");
  EXPECT_EQ(value("false + 3"), "3");
  EXPECT_EQ(value("true + 0.5"), "1.5");
  EXPECT_EQ(value("type(true + true)"), "\"Int\"");
  EXPECT_EQ(value("(1 < 2) + (2 < 3)"), "2");
}

TEST(ConditionArithmetic, InvalidActsAsIntZero) {
  EXPECT_EQ(value("'missing' + 1"), "1");
  EXPECT_EQ(value("1 - 'missing'"), "1");
  EXPECT_EQ(value("'missing' * 3"), "0");
  EXPECT_EQ(value("'missing' + 'missing'"), "0");
  EXPECT_EQ(value("type('missing' + 1)"), "\"Int\"");
  EXPECT_EQ(value("'missing' + 2.5"), "2.5");
}

TEST(ConditionArithmetic, StringPlusStringConcatenates) {
  EXPECT_EQ(value("\"foo\" + \"bar\""), "\"foobar\"");
  EXPECT_EQ(value("\"\" + \"\""), "\"\"");
  EXPECT_EQ(valueWith("'a' + \"/\" + 'b'", R"({"t": 0, "set": {"a": "my_pkg", "b": "behavior"}})"),
            "\"my_pkg/behavior\"");
}

TEST(ConditionArithmetic, StringsWithNumbersAreInvalid) {
  EXPECT_EQ(value("\"a\" + 1"), "null");
  EXPECT_EQ(value("1 + \"a\""), "null");
  EXPECT_EQ(value("\"2\" + 1"), "null");  // no implicit parsing
  EXPECT_EQ(value("\"a\" - 1"), "null");
  EXPECT_EQ(value("\"a\" * 2"), "null");
  EXPECT_EQ(value("\"a\" / 1"), "null");
  EXPECT_EQ(value("\"a\" % 2"), "null");
  EXPECT_EQ(value("\"a\" + 1.5"), "null");
  EXPECT_EQ(value("\"a\" + true"), "null");
  EXPECT_EQ(value("\"a\" + 'missing'"), "null");  // Invalid acts as a number
}

TEST(ConditionArithmetic, TwoStringsOtherThanPlusAreInvalid) {  // decision 4
  EXPECT_EQ(value("\"ab\" - \"b\""), "null");
  EXPECT_EQ(value("\"a\" * \"b\""), "null");
  EXPECT_EQ(value("\"a\" / \"b\""), "null");
  EXPECT_EQ(value("\"a\" % \"b\""), "null");
}

TEST(ConditionArithmetic, ArraysAreInvalid) {  // decision 4
  EXPECT_EQ(value("[1] + [2]"), "null");
  EXPECT_EQ(value("[1] + 1"), "null");
  EXPECT_EQ(value("2 * [1]"), "null");
  EXPECT_EQ(value("[1] - [1]"), "null");
  EXPECT_EQ(value("[] + \"a\""), "null");
}

TEST(ConditionArithmetic, InvalidResultsPropagate) {
  EXPECT_EQ(value("(1 / 0) + 1"), "1");  // Invalid acts as 0 in arithmetic
  EXPECT_EQ(value("(\"a\" - 1) == 'missing'"), "true");
}

TEST(ConditionUnaryMinus, NegatesNumbers) {
  EXPECT_EQ(value("-3"), "-3");
  EXPECT_EQ(value("-2.5"), "-2.5");
  EXPECT_EQ(value("-(1 + 2)"), "-3");
  EXPECT_EQ(value("- -3"), "3");
  EXPECT_EQ(value("-true"), "-1");
  EXPECT_EQ(value("-'missing'"), "0");
  EXPECT_EQ(valueWith("-'k'", R"({"t": 0, "set": {"k": 4}})"), "-4");
  EXPECT_EQ(valueWith("-'k'", R"({"t": 0, "set": {"k": 0.5}})"), "-0.5");
}

TEST(ConditionUnaryMinus, OfAStringOrArrayIsInvalid) {
  EXPECT_EQ(value("-\"a\""), "null");
  EXPECT_EQ(value("-[1]"), "null");
}

TEST(ConditionUnaryMinus, InComparisonsAsInManifests) {
  EXPECT_EQ(valueWith("'k' = -1", R"({"t": 0, "set": {"k": -1}})"), "true");
  EXPECT_EQ(valueWith("'k' > -1.5", R"({"t": 0, "set": {"k": -1}})"), "true");
  EXPECT_EQ(value("3 - -1"), "4");
  EXPECT_EQ(value("3--1"), "4");
}

// ---- bitwise -----------------------------------------------------------------------

TEST(ConditionBitwise, OnInts) {
  EXPECT_EQ(value("6 | 3"), "7");
  EXPECT_EQ(value("6 & 3"), "2");
  EXPECT_EQ(value("6 ^ 3"), "5");
  EXPECT_EQ(value("-1 & 255"), "255");
  EXPECT_EQ(value("type(6 | 3)"), "\"Int\"");
}

TEST(ConditionBitwise, BoolActsAsInt) {
  EXPECT_EQ(value("true | 2"), "3");
  EXPECT_EQ(value("true & true"), "1");
  EXPECT_EQ(value("true ^ true"), "0");
  EXPECT_EQ(value("type(true & true)"), "\"Int\"");
}

TEST(ConditionBitwise, InvalidIsNotAnIntHere) {
  // REFERENCE: `| & ^` on Int/Bool, other types -> Invalid. Invalid counts
  // as 0 only in arithmetic and numeric comparisons.
  EXPECT_EQ(value("'missing' | 4"), "null");
  EXPECT_EQ(value("4 & 'missing'"), "null");
  EXPECT_EQ(value("'missing' ^ 'missing'"), "null");
  EXPECT_EQ(value("'missing' + 4"), "4");
}

TEST(ConditionBitwise, OtherTypesAreInvalid) {
  EXPECT_EQ(value("1.5 | 1"), "null");
  EXPECT_EQ(value("1 & 2.0"), "null");
  EXPECT_EQ(value("\"a\" | 1"), "null");
  EXPECT_EQ(value("1 ^ \"a\""), "null");
  EXPECT_EQ(value("[1] | 1"), "null");
  EXPECT_EQ(value("[1] & [1]"), "null");
}

// ---- comparisons -----------------------------------------------------------------

TEST(ConditionComparison, NumbersCompareNumericallyAcrossIntAndFloat) {
  EXPECT_EQ(value("1 < 2"), "true");
  EXPECT_EQ(value("2 < 1"), "false");
  EXPECT_EQ(value("2 <= 2"), "true");
  EXPECT_EQ(value("3 <= 2"), "false");
  EXPECT_EQ(value("3 > 2"), "true");
  EXPECT_EQ(value("2 > 2"), "false");
  EXPECT_EQ(value("2 >= 2"), "true");
  EXPECT_EQ(value("1 >= 2"), "false");
  EXPECT_EQ(value("1 == 1.0"), "true");
  EXPECT_EQ(value("1 != 1.0"), "false");
  EXPECT_EQ(value("1 < 1.5"), "true");
  EXPECT_EQ(value("2.5 > 2"), "true");
  EXPECT_EQ(value("-1 < 0"), "true");
  EXPECT_EQ(value("type(1 < 2)"), "\"Bool\"");
}

TEST(ConditionComparison, IntAgainstFloatIsExactBeyondTwoToThe53) {
  // 2^53 + 1 has no double: converting the Int would make these equal.
  EXPECT_EQ(value("9007199254740993 == 9007199254740992.0"), "false");
  EXPECT_EQ(value("9007199254740993 > 9007199254740992.0"), "true");
  EXPECT_EQ(value("9007199254740992.0 < 9007199254740993"), "true");
  EXPECT_EQ(value("9007199254740992 == 9007199254740992.0"), "true");
  EXPECT_EQ(value("9223372036854775807 < 9223372036854775808.0"), "true");
  EXPECT_EQ(value("-9223372036854775807 - 1 == -9223372036854775808.0"), "true");
  EXPECT_EQ(value("-9223372036854775807 - 1 > -1e300"), "true");
  EXPECT_EQ(value("2 > 1.5"), "true");
  EXPECT_EQ(value("-2 < -1.5"), "true");
  EXPECT_EQ(value("-1 > -1.5"), "true");
  EXPECT_EQ(value("[9007199254740993] == [9007199254740992.0]"), "false");
}

TEST(ConditionComparison, LargeIntsCompareExactly) {
  EXPECT_EQ(value("9223372036854775807 == 9223372036854775806"), "false");
  EXPECT_EQ(value("9223372036854775806 < 9223372036854775807"), "true");
}

TEST(ConditionComparison, StringsCompareLexicographically) {
  EXPECT_EQ(value("\"abc\" < \"abd\""), "true");
  EXPECT_EQ(value("\"b\" > \"abc\""), "true");
  EXPECT_EQ(value("\"ab\" < \"abc\""), "true");
  EXPECT_EQ(value("\"a\" <= \"a\""), "true");
  EXPECT_EQ(value("\"B\" < \"a\""), "true");  // byte order
  EXPECT_EQ(value("\"10\" < \"9\""), "true");  // not numeric
  EXPECT_EQ(value("\"a\" == \"a\""), "true");
  EXPECT_EQ(value("\"a\" == \"A\""), "false");
  EXPECT_EQ(value("\"a\" != \"b\""), "true");
}

TEST(ConditionComparison, BoolActsAsIntInNumericComparisons) {  // decision 1
  EXPECT_EQ(value("true == 1"), "true");
  EXPECT_EQ(value("false == 0"), "true");
  EXPECT_EQ(value("true == 2"), "false");
  EXPECT_EQ(value("true == 1.0"), "true");
  EXPECT_EQ(value("false < true"), "true");
  EXPECT_EQ(value("true > 0.5"), "true");
  EXPECT_EQ(value("true == true"), "true");
  EXPECT_EQ(value("true != false"), "true");
}

TEST(ConditionComparison, InvalidEqualsInvalid) {
  EXPECT_EQ(value("'missing' == 'other_missing'"), "true");
  EXPECT_EQ(value("'missing' != 'other_missing'"), "false");
  EXPECT_EQ(value("(1 / 0) == 'missing'"), "true");
}

TEST(ConditionComparison, InvalidActsAsZeroAgainstNumbers) {
  EXPECT_EQ(value("'missing' == 0"), "true");
  EXPECT_EQ(value("'missing' != 0"), "false");
  EXPECT_EQ(value("'missing' == 1"), "false");
  EXPECT_EQ(value("'missing' < 1"), "true");
  EXPECT_EQ(value("'missing' >= 0.0"), "true");
  EXPECT_EQ(value("'missing' > -1"), "true");
  EXPECT_EQ(value("'missing' == false"), "true");
}

TEST(ConditionComparison, InvalidAgainstAStringIsUnequalAndUnordered) {
  EXPECT_EQ(value("'missing' == \"\""), "false");
  EXPECT_EQ(value("\"\" == 'missing'"), "false");
  EXPECT_EQ(value("'missing' != \"\""), "true");
  EXPECT_EQ(value("'missing' != \"solitary\""), "true");
  EXPECT_EQ(value("'missing' < \"a\""), "false");
  EXPECT_EQ(value("'missing' > \"a\""), "false");
  EXPECT_EQ(value("\"a\" >= 'missing'"), "false");
}

TEST(ConditionComparison, StringAgainstNumberIsUnequalAndUnordered) {
  EXPECT_EQ(value("\"1\" == 1"), "false");
  EXPECT_EQ(value("1 == \"1\""), "false");
  EXPECT_EQ(value("\"1\" != 1"), "true");
  EXPECT_EQ(value("\"1\" < 2"), "false");
  EXPECT_EQ(value("\"1\" > 0"), "false");
  EXPECT_EQ(value("\"1\" <= 1"), "false");
  EXPECT_EQ(value("\"1\" >= 1"), "false");
  EXPECT_EQ(value("\"true\" == true"), "false");
}

TEST(ConditionComparison, ArraysAreEqualElementWise) {
  EXPECT_EQ(value("[1, 2] == [1, 2]"), "true");
  EXPECT_EQ(value("[1, 2] != [1, 2]"), "false");
  EXPECT_EQ(value("[1, 2] == [2, 1]"), "false");
  EXPECT_EQ(value("[1, 2] == [1, 2, 3]"), "false");
  EXPECT_EQ(value("[1, 2] != [1, 2, 3]"), "true");
  EXPECT_EQ(value("[] == []"), "true");
  EXPECT_EQ(value("[1, [2, \"a\"]] == [1, [2, \"a\"]]"), "true");
  EXPECT_EQ(value("[1, [2, \"a\"]] == [1, [2, \"b\"]]"), "false");
  EXPECT_EQ(value("[1, 2] == [1.0, 2]"), "true");  // elements by =='s rules
  EXPECT_EQ(valueWith("'a' == [1, \"x\"]", R"({"t": 0, "set": {"a": [1, "x"]}})"), "true");
}

TEST(ConditionComparison, ArraysAgainstScalarsAreUnequal) {
  EXPECT_EQ(value("[1] == 1"), "false");
  EXPECT_EQ(value("1 == [1]"), "false");
  EXPECT_EQ(value("[1] != 1"), "true");
  EXPECT_EQ(value("[] == 'missing'"), "false");
  EXPECT_EQ(value("[\"a\"] == \"a\""), "false");
}

TEST(ConditionComparison, OrderingOfArraysIsFalse) {  // decision 4
  EXPECT_EQ(value("[1] < [2]"), "false");
  EXPECT_EQ(value("[2] > [1]"), "false");
  EXPECT_EQ(value("[1] <= [1]"), "false");
  EXPECT_EQ(value("[1] >= [1]"), "false");
  EXPECT_EQ(value("[1] < 2"), "false");
}

TEST(ConditionComparison, SingleEqualsIsEquality) {
  EXPECT_EQ(value("1 = 1"), "true");
  EXPECT_EQ(value("1 = 2"), "false");
  EXPECT_EQ(value("\"solitary\" = \"solitary\""), "true");
  EXPECT_EQ(value("1 + 1 = 2"), "true");
  EXPECT_EQ(value("'missing' = 'other_missing'"), "true");
  EXPECT_EQ(value("2 = 1 < 3"), "false");  // same level as ==: 2 = (1 < 3)
}

TEST(ConditionComparison, SingleEqualsOnAKeyAsInManifests) {
  EXPECT_EQ(run("'AutonomousLife/State' = \"solitary\"", R"({"t": 0, "set": {"AutonomousLife/State": "disabled"}}
{"t": 2, "set": {"AutonomousLife/State": "solitary"}}
{"t": 5, "set": {"AutonomousLife/State": "interactive"}})"),
            "0:false 2:true 5:false");
}

// ---- indexing -------------------------------------------------------------------------

TEST(ConditionIndexing, IsZeroBased) {
  EXPECT_EQ(value("[10, 20, 30][0]"), "10");
  EXPECT_EQ(value("[10, 20, 30][2]"), "30");
  EXPECT_EQ(value("[10, 20, 30][1 + 1]"), "30");
  EXPECT_EQ(value("[[1, 2], [3]][0][1]"), "2");
}

TEST(ConditionIndexing, AListKey) {
  EXPECT_EQ(run("'motion/foo'[2]", R"({"t": 0, "set": {"motion/foo": [5, 6, 7]}}
{"t": 1, "set": {"motion/foo": [5, 6, 8]}}
{"t": 2, "set": {"motion/foo": [5, 6]}})"),
            "0:7 1:8 2:null");
}

TEST(ConditionIndexing, OutOfRangeNegativeOrNonIntIndexIsInvalid) {  // decision 6
  EXPECT_EQ(value("[1, 2, 3][3]"), "null");
  EXPECT_EQ(value("[1, 2, 3][-1]"), "null");
  EXPECT_EQ(value("[][0]"), "null");
  EXPECT_EQ(value("[1, 2][1.0]"), "null");
  EXPECT_EQ(value("[1, 2][\"1\"]"), "null");
  EXPECT_EQ(value("[1, 2]['missing']"), "null");
  EXPECT_EQ(value("[1, 2][true]"), "null");
  EXPECT_EQ(value("[1, 2][[0]]"), "null");
}

TEST(ConditionIndexing, NonArrayBaseIsInvalid) {
  EXPECT_EQ(value("\"abc\"[0]"), "null");  // strings are not indexable
  EXPECT_EQ(value("5[0]"), "null");
  EXPECT_EQ(value("'missing'[0]"), "null");
}

// ---- subsets / intersects -----------------------------------------------------------------

TEST(ConditionSubsets, SeedExamplesAndCounterExamples) {
  EXPECT_EQ(value("[1, 2] subsets [1, 2, 3, 4]"), "true");
  EXPECT_EQ(value("1 subsets [1, 2, 3, 4]"), "true");
  EXPECT_EQ(value("[1, 5] subsets [1, 2, 3, 4]"), "false");
  EXPECT_EQ(value("5 subsets [1, 2, 3, 4]"), "false");
  EXPECT_EQ(value("[2, 2, 1] subsets [1, 2]"), "true");
}

TEST(ConditionSubsets, ScalarsCountAsOneElementLists) {  // decision 5
  EXPECT_EQ(value("1 subsets 1"), "true");
  EXPECT_EQ(value("[1] subsets 1"), "true");
  EXPECT_EQ(value("[1, 2] subsets 1"), "false");
  EXPECT_EQ(value("\"a\" subsets [\"a\", \"b\"]"), "true");
  EXPECT_EQ(value("\"c\" subsets [\"a\", \"b\"]"), "false");
  EXPECT_EQ(value("'missing' subsets ['other_missing']"), "true");
  EXPECT_EQ(value("'missing' subsets [1, \"a\"]"), "false");
}

TEST(ConditionSubsets, EmptyListIsASubsetOfAnything) {
  EXPECT_EQ(value("[] subsets [1]"), "true");
  EXPECT_EQ(value("[] subsets []"), "true");
  EXPECT_EQ(value("[] subsets 5"), "true");
  EXPECT_EQ(value("[1] subsets []"), "false");
}

TEST(ConditionSubsets, ElementsCompareWithEqualsRules) {
  EXPECT_EQ(value("1 subsets [1.0]"), "true");
  EXPECT_EQ(value("[true] subsets [1]"), "true");
  EXPECT_EQ(value("[\"1\"] subsets [1]"), "false");
  EXPECT_EQ(value("[[1, 2]] subsets [[1, 2], [3]]"), "true");
}

TEST(ConditionSubsets, OnAListKey) {
  EXPECT_EQ(run("\"bob\" subsets 'PeoplePerception/VisiblePeopleList'",
                R"({"t": 0, "set": {"PeoplePerception/VisiblePeopleList": ["ann"]}}
{"t": 1, "set": {"PeoplePerception/VisiblePeopleList": ["ann", "bob"]}}
{"t": 2, "set": {"PeoplePerception/VisiblePeopleList": []}})"),
            "0:false 1:true 2:false");
}

TEST(ConditionIntersects, SeedExamplesAndCounterExamples) {
  EXPECT_EQ(value("[4, 5, 6] intersects [1, 2, 3, 4]"), "true");
  EXPECT_EQ(value("[4, 5, 6] intersects 5"), "true");
  EXPECT_EQ(value("5 intersects [4, 5, 6]"), "true");
  EXPECT_EQ(value("[7, 8] intersects [1, 2, 3]"), "false");
  EXPECT_EQ(value("[7, 8] intersects 5"), "false");
  EXPECT_EQ(value("5 intersects 5"), "true");
  EXPECT_EQ(value("5 intersects 6"), "false");
}

TEST(ConditionIntersects, EmptyListsIntersectNothing) {
  EXPECT_EQ(value("[] intersects [1]"), "false");
  EXPECT_EQ(value("[1] intersects []"), "false");
  EXPECT_EQ(value("[] intersects []"), "false");
}

TEST(ConditionIntersects, ElementsCompareWithEqualsRules) {
  EXPECT_EQ(value("[2.0, \"x\"] intersects [2]"), "true");
  EXPECT_EQ(value("[\"2\"] intersects [2]"), "false");
  EXPECT_EQ(value("'missing' intersects ['other_missing', 1]"), "true");
}

TEST(ConditionSubsetsIntersects, ReturnBool) {
  EXPECT_EQ(value("type([1] subsets [1])"), "\"Bool\"");
  EXPECT_EQ(value("type([1] intersects [2])"), "\"Bool\"");
}

}  // namespace
