// Dialogs never silent (issue 32, item 1): what published topics write and
// the robot says, where autolife used to say nothing. Each failed before
// its fix.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "conversation.hpp"

namespace autolife::dialog::testing {
namespace {

using ::testing::HasSubstr;

TEST(QiChatNeverSilent, ALexiconConceptInAnAnswerSaysOneOfItsWords) {
  Conversation c(kHeader + "u:(hi) ~hello friend\nu:(sure) ~yes\n");
  const std::string said = c.say("hi");
  ASSERT_TRUE(c.last.understood) << c.last.explanation.reason;
  EXPECT_THAT(said, ::testing::EndsWith(" friend"));
  EXPECT_GT(said.size(), std::string(" friend").size());
  // The word said is one a person could say to the same concept.
  Conversation echo(kHeader + "u:(~hello friend) ok\n");
  EXPECT_EQ(echo.say(said), "ok");
  EXPECT_NE(c.say("sure"), "?");
}

TEST(QiChatNeverSilent, AVariableAssignedInAnAnswerIsReadLaterInIt) {
  // SoftBank's training pattern: the value is said before it has landed.
  Conversation c(kHeader + "u:(my name is _*) $name=$1 hi $name\n"
                           "u:(again) [\"$mood==good fine\" \"$mood=good so-so $mood\"]\n");
  EXPECT_EQ(c.say("my name is Bob"), "hi Bob");
  EXPECT_EQ(c.last.answers.at(0).assignments, (std::vector<std::pair<std::string, std::string>>{{"name", "Bob"}}));
  EXPECT_EQ(c.say("again"), "so-so good");  // an alternative that failed assigned nothing
}

TEST(QiChatNeverSilent, ARuleThatCannotAnswerSaysWhyAndWhere) {
  Conversation c(kHeader + "u:(hello) hi\nu:(where is _*) $1 is there $place\n");
  EXPECT_EQ(c.say("where is Bob"), "?");
  const Explanation& ex = c.last.explanation;
  EXPECT_EQ(ex.outcome, "speak-failure");
  EXPECT_EQ(ex.failure, "$place is not set");
  EXPECT_EQ(ex.file, "test.top");
  EXPECT_EQ(ex.line, 4);
  EXPECT_THAT(ex.reason, HasSubstr("(test.top:4) but cannot answer: $place is not set"));
}

TEST(QiChatNeverSilent, AGotoToAMissingTagFailsWhenItRuns) {
  Conversation c(kHeader + "u:(go) ^goto(nowhere)\nu:(there) ^goto(here)\nproposal: %here here I am\n");
  EXPECT_EQ(c.say("go"), "?");
  EXPECT_EQ(c.last.explanation.failure, "^goto(nowhere): no %nowhere in ~t");
  EXPECT_EQ(c.say("there"), "here I am");
  EXPECT_EQ(c.say("there"), "");  // the proposal was said: nothing to say, not a failure
  EXPECT_TRUE(c.last.understood);
}

TEST(QiChatNeverSilent, AnEventsValueIsCapturedByALoneUnderscore) {
  // The SDK's create_application tutorial: u:(e:onStart _).
  Conversation c(kHeader + "u:(e:onStart _) Hello human, my owner is $1.\n");
  EXPECT_EQ(c.event("onStart", "Alice"), "Hello human, my owner is Alice.");
  EXPECT_EQ(c.say("onStart"), "?");  // words never match it
}

TEST(QiChatNeverSilent, AStoryOfProposalsChainedByNextProposalIsSaidWhole) {
  // The SDK's sample_story: each proposal ends with ^nextProposal. The
  // proposal being said is not its own next one.
  std::string topic = kHeader + "u:(e:onStart) ^goto(start)\nproposal: %start once upon a time ^nextProposal\n";
  std::string expected = "once upon a time";
  for (int i = 1; i <= 40; ++i) {
    topic += "proposal: part " + std::to_string(i) + (i < 40 ? " ^nextProposal\n" : "\n");
    expected += " part " + std::to_string(i);
  }
  Conversation c(topic);
  EXPECT_EQ(c.event("onStart"), expected) << c.last.explanation.reason;
}

TEST(QiChatNeverSilent, RandBeforeAConceptSaysOneOfItsItems) {
  // Published topics write ^rand~concept (tic-tac-toe's MakeMove, an open day's Chat_iti).
  Conversation c(kHeader + "concept:(makeMove) [\"let me think\" \"my turn\"]\nu:(go) ^rand~makeMove ok\n"
                           "u:(again) ^rand ~makeMove\n");
  const std::string said = c.say("go");
  EXPECT_TRUE(said == "let me think ok" || said == "my turn ok") << said;
  EXPECT_NE(c.say("again"), "?");
}

TEST(QiChatNeverSilent, SpeechTagsAreAppliedForAListener) {
  EXPECT_EQ(spokenText("hello \\pau=500\\ there \\rspd=80\\ slowly\\rst\\"), "hello ... there slowly");
  EXPECT_EQ(spokenText("\\vct=110\\ no tags said"), "no tags said");
  EXPECT_EQ(spokenText("plain"), "plain");
}

}  // namespace
}  // namespace autolife::dialog::testing
