// Bad expressions (REFERENCE §3: "A parse or type error in a condition is
// reported with line:column and the offending text"; docs/decisions.md 13,
// 14, 16): each gives one Diagnostic at the right place, never a crash or a
// hang, whatever the input.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "run.hpp"

namespace {

using autolife::test::compileError;
using autolife::test::compiles;
using autolife::test::errorAt;
using autolife::test::run;
using testing::AnyOf;
using testing::HasSubstr;

// ---- syntax ----------------------------------------------------------------------

TEST(ConditionSyntaxError, UnclosedParenthesis) {
  // Reported where ')' was expected (end of input) or at the '(' left open.
  EXPECT_THAT(errorAt("('k' >= 1"), AnyOf("1:10", "1:1"));
  EXPECT_THAT(errorAt("(('k' >= 1) ~ 3"), AnyOf("1:16", "1:1"));
}

TEST(ConditionSyntaxError, StrayClosingParenthesis) {
  EXPECT_EQ(errorAt("'k' >= 1)"), "1:9");
  EXPECT_EQ(errorAt("('k' >= 1)) ~ 3"), "1:11");
}

TEST(ConditionSyntaxError, UnclosedList) {
  EXPECT_THAT(errorAt("[1, 2"), AnyOf("1:6", "1:1"));
  EXPECT_THAT(errorAt("'k' subsets [1, 2"), AnyOf("1:18", "1:13"));
}

TEST(ConditionSyntaxError, UnclosedIndexAndCall) {
  EXPECT_THAT(errorAt("'k'[1"), AnyOf("1:6", "1:4"));
  EXPECT_THAT(errorAt("strlen(\"a\""), AnyOf("1:11", "1:7", "1:1"));
}

TEST(ConditionSyntaxError, MismatchedBrackets) {
  EXPECT_EQ(errorAt("(1]"), "1:3");
  EXPECT_EQ(errorAt("[1)"), "1:3");
}

TEST(ConditionSyntaxError, EmptyExpression) {
  EXPECT_EQ(errorAt(""), "1:1");
  EXPECT_THAT(errorAt("   "), AnyOf("1:4", "1:1"));
  EXPECT_THAT(errorAt("\n\n"), AnyOf("3:1", "1:1"));
  EXPECT_EQ(errorAt("()"), "1:2");
}

TEST(ConditionSyntaxError, TrailingGarbage) {
  EXPECT_EQ(errorAt("1 2"), "1:3");
  EXPECT_EQ(errorAt("'k' 'j'"), "1:5");
  EXPECT_EQ(errorAt("('k' >= 1) ~ 3 xyz"), "1:16");
  EXPECT_EQ(errorAt("'k' == 1 ;"), "1:10");
}

TEST(ConditionSyntaxError, MissingOperand) {
  EXPECT_EQ(errorAt("1 +"), "1:4");
  EXPECT_EQ(errorAt("&& 1"), "1:1");
  EXPECT_EQ(errorAt("1 * * 2"), "1:5");
  EXPECT_EQ(errorAt("'k' ~"), "1:6");
  EXPECT_EQ(errorAt("!"), "1:2");
  EXPECT_EQ(errorAt("'k' subsets"), "1:12");
  EXPECT_EQ(errorAt("(1, 2)"), "1:3");
}

TEST(ConditionSyntaxError, UnknownCharacter) {
  EXPECT_EQ(errorAt("1 $ 2"), "1:3");
  EXPECT_EQ(errorAt("'k' ?? 1"), "1:5");
}

TEST(ConditionSyntaxError, UnterminatedString) {
  EXPECT_EQ(errorAt("\"abc"), "1:1");
  EXPECT_EQ(errorAt("'k' == \"solitary"), "1:8");
  EXPECT_EQ(errorAt("\"ab\\\""), "1:1");  // the escaped quote does not close it
}

TEST(ConditionSyntaxError, UnterminatedKey) {
  EXPECT_EQ(errorAt("'abc"), "1:1");
  EXPECT_EQ(errorAt("1 + 'Launchpad/State"), "1:5");
}

TEST(ConditionSyntaxError, EmptyKey) {  // decision 13
  EXPECT_EQ(errorAt("''"), "1:1");
  EXPECT_EQ(errorAt("1 == ''"), "1:6");
}

TEST(ConditionSyntaxError, UnknownFunctionNamesItself) {
  auto d = compileError("1 + foo('k')");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->line, 1);
  EXPECT_EQ(d->column, 5);
  EXPECT_THAT(d->message, HasSubstr("foo"));
}

TEST(ConditionSyntaxError, WrongArityPointsAtTheCall) {
  EXPECT_THAT(errorAt("substr(\"canard\", 1)"), AnyOf("1:1", "1:19"));
  EXPECT_THAT(errorAt("1 + int()"), AnyOf("1:5", "1:9"));
  EXPECT_THAT(errorAt("rand(0, 1)"), AnyOf("1:1", "1:10"));
}

TEST(ConditionSyntaxError, NonConstantPrefArgumentPointsAtTheArgumentOrTheCall) {
  EXPECT_THAT(errorAt("pref('d', \"s\")"), AnyOf("1:6", "1:1"));
  EXPECT_THAT(errorAt("pref(\"d\", 'k' + \"s\")"), AnyOf("1:11", "1:1"));
}

TEST(ConditionSyntaxError, NegativeConstantWindowPointsAtTheWindow) {  // decision 15
  EXPECT_THAT(errorAt("'k' ~ -1"), AnyOf("1:7", "1:8"));
  EXPECT_EQ(errorAt("'k' # \"5\""), "1:7");
}

TEST(ConditionSyntaxError, OutOfRangeLiterals) {  // decision 16
  EXPECT_EQ(errorAt("9223372036854775808"), "1:1");
  EXPECT_EQ(errorAt("1 + 99999999999999999999"), "1:5");
  EXPECT_NE(errorAt("-9223372036854775808"), "compiled");
  EXPECT_EQ(errorAt("1e400"), "1:1");
  EXPECT_EQ(errorAt("'k' < 2e308"), "1:7");
}

// ---- where the error is reported --------------------------------------------------------

TEST(ConditionErrorLocation, LineAndColumnInAMultiLineCondition) {
  auto d = compileError("('k' >= 1)\n  && foo(2)");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->line, 2);
  EXPECT_EQ(d->column, 6);
  EXPECT_EQ(d->sourceLine, "  && foo(2)");
}

TEST(ConditionErrorLocation, ThirdLineOfACdataBlock) {
  EXPECT_EQ(errorAt("\n  ('Launchpad/NumPeopleZone2' >= 1) ~ 3\n  && ('k' $ 2)\n"), "3:11");
}

TEST(ConditionErrorLocation, ColumnsCountCharactersNotBytes) {
  // "é" is two bytes but one column.
  EXPECT_EQ(errorAt("\"\xc3\xa9\" + foo(1)"), "1:7");
  EXPECT_EQ(errorAt("'caf\xc3\xa9' $"), "1:8");
}

TEST(ConditionErrorLocation, ATabIsOneColumn) { EXPECT_EQ(errorAt("\t1 $"), "1:4"); }

TEST(ConditionErrorLocation, MessageIsASentenceAndFormatShowsTheLocation) {
  auto d = compileError("'k' >= 1)");
  ASSERT_TRUE(d);
  EXPECT_FALSE(d->message.empty());
  EXPECT_EQ(d->sourceLine, "'k' >= 1)");
  EXPECT_THAT(d->format(), HasSubstr("1:9"));
  EXPECT_THAT(d->format(), HasSubstr(d->message));
  // The excerpt shows the line and, on the next line, a caret under column 9.
  const std::string excerpt = d->formatWithExcerpt();
  const auto lineAt = excerpt.find("'k' >= 1)\n");
  ASSERT_NE(lineAt, std::string::npos) << excerpt;
  const auto lineStart = excerpt.rfind('\n', lineAt) + 1;
  const auto caretLineStart = excerpt.find('\n', lineAt) + 1;
  const auto caret = excerpt.find('^', caretLineStart);
  ASSERT_NE(caret, std::string::npos) << excerpt;
  EXPECT_EQ(caret - caretLineStart, (lineAt - lineStart) + 8) << excerpt;
}

TEST(ConditionErrorLocation, TheOffendingTextIsNamed) {
  auto d = compileError("'k' >= 1 xyz");
  ASSERT_TRUE(d);
  EXPECT_THAT(d->message + d->sourceLine, HasSubstr("xyz"));
}

// ---- real manifest forms that must keep compiling ----------------------------------------------

TEST(ConditionManifestForms, AllCompile) {
  for (const char* text : {
           "'AutonomousLife/State' = \"solitary\"",
           "('ALBasicAwareness/HumanTracked' = -1)~60",
           "'Launchpad/PeopleNotSeen'",
           "!'Launchpad/BatteryIsCharging'",
           "('Launchpad/NumPeopleZone2' >= 1) ~ 3",
           "('Launchpad/NumPeopleZone2'>=1)~3",
           "('Launchpad/NumPeopleZone2' >= 1)~ 3",
           "('Launchpad/NumPeopleZone2' >= 1) ~3",
           "bang('ALTextToSpeech/TextDone') && bang('ALAnimatedSpeech/EndOfAnimatedSpeech')",
           "\n    ('Launchpad/FocusedActivity' != \"my_attractions/child_attraction1\") ~ 60\n    && 'Launchpad/NumPeopleZone1' > 0\n  ",
           "\t'k'\t==\t1\t",
       }) {
    EXPECT_TRUE(compiles(text)) << text << " -> " << compileError(text)->format();
  }
}

TEST(ConditionManifestForms, TimeOperatorWithAndWithoutSpacesMeanTheSame) {
  const char* trace = R"({"t": 0, "set": {"k": 1}}
{"t": 5, "set": {"k": 0}})";
  const std::string expected = "0:false 3:true 5:false";
  EXPECT_EQ(run("('k' >= 1) ~ 3", trace, 8.0), expected);
  EXPECT_EQ(run("('k'>=1)~3", trace, 8.0), expected);
  EXPECT_EQ(run("('k' >= 1)~ 3", trace, 8.0), expected);
  EXPECT_EQ(run("('k' >= 1) ~3", trace, 8.0), expected);
  EXPECT_EQ(run("'k'~3", trace, 8.0), expected);
}

TEST(ConditionManifestForms, NewlinesAndTabsInsideTheCondition) {
  EXPECT_EQ(run("\n  ('k' >= 1)\n    ~ 3\n  && !'j'\n", R"({"t": 0, "set": {"k": 1, "j": false}}
{"t": 4, "set": {"j": true}})",
                8.0),
            "0:false 3:true 4:false");
  EXPECT_EQ(run("'k'\n==\n1", R"({"t": 0, "set": {"k": 1}})"), "0:true");
  EXPECT_EQ(run("\t'k' ==\t1", R"({"t": 0, "set": {"k": 1}})"), "0:true");
}

TEST(ConditionManifestForms, BareKeyAndNotKey) {
  const char* trace = R"({"t": 0, "set": {"k": false}}
{"t": 1, "set": {"k": true}}
{"t": 2, "set": {"k": 0}}
{"t": 3, "set": {"k": "x"}})";
  EXPECT_EQ(run("'k' && true", trace), "0:false 1:true 2:false 3:true");
  EXPECT_EQ(run("!'k'", trace), "0:true 1:false 2:true 3:false");
}

// ---- limits: huge and deeply nested input ------------------------------------------------------

TEST(ConditionLimits, OneMebibyteIsAcceptedOneByteMoreIsNot) {  // decision 14
  std::string text = "1";
  text.append((1u << 20) - 1, ' ');
  EXPECT_TRUE(compiles(text));
  text += ' ';
  auto d = compileError(text);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->line, 1);
  EXPECT_GE(d->column, 1);
}

TEST(ConditionLimits, HugeMultiLineInputIsOneDiagnostic) {
  std::string text;
  while (text.size() <= (1u << 20) + 100) text += "'Launchpad/NumPeopleZone1' >= 1 ||\n";
  text += "false";
  auto d = compileError(text);
  ASSERT_TRUE(d);
  EXPECT_GE(d->line, 1);
  EXPECT_GE(d->column, 1);
  EXPECT_FALSE(d->message.empty());
}

TEST(ConditionLimits, TenThousandOpeningParentheses) {
  std::string text(10000, '(');
  text += "1";
  text += std::string(10000, ')');
  auto d = compileError(text);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->line, 1);
  // The error is where nesting passes 256 levels.
  EXPECT_GE(d->column, 250) << d->format();
  EXPECT_LE(d->column, 260) << d->format();
}

TEST(ConditionLimits, TenThousandOpeningParenthesesAlone) {
  auto d = compileError(std::string(10000, '('));
  ASSERT_TRUE(d);
  EXPECT_EQ(d->line, 1);
  EXPECT_GE(d->column, 250);
  EXPECT_LE(d->column, 10001);
}

TEST(ConditionLimits, ModerateNestingIsFine) {
  std::string text(200, '(');
  text += "1";
  text += std::string(200, ')');
  EXPECT_EQ(run(text), "0:1");
  std::string lists(100, '[');
  lists += std::string(100, ']');
  EXPECT_TRUE(compiles(lists));
}

TEST(ConditionLimits, HundredThousandNots) {
  std::string text(100000, '!');
  text += "'k'";
  auto d = compileError(text);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->line, 1);
  EXPECT_GE(d->column, 250) << d->format();
  EXPECT_LE(d->column, 260) << d->format();
}

TEST(ConditionLimits, HundredThousandUnaryMinuses) {
  std::string text;
  for (int i = 0; i < 100000; ++i) text += "- ";
  text += "1";
  auto d = compileError(text);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->line, 1);
  EXPECT_GE(d->column, 2 * 250) << d->format();
  EXPECT_LE(d->column, 2 * 260) << d->format();
}

TEST(ConditionLimits, HundredThousandTermPlusChain) {
  std::string text = "1";
  for (int i = 1; i < 100000; ++i) text += "+1";
  auto d = compileError(text);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->line, 1);
  // Chains other than && / || nest: the error is at the '+' that passes
  // 256 levels (the 256th, column 512), quoted with the text around it.
  EXPECT_EQ(d->column, 2 * 256) << d->format();
  EXPECT_THAT(d->formatWithExcerpt(), HasSubstr("+1+1+1")) << d->formatWithExcerpt();
}

TEST(ConditionLimits, DeepChainsOfEveryKindAreReportedAtTheirOperator) {
  for (const std::string op : {" * ", " < ", " | ", " ~ ", " subsets "}) {
    std::string text = "1";
    for (int i = 0; i < 300; ++i) text += op + "1";
    auto d = compileError(text);
    ASSERT_TRUE(d) << op;
    EXPECT_EQ(d->column, 1 + 256 * static_cast<int>(op.size() + 1) - static_cast<int>(op.size()) + 1) << op << d->format();
  }
}

TEST(ConditionLimits, LongPlusChainOnASecondLineIsReportedThere) {
  std::string text = "'x' ||\n  'y' == 1";
  for (int i = 1; i < 20000; ++i) text += " + 1";
  auto d = compileError(text);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->line, 2);
  EXPECT_GE(d->column, 3) << d->format();
}

TEST(ConditionLimits, HundredThousandTermOrChainIsFlatAndEvaluates) {  // decision 14
  std::string text = "'k0'";
  for (int i = 1; i < 100000; ++i) text += " || 'k" + std::to_string(i % 50) + "'";
  ASSERT_TRUE(compiles(text)) << compileError(text)->format();
  EXPECT_EQ(run(text, R"({"t": 0, "set": {"unrelated": 1}}
{"t": 1, "set": {"k42": true}})"),
            "0:false 1:true");
}

TEST(ConditionLimits, HundredThousandTermAndChainIsFlat) {
  std::string text = "true";
  for (int i = 1; i < 100000; ++i) text += " && true";
  EXPECT_EQ(run(text), "0:true");
}

TEST(ConditionLimits, DeeplyNestedListsAndCalls) {
  std::string lists(10000, '[');
  lists += std::string(10000, ']');
  auto d = compileError(lists);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->line, 1);

  std::string calls;
  for (int i = 0; i < 10000; ++i) calls += "int(";
  calls += "1";
  calls += std::string(10000, ')');
  d = compileError(calls);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->line, 1);
}

TEST(ConditionLimits, LongTimeOperatorChain) {
  std::string text = "'k'";
  for (int i = 0; i < 100000; ++i) text += " ~ 1";
  auto d = compileError(text);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->line, 1);
}

TEST(ConditionLimits, LongIndexChainNeverCrashes) {
  std::string text = "'k'";
  for (int i = 0; i < 100000; ++i) text += "[0]";
  // Either refused with a location or compiled and evaluated without
  // exhausting the stack.
  if (auto d = compileError(text)) {
    EXPECT_EQ(d->line, 1);
  } else {
    EXPECT_EQ(run(text), "0:null");
  }
}

TEST(ConditionLimits, DeepNestingOnALaterLine) {
  std::string text = "'a' ||\n";
  text += std::string(10000, '(');
  auto d = compileError(text);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->line, 2);
}

TEST(ConditionLimits, LowerLimitsAreHonoured) {
  autolife::condition::CompileLimits limits;
  limits.maxLength = 10;
  EXPECT_FALSE(compileError("1 + 2", limits));
  EXPECT_TRUE(compileError("1 + 2 + 3 + 4", limits));
  limits = {};
  limits.maxDepth = 8;
  EXPECT_FALSE(compileError("((1))", limits));
  EXPECT_TRUE(compileError("((((((((((((1))))))))))))", limits));
}

}  // namespace

namespace {

// An error message quotes the offending text on one line, cut short: a stray
// 1 MiB string must not make a 1 MiB message.
TEST(ConditionSyntaxError, QuotedTextIsShortAndOnOneLine) {
  const std::string huge = "\"" + std::string((1 << 20) - 100, 'x') + "\"";
  auto d = compileError("'k' " + huge);
  ASSERT_TRUE(d);
  EXPECT_LT(d->message.size(), 200u) << d->message.substr(0, 300);
  EXPECT_THAT(d->message, HasSubstr("xxx..."));

  auto multiLine = compileError("pref(\"d\", concat(\"a\",\n\"b\"))");
  ASSERT_TRUE(multiLine);
  EXPECT_EQ(multiLine->message.find('\n'), std::string::npos) << multiLine->message;
  EXPECT_THAT(multiLine->message, HasSubstr("concat(\"a\", \"b\")"));
}

}  // namespace
