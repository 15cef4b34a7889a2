// ALAudioPlayer through the registry: a playback takes the file's length
// (read from a WAV header), loaded files and their ids, positions, pause,
// loops, several sounds at once, and refusals.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>

#include "robot_fixture.hpp"

namespace {

using namespace autolife;
using namespace autolife::robottest;
using ::testing::ElementsAre;
using ::testing::UnorderedElementsAre;

namespace fs = std::filesystem;

void le16(std::ofstream& out, std::uint16_t v) {
  const char b[2] = {static_cast<char>(v & 0xFF), static_cast<char>(v >> 8)};
  out.write(b, 2);
}
void le32(std::ofstream& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.put(static_cast<char>((v >> (8 * i)) & 0xFF));
}

class Audio : public RobotFixture {
protected:
  void SetUp() override {
    RobotFixture::SetUp();
    std::random_device rd;
    dir_ = fs::temp_directory_path() / ("autolife-robot-audio-" + std::to_string(rd()) + std::to_string(rd()));
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }
  // A PCM WAV file of `seconds` (16-bit mono at 16 kHz), with a LIST chunk
  // before the data as real files often have.
  std::string wav(const std::string& name, double seconds) {
    const fs::path path = dir_ / name;
    std::ofstream out(path, std::ios::binary);
    const std::uint32_t rate = 16000, byteRate = rate * 2;
    const auto data = static_cast<std::uint32_t>(seconds * byteRate);
    const std::string list = "INFOISFT";
    out.write("RIFF", 4);
    le32(out, 4 + 8 + 16 + 8 + static_cast<std::uint32_t>(list.size()) + 8 + data);
    out.write("WAVE", 4);
    out.write("fmt ", 4);
    le32(out, 16);
    le16(out, 1);  // PCM
    le16(out, 1);  // mono
    le32(out, rate);
    le32(out, byteRate);
    le16(out, 2);
    le16(out, 16);
    out.write("LIST", 4);
    le32(out, static_cast<std::uint32_t>(list.size()));
    out.write(list.data(), static_cast<std::streamsize>(list.size()));
    out.write("data", 4);
    le32(out, data);
    for (std::uint32_t i = 0; i < data; ++i) out.put(0);
    return path.string();
  }
  std::string file(const std::string& name, const std::string& content) {
    const fs::path path = dir_ / name;
    std::ofstream(path, std::ios::binary) << content;
    return path.string();
  }

  fs::path dir_;
};

TEST_F(Audio, PlayFileTakesTheLengthInTheWavHeader) {
  const std::string sound = wav("bip.wav", 1.5);
  call("ALAudioPlayer.playFile", {sound});
  EXPECT_EQ(taken, core::fromSeconds(1.5));
  EXPECT_THAT(robot().audioPlayer().playing(), ElementsAre(sound));
  wait(took);
  EXPECT_TRUE(robot().audioPlayer().playing().empty());
  call("ALAudioPlayer.playFile", {sound, 0.5, -1.0});
  EXPECT_EQ(taken, core::fromSeconds(1.5)) << "with a volume and a pan";
}

TEST_F(Audio, FilesOfUnknownLengthLastThreeSeconds) {
  call("ALAudioPlayer.playFile", {"/no/such/file.ogg"});
  EXPECT_EQ(taken, core::fromSeconds(3.0));
  call("ALAudioPlayer.playFile", {file("song.mp3", "ID3 not a wave at all")});
  EXPECT_EQ(taken, core::fromSeconds(3.0));
  call("ALAudioPlayer.playFile", {file("short.wav", "RIFF")});
  EXPECT_EQ(taken, core::fromSeconds(3.0)) << "a truncated header";
}

TEST_F(Audio, PlayFileFromPositionTakesTheRest) {
  const std::string sound = wav("two.wav", 2.0);
  call("ALAudioPlayer.playFileFromPosition", {sound, 0.5});
  EXPECT_EQ(taken, core::fromSeconds(1.5));
  call("ALAudioPlayer.playFileFromPosition", {sound, 10.0, 1.0, 0.0});
  EXPECT_EQ(taken, core::Duration::zero()) << "past the end";
}

TEST_F(Audio, SeveralSoundsPlayAtOnce) {
  const std::string a = wav("a.wav", 1.0), b = wav("b.wav", 2.0);
  call("ALAudioPlayer.playFile", {a});
  call("ALAudioPlayer.playFile", {b});
  EXPECT_THAT(robot().audioPlayer().playing(), UnorderedElementsAre(a, b));
  runTo(1.0);
  EXPECT_THAT(robot().audioPlayer().playing(), ElementsAre(b));
  EXPECT_THAT(robot().audioPlayer().played(), ElementsAre(a, b));
}

TEST_F(Audio, LoadedFilesHaveIdsLengthsAndPositions) {
  const std::string sound = wav("four.wav", 4.0);
  const json id = call("ALAudioPlayer.loadFile", {sound});
  EXPECT_EQ(id, 1);
  EXPECT_EQ(call("ALAudioPlayer.loadFile", {wav("other.wav", 1.0)}), 2);
  EXPECT_EQ(call("ALAudioPlayer.getLoadedFilesIds"), json::array({1, 2}));
  EXPECT_EQ(call("ALAudioPlayer.getLoadedFilesNames").at(0), sound);
  EXPECT_EQ(call("ALAudioPlayer.getFileLength", {id}), 4.0);
  EXPECT_EQ(call("ALAudioPlayer.getCurrentPosition", {id}), 0.0);

  call("ALAudioPlayer.play", {id});
  EXPECT_EQ(taken, core::fromSeconds(4.0));
  runTo(1.0);
  EXPECT_EQ(call("ALAudioPlayer.getCurrentPosition", {id}), 1.0);
  call("ALAudioPlayer.pause", {id});
  runTo(3.0);
  EXPECT_EQ(call("ALAudioPlayer.getCurrentPosition", {id}), 1.0) << "paused";
  EXPECT_TRUE(robot().audioPlayer().playing().empty());
  call("ALAudioPlayer.play", {id, 1.0, 0.0});
  EXPECT_EQ(taken, core::fromSeconds(3.0)) << "resumes where it was paused";
  wait(took);
  EXPECT_EQ(call("ALAudioPlayer.getCurrentPosition", {id}), 0.0) << "back to the start once played";
  call("ALAudioPlayer.play", {id});
  EXPECT_EQ(taken, core::fromSeconds(4.0));
}

TEST_F(Audio, GoToMovesAPlaybackOrTheNextOne) {
  const json id = call("ALAudioPlayer.loadFile", {wav("four.wav", 4.0)});
  call("ALAudioPlayer.goTo", {id, 3.0});
  call("ALAudioPlayer.play", {id});
  EXPECT_EQ(taken, core::fromSeconds(1.0));
  runTo(0.5);
  call("ALAudioPlayer.goTo", {id, 1.0});
  EXPECT_EQ(call("ALAudioPlayer.getCurrentPosition", {id}), 1.0);
  runTo(3.4);
  EXPECT_FALSE(robot().audioPlayer().playing().empty()) << "it now ends at 3.5 s";
  runTo(3.5);
  EXPECT_TRUE(robot().audioPlayer().playing().empty());
}

TEST_F(Audio, LoopsTakeUntilStopped) {
  const std::string sound = wav("loop.wav", 1.0);
  call("ALAudioPlayer.playFileInLoop", {sound});
  EXPECT_EQ(taken, core::kNever);
  const json id = call("ALAudioPlayer.loadFile", {sound});
  call("ALAudioPlayer.playInLoop", {id});
  EXPECT_EQ(taken, core::kNever);
  runTo(2.25);
  EXPECT_EQ(call("ALAudioPlayer.getCurrentPosition", {id}), 0.25);
  EXPECT_EQ(robot().audioPlayer().playing().size(), 2u);
  call("ALAudioPlayer.stopAll");
  EXPECT_TRUE(robot().audioPlayer().playing().empty());
  EXPECT_EQ(call("ALAudioPlayer.getCurrentPosition", {id}), 0.0);
}

TEST_F(Audio, UnloadingForgetsFiles) {
  const json a = call("ALAudioPlayer.loadFile", {wav("a.wav", 1.0)});
  const json b = call("ALAudioPlayer.loadFile", {wav("b.wav", 1.0)});
  call("ALAudioPlayer.play", {a});
  call("ALAudioPlayer.unloadFile", {a});
  EXPECT_TRUE(robot().audioPlayer().playing().empty()) << "unloading stops it";
  EXPECT_EQ(call("ALAudioPlayer.getLoadedFilesIds"), json::array({b}));
  call("ALAudioPlayer.unloadAllFiles");
  EXPECT_EQ(call("ALAudioPlayer.getLoadedFilesIds"), json::array());
  EXPECT_EQ(call("ALAudioPlayer.loadFile", {wav("c.wav", 1.0)}), 3) << "ids are not reused";
}

TEST_F(Audio, VolumesAndSine) {
  const json id = call("ALAudioPlayer.loadFile", {wav("a.wav", 1.0)});
  call("ALAudioPlayer.setVolume", {id, 0.25});
  EXPECT_EQ(call("ALAudioPlayer.getVolume", {id}), 0.25);
  call("ALAudioPlayer.setMasterVolume", {0.5});
  EXPECT_EQ(call("ALAudioPlayer.getMasterVolume"), 0.5);
  call("ALAudioPlayer.playSine", {440, 50, 0, 0.75});
  EXPECT_EQ(taken, core::fromSeconds(0.75));
  EXPECT_EQ(robot().audioPlayer().played().back(), "sine:440Hz");
}

TEST_F(Audio, Refusals) {
  EXPECT_EQ(refusal("ALAudioPlayer.play", {7}), "unknown-file-id");
  EXPECT_EQ(refusal("ALAudioPlayer.pause", {7}), "unknown-file-id");
  EXPECT_EQ(refusal("ALAudioPlayer.getFileLength", {7}), "unknown-file-id");
  EXPECT_EQ(refusal("ALAudioPlayer.getCurrentPosition", {7}), "unknown-file-id");
  EXPECT_EQ(refusal("ALAudioPlayer.goTo", {7, 1.0}), "unknown-file-id");
  EXPECT_EQ(refusal("ALAudioPlayer.setVolume", {7, 0.5}), "unknown-file-id");
  EXPECT_EQ(refusal("ALAudioPlayer.unloadFile", {7}), "unknown-file-id");
  EXPECT_EQ(refusal("ALAudioPlayer.play", {"one"}), "bad-argument");
  EXPECT_EQ(refusal("ALAudioPlayer.playFile", {42}), "bad-argument");
  EXPECT_EQ(refusal("ALAudioPlayer.playFile", {"x.wav", 1.5, 0.0}), "bad-argument");
  EXPECT_EQ(refusal("ALAudioPlayer.playFile", {"x.wav", 0.5, -2.0}), "bad-argument");
  EXPECT_EQ(refusal("ALAudioPlayer.playFileFromPosition", {"x.wav", -1.0}), "bad-argument");
  EXPECT_EQ(refusal("ALAudioPlayer.setMasterVolume", {2.0}), "bad-argument");
  EXPECT_EQ(refusal("ALAudioPlayer.setPanorama", {-1.5}), "bad-argument");
  EXPECT_EQ(refusal("ALAudioPlayer.playSine", {440, 500, 0, 1.0}), "bad-argument");
  EXPECT_EQ(refusal("ALAudioPlayer.playSine", {440, 50, 0, -1.0}), "bad-argument");
  EXPECT_EQ(refusal("ALAudioPlayer.playFile"), "wrong-arity");
  EXPECT_TRUE(robot().audioPlayer().played().empty()) << "nothing refused was played";
}

}  // namespace
