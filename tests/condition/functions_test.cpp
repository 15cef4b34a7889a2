// Every function of the conditions language (seed grammar, REFERENCE §3,
// docs/decisions.md 7-11): pref, int, float, string, bool, type, size,
// strlen, substr, concat, bang, stable, rand.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "run.hpp"

namespace {

using autolife::test::compileError;
using autolife::test::errorAt;
using autolife::test::run;
using autolife::test::runLines;
using autolife::test::value;
using autolife::test::valueWith;

// ---- pref ---------------------------------------------------------------------

TEST(ConditionPref, ReturnsTheStoredString) {
  EXPECT_EQ(valueWith("pref(\"com.mydomain\", \"myKey\")", R"({"t": 0, "pref": {"com.mydomain": {"myKey": "hello"}}})"),
            "\"hello\"");
}

TEST(ConditionPref, AbsentPreferenceIsInvalid) {
  const char* trace = R"({"t": 0, "pref": {"com.mydomain": {"myKey": "hello"}}})";
  EXPECT_EQ(valueWith("pref(\"com.mydomain\", \"other\")", trace), "null");
  EXPECT_EQ(valueWith("pref(\"com.other\", \"myKey\")", trace), "null");
  EXPECT_EQ(value("pref(\"com.mydomain\", \"myKey\")"), "null");
  EXPECT_EQ(value("type(pref(\"d\", \"s\"))"), "\"Invalid\"");
}

TEST(ConditionPref, ValuesAreAlwaysStringsAndNeedCasts) {
  const char* trace = R"({"t": 0, "pref": {"d": {"n": "12", "b": "true"}}})";
  EXPECT_EQ(valueWith("type(pref(\"d\", \"n\"))", trace), "\"String\"");
  EXPECT_EQ(valueWith("pref(\"d\", \"n\") == 12", trace), "false");
  EXPECT_EQ(valueWith("int(pref(\"d\", \"n\")) + 1", trace), "13");
  EXPECT_EQ(valueWith("bool(pref(\"d\", \"b\"))", trace), "true");
}

TEST(ConditionPref, FollowsAChangingPreference) {
  EXPECT_EQ(run("pref(\"d\", \"s\")", R"({"t": 0, "set": {"unrelated": 1}}
{"t": 2, "pref": {"d": {"s": "a"}}}
{"t": 4, "pref": {"d": {"s": "b"}}}
{"t": 6, "pref": {"d": {"s": "b"}}})"),
            "0:null 2:\"a\" 4:\"b\"");
}

TEST(ConditionPref, InAConditionWithKeys) {
  EXPECT_EQ(run("'Launchpad/Hour' >= int(pref(\"com.me\", \"wakeHour\"))", R"({"t": 0, "pref": {"com.me": {"wakeHour": "9"}}, "set": {"Launchpad/Hour": 8}}
{"t": 1, "set": {"Launchpad/Hour": 9}}
{"t": 2, "pref": {"com.me": {"wakeHour": "10"}}})"),
            "0:false 1:true 2:false");
}

TEST(ConditionPref, ArgumentsMustBeConstantStrings) {
  EXPECT_TRUE(compileError("pref(\"d\", \"s\")") == std::nullopt);
  EXPECT_NE(errorAt("pref('d', \"s\")"), "compiled");
  EXPECT_NE(errorAt("pref(\"d\", 's')"), "compiled");
  EXPECT_NE(errorAt("pref(\"d\" + \"x\", \"s\")"), "compiled");
  EXPECT_NE(errorAt("pref(concat(\"d\"), \"s\")"), "compiled");
  EXPECT_NE(errorAt("pref(string(1), \"s\")"), "compiled");
  EXPECT_NE(errorAt("pref(1, \"s\")"), "compiled");
  EXPECT_NE(errorAt("pref(\"d\", 2.5)"), "compiled");
  EXPECT_NE(errorAt("pref(\"d\", [\"s\"])"), "compiled");
}

TEST(ConditionPref, NeedsExactlyTwoArguments) {
  EXPECT_NE(errorAt("pref()"), "compiled");
  EXPECT_NE(errorAt("pref(\"d\")"), "compiled");
  EXPECT_NE(errorAt("pref(\"d\", \"s\", \"x\")"), "compiled");
}

// ---- casts ----------------------------------------------------------------------

TEST(ConditionIntCast, NumbersTruncateTowardZero) {
  EXPECT_EQ(value("int(2.9)"), "2");
  EXPECT_EQ(value("int(-2.9)"), "-2");
  EXPECT_EQ(value("int(5)"), "5");
  EXPECT_EQ(value("int(true)"), "1");
  EXPECT_EQ(value("int(false)"), "0");
  EXPECT_EQ(value("type(int(2.9))"), "\"Int\"");
}

TEST(ConditionIntCast, ParsesStrings) {
  EXPECT_EQ(value("int(\"12\")"), "12");
  EXPECT_EQ(value("int(\" 7 \")"), "7");
  EXPECT_EQ(value("int(\"-4\")"), "-4");
  EXPECT_EQ(value("int(\"1.9\")"), "1");
}

TEST(ConditionIntCast, UnparsableOrInvalidIsInvalid) {
  EXPECT_EQ(value("int(\"abc\")"), "null");
  // One sign only: "+-5" is not a number (nor "-+5", "++5", "--5").
  EXPECT_EQ(value("[int(\"+-5\"), int(\"-+5\"), int(\"++5\"), int(\"--5\"), int(\" +-5 \"), int(\"+5\")]"),
            "[null, null, null, null, null, 5]");
  EXPECT_EQ(value("[float(\"+-5.5\"), bool(\"+-5\"), float(\"+5.5\")]"), "[null, null, 5.5]");
  EXPECT_EQ(value("int(\"\")"), "null");
  EXPECT_EQ(value("int('missing')"), "null");
}

TEST(ConditionFloatCast, ConvertsNumbersAndParsesStrings) {
  EXPECT_EQ(value("float(\"2\")"), "2.0");
  EXPECT_EQ(value("float(\"2.5\")"), "2.5");
  EXPECT_EQ(value("float(\"1e3\")"), "1000.0");
  EXPECT_EQ(value("float(3)"), "3.0");
  EXPECT_EQ(value("float(1.25)"), "1.25");
  EXPECT_EQ(value("type(float(3))"), "\"Float\"");
  EXPECT_EQ(value("7 / float(2)"), "3.5");
}

TEST(ConditionFloatCast, UnparsableOrInvalidIsInvalid) {
  EXPECT_EQ(value("float(\"abc\")"), "null");
  EXPECT_EQ(value("float('missing')"), "null");
}

TEST(ConditionStringCast, FormatsEachType) {
  EXPECT_EQ(value("string(12)"), "\"12\"");
  EXPECT_EQ(value("string(-3)"), "\"-3\"");
  EXPECT_EQ(value("string(true)"), "\"true\"");
  EXPECT_EQ(value("string(false)"), "\"false\"");
  EXPECT_EQ(value("string(1.5)"), "\"1.5\"");
  EXPECT_EQ(value("string(2.0)"), "\"2.0\"");
  EXPECT_EQ(value("string(\"x\")"), "\"x\"");
  EXPECT_EQ(value("string([1, \"a\"])"), R"("[1, \"a\"]")");
  EXPECT_EQ(value("string('missing')"), "null");
}

TEST(ConditionStringCast, ComposesWithStringConcatenation) {
  EXPECT_EQ(valueWith("\"zone \" + string('z')", R"({"t": 0, "set": {"z": 2}})"), "\"zone 2\"");
}

TEST(ConditionBoolCast, OfStrings) {
  EXPECT_EQ(value("bool(\"true\")"), "true");
  EXPECT_EQ(value("bool(\"false\")"), "false");
  EXPECT_EQ(value("bool(\"TRUE\")"), "true");
  EXPECT_EQ(value("bool(\"False\")"), "false");
  EXPECT_EQ(value("bool(\"tRuE\")"), "true");
  EXPECT_EQ(value("bool(\"0\")"), "false");
  EXPECT_EQ(value("bool(\"2\")"), "true");
  EXPECT_EQ(value("bool(\"1.5\")"), "true");
  EXPECT_EQ(value("bool(\"0.0\")"), "false");
  EXPECT_EQ(value("bool(\"\")"), "false");
  EXPECT_EQ(value("bool(\"yes\")"), "null");
  EXPECT_EQ(value("bool(\"abc\")"), "null");
}

TEST(ConditionBoolCast, OfNumbersArraysAndInvalid) {
  EXPECT_EQ(value("bool(0)"), "false");
  EXPECT_EQ(value("bool(3)"), "true");
  EXPECT_EQ(value("bool(-1)"), "true");
  EXPECT_EQ(value("bool(0.0)"), "false");
  EXPECT_EQ(value("bool(0.5)"), "true");
  EXPECT_EQ(value("bool(true)"), "true");
  EXPECT_EQ(value("bool([])"), "false");
  EXPECT_EQ(value("bool([0])"), "true");
  EXPECT_EQ(value("bool('missing')"), "null");
  EXPECT_EQ(value("type(bool(3))"), "\"Bool\"");
}

TEST(ConditionCasts, AcceptAnyExpression) {
  EXPECT_EQ(valueWith("int('a' + \"3\")", R"({"t": 0, "set": {"a": "4"}})"), "43");
  EXPECT_EQ(value("float(1 + 1)"), "2.0");
  EXPECT_EQ(value("string(1 < 2)"), "\"true\"");
  EXPECT_EQ(value("bool(2 - 2)"), "false");
}

TEST(ConditionCasts, NeedExactlyOneArgument) {
  for (const char* f : {"int", "float", "string", "bool", "type", "size", "strlen"}) {
    EXPECT_NE(errorAt(std::string(f) + "()"), "compiled") << f;
    EXPECT_NE(errorAt(std::string(f) + "(1, 2)"), "compiled") << f;
  }
}

// ---- type -------------------------------------------------------------------------

TEST(ConditionType, NamesEachOfTheSixTypes) {
  EXPECT_EQ(value("type('missing')"), "\"Invalid\"");
  EXPECT_EQ(value("type(true)"), "\"Bool\"");
  EXPECT_EQ(value("type(1)"), "\"Int\"");
  EXPECT_EQ(value("type(1.5)"), "\"Float\"");
  EXPECT_EQ(value("type(1e4)"), "\"Float\"");
  EXPECT_EQ(value("type(\"foo\")"), "\"String\"");
  EXPECT_EQ(value("type([1, 2])"), "\"Array\"");
  EXPECT_EQ(value("type([])"), "\"Array\"");
}

TEST(ConditionType, OfAKeyFollowsItsValue) {
  EXPECT_EQ(run("type('k')", R"({"t": 0, "set": {"unrelated": 0}}
{"t": 1, "set": {"k": 1}}
{"t": 2, "set": {"k": 1.0}}
{"t": 3, "set": {"k": "1"}}
{"t": 4, "set": {"k": [1]}}
{"t": 5, "set": {"k": false}}
{"t": 6, "set": {"k": null}})"),
            "0:\"Invalid\" 1:\"Int\" 2:\"Float\" 3:\"String\" 4:\"Array\" 5:\"Bool\" 6:\"Invalid\"");
}

// ---- size / strlen --------------------------------------------------------------------

TEST(ConditionSize, OfArraysAndStrings) {
  EXPECT_EQ(value("size([1, 2, 3])"), "3");
  EXPECT_EQ(value("size([])"), "0");
  EXPECT_EQ(value("size([[1, 2]])"), "1");
  EXPECT_EQ(value("size(\"abc\")"), "3");
  EXPECT_EQ(value("size(\"\")"), "0");
  EXPECT_EQ(value("size(\"\xc3\xa9\")"), "2");  // bytes
}

TEST(ConditionSize, OfOtherTypesIsInvalid) {
  EXPECT_EQ(value("size(5)"), "null");
  EXPECT_EQ(value("size(1.5)"), "null");
  EXPECT_EQ(value("size(true)"), "null");
  EXPECT_EQ(value("size('missing')"), "null");
}

TEST(ConditionSize, OfAListKey) {
  EXPECT_EQ(run("size('PeoplePerception/VisiblePeopleList') > 0", R"({"t": 0, "set": {"PeoplePerception/VisiblePeopleList": []}}
{"t": 1, "set": {"PeoplePerception/VisiblePeopleList": [7]}})"),
            "0:false 1:true");
}

TEST(ConditionStrlen, CountsBytesOfStrings) {
  EXPECT_EQ(value("strlen(\"coin\")"), "4");
  EXPECT_EQ(value("strlen(\"\")"), "0");
  EXPECT_EQ(value("strlen(\"\xc3\xa9t\xc3\xa9\")"), "5");
}

TEST(ConditionStrlen, OfNonStringsIsInvalid) {
  EXPECT_EQ(value("strlen(5)"), "null");
  EXPECT_EQ(value("strlen([1, 2])"), "null");
  EXPECT_EQ(value("strlen(true)"), "null");
  EXPECT_EQ(value("strlen('missing')"), "null");
}

// ---- substr ------------------------------------------------------------------------------

TEST(ConditionSubstr, IsZeroBasedStartAndLength) {
  EXPECT_EQ(value("substr(\"canard\", 1, 3)"), "\"ana\"");
  EXPECT_EQ(value("substr(\"canard\", 0, 1)"), "\"c\"");
  EXPECT_EQ(value("substr(\"canard\", 0, 6)"), "\"canard\"");
  EXPECT_EQ(value("substr(\"canard\", 2, 0)"), "\"\"");
}

TEST(ConditionSubstr, ClampsAtTheEnd) {
  EXPECT_EQ(value("substr(\"canard\", 4, 10)"), "\"rd\"");
  EXPECT_EQ(value("substr(\"canard\", 5, 1)"), "\"d\"");
  EXPECT_EQ(value("substr(\"canard\", 6, 1)"), "\"\"");
  EXPECT_EQ(value("substr(\"canard\", 100, 1)"), "\"\"");
}

TEST(ConditionSubstr, BadArgumentsAreInvalid) {  // decision 9
  EXPECT_EQ(value("substr(\"canard\", -1, 2)"), "null");
  EXPECT_EQ(value("substr(\"canard\", 1, -1)"), "null");
  EXPECT_EQ(value("substr(\"canard\", 1.0, 2)"), "null");
  EXPECT_EQ(value("substr(\"canard\", 1, 2.0)"), "null");
  EXPECT_EQ(value("substr(\"canard\", \"1\", 2)"), "null");
  EXPECT_EQ(value("substr(12345, 1, 2)"), "null");
  EXPECT_EQ(value("substr('missing', 0, 1)"), "null");
}

TEST(ConditionSubstr, OfAKeyWithComputedBounds) {
  EXPECT_EQ(valueWith("substr('s', strlen('s') - 2, 2)", R"({"t": 0, "set": {"s": "behavior_1"}})"), "\"_1\"");
}

TEST(ConditionSubstr, NeedsThreeArguments) {
  EXPECT_NE(errorAt("substr(\"canard\", 1)"), "compiled");
  EXPECT_NE(errorAt("substr(\"canard\", 1, 2, 3)"), "compiled");
}

// ---- concat -------------------------------------------------------------------------------

TEST(ConditionConcat, JoinsStrings) {
  EXPECT_EQ(value("concat(\"a\", \"b\")"), "\"ab\"");
  EXPECT_EQ(value("concat(\"a\")"), "\"a\"");
  EXPECT_EQ(value("concat(\"a\", \"b\", \"c\", \"\")"), "\"abc\"");
}

TEST(ConditionConcat, ConvertsOtherArgumentsAsStringDoes) {
  EXPECT_EQ(value("concat(1, 2)"), "\"12\"");
  EXPECT_EQ(value("concat(\"x\", 1.5, true, 2.0)"), "\"x1.5true2.0\"");
  EXPECT_EQ(value("concat([1], \"a\")"), R"("[1]a")");
}

TEST(ConditionConcat, AllArraysConcatenateAsArrays) {
  EXPECT_EQ(value("concat([1], [2, 3])"), "[1, 2, 3]");
  EXPECT_EQ(value("concat([], [\"a\"], [])"), "[\"a\"]");
}

TEST(ConditionConcat, AnInvalidArgumentMakesItInvalid) {
  EXPECT_EQ(value("concat(\"a\", 'missing')"), "null");
  EXPECT_EQ(value("concat('missing')"), "null");
}

TEST(ConditionConcat, NeedsAtLeastOneArgument) { EXPECT_NE(errorAt("concat()"), "compiled"); }

TEST(ConditionConcat, OfKeys) {
  EXPECT_EQ(run("concat('pkg', \"/\", 'beh') == 'Launchpad/FocusedActivity'",
                R"({"t": 0, "set": {"pkg": "p", "beh": "b", "Launchpad/FocusedActivity": ""}}
{"t": 1, "set": {"Launchpad/FocusedActivity": "p/b"}})"),
            "0:false 1:true");
}

// ---- bang ----------------------------------------------------------------------------------

TEST(ConditionBang, IsAPulseAtTheRaise) {
  EXPECT_EQ(run("bang('e')", R"({"t": 0, "declare": ["e"]}
{"t": 2, "raise": {"e": 1}})",
                3.0),
            "0:false 2:true 2:false");
}

TEST(ConditionBang, FiresOnEveryRaiseWhateverTheValue) {
  EXPECT_EQ(run("bang('e')", R"({"t": 0, "declare": ["e"]}
{"t": 1, "raise": {"e": 0}}
{"t": 2, "raise": {"e": 0}}
{"t": 3, "raise": {"e": null}}
{"t": 4, "raise": {"e": false}})",
                5.0),
            "0:false 1:true 1:false 2:true 2:false 3:true 3:false 4:true 4:false");
}

TEST(ConditionBang, DoesNotFireOnInsertData) {
  EXPECT_EQ(run("bang('e')", R"({"t": 0, "declare": ["e"]}
{"t": 1, "set": {"e": 1}}
{"t": 2, "set": {"e": 2}})",
                3.0),
            "0:false");
}

TEST(ConditionBang, RaisedAtTheFirstStepPrintsBothLinesOfThePulse) {
  EXPECT_EQ(run("bang('e')", R"({"t": 0, "raise": {"e": 1}})", 1.0), "0:true 0:false");
}

TEST(ConditionBang, TheRaisedValueIsStored) {
  EXPECT_EQ(run("'e'", R"({"t": 0, "declare": ["e"]}
{"t": 1, "raise": {"e": 3}})",
                2.0),
            "0:null 1:3");
  EXPECT_EQ(run("bang('e') && 'e' == 3", R"({"t": 0, "declare": ["e"]}
{"t": 1, "raise": {"e": 2}}
{"t": 2, "raise": {"e": 3}})",
                3.0),
            "0:false 2:true 2:false");
}

TEST(ConditionBang, OfOtherKeysDoesNotFire) {
  EXPECT_EQ(run("bang('e')", R"({"t": 0, "declare": ["e"]}
{"t": 1, "raise": {"f": 1}})",
                2.0),
            "0:false");
}

TEST(ConditionBang, NeedsOneArgument) {
  EXPECT_NE(errorAt("bang()"), "compiled");
  EXPECT_NE(errorAt("bang('a', 'b')"), "compiled");
}

// ---- stable ---------------------------------------------------------------------------------

TEST(ConditionStable, IsTrueAtTimeZero) {
  EXPECT_EQ(run("stable('k')"), "0:true");
  EXPECT_EQ(run("stable('k')", R"({"t": 0, "set": {"unrelated": 1}})", 1.0), "0:true");
  // Not even a dip at load: nothing for # to remember.
  EXPECT_EQ(run("!stable('k') # 5", {}, 6.0), "0:false");
  EXPECT_EQ(run("!stable('k' + 1) # 5", R"({"t": 0, "set": {"unrelated": 1}})", 6.0), "0:false");
}

TEST(ConditionStable, DipsAsAPulseWhenTheValueChanges) {
  EXPECT_EQ(run("stable('k')", R"({"t": 0, "set": {"unrelated": 1}}
{"t": 2, "set": {"k": 1}}
{"t": 3, "set": {"k": 2}})",
                4.0),
            "0:true 2:false 2:true 3:false 3:true");
}

TEST(ConditionStable, DoesNotDipWhenTheSameValueIsWrittenAgain) {
  EXPECT_EQ(run("stable('k')", R"({"t": 0, "set": {"unrelated": 1}}
{"t": 1, "set": {"k": 1}}
{"t": 2, "set": {"k": 1}}
{"t": 3, "set": {"k": 1}})",
                4.0),
            "0:true 1:false 1:true");
}

TEST(ConditionStable, WatchesTheExpressionNotItsKeys) {
  // a and b change in one step, their sum does not.
  EXPECT_EQ(run("stable('a' + 'b')", R"({"t": 0, "set": {"unrelated": 1}}
{"t": 1, "set": {"a": 1, "b": 2}}
{"t": 2, "set": {"a": 2, "b": 1}})",
                3.0),
            "0:true 1:false 1:true");
  EXPECT_EQ(run("stable('k' > 5)", R"({"t": 0, "set": {"unrelated": 1}}
{"t": 1, "set": {"k": 6}}
{"t": 2, "set": {"k": 7}})",
                3.0),
            "0:true 1:false 1:true");
}

TEST(ConditionStable, DipsWhenATimeOperatorInsideItFlips) {
  EXPECT_EQ(run("stable('k' ~ 1)", R"({"t": 0, "set": {"k": true}})", 2.0), "0:true 1:false 1:true");
}

TEST(ConditionStable, CombinedWithATimeOperator) {
  // "Unchanged for 2 s": true at 2, broken by the change at 3, true again at 5.
  EXPECT_EQ(run("stable('k') ~ 2", R"({"t": 0, "set": {"unrelated": 1}}
{"t": 3, "set": {"k": 1}})",
                6.0),
            "0:false 2:true 3:false 5:true");
}

TEST(ConditionStable, NeedsOneArgument) {
  EXPECT_NE(errorAt("stable()"), "compiled");
  EXPECT_NE(errorAt("stable(1, 2)"), "compiled");
}

// ---- rand --------------------------------------------------------------------------------------

std::vector<autolife::trace::OutputLine> randLines(const std::string& expression, double until,
                                                   std::uint64_t seed = 0, std::string_view trace = {}) {
  return runLines(expression, trace, {until, seed});
}

TEST(ConditionRand, IntBoundsGiveIntsFloatBoundsGiveFloats) {
  EXPECT_EQ(value("type(rand(0, 10, 1))"), "\"Int\"");
  EXPECT_EQ(value("type(rand(5.0, 7.0, 5))"), "\"Float\"");
  EXPECT_EQ(value("type(rand(0, 10.0, 1))"), "\"Float\"");
  EXPECT_EQ(value("type(rand(0.0, 10, 1))"), "\"Float\"");
  EXPECT_EQ(value("type(rand(60, 80, 0))"), "\"Int\"");
}

TEST(ConditionRand, IntDrawsCoverBothInclusiveBounds) {
  std::set<std::int64_t> seen;
  for (const auto& l : randLines("rand(0, 2, 1)", 300)) {
    ASSERT_TRUE(l.value.isInt()) << l.value.toJson();
    seen.insert(l.value.asInt());
  }
  EXPECT_EQ(seen, (std::set<std::int64_t>{0, 1, 2}));
}

TEST(ConditionRand, IntDrawsStayWithinBounds) {
  auto lines = randLines("rand(60, 80, 1)", 500);
  EXPECT_GT(lines.size(), 100u);
  std::set<std::int64_t> seen;
  for (const auto& l : lines) {
    ASSERT_TRUE(l.value.isInt());
    EXPECT_GE(l.value.asInt(), 60);
    EXPECT_LE(l.value.asInt(), 80);
    seen.insert(l.value.asInt());
  }
  EXPECT_TRUE(seen.count(60));
  EXPECT_TRUE(seen.count(80));
}

TEST(ConditionRand, FloatDrawsStayWithinBounds) {
  auto lines = randLines("rand(5.0, 7.0, 1)", 200);
  EXPECT_GT(lines.size(), 150u);
  std::set<double> seen;
  for (const auto& l : lines) {
    ASSERT_TRUE(l.value.isFloat()) << l.value.toJson();
    EXPECT_GE(l.value.asFloat(), 5.0);
    EXPECT_LE(l.value.asFloat(), 7.0);
    seen.insert(l.value.asFloat());
  }
  EXPECT_GT(seen.size(), 150u);  // really random, not a few values
  EXPECT_LT(*seen.begin(), 5.2);
  EXPECT_GT(*seen.rbegin(), 6.8);
}

TEST(ConditionRand, FloatBoundsNearTheLimitsOfDoublesStillDraw) {
  // hi - lo overflows there; a draw must not.
  for (const auto& l : randLines("rand(-1e308, 1e308, 1)", 20)) {
    ASSERT_TRUE(l.value.isFloat()) << l.value.toJson();
    EXPECT_GE(l.value.asFloat(), -1e308);
    EXPECT_LE(l.value.asFloat(), 1e308);
  }
}

TEST(ConditionRand, SwappedBoundsAreReordered) {  // decision 11
  for (const auto& l : randLines("rand(10, 0, 1)", 100)) {
    ASSERT_TRUE(l.value.isInt());
    EXPECT_GE(l.value.asInt(), 0);
    EXPECT_LE(l.value.asInt(), 10);
  }
}

TEST(ConditionRand, EqualBoundsGiveThatValue) {
  EXPECT_EQ(run("rand(3, 3, 1)", {}, 10.0), "0:3");
  EXPECT_EQ(run("rand(2.5, 2.5, 1)", {}, 10.0), "0:2.5");
}

TEST(ConditionRand, NonNumberBoundsGiveInvalid) {  // decision 11
  EXPECT_EQ(value("rand(\"a\", 1, 1)"), "null");
  EXPECT_EQ(value("rand(0, [1], 1)"), "null");
  EXPECT_EQ(value("rand(0, 'missing', 1)"), "null");
}

TEST(ConditionRand, IsRegeneratedAtEveryMultipleOfItsPeriod) {
  std::string times;
  for (const auto& l : randLines("rand(0, 1000000000, 1)", 5)) times += autolife::test::seconds(l.time) + " ";
  EXPECT_EQ(times, "0 1 2 3 4 5 ");
  times.clear();
  for (const auto& l : randLines("rand(0.0, 1.0, 2.5)", 10)) times += autolife::test::seconds(l.time) + " ";
  EXPECT_EQ(times, "0 2.5 5 7.5 10 ");
}

TEST(ConditionRand, PeriodsCountFromEngineStartNotFromTheFirstStep) {
  std::string times;
  for (const auto& l : randLines("rand(0, 1000000000, 1)", 4, 0, R"({"t": 1.2, "set": {"x": 1}})"))
    times += autolife::test::seconds(l.time) + " ";
  EXPECT_EQ(times, "1.2 2 3 4 ");
}

TEST(ConditionRand, PeriodZeroIsDrawnOnce) {
  std::string trace;
  for (int t = 0; t <= 50; ++t) trace += "{\"t\": " + std::to_string(t) + ", \"set\": {\"k\": " + std::to_string(t) + "}}\n";
  auto lines = randLines("rand(0, 1000000000, 0) + 0 * 'k'", 100, 0, trace);
  ASSERT_EQ(lines.size(), 1u) << autolife::test::render(lines);
  EXPECT_EQ(lines[0].time.count(), 0);
}

TEST(ConditionRand, SameSeedSameDraws) {
  auto a = autolife::test::render(randLines("rand(0, 1000000, 1)", 20, 42));
  auto b = autolife::test::render(randLines("rand(0, 1000000, 1)", 20, 42));
  EXPECT_EQ(a, b);
  EXPECT_EQ(autolife::test::render(randLines("rand(0.0, 1.0, 0)", 1, 0)),
            autolife::test::render(randLines("rand(0.0, 1.0, 0)", 1, 0)));
}

TEST(ConditionRand, DifferentSeedsDifferentDraws) {
  auto a = autolife::test::render(randLines("rand(0, 1000000, 1)", 20, 0));
  auto b = autolife::test::render(randLines("rand(0, 1000000, 1)", 20, 1));
  EXPECT_NE(a, b);
  EXPECT_NE(autolife::test::render(randLines("rand(0, 1000000, 0)", 0, 0)),
            autolife::test::render(randLines("rand(0, 1000000, 0)", 0, 7)));
}

TEST(ConditionRand, DrawsDependOnlyOnThePeriodIndexNotOnOtherSteps) {
  // The value in force at t=7.5 is the draw of period 7, however many
  // evaluation points came before it.
  std::string busy;
  for (int i = 1; i <= 70; ++i) busy += "{\"t\": " + std::to_string(i / 10.0) + ", \"set\": {\"x\": " + std::to_string(i) + "}}\n";
  auto quiet = runLines("rand(0, 1000000000, 1) + 0 * 'x'", R"({"t": 0, "set": {"x": 0}})", {7.5, 0});
  auto noisy = runLines("rand(0, 1000000000, 1) + 0 * 'x'", busy, {7.5, 0});
  ASSERT_FALSE(quiet.empty());
  ASSERT_FALSE(noisy.empty());
  EXPECT_EQ(quiet.back().value.toJson(), noisy.back().value.toJson());
  EXPECT_EQ(autolife::test::seconds(quiet.back().time), "7");
  EXPECT_EQ(autolife::test::seconds(noisy.back().time), "7");
}

TEST(ConditionRand, TwoRandCallsAreIndependentStreams) {
  EXPECT_EQ(value("rand(0, 1000000000, 0) == rand(0, 1000000000, 0)"), "false");
}

TEST(ConditionRand, AsATimeWindow) {
  EXPECT_EQ(run("'k' ~ rand(2, 2, 0)", R"({"t": 0, "set": {"k": true}})"), "0:false 2:true");
}

TEST(ConditionRand, PeriodMustBeAConstantNonNegativeNumber) {  // decision 11
  EXPECT_NE(errorAt("rand(0, 1, 'p')"), "compiled");
  EXPECT_NE(errorAt("rand(0, 1, -1)"), "compiled");
  EXPECT_NE(errorAt("rand(0, 1, \"1\")"), "compiled");
  EXPECT_NE(errorAt("rand(0, 1, 1 + 'p')"), "compiled");
  EXPECT_EQ(errorAt("rand(0, 1, 0.5)"), "compiled");
  EXPECT_EQ(errorAt("rand('lo', 'hi', 1)"), "compiled");  // bounds may be dynamic
  // A constant expression, as for a time operator's window.
  EXPECT_EQ(errorAt("rand(0, 1, 2 * 60)"), "compiled");
  EXPECT_EQ(errorAt("rand(0, 1, (2))"), "compiled");
  EXPECT_NE(errorAt("rand(0, 1, 1 - 2)"), "compiled");
}

TEST(ConditionRand, APeriodWrittenAsAnExpressionRedrawsAtItsValue) {
  std::string times;
  for (const auto& l : randLines("rand(0, 1000000000, 1 + 1)", 5)) times += autolife::test::seconds(l.time) + " ";
  EXPECT_EQ(times, "0 2 4 ");
}

TEST(ConditionRand, NeedsThreeArguments) {
  EXPECT_NE(errorAt("rand(0, 1)"), "compiled");
  EXPECT_NE(errorAt("rand()"), "compiled");
  EXPECT_NE(errorAt("rand(0, 1, 1, 1)"), "compiled");
}

}  // namespace

namespace {

// Decision 11: a period must be 0 or at least a millisecond; a nanosecond
// period would redraw a billion times per simulated second.
TEST(ConditionRand, PeriodBelowAMillisecondIsRefused) {
  EXPECT_EQ(autolife::test::errorAt("rand(0, 1, 0.000000001)"), "1:12");
  EXPECT_EQ(autolife::test::errorAt("rand(0, 1, 0.0009)"), "1:12");
  EXPECT_EQ(autolife::test::errorAt("rand(0, 1, 0.001)"), "compiled");
  EXPECT_EQ(autolife::test::errorAt("rand(0, 1, 0)"), "compiled");
}

}  // namespace
