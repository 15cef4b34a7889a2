// What the robot says (dialog-syntax_full's executions): choices in turn,
// ^rand, ^first, conditions, variables, proposals and the topic functions,
// concepts, speech tags kept, annotations as actions, def: functions, ^call.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "conversation.hpp"

namespace autolife::dialog::testing {
namespace {

using ::testing::HasSubstr;

TEST(QiChatAnswers, ChoicesAreSaidInTurn) {
  Conversation c(kHeader + "u:([hi hello]) [hello hi] human\n");
  EXPECT_EQ(c.say("hello"), "hello human");
  EXPECT_EQ(c.say("hello"), "hi human");
  EXPECT_EQ(c.say("hi"), "hello human");
}

TEST(QiChatAnswers, RandIsSeededAndFirstTakesTheFirstValid) {
  DialogOptions o;
  o.seed = 7;
  Conversation a(kHeader + "u:(hello) ^rand[one two three four five]\n", o);
  Conversation b(kHeader + "u:(hello) ^rand[one two three four five]\n", o);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(a.say("hello"), b.say("hello"));
  Conversation c(kHeader + "u:(can I have more) ^first[\"$askedFood==chocolate sorry, too much chocolate\" "
                           "\"yes, please take more $askedFood\"]\n");
  EXPECT_EQ(c.say("can I have more"), "?");  // $askedFood unset: no alternative can be said
  EXPECT_THAT(c.last.explanation.notes.at(0), HasSubstr("$askedFood is not set"));
  c.variables.set("askedFood", "chocolate");
  EXPECT_EQ(c.say("can I have more"), "sorry, too much chocolate");
  c.variables.set("askedFood", "cheese");
  EXPECT_EQ(c.say("can I have more"), "yes, please take more cheese");
}

TEST(QiChatAnswers, AssignmentsAreNotSpokenAndApplyOnceSaid) {
  Conversation c(kHeader + "u:(I want some _[chocolate cheese]) OK $askedFood=$1\n"
                           "u:(what did I ask) ^first[\"you asked $askedFood\" \"I don't know\"]\n"
                           "u:(forget it) OK ^clear(askedFood)\n"
                           "u:(stop) bye $onStopped=1\n");
  EXPECT_EQ(c.say("what did I ask"), "I don't know");
  EXPECT_EQ(c.say("I want some chocolate"), "OK");
  EXPECT_EQ(c.last.answers[0].assignments, (std::vector<std::pair<std::string, std::string>>{{"askedFood", "chocolate"}}));
  EXPECT_EQ(c.say("what did I ask"), "you asked chocolate");
  EXPECT_EQ(c.say("forget it"), "OK");
  EXPECT_EQ(c.say("what did I ask"), "I don't know");
  EXPECT_EQ(c.say("stop"), "bye");
  EXPECT_EQ(c.variables.get("onStopped"), "1");
}

TEST(QiChatAnswers, ConditionsInAnswersBlockTheRule) {
  Conversation c(kHeader + "u:(hello) [\"$name==david hi David\" \"hello stranger\"]\nu:(status) $x>5 high\n");
  EXPECT_EQ(c.say("hello"), "hello stranger");
  c.variables.set("x", "12");
  EXPECT_EQ(c.say("status"), "high");
  c.variables.set("x", "3");
  EXPECT_EQ(c.say("status"), "?");
}

TEST(QiChatAnswers, NextProposalSaysTheNextOneAndItsSubrulesComeInScope) {
  Conversation c(kHeader + "u:(hi) hello ^nextProposal\n"
                           "proposal: how are you?\n"
                           "  u1:(I'm fine) cool!\n"
                           "  u1:(I'm tired) oh, you should take a nap\n"
                           "proposal: again!\n");
  EXPECT_EQ(c.say("hi"), "hello how are you?");
  EXPECT_EQ(c.say("I'm tired"), "oh, you should take a nap");
  EXPECT_EQ(c.say("hi"), "hello again!");
  EXPECT_EQ(c.say("hi"), "hello");
}

TEST(QiChatAnswers, MilkshakeProposalsInOrderThenNothing) {
  Conversation c(kHeader + "proposal: take a cup\nproposal: add 3 strawberries\nu:(next) ^nextProposal\n");
  EXPECT_EQ(c.say("next"), "take a cup");
  EXPECT_EQ(c.say("next"), "add 3 strawberries");
  EXPECT_EQ(c.say("next"), "");
}

TEST(QiChatAnswers, SameAndPreviousProposal) {
  Conversation c(kHeader + "u:(go) ^nextProposal\nproposal: one\nproposal: two\n"
                           "u:(again) ok ^sameProposal\nu:(before) ^previousProposal\n");
  c.say("go");
  c.say("go");
  EXPECT_EQ(c.say("again"), "ok two");
  EXPECT_EQ(c.say("before"), "one");
}

TEST(QiChatAnswers, GotoGotoReactivateAndTags) {
  Conversation c(kHeader + "u:(hello how are you) hello ^goto(how)\n"
                           "u:(how you are) %how I'm fine\n"
                           "proposal: %love I love you\n"
                           "u:(do you love me) yes, ^gotoReactivate(love)\n"
                           "u:(say it) ^goto(love)\n"
                           "proposal: %greeting1 hello\nproposal: nice to meet you\n"
                           "u:(hey) hey ^deactivate(greeting1)\nu:(say something) ^nextProposal\n");
  EXPECT_EQ(c.say("hello how are you"), "hello I'm fine");
  EXPECT_EQ(c.say("do you love me"), "yes, I love you");
  EXPECT_EQ(c.say("do you love me"), "yes, I love you");
  EXPECT_EQ(c.say("say it"), "");  // said already: ^goto does not reactivate
  EXPECT_EQ(c.say("hey"), "hey");
  EXPECT_EQ(c.say("say something"), "nice to meet you");
}

TEST(QiChatAnswers, AGotoTagMayComeFromAVariableOrACapture) {
  // learnCommonSigns (RIoToid) and zodiac (BerlinUnited's RoboTheater) jump
  // to the tag the person named or an event set.
  Conversation c(kHeader + "proposal: %cat miaw miaw\nproposal: %dog woof\n"
                           "u:(teach me _[cat dog]) ^gotoReactivate($1)\n"
                           "u:(e:face) you seem $face ^goto($face)\nproposal: %happy keep smiling\n"
                           "u:(jump) ^goto($nowhere)\n");
  EXPECT_EQ(c.say("teach me dog"), "woof");
  EXPECT_EQ(c.say("teach me dog"), "woof");
  c.variables.set("face", "happy");
  EXPECT_EQ(c.event("face", "happy"), "you seem happy keep smiling");
  EXPECT_EQ(c.say("jump"), "?");  // an unset variable: the answer cannot be said
  EXPECT_EQ(c.last.explanation.outcome, "speak-failure");
}

TEST(QiChatAnswers, ConceptsInAnswersSayOneOfTheirPhrasesInTurn) {
  Conversation c(kHeader + "concept:(greetings) [hi hello \"hey there\"]\nu:(~greetings) ~greetings\n");
  EXPECT_EQ(c.say("hey there"), "hi");
  EXPECT_EQ(c.say("hi"), "hello");
  EXPECT_EQ(c.say("hi"), "hey there");
}

TEST(QiChatAnswers, DynamicConcepts) {
  Conversation c(kHeader + "dynamic:fridge\n"
                           "u:(fill the fridge) ok ^addToConcept(~fridge, coke) ^addToConcept(~fridge, beer)\n"
                           "u:(what's in the fridge) the fridge contains ^enumerate(~fridge)\n"
                           "u:(how many) ^size(~fridge) drinks\n"
                           "u:(I want _~fridge) here is your $1\n");
  EXPECT_EQ(c.say("how many"), "0 drinks");
  EXPECT_EQ(c.say("I want coke"), "?");
  EXPECT_EQ(c.say("fill the fridge"), "ok");
  EXPECT_EQ(c.say("what's in the fridge"), "the fridge contains coke beer");
  EXPECT_EQ(c.say("I want beer"), "here is your beer");
  c.dialog.setConcept("fridge", "English", {"iced tea"});
  EXPECT_EQ(c.say("I want iced tea"), "here is your iced tea");
  EXPECT_EQ(c.dialog.getConcept("fridge", "enu"), (std::vector<std::string>{"iced tea"}));
}

TEST(QiChatAnswers, SpeechTagsAreKeptAndAnimationsAreActions) {
  Conversation c(kHeader + "u:(hello) \\rspd=80\\ hi ^start(animations/Stand/Gestures/Hey_1) there \\pau=500\\ friend "
                           "^wait(animations/Stand/Gestures/Hey_1)\n");
  EXPECT_EQ(c.say("hello"), "\\rspd=80\\ hi there \\pau=500\\ friend");
  const Answer& a = c.last.answers.at(0);
  EXPECT_EQ(a.said, "\\rspd=80\\ hi ^start(animations/Stand/Gestures/Hey_1) there \\pau=500\\ friend "
                    "^wait(animations/Stand/Gestures/Hey_1)");
  ASSERT_EQ(a.actions.size(), 2u);
  EXPECT_EQ(a.actions[0].name, "start");
  EXPECT_EQ(a.actions[0].args, (std::vector<std::string>{"animations/Stand/Gestures/Hey_1"}));
}

TEST(QiChatAnswers, DefinedFunctionsAndExist) {
  Conversation c(kHeader + "def:greets($age) ^first[\"$age>18 Mister\" \"kid\"]\n"
                           "u:(I am _* years old) Hello ^greets($1)\n"
                           "u:(check) [\"^exist(nick) you have a nick\" \"^notExist(nick) no nick\"]\n");
  EXPECT_EQ(c.say("I am 20 years old"), "Hello Mister");
  EXPECT_EQ(c.say("I am 10 years old"), "Hello kid");
  EXPECT_EQ(c.say("check"), "no nick");
  c.variables.set("nick", "bob");
  EXPECT_EQ(c.say("check"), "you have a nick");
}

TEST(QiChatAnswers, CallResultsGoToTheirSubrules) {
  DialogOptions o;
  std::string posture = "Sit";
  o.call = [&](const std::string& method, const std::vector<std::string>&) -> std::optional<std::string> {
    if (method == "ALRobotPosture.getPosture") return posture;
    return std::nullopt;
  };
  Conversation c(kHeader + "u:(tell me your position) Sure. ^call(ALRobotPosture.getPosture())\n"
                           "  c1:(crouch) My position is crouch.\n"
                           "    u2:(ok) What about you?\n"
                           "  c1:(_*) $1\n"
                           "u:(broken) ^call(ALNothing.here())\n  e1: it failed\n",
                 o);
  EXPECT_EQ(c.say("tell me your position"), "Sure. sit");
  posture = "Crouch";
  EXPECT_EQ(c.say("tell me your position"), "Sure. My position is crouch.");
  EXPECT_EQ(c.say("ok"), "What about you?");
  EXPECT_EQ(c.say("broken"), "it failed");
}

// ^pCall's expression is read as ^call's (variables replaced); it, and
// ^runBehavior (SoftBank's own Pepper dialogs) and ^switchFocus, are actions
// of the answer, which ALDialog performs as it is said (services_test.cpp).
// None changes what is said, and none is called while the answer is chosen.
TEST(QiChatAnswers, PCallAndRunBehaviorAreActions) {
  DialogOptions o;
  int calls = 0;
  o.call = [&](const std::string&, const std::vector<std::string>&) -> std::optional<std::string> {
    ++calls;
    return std::nullopt;
  };
  Conversation c(kHeader + "u:(come) ok ^pCall(ALAutonomousLife.switchFocus(\"come-here/interactive\", $flags))\n"
                           "u:(open your hand) Here it is! ^runBehavior(dialog_move_hands/animations/OpenRHand)\n"
                           "u:(again) ^first[\"^exist(last) Again! ^runBehavior($last)\" \"Nothing to replay.\"]\n",
                 o);
  c.variables.set("flags", "1");
  EXPECT_EQ(c.say("come"), "ok");
  ASSERT_EQ(c.last.answers.at(0).actions.size(), 1u);
  EXPECT_EQ(c.last.answers[0].actions[0].name, "pCall");
  EXPECT_EQ(c.last.answers[0].actions[0].call,
            (std::vector<std::string>{"ALAutonomousLife.switchFocus", "come-here/interactive", "1"}));
  EXPECT_EQ(c.say("open your hand"), "Here it is!");
  ASSERT_EQ(c.last.answers.at(0).actions.size(), 1u);
  EXPECT_EQ(c.last.answers[0].actions[0].name, "runBehavior");
  EXPECT_EQ(c.last.answers[0].actions[0].args, (std::vector<std::string>{"dialog_move_hands/animations/OpenRHand"}));
  EXPECT_EQ(c.say("again"), "Nothing to replay.");
  EXPECT_TRUE(c.last.answers.at(0).actions.empty()) << "no variable, no behavior";
  c.variables.set("last", "dialog_move_head/animations/LookLeft");
  EXPECT_EQ(c.say("again"), "Again!");
  ASSERT_EQ(c.last.answers.at(0).actions.size(), 1u);
  EXPECT_EQ(c.last.answers[0].actions[0].args, (std::vector<std::string>{"dialog_move_head/animations/LookLeft"}));
  EXPECT_EQ(calls, 0);
}

// Skins (s: rules), the syntax page's own examples: each one whose pattern
// matches what the robot is about to say changes it, in turn.
TEST(QiChatAnswers, SkinsChangeWhatTheRobotSays) {
  Conversation added(kHeader + "u:(hello) hello human\nu:(how are you) I am fine\n"
                               "s:(hello human) ^addword(I am your father, end, 1)\ns:(*) ^addword(hey, start, 1)\n");
  EXPECT_EQ(added.say("hello"), "hey hello human I am your father");
  EXPECT_EQ(added.say("how are you"), "hey I am fine");
  Conversation replaced(kHeader + "u:(hello) hello human\n"
                                  "u:(what do you like to do) I like to speak with you human\n"
                                  "u:(do you want to play) yes human we can play together\n"
                                  "u:(who are the humans) humans are \\emph=2\\ nice\n"
                                  "s:({*} human {*}) ^replace(human, Michael, 1)\n"
                                  "s:({*} speak {*}) ^replace(speak, play, 1)\n");
  EXPECT_EQ(replaced.say("hello"), "hello Michael");
  EXPECT_EQ(replaced.say("what do you like to do"), "I like to play with you Michael");
  EXPECT_EQ(replaced.say("do you want to play"), "yes Michael we can play together");
  EXPECT_EQ(replaced.last.answers.at(0).said, "yes Michael we can play together") << "what ALAnimatedSpeech says too";
  EXPECT_EQ(replaced.say("who are the humans"), "humans are \\emph=2\\ nice") << "no skin matches";
  Conversation words(kHeader + "u:(hello) the Human likes humans, human-made things and «human»\n"
                               "s:({*} human {*}) ^replace(human, Michael, 1)\n");
  EXPECT_EQ(words.say("hello"), "the Michael likes humans, human-made things and «Michael»")
      << "whole words as QiChat reads them, without case";
  // Japanese is matched on characters: no word boundaries.
  Conversation japanese("topic: ~j()\nlanguage: Japanese\nu:(こんにちは) ぺっぱーです\n"
                        "s:(*) ^replace(ぺっぱー, \\emph=2\\ペッパー\\emph=100\\, 1)\n");
  EXPECT_EQ(japanese.say("こんにちは"), "\\emph=2\\ペッパー\\emph=100\\です");
}

TEST(QiChatAnswers, SkinsAtAPositionWithAChanceAndInActiveTopicsOnly) {
  Conversation c(kHeader + "u:(hi) one two three\nu:(bye) see you\nu:(go) ^start(animations/Hey) off we go\n"
                           "s:(one two three) ^addword(and, 3, 1)\ns:(see you) ^replace(you, soon, 0)\n"
                           "s:(off we go) ^addword(now, 2, 1)\n");
  EXPECT_EQ(c.say("hi"), "one two and three");
  EXPECT_EQ(c.say("bye"), "see you") << "a frequency of 0 never applies";
  EXPECT_EQ(c.say("go"), "off now we go");
  EXPECT_EQ(c.last.answers.at(0).said, "^start(animations/Hey) off now we go") << "annotations are not words";
  // Annotations and speech tags are not words: a skin leaves them whole.
  Conversation marked(kHeader + "u:(hey) ^start(animations/Stand/Gestures/Hello_1) hello \\vct=hello\\ there\n"
                                "s:(*) ^replace(hello, hi, 1)\ns:(*) ^addword(well, START, 1)\n");
  EXPECT_EQ(marked.say("hey"), "well hi \\vct=hello\\ there");
  EXPECT_EQ(marked.last.answers.at(0).said, "well ^start(animations/Stand/Gestures/Hello_1) hi \\vct=hello\\ there");
  // A frequency between 0 and 1 draws from the seeded generator: a seed replays it.
  auto draws = [](std::uint64_t seed) {
    DialogOptions o;
    o.seed = seed;
    Conversation c(kHeader + "u:(hi) hello\ns:(*) ^addword(friend, end, 0.5)\n", o);
    std::string out;
    for (int i = 0; i < 16; ++i) out += c.say("hi") == "hello friend" ? '1' : '0';
    return out;
  };
  EXPECT_EQ(draws(7), draws(7));
  EXPECT_NE(draws(7).find('1'), std::string::npos);
  EXPECT_NE(draws(7).find('0'), std::string::npos);
  // A skin of a topic that is not active changes nothing.
  Conversation two(kHeader + "u:(hi) hello\n");
  const std::string skin = two.add("topic: ~skin()\nlanguage: English\ns:(hello) ^replace(hello, howdy, 1)\n", "skin.top");
  EXPECT_EQ(two.say("hi"), "howdy");
  two.dialog.deactivate(skin);
  EXPECT_EQ(two.say("hi"), "hello");
}

TEST(QiChatAnswers, GotoTagAndNextProposalFromTheApi) {
  Conversation c(kHeader + "proposal: %intro Shall we play?\n  u1:(yes) great\nproposal: second\n");
  Reply r = c.dialog.gotoTag("intro", "t");
  ASSERT_EQ(r.answers.size(), 1u);
  EXPECT_EQ(r.answers[0].text, "Shall we play?");
  EXPECT_EQ(c.say("yes"), "great");
  EXPECT_EQ(c.dialog.nextProposal().answers.at(0).text, "second");
}

}  // namespace
}  // namespace autolife::dialog::testing
