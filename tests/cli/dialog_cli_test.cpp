// Dialogs never silent and every language, through the real binary (issue
// 32, items 1 and 2; issue 34, item 1): `chat` plain and --json, a Dialog
// box in `play`, `check`, `serve`'s stderr.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

#include "files.hpp"
#include "chat_process.hpp"
#include "process.hpp"
#include "serve_process.hpp"

namespace {

using autolife::test::readText;
using autolife::test::TempDir;
using autolife::testing::ProcessResult;
using autolife::testing::runProcess;
using autolife::testing::TempFile;
using ::testing::HasSubstr;
using ::testing::Not;

using autolife::clitest::chat;

const char* kSurfacesTopic = "topic: ~t()\nlanguage: enu\n"
                     "u:(hello) hi \\pau=300\\ there\n"
                     "u:(where is _*) $1 is in $place\n"
                     "u:(go) ^switchFocus(games/.) off we go\n"
                     "u:(my name is _*) $name=$1 hi $name\n"
                     "u:(greet me) ~hello friend\n";

TEST(DialogCli, ChatSaysWhatHappensInPlainOutput) {
  TempFile topic(kSurfacesTopic, "t.top");
  auto r = chat({topic.path()}, "hello\nxyzzy\nwhere is Bob\ngo\nmy name is Ann\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "human: hello\nrobot: hi ... there\n"
            "human: xyzzy\nrobot: (not understood)\n"
            "human: where is Bob\nrobot: (could not answer: $place is not set, " + topic.path() + ":4)\n"
            "human: go\nrobot: off we go\nrobot: ^switchFocus(games/.)\n"
            "robot: (^switchFocus(games/.) failed: there is no activity named 'games/.')\n"
            "human: my name is Ann\nrobot: hi Ann\n");
  auto greet = chat({topic.path()}, "greet me\n");
  EXPECT_THAT(greet.out, ::testing::MatchesRegex("human: greet me\nrobot: [a-zA-Z' ]+ friend\n"));
}

TEST(DialogCli, ChatJsonKeepsTheRawTextAndSaysSpeakFailures) {
  TempFile topic(kSurfacesTopic, "t.top");
  auto r = chat({topic.path(), "--json"}, "hello\nwhere is Bob\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("{\"t\": 0.0, \"robot\": \"hi ... there\", \"raw\": \"hi \\\\pau=300\\\\ there\"}\n"));
  EXPECT_THAT(r.out, HasSubstr("\"speak-failure\": \"$place is not set\", \"at\": \"" + topic.path() + ":4\"}\n"));
}

// A person at a terminal: "human: " is the prompt, what they type is not
// printed again.
TEST(DialogCli, ChatPromptsAPersonAtATerminal) {
  TempFile topic(kSurfacesTopic, "t.top");
  auto r = autolife::testing::runInTerminal({AUTOLIFE_BINARY, "chat", topic.path()}, {"hello\n"}, "human: ");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_THAT(r.out, HasSubstr("human: hello\r\nrobot: hi ... there\r\nhuman: "));
  EXPECT_THAT(r.out, Not(HasSubstr("human: hello\r\nhuman: hello")));
}

TEST(DialogCli, ChatTalksEveryLanguageByCodeLocaleOrName) {
  TempDir dir;
  dir.write("manifest.xml", R"(<?xml version="1.0" encoding="UTF-8" ?>
<package uuid="hej" version="1.0.0">
  <supportedLanguages><language>da_DK</language></supportedLanguages>
  <contents>
    <dialogContent topicName="hej" typeVersion="1.0"><topic path="hej/hej_dad.top" language="da_DK" /></dialogContent>
  </contents>
</package>
)");
  dir.write("hej/hej_dad.top", "topic: ~hej()\nlanguage: dad\nu:(hej) goddag\n");
  for (const std::vector<std::string>& language : {std::vector<std::string>{}, {"--language", "da_DK"}, {"--language", "Danish"}}) {
    std::vector<std::string> args{dir.str()};
    args.insert(args.end(), language.begin(), language.end());
    auto r = chat(args, "Hej\n");
    EXPECT_EQ(r.out, "human: Hej\nrobot: goddag\n") << r.err;
  }
  TempFile dutch("topic: ~t()\nlanguage: dun\nu:(hallo) goedendag\n", "t_dun.top");
  EXPECT_EQ(chat({dutch.path()}, "hallo\n").out, "human: hallo\nrobot: goedendag\n");
  // QiSDK's topics have no language: line: the folder gives it, else --language.
  TempDir qisdk;
  const auto french = qisdk.write("res/raw-fr/greet.top", "topic: ~greet()\nu:(bonjour) salut\n");
  EXPECT_EQ(chat({french.string()}, "bonjour\n").out, "human: bonjour\nrobot: salut\n");
  const auto plain = qisdk.write("res/raw/greet.top", "topic: ~greet()\nu:(hallo) hi\n");
  auto german = chat({plain.string(), "--language", "ged", "--json"}, "hallo\n");
  EXPECT_THAT(german.out, HasSubstr("\"robot\": \"hi\""));
}

// The chatter example with a .dlg whose first language has no .top, and an
// opening that cannot be said.
void writeDialogPackage(const TempDir& dir, const std::string& opening) {
  const std::string example = std::string(AUTOLIFE_SOURCE_DIR) + "/examples/packages/chatter/";
  for (const char* f : {"manifest.xml", "chatter.pml", "behavior.xar", "chat/chat_frf.top"})
    dir.write(f, readText(example + f));
  dir.write("chat/chat.dlg", "multilanguage:chat\n  ged:chat_ged.top\n  enu:chat_enu.top\n  frf:chat_frf.top\n");
  dir.write("chat/chat_enu.top", "topic: ~chat()\nlanguage: enu\nu:(e:onStart) " + opening + "\n");
}

TEST(DialogCli, ADialogBoxLoadsTheRobotsLanguageAndSaysWhatItCannotAnswer) {
  TempDir dir;
  writeDialogPackage(dir, "welcome $visitor");
  auto r = runProcess({AUTOLIFE_BINARY, "play", (dir / "behavior.xar").string()});
  EXPECT_THAT(r.out, HasSubstr("[warning] Chat: Dialog box: chat.dlg lists ged:chat_ged.top, which do not exist "
                               "(skipped: the robot speaks English)"));
  EXPECT_THAT(r.out, HasSubstr("dialog   could not answer: $visitor is not set (" + (dir / "chat/chat_enu.top").string() + ":3)"));
  EXPECT_THAT(r.out, Not(HasSubstr("[error]")));
  auto json = runProcess({AUTOLIFE_BINARY, "play", (dir / "behavior.xar").string(), "--json"});
  EXPECT_THAT(json.out, HasSubstr("\"dialog\": \"speak-failure\", \"reason\": \"$visitor is not set\""));
}

// A German app: `play`'s robot speaks its package's language.
TEST(DialogCli, PlayRunsADialogBoxInItsPackagesLanguage) {
  TempDir dir;
  writeDialogPackage(dir, "hello");
  std::string manifest = readText(dir / "manifest.xml");
  manifest.replace(manifest.find("<language>en_US</language>"), 26, "<language>de_DE</language>");
  dir.write("manifest.xml", manifest);
  dir.write("chat/chat_ged.top", "topic: ~chat()\nlanguage: ged\nu:(e:onStart) Guten Tag\n");
  auto r = runProcess({AUTOLIFE_BINARY, "play", (dir / "behavior.xar").string()});
  EXPECT_THAT(r.out, HasSubstr("ALAnimatedSpeech.say(\"Guten Tag\""));
  EXPECT_THAT(r.out, Not(HasSubstr("Dialog box")));
}

TEST(DialogCli, CheckReportsWhatTheRunWouldFailOn) {
  TempDir dir;
  writeDialogPackage(dir, "welcome ^goto(nowhere)");
  auto r = runProcess({AUTOLIFE_BINARY, "check", dir.str()});
  EXPECT_THAT(r.out, HasSubstr("warning: Dialog box 'Chat': chat.dlg lists ged:chat_ged.top, which does not exist: "
                               "on a robot speaking German the dialog does not start"));
  EXPECT_THAT(r.out, HasSubstr("chat_enu.top:3:23: warning: ^goto(nowhere): no %nowhere in this topic: the answer "
                               "cannot be said"));
  EXPECT_EQ(r.status, 0) << r.out;
}

// Issue 34, item 1: one topic spelling a name two ways is one name, said once.
TEST(DialogCli, CheckWarnsOnceWhenATopicSpellsANameTwoWays) {
  TempFile topic("topic: ~t()\nlanguage: enu\nconcept:(Books) [novel poem]\n"
                 "u:(I like ~books) me too $Liked=1\nu:(~BOOKS) ok\nu:(more) $liked==1 %Again again\n"
                 "u:(once more) ^goto(again)\n",
                 "t.top");
  auto r = runProcess({AUTOLIFE_BINARY, "check", topic.path()});
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_THAT(r.out, HasSubstr("t.top:4:11: warning: ~books is written ~Books at line 3: QiChat compares names "
                               "without case, they are one concept"));
  EXPECT_THAT(r.out, HasSubstr("t.top:6:10: warning: $liked is written $Liked at line 4"));
  EXPECT_THAT(r.out, HasSubstr("t.top:7:15: warning: %again is written %Again at line 6"));
  EXPECT_THAT(r.out, Not(HasSubstr("~BOOKS is written")));  // once per name
  EXPECT_THAT(r.out, HasSubstr("1 topic checked: 0 errors, 3 warnings"));
}

// A topic t.top of `rules` and a scenario s.yaml (`head` first) that loads
// it, activates it, starts the dialog and hears `heard` at `hearAt` s.
std::filesystem::path dialogScenario(const TempDir& dir, const std::string& rules, const std::string& heard,
                                     const std::string& head = "", int hearAt = 0) {
  const auto topic = dir.write("t.top", "topic: ~t()\nlanguage: enu\n" + rules);
  return dir.write("s.yaml", head + "steps:\n"
                                    "  - t: 0\n    call: [ALDialog.loadTopic, " + topic.string() + "]\n"
                                    "  - t: 0\n    call: [ALDialog.activateTopic, t]\n"
                                    "  - t: 0\n    call: [ALDialog.subscribe, test]\n"
                                    "  - t: " + std::to_string(hearAt) + "\n    hear: " + heard + "\n");
}

// The first of serve's first 20 stderr lines that holds `wanted`.
std::string serveLine(const TempDir& dir, const std::filesystem::path& scenario, const std::string& wanted) {
  autolife::test::ServeProcess serve({"--scenario", scenario.string(), "--qi", "off", "--data", (dir / "data").string()});
  std::string line;
  for (int i = 0; i < 20 && line.find(wanted) == std::string::npos; ++i) line = serve.line(true);
  return line;
}

// serve says on stderr which rule could not answer, and why.
TEST(DialogCli, ServeSaysASpeakFailureOnStderr) {
  TempDir dir;
  const auto scenario = dialogScenario(dir, "u:(where is _*) $1 is in $place\n", "where is Bob");
  const std::string said = serveLine(dir, scenario, "could not answer");
  EXPECT_THAT(said, HasSubstr("autolife serve: dialog could not answer at t="));
  EXPECT_THAT(said, HasSubstr(": $place is not set (" + (dir / "t.top").string() + ":3)"));
}

// An answer's ^runBehavior that the robot refuses: said by simulate (text
// and JSON) and serve's stderr, the answer said all the same.
TEST(DialogCli, SimulateAndServeSayARefusedAction) {
  TempDir dir;
  const auto scenario = dialogScenario(dir, "u:(dance) not today ^runBehavior(nope/x)\n", "dance", "until: 10\n", 1);
  auto r = runProcess({AUTOLIFE_BINARY, "simulate", scenario.string()});
  EXPECT_THAT(r.out, HasSubstr("^runBehavior(nope/x) failed: no behavior named nope/x is installed")) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("robot says")) << r.out;
  auto json = runProcess({AUTOLIFE_BINARY, "simulate", scenario.string(), "--json"});
  EXPECT_THAT(json.out, HasSubstr("\"dialog\": \"action-failed\", \"action\": \"runBehavior\", \"args\": [\"nope/x\"], "
                                  "\"reason\": \"no behavior named nope/x is installed\"")) << json.out;
  EXPECT_THAT(serveLine(dir, scenario, "failed at"), HasSubstr("autolife serve: dialog's ^runBehavior(nope/x) failed at t="));
}

}  // namespace
