// ALAudioPlayer, simulated: files are not played, but their length is what
// a playback takes. A WAV file's length comes from its header (data bytes /
// byte rate); any other file, or one that cannot be read, lasts
// kDefaultFileSeconds. playFile* `take` the length (from the position given),
// playFileInLoop and playInLoop take forever (kNever: until stopped);
// playSine takes its duration. Several sounds may play at once. Nothing is
// written to memory (NAOqi's player writes nothing either).
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "autolife/robot/robot_core.hpp"
#include "autolife/service/service.hpp"

namespace autolife::robot {

class AudioPlayer {
public:
  static constexpr double kDefaultFileSeconds = 3.0;

  explicit AudioPlayer(RobotCore& core);

  std::shared_ptr<service::Service> makeService();

  // A file's length (s): from its WAV header, else kDefaultFileSeconds.
  static double fileLength(const std::filesystem::path& path);

  // State: the files playing now and what was asked to play, in order.
  std::vector<std::string> playing() const;
  std::vector<std::string> played() const;
  double masterVolume() const;

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
    bool loop = false;
    core::Time end{0};
    core::TimerId timer = 0;
  };
  // Starts playing; returns how long it takes (kNever for a loop).
  core::Duration play(const std::string& path, std::int64_t fileId, double length, double from, bool loop);
  Loaded& loaded(std::int64_t id, std::string_view where);
  double positionOf(std::int64_t fileId) const;
  void stopPlayback(std::int64_t fileId);

  RobotCore& core_;
  std::map<std::int64_t, Loaded> files_;
  std::map<std::uint64_t, Playback> playbacks_;
  std::int64_t nextFile_ = 1;
  std::uint64_t nextPlayback_ = 1;
  double masterVolume_ = 1.0;
  double panorama_ = 0.0;
  std::vector<std::string> history_;
};

}  // namespace autolife::robot
