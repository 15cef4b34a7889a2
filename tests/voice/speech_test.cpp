// Real speech on the engine (issue 28): ALTextToSpeech synthesising with
// eSpeak NG (say's real length, speech tags, sayToFile's WAV, animated
// speech through it), ALSpeechRecognition and ALDialog hearing audio (the
// topics' grammar, the threshold, a language without a model), and a
// scenario's hear: {audio}. Audio is made here with eSpeak NG.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/core/clock.hpp"
#include "autolife/dialog/services.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/robot/simulated_robot.hpp"
#include "autolife/service/service.hpp"
#include "autolife/sim/scenario.hpp"
#include "autolife/sim/simulator.hpp"
#include "autolife/voice/recognizer.hpp"
#include "files.hpp"

namespace {

using namespace autolife;
using autolife::test::TempDir;
using ::testing::HasSubstr;
using Kind = voice::Phrase::Kind;

std::shared_ptr<voice::Synthesizer> espeak() { return voice::makeEspeak(); }

voice::Audio spoken(const std::string& text, double speed = 100) {
  voice::VoiceSettings s;
  s.speed = speed;
  return voice::makeEspeak()->synthesize(text, s);
}

double seconds(core::Duration d) { return core::toSeconds(d); }

struct Robot : ::testing::Test {
  core::VirtualClock clock;
  engine::Engine engine{clock};
  robot::TextToSpeech& tts = engine.robot.textToSpeech();

  double say(const std::string& service, const std::string& text) {
    engine.services.call(service + ".say", {text});
    return seconds(service::takenByLastCall());
  }
};

TEST_F(Robot, SayTakesTheRealLengthOfItsAudioAndTagsAct) {
  tts.setSynthesizer(espeak());
  std::vector<robot::SpokenAudio> queued;
  tts.audioQueued.connect([&](const robot::SpokenAudio& a) { queued.push_back(a); });
  const double plain = say("ALTextToSpeech", "Hello, how are you?");
  ASSERT_EQ(queued.size(), 1u);
  EXPECT_NEAR(plain, queued[0].audio->seconds(), 1e-8);
  EXPECT_EQ(queued[0].text, "Hello, how are you?");
  clock.runUntil(clock.now() + core::fromSeconds(plain));
  EXPECT_NEAR(say("ALTextToSpeech", "Hello, \\pau=500\\ how are you?"), plain + 0.5, 0.15);
  clock.runUntil(clock.now() + core::fromSeconds(10));
  EXPECT_LT(say("ALTextToSpeech", "\\rspd=200\\ Hello, how are you?"), plain * 0.75);
  clock.runUntil(clock.now() + core::fromSeconds(10));
  engine.services.call("ALTextToSpeech.setParameter", {"speed", 50.0});
  EXPECT_GT(say("ALTextToSpeech", "Hello, how are you?"), plain * 1.4);
  // Annotations are not spoken; ^run waits the animation's 2 s.
  clock.runUntil(clock.now() + core::fromSeconds(10));
  engine.services.call("ALTextToSpeech.setParameter", {"speed", 100.0});
  EXPECT_NEAR(say("ALAnimatedSpeech", "Hello, ^run(animations/Stand/Gestures/Hey_1) how are you?"), plain + 2.0, 0.2);
}

TEST_F(Robot, SayToFileWritesARealWav) {
  TempDir dir;
  const std::string path = (dir / "hello.wav").string();
  engine.services.call("ALTextToSpeech.sayToFile", {"Hello, \\vct=150\\ world", path});
  const voice::Audio a = voice::readAudio(path, 0);
  EXPECT_EQ(a.rate, 22050);
  EXPECT_GT(a.seconds(), 0.5);
  EXPECT_THROW(engine.services.call("ALTextToSpeech.sayToFile", {"Hello", (dir / "no" / "x.wav").string()}), service::CallError);
  // Without a synthesizer attached, say keeps its timing formula.
  EXPECT_NEAR(say("ALTextToSpeech", "Hello world"), 0.2 + 11 / 14.0, 1e-9);
}

// A recogniser that hears what it is told to, and keeps the grammar it got.
struct FakeRecognizer : voice::Recognizer {
  voice::Recognition next;
  voice::Grammar grammar;
  int rate() const override { return 16000; }
  std::vector<std::string> setGrammar(const voice::Grammar& g) override {
    grammar = g;
    return {};
  }
  voice::Recognition recognize(const voice::Audio&) override { return next; }
};

const char* kTopic = R"(topic: ~hello()
language: enu
concept:(drink) [tea coffee "orange juice"]
u:(e:onStart) welcome
u:([hello hi] {robot}) hi there
u:(I want ~drink) here you are
u:(my name is _*) nice to meet you $1
u:(e:Dialog/NotUnderstood) sorry?
)";

struct Hearing : Robot {
  std::shared_ptr<FakeRecognizer> fake = std::make_shared<FakeRecognizer>();
  std::vector<dialog::DialogRecord> records;
  void SetUp() override {
    engine.dialog.records.connect([this](const dialog::DialogRecord& r) { records.push_back(r); });
    engine.dialog.activate(engine.dialog.loadContent(kTopic));
    engine.dialog.subscribe("test");
  }
  std::string lastRobot() const {
    for (auto it = records.rbegin(); it != records.rend(); ++it)
      if (it->kind == "robot") return it->text;
    return "";
  }
};

TEST_F(Hearing, TheGrammarIsEveryPhraseOfTheActiveTopics) {
  engine.speechRecognition.setRecognizer(fake);
  fake->next = {true, "", 0, 0, -100};
  engine.hearAudio(spoken("hi"));
  const voice::Grammar& g = fake->grammar;
  ASSERT_EQ(g.phrases.size(), 3u);  // the event rules cannot be said
  EXPECT_EQ(g.phrases[0].children[0].kind, Kind::Choice);
  EXPECT_EQ(g.phrases[0].children[1].kind, Kind::Optional);
  EXPECT_EQ(g.phrases[1].children[2].kind, Kind::Rule);
  ASSERT_TRUE(g.rules.contains("drink"));
  EXPECT_EQ(g.rules.at("drink").children.size(), 3u);
  EXPECT_EQ(g.phrases[2].children[3].kind, Kind::Slot);
}

TEST_F(Hearing, APhraseAboveTheThresholdIsTheDialogsInputBelowItNotUnderstood) {
  engine.speechRecognition.setRecognizer(fake);
  std::vector<core::Value> recognised;
  engine.memory.subscribeToEvent("WordRecognized", "test", [&](const std::string&, const core::Value& v) { recognised.push_back(v); });
  fake->next = {true, "i want tea", 0.9, 1, -20};
  auto h = engine.hearAudio(spoken("I want tea"));
  EXPECT_TRUE(h.understood);
  clock.runUntil(clock.now());
  EXPECT_EQ(lastRobot(), "here you are");
  ASSERT_EQ(recognised.size(), 1u);
  EXPECT_TRUE(identical(recognised[0], core::Value(core::Value::Array{"i want tea", 0.9})));
  fake->next = {true, "i want tea", 0.2, 1, -80};
  h = engine.hearAudio(spoken("I want tea"));
  EXPECT_FALSE(h.understood);
  ASSERT_TRUE(h.heard.dialog);
  EXPECT_EQ(h.heard.dialog->explanation.outcome, "not-understood");
  EXPECT_EQ(lastRobot(), "sorry?");
  // Silence: nobody spoke, the dialog is not told.
  fake->next = {false, "", 0, 1, 0};
  h = engine.hearAudio(voice::Audio{16000, std::vector<std::int16_t>(8000, 0)});
  EXPECT_FALSE(h.heard.dialog);
}

TEST_F(Hearing, PocketSphinxHearsEspeakThroughTheDialog) {
  auto h = engine.hearAudio(spoken("I want orange juice"));
  EXPECT_EQ(h.recognition.text, "i want orange juice");
  EXPECT_TRUE(h.understood) << h.recognition.confidence;
  EXPECT_EQ(lastRobot(), "here you are");
}

TEST_F(Hearing, ALanguageWithoutAModelIsSaidOnceTypedInputStillWorks) {
  engine.dialog.dialog().setLanguage("French");
  engine.dialog.activate(engine.dialog.loadContent("topic: ~bonjour()\nlanguage: frf\nu:(bonjour) salut\n"));
  auto first = engine.hearAudio(spoken("bonjour"));
  EXPECT_THAT(first.notice, HasSubstr("no speech recognition model for French"));
  EXPECT_FALSE(first.understood);
  EXPECT_EQ(engine.hearAudio(spoken("bonjour")).notice, "");
  engine.hear("bonjour");
  EXPECT_EQ(lastRobot(), "salut");
}

TEST(ScenarioHearAudio, AMissingSoundFileIsAProblemWhereItIsNamed) {
  TempDir dir;
  voice::writeWav(dir / "hello.wav", spoken("hello robot"));
  const std::string yaml = "steps:\n  - {t: 1, hear: {audio: hello.wav}}\n  - {t: 2, hear: {audio: missing.wav}}\n";
  auto parsed = sim::parseScenario(yaml, (dir / "s.yaml").string(), dir.str());
  ASSERT_TRUE(std::holds_alternative<std::vector<core::Diagnostic>>(parsed));
  const auto& problems = std::get<std::vector<core::Diagnostic>>(parsed);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].line, 3);
  EXPECT_THAT(problems[0].message, HasSubstr("no sound file"));
}

}  // namespace
