// `autolife chat --voice-in / --voice-out` and a scenario's hear: {audio}
// through the real binary (issue 28), with audio made here by eSpeak NG.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "autolife/voice/audio.hpp"
#include "autolife/voice/synthesizer.hpp"
#include "files.hpp"
#include "process.hpp"

namespace {

using autolife::test::TempDir;
using autolife::testing::runProcess;
using ::testing::HasSubstr;
using json = nlohmann::json;
namespace voice = autolife::voice;

std::vector<json> lines(const std::string& out) {
  std::vector<json> v;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) v.push_back(json::parse(line));
  return v;
}

void say(const std::filesystem::path& path, const std::string& text) {
  voice::writeWav(path, voice::makeEspeak()->synthesize(text, {}));
}

TEST(ChatVoice, HeardUtterancesAndRobotAudioInJson) {
  TempDir dir;
  say(dir / "name.wav", "what is my name");
  voice::writeWav(dir / "silence.wav", voice::Audio{16000, std::vector<std::int16_t>(8000, 0)});
  const std::string chatter = std::string(AUTOLIFE_SOURCE_DIR) + "/examples/packages/chatter";
  auto r = runProcess({AUTOLIFE_BINARY, "chat", chatter, "--json", "--voice-in", (dir / "name.wav").string(), "--voice-in",
                       (dir / "silence.wav").string(), "--voice-out", (dir / "out").string()});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto v = lines(r.out);
  ASSERT_EQ(v.size(), 4u) << r.out;
  EXPECT_EQ(v[0]["robot"], "Hello! What is your name?");
  EXPECT_EQ(v[0]["audio"], (dir / "out" / "0001.wav").string());
  EXPECT_EQ(v[1]["human"], "what is my name");
  EXPECT_GT(v[1]["confidence"].get<double>(), 0.5);
  EXPECT_GT(v[1]["t"].get<double>(), 1.0);  // after the opening's real length
  EXPECT_EQ(v[2]["robot"], "You did not tell me.");
  EXPECT_EQ(v[2]["audio"], (dir / "out" / "0002.wav").string());
  EXPECT_EQ(v[3]["not-understood"], true);
  EXPECT_EQ(v[3]["confidence"], 0.0);
  const auto opening = voice::readAudio(dir / "out" / "0001.wav", 0);
  EXPECT_NEAR(v[1]["t"].get<double>(), opening.seconds(), 1e-6);
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "0002.wav"));
}

TEST(ChatVoice, BadAudioIsAClearErrorAndTheRestIsHeard) {
  TempDir dir;
  const auto bad = dir.write("bad.wav", "not audio");
  say(dir / "bye.wav", "goodbye");
  const std::string chatter = std::string(AUTOLIFE_SOURCE_DIR) + "/examples/packages/chatter";
  auto r = runProcess({AUTOLIFE_BINARY, "chat", chatter, "--voice-in", bad.string(), "--voice-in", (dir / "bye.wav").string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.err, HasSubstr(bad.string() + ": not a sound libsndfile can read"));
  EXPECT_THAT(r.out, HasSubstr("human: goodbye\nrobot: Goodbye!"));
}

TEST(ScenarioVoice, HearAudioStepsAreHeardByTheDialog) {
  TempDir dir;
  say(dir / "name.wav", "what is my name");
  const std::string chatter = std::string(AUTOLIFE_SOURCE_DIR) + "/examples/packages/chatter";
  const auto scenario = dir.write("s.yaml", "robot: pepper\nuntil: 20\npackages:\n  - " + chatter +
                                                "\nsteps:\n  - {t: 1, call: [ALAutonomousLife.switchFocus, chatter/.]}\n"
                                                "  - {t: 6, hear: {audio: name.wav}}\n");
  auto r = runProcess({AUTOLIFE_BINARY, "simulate", scenario.string(), "--json"});
  ASSERT_EQ(r.status, 0) << r.err << r.out;
  bool heard = false;
  for (const auto& j : lines(r.out))
    if (j.contains("audio") && j.contains("hear")) {
      heard = true;
      EXPECT_EQ(j["hear"], "what is my name");
      EXPECT_EQ(j["outcome"], "answered");
      EXPECT_EQ(j["audio"], (dir / "name.wav").string());
    }
  EXPECT_TRUE(heard) << r.out;
}

}  // namespace
