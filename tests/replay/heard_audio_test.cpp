// Speech heard from audio in a recorded day (docs/replay.md): a scenario's
// `hear: {audio}` and a microphone's speech are in the record, samples and
// all, and the replay's recogniser hears them again: the day replays
// identically, with no sound file and no microphone. The speech is real,
// made by eSpeak NG; the recogniser is PocketSphinx.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/dialog/services.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/replay/recorder.hpp"
#include "autolife/replay/replay.hpp"
#include "autolife/voice/audio.hpp"
#include "autolife/voice/base64.hpp"
#include "autolife/voice/synthesizer.hpp"
#include "sim_support.hpp"

namespace {

using namespace autolife;

const std::string kChatter = std::string(AUTOLIFE_SOURCE_DIR) + "/examples/packages/chatter";

voice::Audio spoken(const std::string& text) { return voice::makeEspeak()->synthesize(text, {}); }

// The chatter's dialog runs from t=1; `steps` follow.
std::string chatterDay(const std::string& steps) {
  return "robot: pepper\nuntil: 20\npackages: [" + kChatter +
         "]\nsteps:\n  - {t: 1, call: [ALAutonomousLife.switchFocus, chatter/.]}\n" + steps;
}

simtest::Outcome recordDay(const sim::Scenario& scenario, const std::filesystem::path& day, sim::EngineHooks inner = {}) {
  replay::RecordingOptions recording;
  recording.source = "simulate";
  recording.scenarioFile = scenario.file;
  replay::Recorder recorder(day, recording);
  sim::SimulationOptions options;
  options.hooks = recorder.hooks(std::move(inner));
  return simtest::run(scenario, options);
}

simtest::Outcome replayDay(const std::filesystem::path& day) {
  replay::RecordReader reader(day);
  simtest::Outcome o;
  o.result = replay::replay(reader, {}, [&](const sim::Record& r) { o.records.push_back(r); }).simulation;
  return o;
}

std::size_t heardAudioFrames(const std::filesystem::path& day) {
  replay::RecordReader reader(day);
  std::size_t n = 0;
  for (replay::Frame f; reader.next(f);) n += f.kind == replay::FrameKind::HearAudio;
  return n;
}

TEST(ReplayHeardAudio, ADayThatHeardASoundFileReplaysIdenticallyWithoutIt) {
  simtest::TempDir dir;
  voice::writeWav(dir / "name.wav", spoken("what is my name"));
  const auto scenario = simtest::parse(chatterDay("  - {t: 6, hear: {audio: name.wav}}\n"), (dir / "s.yaml").string(), dir.str());
  const auto recorded = recordDay(scenario, dir / "day.day");
  const auto heard = recorded.having("audio");
  ASSERT_EQ(heard.size(), 1u) << ::testing::PrintToString(recorded.lines());
  EXPECT_EQ(heard[0]["hear"], "what is my name");
  EXPECT_EQ(heard[0]["outcome"], "answered");
  EXPECT_EQ(heardAudioFrames(dir / "day.day"), 1u);

  std::filesystem::remove(dir / "name.wav");  // the record holds the samples
  EXPECT_EQ(replayDay(dir / "day.day").lines(), recorded.lines());
}

TEST(ReplayHeardAudio, AMicrophonesSpeechIsRecordedAndHeardAgainInTheReplay) {
  simtest::TempDir dir;
  const voice::Audio speech = spoken("what is my name");
  // As serve --voice does: the microphone's audio heard on the engine's thread.
  sim::EngineHooks microphone;
  microphone.built = [&speech](engine::Engine& engine) {
    engine.clock.schedule(std::chrono::seconds(6), [&engine, &speech] { engine.hearAudio(speech); });
  };
  const auto recorded = recordDay(simtest::parse(chatterDay("")), dir / "day.day", microphone);
  ASSERT_EQ(heardAudioFrames(dir / "day.day"), 1u);

  const auto again = replayDay(dir / "day.day");
  const auto heard = again.having("audio");
  ASSERT_EQ(heard.size(), 1u) << ::testing::PrintToString(again.lines());
  EXPECT_EQ(heard[0]["audio"], "microphone");
  EXPECT_EQ(heard[0]["hear"], "what is my name");
  EXPECT_EQ(heard[0]["outcome"], "answered");
  EXPECT_EQ(heard[0]["t"], 6.0);
  // What the dialog answered then, the replay answers: the rest is the recorded day.
  const auto said = recorded.linesHaving("said");
  ASSERT_EQ(said.size(), 2u);
  EXPECT_THAT(said[1], ::testing::HasSubstr(R"("t":6.0,"dialog":"robot","said":"You did not tell me.")"));
  EXPECT_EQ(again.linesHaving("said"), said);
  EXPECT_EQ(again.linesHaving("signal"), recorded.linesHaving("signal"));
}

// Audio a client sends (Autolife.hearAudio over the API or qi, a scenario's
// call) is recorded as that call only: the call hears it again in the
// replay, and a second, hear-audio frame would make the dialog hear it twice.
TEST(ReplayHeardAudio, AudioSentByAClientIsRecordedAsItsCallOnly) {
  simtest::TempDir dir;
  const std::string wav = voice::toBase64(voice::encodeWav(spoken("what is my name")));
  const auto recorded =
      recordDay(simtest::parse(chatterDay("  - {t: 6, call: [Autolife.hearAudio, \"" + wav + "\"]}\n")), dir / "day.day");
  const auto said = recorded.linesHaving("said");
  ASSERT_EQ(said.size(), 2u) << ::testing::PrintToString(recorded.lines());
  EXPECT_THAT(said[1], ::testing::HasSubstr("You did not tell me."));
  EXPECT_EQ(heardAudioFrames(dir / "day.day"), 0u);
  EXPECT_EQ(replayDay(dir / "day.day").lines(), recorded.lines());
}

}  // namespace
