// The `autolife chat` contract (issue 15): plain and JSON Lines output,
// virtual time, --input, a package's dialogs, broken topics reported.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "files.hpp"
#include "chat_process.hpp"
#include "process.hpp"

namespace {

using autolife::testing::ProcessResult;
using autolife::testing::runProcess;
using autolife::test::TempDir;
using autolife::testing::TempFile;
using ::testing::HasSubstr;

using autolife::clitest::chat;

const char* kTopic = R"(topic: ~hello()
language: enu
u:(hello) hi there
u:(my name is _*) nice to meet you $name=$1
u:(wave) ^start(animations/Stand/Gestures/Hey_1) hello
)";

TEST(ChatCli, PlainOutputShowsBothSides) {
  TempFile topic(kTopic, "hello.top");
  auto r = chat({topic.path()}, "hello\nxyzzy\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "human: hello\nrobot: hi there\nhuman: xyzzy\nrobot: (not understood)\n");
}

TEST(ChatCli, JsonLinesWithTimeVariablesActionsAndNotUnderstood) {
  TempFile topic(kTopic, "hello.top");
  auto r = chat({topic.path(), "--json"}, "hello\nmy name is Bob\nxyzzy\nwave\n");
  EXPECT_EQ(r.status, 0) << r.err;
  // "hi there": 0.2 s + 8 characters / 14 per second.
  EXPECT_EQ(r.out,
            "{\"t\": 0.0, \"human\": \"hello\"}\n"
            "{\"t\": 0.0, \"robot\": \"hi there\", \"raw\": \"hi there\"}\n"
            "{\"t\": 0.771428571, \"human\": \"my name is Bob\"}\n"
            "{\"t\": 0.771428571, \"robot\": \"nice to meet you\", \"raw\": \"nice to meet you\"}\n"
            "{\"t\": 2.114285714, \"set\": \"name\", \"value\": \"Bob\"}\n"
            "{\"t\": 2.114285714, \"human\": \"xyzzy\"}\n"
            "{\"t\": 2.114285714, \"not-understood\": \"xyzzy\"}\n"
            "{\"t\": 2.114285714, \"human\": \"wave\"}\n"
            "{\"t\": 2.114285714, \"robot\": \"hello\", \"raw\": \"hello\"}\n"
            "{\"t\": 2.114285714, \"action\": \"start\", \"args\": [\"animations/Stand/Gestures/Hey_1\"]}\n");
}

TEST(ChatCli, ReadsFromAFileAndSaysTheOpening) {
  TempFile topic("topic: ~t()\nlanguage: English\nu:(e:onStart) welcome ^nextProposal\nproposal: shall we play?\n"
                 "  u1:(~yes) great\n",
                 "t.top");
  TempFile input("yes please\n");
  auto r = chat({topic.path(), "--input", input.path()});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "robot: welcome shall we play?\nhuman: yes please\nrobot: great\n");
}

TEST(ChatCli, ABrokenTopicIsReportedAndTheOthersRun) {
  TempFile broken("topic: ~b()\nlanguage: enu\nu:(hi [there) x\n", "broken.top");
  TempFile good(kTopic, "good.top");
  auto r = chat({broken.path(), good.path()}, "hello\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.err, HasSubstr("broken.top:3:7: error: unclosed '['"));
  EXPECT_EQ(r.out, "human: hello\nrobot: hi there\n");
}

TEST(ChatCli, APackagesDialogsInItsFirstLanguage) {
  const autolife::test::TempDir dir;
  dir.write("manifest.xml", R"(<?xml version="1.0" encoding="UTF-8" ?>
<package uuid="chatpkg" version="1.0.0">
  <names><name lang="en_US">chat</name></names>
  <supportedLanguages><language>fr_FR</language><language>en_US</language></supportedLanguages>
  <contents>
    <dialogContent topicName="greet" typeVersion="1.0">
      <topic path="dlg/greet_enu.top" language="en_US" />
      <topic path="dlg/greet_frf.top" language="fr_FR" />
    </dialogContent>
  </contents>
</package>
)");
  dir.write("dlg/greet_enu.top", "topic: ~greet()\nlanguage: enu\nu:(~hello) hi\n");
  dir.write("dlg/greet_frf.top", "topic: ~greet()\nlanguage: frf\nu:(~hello) salut\n");
  auto fr = chat({dir.str()}, "bonjour\n");
  EXPECT_EQ(fr.out, "human: bonjour\nrobot: salut\n") << fr.err;
  auto en = chat({dir.str(), "--language", "English"}, "hello\n");
  EXPECT_EQ(en.out, "human: hello\nrobot: hi\n") << en.err;
}

// A package's behaviors are installed for its answers' ^runBehavior; one it
// lacks is said to have failed, and the answer is said all the same.
TEST(ChatCli, APackagesBehaviorsRunFromItsAnswers) {
  const autolife::test::TempDir dir;
  dir.write("manifest.xml", R"(<?xml version="1.0" encoding="UTF-8" ?>
<package uuid="moves" version="1.0.0">
  <names><name lang="en_US">moves</name></names>
  <contents>
    <behaviorContent path="wave"><nature>interactive</nature></behaviorContent>
    <dialogContent topicName="moves" typeVersion="1.0"><topic path="moves_enu.top" language="en_US" /></dialogContent>
  </contents>
</package>
)");
  dir.write("wave/behavior.xar", R"(<?xml version="1.0" encoding="UTF-8" ?>
<ChoregrapheProject xar_version="3"><Box name="root" id="-1">
<Input name="onStart" type="1" type_size="1" nature="2" inner="0" id="1" />
<Output name="onStopped" type="1" type_size="1" nature="1" inner="0" id="2" />
<Timeline enable="0"><BehaviorLayer name="l"><BehaviorKeyframe name="k" index="1"><Diagram>
<Link inputowner="0" indexofinput="2" outputowner="0" indexofoutput="1" />
</Diagram></BehaviorKeyframe></BehaviorLayer></Timeline></Box></ChoregrapheProject>
)");
  dir.write("moves_enu.top", "topic: ~moves()\nlanguage: enu\nu:(wave) Sure ^runBehavior(moves/wave)\n"
                             "u:(dance) Not today ^runBehavior(moves/dance)\n");
  auto r = chat({dir.str()}, "wave\ndance\n");
  EXPECT_EQ(r.out, "human: wave\nrobot: Sure\nrobot: ^runBehavior(moves/wave)\n"
                   "human: dance\nrobot: Not today\nrobot: ^runBehavior(moves/dance)\n"
                   "robot: (^runBehavior(moves/dance) failed: no behavior named moves/dance is installed)\n")
      << r.err;
  EXPECT_EQ(r.status, 0);
  auto j = chat({dir.str(), "--json"}, "dance\n");
  EXPECT_THAT(j.out, HasSubstr("{\"t\": 0.0, \"action-failed\": \"runBehavior\", \"args\": [\"moves/dance\"], "
                               "\"reason\": \"no behavior named moves/dance is installed\"}\n"))
      << j.out;
}

}  // namespace

namespace {

// A package whose behavior is a Choregraphe Dialog box, in `simulate` with
// hear: steps (examples/scenarios/chat.yaml): its opening, answers, a
// variable, an input below the confidence threshold, and $onStopped=1
// ending the activity through the box's onStopped output.
TEST(ChatCli, ADialogBoxRunsInSimulateWithHearSteps) {
  auto r = runProcess({AUTOLIFE_BINARY, "simulate", std::string(AUTOLIFE_SOURCE_DIR) + "/examples/scenarios/chat.yaml"});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("0:00:01.000  robot says   Hello! What is your name?"));
  EXPECT_THAT(r.out, HasSubstr("0:00:05.000  robot says   Nice to meet you Alice. Do you like robots?"));
  EXPECT_THAT(r.out, HasSubstr("dialog set   $name=Alice"));
  EXPECT_THAT(r.out, HasSubstr("\"what is my name\": below confidence"));
  EXPECT_THAT(r.out, HasSubstr("0:00:18.000  robot says   Your name is Alice."));
  EXPECT_THAT(r.out, HasSubstr("completed    chatter/."));
  EXPECT_THAT(r.out, HasSubstr("end: all expectations met"));
}

}  // namespace

namespace {

TEST(CheckCli, TopicsSyntaxUndefinedConceptsAndBookmarks) {
  TempFile topic("topic: ~t()\nlanguage: enu\nu:(hello ~nothing) hi ^goto(nowhere) ^frobnicate(1)\nu:(~yes) ok\n",
                 "t.top");
  auto r = runProcess({AUTOLIFE_BINARY, "check", topic.path()});
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.out, HasSubstr("t.top:3:10: error: undefined concept ~nothing"));
  EXPECT_THAT(r.out, HasSubstr("t.top:3:23: warning: ^goto(nowhere): no %nowhere in this topic"));
  EXPECT_THAT(r.out, HasSubstr("t.top:3:38: warning: ^frobnicate is not a function autolife runs"));
  EXPECT_THAT(r.out, HasSubstr("1 topic checked: 1 error, 2 warnings"));
  auto ok = runProcess({AUTOLIFE_BINARY, "check", std::string(AUTOLIFE_SOURCE_DIR) + "/examples/packages/chatter"});
  EXPECT_EQ(ok.status, 0) << ok.out;
  // Skins' functions belong to s: rules; the knowledge functions are known.
  TempFile skins("topic: ~s()\nlanguage: enu\nu:(hi) hello ^replace(a, b, 1)\ns:(hello) ^replace(hello, hi, 1)\n"
                 "u:(age) ^queryKnowledge(user, age, ?)\n",
                 "s.top");
  auto s = runProcess({AUTOLIFE_BINARY, "check", skins.path()});
  EXPECT_THAT(s.out, HasSubstr("s.top:3:14: warning: ^replace changes answers only in a skin (s:)"));
  EXPECT_THAT(s.out, HasSubstr("1 topic checked: 0 errors, 1 warning")) << s.out;
}

TEST(CheckCli, TopicsGivenTogetherShareTheirConcepts) {
  // Static concepts are global: pepper-news-api's ErrorDialog uses
  // ~try_again, which its Intro_News topic defines.
  TempDir dir;
  const std::string intro = dir.write("intro.top", "topic: ~intro()\nlanguage: enu\nconcept:(try_again) try again\n");
  const std::string error = dir.write("error.top", "topic: ~error()\nlanguage: enu\nu:(~try_again) ok, once more\n");
  auto alone = runProcess({AUTOLIFE_BINARY, "check", error});
  EXPECT_EQ(alone.status, 1);
  EXPECT_THAT(alone.out, HasSubstr("error.top:3:4: error: undefined concept ~try_again"));
  auto together = runProcess({AUTOLIFE_BINARY, "check", error, intro});
  EXPECT_EQ(together.status, 0) << together.out;
  EXPECT_THAT(together.out, HasSubstr("2 topics checked: 0 errors, 0 warnings"));
}

TEST(CheckCli, ATagNamedByAVariableIsKnownOnlyWhenItRuns) {
  TempFile topic("topic: ~t()\nlanguage: enu\nproposal: %cat miaw\nu:(teach me _[cat dog]) ^gotoReactivate($1)\n"
                 "u:(e:face) ^goto($face)\n",
                 "t.top");
  auto r = runProcess({AUTOLIFE_BINARY, "check", topic.path()});
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_THAT(r.out, HasSubstr("1 topic checked: 0 errors, 0 warnings"));
}

}  // namespace
