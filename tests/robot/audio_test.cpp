// ALAudioPlayer through the registry: a playback takes the file's length
// (read from a WAV header), loaded files and their ids, positions, pause,
// loops, several sounds at once, and refusals.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>

#include <sndfile.h>

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
  // A sound file of `seconds` (mono, 22.05 kHz) in a libsndfile format.
  std::string sound(const std::string& name, double seconds, int format) {
    const fs::path path = dir_ / name;
    SF_INFO info{};
    info.samplerate = 22050;
    info.channels = 1;
    info.format = format;
    SNDFILE* f = sf_open(path.c_str(), SFM_WRITE, &info);
    EXPECT_NE(f, nullptr) << name << ": " << sf_strerror(nullptr);
    if (!f) return path.string();
    std::vector<short> samples(static_cast<std::size_t>(seconds * info.samplerate));
    for (std::size_t i = 0; i < samples.size(); ++i) samples[i] = static_cast<short>((i * 97) % 2000);
    sf_write_short(f, samples.data(), static_cast<sf_count_t>(samples.size()));
    sf_close(f);
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

// Sounds take their real length whatever their format (issue 14 item 6),
// read with libsndfile; an MP3 encoder pads a little, so within 0.1 s.
TEST_F(Audio, OggFlacAndMp3TakeTheirRealLength) {
  call("ALAudioPlayer.playFile", {sound("a.ogg", 2.5, SF_FORMAT_OGG | SF_FORMAT_VORBIS)});
  EXPECT_NEAR(took, 2.5, 0.01);
  call("ALAudioPlayer.playFile", {sound("b.flac", 1.25, SF_FORMAT_FLAC | SF_FORMAT_PCM_16)});
  EXPECT_NEAR(took, 1.25, 0.001);
  call("ALAudioPlayer.playFile", {sound("c.mp3", 4.0, SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III)});
  EXPECT_NEAR(took, 4.0, 0.1);
  const json id = call("ALAudioPlayer.loadFile", {sound("d.ogg", 0.5, SF_FORMAT_OGG | SF_FORMAT_VORBIS)});
  EXPECT_NEAR(call("ALAudioPlayer.getFileLength", {id}).get<double>(), 0.5, 0.01);
}

TEST_F(Audio, EachPlaybackKeepsItsVolumeAndPan) {
  const std::string a = wav("a.wav", 2.0);
  call("ALAudioPlayer.playFile", {a, 0.5, -1.0});
  call("ALAudioPlayer.setPanorama", {0.25});
  const json id = call("ALAudioPlayer.loadFile", {wav("b.wav", 2.0)});
  call("ALAudioPlayer.setVolume", {id, 0.75});
  call("ALAudioPlayer.play", {id});
  const auto sounds = robot().audioPlayer().sounds();
  ASSERT_EQ(sounds.size(), 2u);
  EXPECT_EQ(sounds[0].volume, 0.5);
  EXPECT_EQ(sounds[0].pan, -1.0);
  EXPECT_EQ(sounds[1].volume, 0.75);
  EXPECT_EQ(sounds[1].pan, 0.25) << "a loaded file plays at the panorama set";
  call("ALAudioPlayer.setVolume", {id, 0.1});
  EXPECT_EQ(robot().audioPlayer().sounds()[1].volume, 0.1) << "a playing file's volume changes at once";
}

TEST_F(Audio, SoundSetsAreFoldersOfSounds) {
  fs::create_directories(dir_ / "sets" / "Bells");
  fs::create_directories(dir_ / "sets" / "Voices");
  wav("sets/Bells/ding.wav", 1.0);
  wav("sets/Bells/dong.wav", 2.0);
  file("sets/Bells/readme.txt", "not a sound");
  robot().audioPlayer().addSoundSetFolder(dir_ / "sets");
  EXPECT_EQ(call("ALAudioPlayer.getInstalledSoundSetsList"), json({"Bells", "Voices"}));
  EXPECT_EQ(call("ALAudioPlayer.isSoundSetInstalled", {"Bells"}), true);
  EXPECT_EQ(call("ALAudioPlayer.isSoundSetInstalled", {"Gongs"}), false);
  EXPECT_EQ(call("ALAudioPlayer.getSoundSetFileNames", {"Bells"}), json({"ding.wav", "dong.wav"}));
  EXPECT_EQ(call("ALAudioPlayer.isSoundSetFileInstalled", {"Bells", "dong"}), true);
  EXPECT_EQ(call("ALAudioPlayer.getLoadedSoundSetsList"), json::array());
  EXPECT_EQ(refusal("ALAudioPlayer.playSoundSetFile", {"ding"}), "unknown-sound") << "no set is loaded yet";
  call("ALAudioPlayer.loadSoundSet", {"Bells"});
  EXPECT_EQ(call("ALAudioPlayer.getLoadedSoundSetsList"), json({"Bells"}));
  EXPECT_EQ(call("ALAudioPlayer.isSoundSetLoaded", {"Bells"}), true);
  call("ALAudioPlayer.playSoundSetFile", {"dong"});
  EXPECT_EQ(took, 2.0);
  call("ALAudioPlayer.playSoundSetFile", {"Bells", "ding.wav", 0.5, 0.5, 0.0, false});
  EXPECT_EQ(took, 0.5) << "from 0.5 s into a 1 s file";
  EXPECT_EQ(refusal("ALAudioPlayer.playSoundSetFile", {"Gongs", "ding"}), "unknown-sound-set");
  EXPECT_EQ(refusal("ALAudioPlayer.playSoundSetFile", {"Bells", "readme"}), "unknown-sound");
  call("ALAudioPlayer.unloadSoundSet", {"Bells"});
  EXPECT_EQ(call("ALAudioPlayer.getLoadedSoundSetsList"), json::array());
  EXPECT_EQ(refusal("ALAudioPlayer.unloadSoundSet", {"Bells"}), "unknown-sound-set");
  EXPECT_EQ(refusal("ALAudioPlayer.getSoundSetFileNames", {"../sets"}), "unknown-sound-set");
}

TEST_F(Audio, EveryCatalogMethodAnswers) {
  // Modelled or not, each overload NAOqi lists answers with its type.
  EXPECT_EQ(call("ALAudioPlayer.playWebStream", {"http://radio", 0.5, 0.0}), json());
  EXPECT_TRUE(calls.back().notModelled);
  EXPECT_EQ(call("ALAudioPlayer.ping"), true);
  EXPECT_FALSE(calls.back().notModelled);
}

}  // namespace
