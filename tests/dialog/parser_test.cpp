// QiChat's syntax (dialog-syntax_full): what parses into what, and errors
// at file:line:column that say what is wrong.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/dialog/topic.hpp"

namespace autolife::dialog {
namespace {

using ::testing::HasSubstr;

std::string errors(const std::string& source) {
  std::string out;
  for (const auto& p : parseTopic(source, "t.top").problems) out += p.format() + "\n";
  return out;
}

TEST(QiChatParser, ReadsTheHeaderConceptsAndRulesWithTheirSubrules) {
  auto r = parseTopic(R"(topic: ~introduction ^noPick ()
language: enu
concept:(greetings) ^rand[hi hello "hey there"]
dynamic:mp3
u:(talk about animals) do you have a cat or a dog?
   u1:(dog) is it a big dog?
     u2:(yes) make sure he has enough space to run
   u1:(cat) do you live in the countryside?
proposal: %sport Do you want to talk about sport?
   u1:(yes) Cool
)",
                      "intro.top");
  ASSERT_TRUE(r.topic) << (r.problems.empty() ? "" : r.problems[0].format());
  const Topic& t = *r.topic;
  EXPECT_EQ(t.name, "introduction");
  EXPECT_EQ(t.language, "English");
  EXPECT_TRUE(t.hasProperty("noPick"));
  ASSERT_EQ(t.concepts.size(), 2u);
  EXPECT_TRUE(t.concepts[1].dynamic);
  ASSERT_EQ(t.rules.size(), 6u);
  EXPECT_EQ(t.rules[0].children, (std::vector<std::size_t>{1, 3}));
  EXPECT_EQ(t.rules[1].children, (std::vector<std::size_t>{2}));
  EXPECT_EQ(*t.rules[2].parent, 1u);
  EXPECT_EQ(t.rules[4].kind, RuleKind::Proposal);
  EXPECT_EQ(t.rules[4].tags, (std::vector<std::string>{"sport"}));
  EXPECT_EQ(t.rules[5].parent, 4u);
  EXPECT_EQ(t.rules[3].at.line, 8);
  EXPECT_EQ(t.rules[3].at.column, 4);
}

TEST(QiChatParser, AnAnswerMayGoOnOnTheNextLinesAndCommentsAreDropped) {
  auto r = parseTopic("topic: ~t()\nlanguage: English\nu:(I want a milkshake) # comment\n    ok, let's do it.\n"
                      "    # a comment line\n    say next\nu:(next) ^nextProposal\n",
                      "t.top");
  ASSERT_TRUE(r.topic);
  ASSERT_EQ(r.topic->rules.size(), 2u);
  const auto& out = r.topic->rules[0].output;
  ASSERT_FALSE(out.children.empty());
  EXPECT_THAT(out.children[0].text, HasSubstr("ok, let's do it."));
  EXPECT_THAT(out.children[0].text, HasSubstr("say next"));
}

TEST(QiChatParser, NestedQuotesInsideBracketsInsideQuotes) {
  // The English lexicon writes phrases like this.
  auto r = parseTopic("topic: ~t()\nlanguage: English\n"
                      "concept:(want_to) [\"[want wish \"would [like love]\"] to\" wanna \"need {to}\"]\n",
                      "t.top");
  ASSERT_TRUE(r.topic) << errors("");
  const auto& p = r.topic->concepts[0].pattern;
  EXPECT_EQ(p.kind, PatternKind::Choice);
  EXPECT_EQ(p.children.size(), 3u);
}

TEST(QiChatParser, UnbalancedBracketsAreReportedWhereTheyOpen) {
  EXPECT_EQ(errors("topic: ~t()\nlanguage: English\nu:(hello [hi hey) hi\n"),
            "t.top:3:10: error: unclosed '['\n");
  EXPECT_EQ(errors("topic: ~t()\nlanguage: English\nu:(hello hi\n"),
            "t.top:3:3: error: expected ')' before the end of the rule\n");
  EXPECT_EQ(errors("topic: ~t()\nlanguage: English\nu:(hello) hi {there\n"),
            "t.top:3:14: error: unclosed '{'\n");
  EXPECT_EQ(errors("topic: ~t()\nlanguage: English\nu:(hello) hi there]\n"),
            "t.top:3:19: error: unexpected ']'\n");
}

TEST(QiChatParser, LinesEndAtNewlineCarriageReturnOrBoth) {
  // Found by fuzz_qichat: a lone \r ended a line for core::TextLines (the
  // excerpt) and not for the parser, so the error's line was off.
  for (const char* eol : {"\n", "\r\n", "\r"}) {
    const std::string e(eol);
    const std::string header = "topic: ~t()" + e + "language: English" + e;
    EXPECT_EQ(errors(header + "u:(hello [hi hey) hi" + e), "t.top:3:10: error: unclosed '['\n")
        << "line ends: " << (e == "\r" ? "CR" : e == "\n" ? "LF" : "CRLF");
    ParseResult r = parseTopic(header + "u:(hi) one" + e + "u:(bye) two" + e, "t.top");
    ASSERT_TRUE(r.topic);
    ASSERT_EQ(r.topic->rules.size(), 2u);
    EXPECT_EQ(r.topic->rules[1].at.line, 4);
  }
}

TEST(QiChatParser, EveryBrokenStatementIsReportedNotJustTheFirst) {
  const std::string e = errors("topic: ~t()\nlanguage: English\nu:(a [b) x\nu:(fine) ok\nu2:(orphan) no\n");
  EXPECT_THAT(e, HasSubstr("t.top:3:6: error: unclosed '['"));
  EXPECT_THAT(e, HasSubstr("t.top:5:1: error: u2: without a rule one level up before it"));
}

TEST(QiChatParser, HeaderErrors) {
  EXPECT_THAT(errors("language: English\nu:(hi) hello\n"), HasSubstr("missing 'topic: ~name()'"));
  EXPECT_THAT(errors("topic: ~t()\nu:(hi) hello\nlanguage: enu\n"), HasSubstr("t.top:2:1: error: a rule before 'language:'"));
  EXPECT_THAT(errors("topic: ~t()\nlanguage: klingon\n"), HasSubstr("t.top:2:1: error: unknown language 'klingon'"));
  EXPECT_THAT(errors("topic: t()\nlanguage: enu\n"), HasSubstr("t.top:1:1: error: expected 'topic: ~name()'"));
  EXPECT_THAT(errors("topic: ~t()\nlanguage: enu\nhello there\n"), HasSubstr("t.top:3:1: error: expected a statement"));
}

TEST(QiChatParser, ALoneBackslashIsAWarningAndNotSaid) {
  // Published topics end lines with one; the robot loads them.
  auto r = parseTopic("topic: ~t()\nlanguage: enu\nu:(hi) \\pau=500 hello\n", "t.top");
  ASSERT_TRUE(r.topic);
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0].format(), "t.top:3:8: warning: a lone '\\' (a speech tag is written \\tag=value\\); it is not said");
}

TEST(QiChatParser, LanguagesByCodeNameOrLocale) {
  EXPECT_EQ(languageName("enu"), "English");
  EXPECT_EQ(languageName("frf"), "French");
  EXPECT_EQ(languageName("fr_FR"), "French");
  EXPECT_EQ(languageName("Japanese"), "Japanese");
  EXPECT_EQ(languageName("xx"), "");
  EXPECT_EQ(languageCode("French"), "frf");
}

TEST(QiChatParser, ArbitraryBytesNeverCrashAndDeepNestingIsAnError) {
  std::string deep = "topic: ~t()\nlanguage: enu\nu:(" + std::string(500, '[') + "x" + std::string(500, ']') + ") y\n";
  EXPECT_THAT(errors(deep), HasSubstr("nested too deeply"));
  std::string junk;
  for (int i = 0; i < 2000; ++i) junk += static_cast<char>((i * 7919) % 256);
  auto r = parseTopic(junk, "junk.top");
  EXPECT_FALSE(r.topic);
  EXPECT_FALSE(r.problems.empty());
}

// Real topics (public Choregraphe projects) write these; the robot loads them.
TEST(QiChatParser, APhraseInQuotesMayStandAloneInAnInput) {
  auto r = parseTopic("topic: ~t()\nlanguage: enu\nu:(\"ue uaglio\") hi\nu:(yes \"play again\") ok\n"
                      "u:(\"e:touched light this leg\") leds\n", "t.top");
  ASSERT_TRUE(r.topic) << errors("");
  EXPECT_TRUE(r.problems.empty());
  EXPECT_EQ(errors("topic: ~t()\nlanguage: enu\nu:(hello \"a b) hi\n"),
            "t.top:3:10: error: unclosed '\"'\n");
}

TEST(QiChatParser, TheJapaneseLexiconsWritingLoads) {
  // lexicon_jpj.top: items separated by U+3000, optional parts against
  // words in answers, '/' in concept names.
  auto r = parseTopic("topic: ~t()\nlanguage: jpj\n"
                      "concept:(how_much/many)[どれくらい\u3000どれほど\u3000\"{お}いくら\"\u3000いくつ]\n"
                      "concept:(country)[イギリス\u3000イスラエル{こく}\u3000\"イタリア{共和国}\"]\n"
                      "u:(~how_much/many) ~country\n", "t.top");
  ASSERT_TRUE(r.topic) << (r.problems.empty() ? "" : r.problems[0].format());
  EXPECT_TRUE(r.problems.empty());
  ASSERT_EQ(r.topic->concepts.size(), 2u);
  EXPECT_EQ(r.topic->concepts[0].name, "how_much/many");
  EXPECT_EQ(r.topic->concepts[0].pattern.children.size(), 4u);
  ASSERT_EQ(r.topic->concepts[1].output.children.size(), 1u);
  EXPECT_EQ(r.topic->concepts[1].output.children[0].children.size(), 3u);  // three alternatives
  EXPECT_EQ(r.topic->rules[0].input.children[0].text, "how_much/many");
}

TEST(QiChatParser, TheRecoverSectionMarksTheRulesAfterIt) {
  auto r = parseTopic("topic: ~t()\nlanguage: enu\nu:(alien) not an alien\nrecover:\nu:(hello) hello human\n", "t.top");
  ASSERT_TRUE(r.topic) << errors("");
  ASSERT_EQ(r.topic->rules.size(), 2u);
  EXPECT_FALSE(r.topic->rules[0].recover);
  EXPECT_TRUE(r.topic->rules[1].recover);
  EXPECT_EQ(r.topic->rules[0].output.children[0].text, "not an alien");
}

}  // namespace
}  // namespace autolife::dialog

namespace autolife::dialog {
namespace {

// Public topics NAOqi loads (issue 32's corpus): its own dialogs' `model:`
// line, a repeated header, quotes escaped inside a ^pCall.
TEST(QiChatParser, WhatPublishedTopicsWriteLoads) {
  auto model = parseTopic("topic: ~dlg_posture_nao ^noPick()\nlanguage: enu\nmodel: nao\nu:(sit) ok\n", "t.top");
  ASSERT_TRUE(model.topic);
  EXPECT_TRUE(model.problems.empty());
  auto twice = parseTopic("topic: ~first()\nlanguage: enu\n\ntopic: ~second()\nlanguage: enu\nu:(hi) hello\n", "t.top");
  ASSERT_TRUE(twice.topic);
  EXPECT_EQ(twice.topic->name, "first");
  ASSERT_EQ(twice.problems.size(), 1u);
  EXPECT_EQ(twice.problems[0].format(),
            "t.top:4:1: warning: a second 'topic:' (a file holds one topic): the topic is ~first, this line is ignored");
  auto escaped = parseTopic("topic: ~t()\nlanguage: enu\n"
                            "u:(come) ok ^pCall(ALAutonomousLife.switchFocus(\\\"come-here/interactive\\\", 256))\n",
                            "t.top");
  ASSERT_TRUE(escaped.topic) << (escaped.problems.empty() ? "" : escaped.problems[0].format());
  const OutputNode& call = escaped.topic->rules[0].output.children.back();
  ASSERT_EQ(call.kind, OutputKind::Function);
  EXPECT_EQ(call.args.at(0), "ALAutonomousLife.switchFocus(\"come-here/interactive\", 256)");
}

}  // namespace
}  // namespace autolife::dialog
