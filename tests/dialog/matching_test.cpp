// Which rule answers (REFERENCE §11, dialog-syntax_full's examples): case
// and punctuation ignored, whole input, choices, optional parts, wildcards,
// concepts, captures, forbidden words, subrules only in scope, focus first.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "conversation.hpp"

namespace autolife::dialog::testing {
namespace {

using ::testing::HasSubstr;

TEST(QiChatMatching, CaseAndPunctuationAreIgnoredAndTheWholeInputMustMatch) {
  Conversation c(std::string(kHeader) + "u:(how are you) I feel tired\n");
  EXPECT_EQ(c.say("How are you?"), "I feel tired");
  EXPECT_EQ(c.say("how, are   YOU!"), "I feel tired");
  EXPECT_EQ(c.say("how are you today"), "?");
  EXPECT_EQ(c.say("are you"), "?");
}

TEST(QiChatMatching, ChoicesOptionalsAndPhrases) {
  Conversation c(std::string(kHeader) +
                 "u:([hi hello]) hello human\n"
                 "u:(hello {buddy} how are you) hello I am fine\n"
                 "u:([\"good morning\" \"good evening\" {very} late]) bye\n");
  EXPECT_EQ(c.say("hi"), "hello human");
  EXPECT_EQ(c.say("hello how are you"), "hello I am fine");
  EXPECT_EQ(c.say("hello buddy how are you"), "hello I am fine");
  EXPECT_EQ(c.say("good evening"), "bye");
  EXPECT_EQ(c.say("very"), "bye");
  EXPECT_EQ(c.say("good"), "?");
}

TEST(QiChatMatching, WildcardsCoverOneWordOrMore) {
  Conversation c(std::string(kHeader) + "u:(I like to * a lot) it sounds cool\nu:(my name is {*}) hi\n");
  EXPECT_EQ(c.say("I like to dance a lot"), "it sounds cool");
  EXPECT_EQ(c.say("I like to play tennis a lot"), "it sounds cool");
  EXPECT_EQ(c.say("I like to a lot"), "?");
  EXPECT_EQ(c.say("my name is"), "hi");
}

TEST(QiChatMatching, CapturesAndConcepts) {
  Conversation c(std::string(kHeader) +
                 "concept:(wine) [red white] wine\n"
                 "concept:(alcohol) [beer ~wine]\n"
                 "u:(do you have _~alcohol) yes, I have $1\n"
                 "u:(my name is _*) nice to meet you $1 $name=$1\n"
                 "u:(what is my name) ^first[\"your name is $name\" \"I don't know\"]\n");
  EXPECT_EQ(c.say("do you have white wine?"), "yes, I have white wine");
  EXPECT_EQ(c.say("what is my name"), "I don't know");
  EXPECT_EQ(c.say("My name is David Bowie"), "nice to meet you David Bowie");
  EXPECT_EQ(c.variables.get("name"), "David Bowie");
  EXPECT_EQ(c.say("what is my name"), "your name is David Bowie");
}

TEST(QiChatMatching, ForbiddenWords) {
  Conversation c(std::string(kHeader) + "u:(!don't tell me a new one) great\nu:(don't tell me a new one) ok, Peter Pan\n");
  EXPECT_EQ(c.say("tell me a new one"), "great");
  EXPECT_EQ(c.say("don't tell me a new one"), "ok, Peter Pan");
}

TEST(QiChatMatching, SubrulesAreReachableOnlyRightAfterTheirRule) {
  Conversation c(std::string(kHeader) +
                 "u:(talk about animals) do you have a cat or a dog?\n"
                 "   u1:(dog) is it a big dog?\n"
                 "     u2:(yes) make sure he has enough space to run\n"
                 "     u2:(no) it is so cute\n"
                 "   u1:(cat) do you live in the countryside?\n"
                 "u:(talk about sport) what a good idea\n");
  EXPECT_EQ(c.say("dog"), "?");
  EXPECT_THAT(c.last.explanation.reason, HasSubstr("rule out of scope"));
  EXPECT_EQ(c.say("talk about animals"), "do you have a cat or a dog?");
  EXPECT_EQ(c.say("dog"), "is it a big dog?");
  EXPECT_EQ(c.say("cat"), "?");  // u1 siblings left the scope with the u1 that answered
  EXPECT_EQ(c.say("no"), "it is so cute");
  EXPECT_EQ(c.say("yes"), "?");
  EXPECT_EQ(c.say("talk about animals"), "do you have a cat or a dog?");
  EXPECT_EQ(c.say("talk about sport"), "what a good idea");
  EXPECT_EQ(c.say("cat"), "?");
}

TEST(QiChatMatching, StayInScopeKeepsTheSiblings) {
  Conversation c(std::string(kHeader) +
                 "u:(let's talk about animals) do you have a cat or a dog?\n"
                 "   u1:(I {also} have a dog) dogs are funny ^stayInScope\n"
                 "   u1:(I {also} have a cat) I once met a cat ^stayInScope\n");
  c.say("let's talk about animals");
  EXPECT_EQ(c.say("I have a dog"), "dogs are funny");
  EXPECT_EQ(c.say("I also have a cat"), "I once met a cat");
}

TEST(QiChatMatching, TheLongestRuleWinsAndLessPriorityComesLast) {
  Conversation c(std::string(kHeader) + "u:(* robot) a robot\nu:(hello robot) hello to you\nu:(hello ^lessPriority) hi\n"
                                        "u:({please} help) general help\n");
  EXPECT_EQ(c.say("hello robot"), "hello to you");
  EXPECT_EQ(c.say("nice robot"), "a robot");
  EXPECT_EQ(c.say("hello"), "hi");
}

TEST(QiChatMatching, TheFocusedTopicIsTriedFirstAndPrivateRulesOnlyThere) {
  Conversation c(std::string("topic: ~cats()\nlanguage: English\nu:(talk about cats) cats are felines\n"
                             "u:(tell me more) they purr\nu:^private(what are we talking about) cats\n"));
  c.add("topic: ~dogs()\nlanguage: English\nu:(talk about dogs) dogs are canines\nu:(tell me more) they bark\n", "dogs.top");
  EXPECT_EQ(c.say("what are we talking about"), "?");
  EXPECT_THAT(c.last.explanation.reason, HasSubstr("private rule"));
  EXPECT_EQ(c.say("talk about dogs"), "dogs are canines");
  EXPECT_EQ(c.dialog.focus(), "dogs");
  EXPECT_EQ(c.say("tell me more"), "they bark");
  EXPECT_EQ(c.say("talk about cats"), "cats are felines");
  EXPECT_EQ(c.say("tell me more"), "they purr");
  EXPECT_EQ(c.say("what are we talking about"), "cats");
}

TEST(QiChatMatching, LearningRulesMatchBesideTheOthers) {
  Conversation c(std::string(kHeader) + "u:(i love robots) i love robots too\nl:(i love _*) $love=$1\n"
                                        "u:(what do i love) you love $love\n");
  EXPECT_EQ(c.say("I love robots"), "i love robots too");
  EXPECT_EQ(c.say("what do I love"), "you love robots");
  EXPECT_EQ(c.say("I love cake"), "");  // not understood, learned all the same
  EXPECT_FALSE(c.last.understood);
  EXPECT_EQ(c.say("what do I love"), "you love cake");
}

TEST(QiChatMatching, AKeepFocusTopicKeepsItAndHearsDialogFallback) {
  Conversation c("topic: ~quiz ^keepFocus()\nlanguage: English\nu:(quiz) how much is two and two?\n"
                 "u:(e:Dialog/Fallback) back to the quiz\n");
  c.add("topic: ~chat()\nlanguage: English\nu:(hello) hi\n", "chat.top");
  EXPECT_EQ(c.say("quiz"), "how much is two and two?");
  EXPECT_EQ(c.say("hello"), "hi | back to the quiz");
  EXPECT_EQ(c.dialog.focus(), "quiz");
}

TEST(QiChatMatching, ResetOnFocusSaysTheProposalsAgain) {
  Conversation c("topic: ~a ^resetOnFocus()\nlanguage: English\nu:(next) ^nextProposal\nproposal: one\nproposal: two\n");
  c.add("topic: ~b()\nlanguage: English\nu:(other) other\n", "b.top");
  EXPECT_EQ(c.say("next"), "one");
  EXPECT_EQ(c.say("next"), "two");
  EXPECT_EQ(c.say("next"), "");
  EXPECT_EQ(c.say("other"), "other");
  EXPECT_EQ(c.say("next"), "one");
}

TEST(QiChatMatching, BuiltInLexiconConcepts) {
  Conversation c(std::string(kHeader) + "u:(~hello) hi there\nu:(are you ok) yes\n  u1:(~yes) great\n  u1:(~no) too bad\n");
  EXPECT_EQ(c.say("good morning"), "hi there");
  c.say("are you ok");
  EXPECT_EQ(c.say("yeah"), "great");
  c.say("are you ok");
  EXPECT_EQ(c.say("nope"), "too bad");
  Conversation fr("topic: ~t()\nlanguage: frf\nu:(~hello) salut\nu:(ça va) oui\n  u1:(~yes) tant mieux\n");
  EXPECT_EQ(fr.say("Bonjour !"), "salut");
  fr.say("ça va");
  EXPECT_EQ(fr.say("ouais"), "tant mieux");
}

TEST(QiChatMatching, EventsAndConditionsInInputs) {
  Conversation c(std::string(kHeader) + "u:(e:FrontTactilTouched $FrontTactilTouched==1) you touched me\n"
                                        "u:([e:LeftBumperPressed \"move this leg\"]) ok I move the left leg\n");
  EXPECT_EQ(c.event("FrontTactilTouched", "1"), "you touched me");
  EXPECT_EQ(c.event("FrontTactilTouched", "0"), "?");
  EXPECT_EQ(c.event("LeftBumperPressed"), "ok I move the left leg");
  EXPECT_EQ(c.say("move this leg"), "ok I move the left leg");
  EXPECT_EQ(c.dialog.eventKeys(), (std::vector<std::string>{"FrontTactilTouched", "LeftBumperPressed"}));
}

TEST(QiChatMatching, BelowTheConfidenceThresholdNothingIsHeard) {
  Conversation c(std::string(kHeader) + "u:(hello) hi\n");
  c.dialog.setConfidenceThreshold(0.5);
  EXPECT_EQ(c.say("hello", 0.3), "?");
  EXPECT_EQ(c.last.explanation.outcome, "ignored");
  EXPECT_THAT(c.last.explanation.reason, HasSubstr("below confidence"));
  EXPECT_EQ(c.say("hello", 0.6), "hi");
}

TEST(QiChatMatching, NoActiveTopicIsExplained) {
  MapVariables v;
  Dialog d(v);
  auto r = d.hear("hello");
  EXPECT_FALSE(r.understood);
  EXPECT_THAT(r.explanation.reason, HasSubstr("no active topic"));
}

TEST(QiChatMatching, NotUnderstoodRulesAnswerWhatNothingElseDoes) {
  Conversation c(std::string(kHeader) + "u:(hello) hi\nu:(e:Dialog/NotUnderstood) sorry, I didn't understand\n");
  EXPECT_EQ(c.say("xyzzy"), "sorry, I didn't understand");
  EXPECT_FALSE(c.last.understood);
}

TEST(QiChatMatching, LanguagesWithoutSpacesMatchOnCharacters) {
  Conversation c("topic: ~t()\nlanguage: Japanese\nu:(こんにちは) こんにちは、元気ですか\nu:(_[りんご みかん]が好き) $1もいいね\n");
  EXPECT_EQ(c.say("こんにちは"), "こんにちは、元気ですか");
  EXPECT_EQ(c.say("りんごが好き。"), "りんごもいいね");
}

TEST(QiChatMatching, AnyInputIsMatchedOrNotUnderstoodNeverACrash) {
  Conversation c(std::string(kHeader) + "u:(* * * * * * * * x) y\nu:(hello) hi\n");
  std::string longInput;
  for (int i = 0; i < 5000; ++i) longInput += "word ";
  EXPECT_EQ(c.say(longInput), "?");
  std::string bytes;
  for (int i = 0; i < 1000; ++i) bytes += static_cast<char>(i % 256);
  EXPECT_EQ(c.say(bytes), "?");
}

TEST(QiChatMatching, InLanguagesWithoutSpacesElementsStandAgainstTheWords) {
  Conversation c("topic: ~t()\nlanguage: Japanese\nu:(私の名前は_*です) よろしく$1さん\n"
                 "u:(私の名前は_[太郎 花子]です) $1さん、こんにちは\nconcept:(fruit) [りんご みかん]\n"
                 "u:(_~fruit{が}好き) $1もいいね\n");
  EXPECT_EQ(c.say("私の名前はジョンです"), "よろしくジョンさん");
  EXPECT_EQ(c.say("私の名前は花子です"), "花子さん、こんにちは");  // the longer rule
  EXPECT_EQ(c.say("みかんが好き"), "みかんもいいね");
  EXPECT_EQ(c.say("りんご好き"), "りんごもいいね");
}

TEST(QiChatMatching, RecoverSectionsComeAfterEveryMainSection) {
  // dialog.txt, "Recover section" and "Priority among rules".
  Conversation c("topic: ~topic1()\nlanguage: English\nu:(alien) I am a humanoid robot\nrecover:\nu:(hello) recovered\n");
  c.add("topic: ~topic2()\nlanguage: English\nu:(hello) hello human\n", "two.top");
  EXPECT_EQ(c.say("alien"), "I am a humanoid robot");  // topic1 has the focus
  EXPECT_EQ(c.say("hello"), "hello human");
  c.dialog.deactivate("topic2");
  EXPECT_EQ(c.say("hello"), "recovered");
}

TEST(QiChatMatching, AFallbackTopicComesLastEvenWithTheFocus) {
  Conversation c("topic: ~fb ^fallback()\nlanguage: English\nu:(hello) fallback hello\nu:(*) I did not get that\n");
  c.add("topic: ~main()\nlanguage: English\nu:(hello) main hello\n", "main.top");
  EXPECT_EQ(c.say("blah"), "I did not get that");
  EXPECT_EQ(c.dialog.focus(), "fb");
  EXPECT_EQ(c.say("hello"), "main hello");
}

}  // namespace
}  // namespace autolife::dialog::testing
