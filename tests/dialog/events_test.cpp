// The qiChat events the dialog raises itself (dialog-syntax_full, "qiChat
// events"; aldialog-api, deactivateTag): Dialog/SpeakFailure,
// Dialog/SameRule, Dialog/NothingToSay, and %tags in a rule's input.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "conversation.hpp"

namespace autolife::dialog::testing {
namespace {

using ::testing::HasSubstr;

// aldialog-api's deactivateTag example, as the page writes it.
const std::string kTagTopic = "topic: ~aldialog_test_topic_file()\nlanguage: enu\n"
                              "u:(single-tagged rule %mytag_0) single-tagged rule test answer\n"
                              "u:(single-tagged output) %mytag_1 single-tagged output test answer\n"
                              "u:(double-tagged rule %mytag_2 %mytag_3) double-tagged rule test answer\n"
                              "u:(double-tagged output) %mytag_4 %mytag_5 double-tagged output test answer\n"
                              "u:(e:Dialog/SpeakFailure) I have matched a rule with an empty answer!\n"
                              "u:(e:Dialog/NotUnderstood) I haven't matched any rule!\n";

TEST(QiChatEvents, TagsActiveEverythingAnswers) {
  Conversation c(kTagTopic);
  EXPECT_EQ(c.say("single-tagged rule"), "single-tagged rule test answer");
  EXPECT_EQ(c.say("single-tagged output"), "single-tagged output test answer");
  EXPECT_EQ(c.say("double-tagged rule"), "double-tagged rule test answer");
  EXPECT_EQ(c.say("double-tagged output"), "double-tagged output test answer");
}

TEST(QiChatEvents, ADeactivatedInputTagUnmatchesItsRule) {
  Conversation c(kTagTopic);
  ASSERT_TRUE(c.dialog.deactivateTag("mytag_0", "aldialog_test_topic_file"));
  EXPECT_EQ(c.say("single-tagged rule"), "I haven't matched any rule!");
  EXPECT_EQ(c.last.explanation.outcome, "not-understood");
  // Either tag of two deactivates the rule (the tags work as a logical AND).
  ASSERT_TRUE(c.dialog.deactivateTag("mytag_3", "aldialog_test_topic_file"));
  EXPECT_EQ(c.say("double-tagged rule"), "I haven't matched any rule!");
  ASSERT_TRUE(c.dialog.activateTag("mytag_0", "aldialog_test_topic_file"));
  EXPECT_EQ(c.say("single-tagged rule"), "single-tagged rule test answer");
}

TEST(QiChatEvents, ADeactivatedOutputTagIsASpeakFailure) {
  Conversation c(kTagTopic);
  ASSERT_TRUE(c.dialog.deactivateTag("mytag_1", "aldialog_test_topic_file"));
  EXPECT_EQ(c.say("single-tagged output"), "I have matched a rule with an empty answer!");
  EXPECT_FALSE(c.last.understood);
  EXPECT_EQ(c.last.explanation.outcome, "speak-failure");
  EXPECT_THAT(c.last.explanation.notes.front(), HasSubstr("the tag %mytag_1 is deactivated"));
  ASSERT_TRUE(c.dialog.deactivateTag("mytag_5", "aldialog_test_topic_file"));
  EXPECT_EQ(c.say("double-tagged output"), "I have matched a rule with an empty answer!");
}

TEST(QiChatEvents, ASpeakFailureIsNotANotUnderstoodInARow) {
  Conversation c(kHeader + "u:(hello) hi\nu:(where is _*) $1 is there $place\n"
                           "u:(e:Dialog/NotUnderstood2) twice now\nu:(e:Dialog/NotUnderstood) what?\n");
  EXPECT_EQ(c.say("xyzzy"), "what?");
  // An unset variable: the rule matches and cannot answer; no rule waits
  // for e:Dialog/SpeakFailure, so the robot says nothing.
  EXPECT_EQ(c.say("where is Bob"), "?");
  EXPECT_EQ(c.last.explanation.outcome, "speak-failure");
  EXPECT_EQ(c.say("xyzzy"), "what?");  // the count started again
  EXPECT_EQ(c.say("xyzzy"), "twice now");
}

TEST(QiChatEvents, AnEventWhoseRuleCannotAnswerIsASpeakFailure) {
  Conversation c(kHeader + "u:(e:Touched) you touched my $part\nu:(e:Dialog/SpeakFailure) hmm\n");
  EXPECT_EQ(c.event("Touched"), "hmm");
  EXPECT_EQ(c.last.explanation.outcome, "speak-failure");
}

TEST(QiChatEvents, WhatLRulesLearnStaysWhenANotUnderstoodRuleAnswers) {
  Conversation c(kHeader + "l:(i love _*) $love=$1\nu:(e:Dialog/NotUnderstood) tell me more\n"
                           "u:(what do I love) you love $love\n");
  EXPECT_EQ(c.say("i love trains"), "tell me more");
  EXPECT_EQ(c.say("what do I love"), "you love trains");
}

TEST(QiChatEvents, TheSameRuleTwiceInARowAnswersWithSameRule) {
  Conversation c(kHeader + "u:(hello) hi there\nu:(how are you) fine\nu:(e:Dialog/SameRule) you said that already\n");
  EXPECT_EQ(c.say("hello"), "hi there");
  EXPECT_EQ(c.say("hello"), "you said that already");
  EXPECT_TRUE(c.last.understood);
  EXPECT_THAT(c.last.explanation.notes.back(), HasSubstr("e:Dialog/SameRule"));
  EXPECT_EQ(c.say("hello"), "you said that already");  // still the same rule
  EXPECT_EQ(c.say("how are you"), "fine");
  EXPECT_EQ(c.say("hello"), "hi there");
  EXPECT_EQ(c.say("xyzzy"), "?");  // not in a row any more
  EXPECT_EQ(c.say("hello"), "hi there");
}

TEST(QiChatEvents, AfterSameRuleTheRepeatedRulesSubrulesAreStillInScope) {
  Conversation c(kHeader + "u:(shall we play) do you like chess?\n  u1:(yes) great\n"
                           "u:(e:Dialog/SameRule) I asked: do you like chess?\n");
  EXPECT_EQ(c.say("shall we play"), "do you like chess?");
  EXPECT_EQ(c.say("shall we play"), "I asked: do you like chess?");
  EXPECT_EQ(c.say("yes"), "great");
}

TEST(QiChatEvents, WithoutASameRuleRuleTheAnswerRepeats) {
  Conversation c(kHeader + "u:(hello) hi there\n");
  EXPECT_EQ(c.say("hello"), "hi there");
  EXPECT_EQ(c.say("hello"), "hi there");
}

TEST(QiChatEvents, AnEventTriggeringItsRuleTwiceIsTheSameRule) {
  Conversation c(kHeader + "u:(e:FrontTactilTouched) that tickles\nu:(e:Dialog/SameRule) stop it\n");
  EXPECT_EQ(c.event("FrontTactilTouched"), "that tickles");
  EXPECT_EQ(c.event("FrontTactilTouched"), "stop it");
}

TEST(QiChatEvents, TopicRandomWithNoProposalLeftRaisesNothingToSay) {
  Conversation c(kHeader + "proposal: do you like cats?\nu:(tell me something) ^topicRandom\n"
                           "u:(e:Dialog/NothingToSay) I have nothing more to tell you\n");
  EXPECT_EQ(c.say("tell me something"), "do you like cats?");
  EXPECT_FALSE(c.last.answers.front().nothingToSay);
  EXPECT_EQ(c.say("tell me something"), "I have nothing more to tell you");
  EXPECT_TRUE(c.last.answers.front().nothingToSay);
}

TEST(QiChatEvents, GotoRandomWithNoProposalLeftRaisesNothingToSay) {
  Conversation c(kHeader + "u:(surprise me) ok ^gotoRandom\nu:(e:Dialog/NothingToSay) nothing to say\n");
  EXPECT_EQ(c.say("surprise me"), "ok | nothing to say");
}

}  // namespace
}  // namespace autolife::dialog::testing
