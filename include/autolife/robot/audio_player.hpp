// ALAudioPlayer, simulated: files are not played, but a playback takes the
// file's real length (WAV, OGG, FLAC, MP3... read with libsndfile); a file
// that cannot be read as sound lasts kDefaultFileSeconds. playFile* `take`
// the length (from the position given), playFileInLoop and playInLoop take
// forever (kNever: until stopped); playSine takes its duration. Several
// sounds may play at once, each with its volume and pan; loaded files keep
// their volume and position (pause, goTo). Sound sets are folders of sound
// files (addSoundSetFolder): installed, loaded, played by file name.
// Nothing is written to memory (NAOqi's player writes nothing either).
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "autolife/robot/robot_core.hpp"
#include "autolife/service/service.hpp"

namespace autolife::robot {

class AudioPlayer {
public:
  static constexpr double kDefaultFileSeconds = 3.0;

  explicit AudioPlayer(RobotCore& core);

  std::shared_ptr<service::Service> makeService();

  // A file's length (s): read as sound, else kDefaultFileSeconds.
  static double fileLength(const std::filesystem::path& path);

  // Sound sets: every folder inside `folder` is an installed set named as
  // the folder, its sound files the set's files.
  void addSoundSetFolder(const std::filesystem::path& folder);

  // State: the files playing now and what was asked to play, in order.
  std::vector<std::string> playing() const;
  std::vector<std::string> played() const;
  double masterVolume() const;

  // One sound playing now, as the dashboard or a test sees it.
  struct Sound {
    std::string path;
    double volume = 1.0;  // the playback's own, before the master volume
    double pan = 0.0;
    bool loop = false;
  };
  std::vector<Sound> sounds() const;

private:
  struct Loaded {
    std::string path;
    double length = 0;
    double volume = 1.0;
    double position = 0;  // where play() starts; pause() keeps it
  };
  struct Playback {
    std::string path;
    std::int64_t fileId = 0;  // 0: played by name
    core::Time start{0};
    double from = 0;  // seconds into the file
    double volume = 1.0;
    double pan = 0.0;
    bool loop = false;
    core::Time end{0};
    core::TimerId timer = 0;
  };
  struct Options {
    double from = 0;
    double volume = 1.0;
    double pan = 0.0;
    bool loop = false;
  };

  // Starts playing; returns how long it takes (kNever for a loop).
  core::Duration play(const std::string& path, std::int64_t fileId, double length, const Options& options);
  core::Duration playLocked(const std::string& path, std::int64_t fileId, double length, const Options& options);
  void playByName(const std::string& path, const Options& options);
  void playLoaded(std::int64_t id, std::optional<double> volume, std::optional<double> pan, bool loop);
  // The robot's lock held by the next three and the sound sets' but
  // playSetFile and declareSoundSets.
  Loaded& loaded(std::int64_t id);
  double positionOf(std::int64_t fileId) const;
  void stopPlayback(std::int64_t fileId);

  // Sound sets (audio_player_sets.cpp).
  std::vector<std::string> installedSets() const;
  std::optional<std::filesystem::path> setFolder(const std::string& set) const;
  std::vector<std::string> setFiles(const std::string& set) const;
  std::optional<std::filesystem::path> setFile(const std::string& set, const std::string& file) const;
  void loadSet(const std::string& set);
  void playSetFile(const std::optional<std::string>& set, const std::string& file, const Options& options);
  void declareSoundSets(naoqi::ServiceBuilder& b);

  RobotCore& core_;
  std::map<std::int64_t, Loaded> files_;
  std::map<std::uint64_t, Playback> playbacks_;
  std::int64_t nextFile_ = 1;
  std::uint64_t nextPlayback_ = 1;
  double masterVolume_ = 1.0;
  double panorama_ = 0.0;
  std::vector<std::string> history_;
  std::vector<std::filesystem::path> setFolders_;
  std::vector<std::string> loadedSets_;
};

}  // namespace autolife::robot
