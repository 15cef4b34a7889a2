#include "autolife/robot/audio_player.hpp"

#include <algorithm>
#include <cmath>

#include "arguments.hpp"
#include "sound_file.hpp"

namespace autolife::robot {

using service::Any;

double AudioPlayer::fileLength(const std::filesystem::path& path) {
  return soundFileSeconds(path).value_or(kDefaultFileSeconds);
}

AudioPlayer::AudioPlayer(RobotCore& core) : core_(core) {}

core::Duration AudioPlayer::play(const std::string& path, std::int64_t fileId, double length, const Options& o) {
  std::lock_guard lock(core_.mutex);
  return playLocked(path, fileId, length, o);
}

core::Duration AudioPlayer::playLocked(const std::string& path, std::int64_t fileId, double length, const Options& o) {
  if (fileId != 0) stopPlayback(fileId);
  const core::Time now = core_.now();
  const std::uint64_t id = nextPlayback_++;
  Playback p;
  p.path = path;
  p.fileId = fileId;
  p.start = now;
  p.from = std::clamp(o.from, 0.0, length);
  p.volume = o.volume;
  p.pan = o.pan;
  p.loop = o.loop;
  history_.push_back(path);
  if (o.loop) {
    p.end = core::kNever;
  } else {
    p.end = now + core::fromSeconds(length - p.from);
    p.timer = core_.at(p.end, [this, id] {
      std::lock_guard lock(core_.mutex);
      auto it = playbacks_.find(id);
      if (it == playbacks_.end()) return;
      if (auto f = files_.find(it->second.fileId); f != files_.end()) f->second.position = 0;
      playbacks_.erase(it);
    });
  }
  const core::Duration taken = o.loop ? core::kNever : p.end - now;
  playbacks_.emplace(id, std::move(p));
  return taken;
}

void AudioPlayer::playByName(const std::string& path, const Options& o) {
  service::takes(play(path, 0, fileLength(path), o));
}

void AudioPlayer::playLoaded(std::int64_t id, std::optional<double> volume, std::optional<double> pan, bool loop) {
  std::string path;
  Options o;
  double length = 0;
  {
    std::lock_guard lock(core_.mutex);
    const Loaded& f = loaded(id);
    path = f.path;
    length = f.length;
    o.from = f.position;
    o.volume = volume.value_or(f.volume);
    o.pan = pan.value_or(panorama_);
    o.loop = loop;
  }
  service::takes(play(path, id, length, o));
}

AudioPlayer::Loaded& AudioPlayer::loaded(std::int64_t id) {
  auto it = files_.find(id);
  if (it == files_.end()) service::refuse("unknown-file-id", "no file is loaded with id " + std::to_string(id));
  return it->second;
}

double AudioPlayer::positionOf(std::int64_t fileId) const {
  for (const auto& [id, p] : playbacks_)
    if (p.fileId == fileId) {
      const double length = files_.at(fileId).length;
      const double played = core::toSeconds(core_.now() - p.start) + p.from;
      return p.loop && length > 0 ? std::fmod(played, length) : std::min(played, length);
    }
  return files_.at(fileId).position;
}

void AudioPlayer::stopPlayback(std::int64_t fileId) {
  for (auto it = playbacks_.begin(); it != playbacks_.end();) {
    if (it->second.fileId == fileId) {
      core_.cancel(it->second.timer);
      it = playbacks_.erase(it);
    } else {
      ++it;
    }
  }
}

std::vector<std::string> AudioPlayer::playing() const {
  std::vector<std::string> out;
  for (const auto& s : sounds()) out.push_back(s.path);
  return out;
}

std::vector<AudioPlayer::Sound> AudioPlayer::sounds() const {
  std::lock_guard lock(core_.mutex);
  std::vector<Sound> out;
  for (const auto& [id, p] : playbacks_) out.push_back({p.path, p.volume, p.pan, p.loop});
  return out;
}

std::vector<std::string> AudioPlayer::played() const {
  std::lock_guard lock(core_.mutex);
  return history_;
}

double AudioPlayer::masterVolume() const {
  std::lock_guard lock(core_.mutex);
  return masterVolume_;
}

// ---- the service -------------------------------------------------------------

std::shared_ptr<service::Service> AudioPlayer::makeService() {
  auto b = declare(core_, "ALAudioPlayer", "Simulated sound playback: files take their real length");
  auto options = [](double from, double volume, double pan, bool loop) {
    return Options{from, args::within(volume, 0.0, 1.0, "volume"), args::within(pan, -1.0, 1.0, "pan"), loop};
  };
  const double far = 1e9;
  b.bind("playFile", [this](const std::string& file) { playByName(file, {}); }, "Plays a file; takes its length");
  b.bind("playFile", [this, options](const std::string& file, double volume, double pan) {
    playByName(file, options(0, volume, pan, false));
  }, "Plays a file at a volume (0-1) and pan (-1 left .. 1 right); takes its length");
  b.bind("playFileInLoop", [this](const std::string& file) { playByName(file, {0, 1.0, 0.0, true}); },
         "Plays a file again and again; takes until stopped");
  b.bind("playFileInLoop", [this, options](const std::string& file, double volume, double pan) {
    playByName(file, options(0, volume, pan, true));
  }, "Plays a file again and again at a volume and pan; takes until stopped");
  b.bind("playFileFromPosition", [this, far](const std::string& file, double position) {
    playByName(file, {args::within(position, 0, far, "position"), 1.0, 0.0, false});
  }, "Plays a file from a position (s); takes the rest of it");
  b.bind("playFileFromPosition", [this, options, far](const std::string& file, double position, double volume, double pan) {
    playByName(file, options(args::within(position, 0, far, "position"), volume, pan, false));
  }, "Plays a file from a position (s) at a volume and pan; takes the rest of it");
  b.bind("loadFile", [this](const std::string& file) {
    const double length = fileLength(file);
    std::lock_guard lock(core_.mutex);
    const std::int64_t id = nextFile_++;
    files_[id] = Loaded{file, length, 1.0, 0.0};
    return id;
  }, "Loads a file; returns its id");
  b.bind("play", [this](int id) { playLoaded(id, {}, {}, false); }, "Plays a loaded file from where it is");
  b.bind("play", [this](int id, double volume, double pan) {
    playLoaded(id, args::within(volume, 0, 1, "volume"), args::within(pan, -1, 1, "pan"), false);
  }, "Plays a loaded file at a volume and pan");
  b.bind("playInLoop", [this](int id) { playLoaded(id, {}, {}, true); }, "Plays a loaded file again and again");
  b.bind("playInLoop", [this](int id, double volume, double pan) {
    playLoaded(id, args::within(volume, 0, 1, "volume"), args::within(pan, -1, 1, "pan"), true);
  }, "Plays a loaded file again and again at a volume and pan");
  b.bind("pause", [this](int id) {
    std::lock_guard lock(core_.mutex);
    Loaded& f = loaded(id);
    f.position = positionOf(id);
    stopPlayback(id);
  }, "Pauses a loaded file where it is");
  b.bind("stopAll", [this] {
    std::lock_guard lock(core_.mutex);
    for (auto& [id, p] : playbacks_) core_.cancel(p.timer);
    playbacks_.clear();
    for (auto& [id, f] : files_) f.position = 0;
  }, "Stops every sound");
  b.bind("getFileLength", {"id"}, [this](int id) {
    std::lock_guard lock(core_.mutex);
    return loaded(id).length;
  }, "A loaded file's length (s)");
  b.bind("getCurrentPosition", {"id"}, [this](int id) {
    std::lock_guard lock(core_.mutex);
    loaded(id);
    return positionOf(id);
  }, "Where a loaded file is (s)");
  b.bind("goTo", {"id", "position"}, [this, far](int id, double position) {
    args::within(position, 0, far, "position");
    std::lock_guard lock(core_.mutex);
    Loaded& f = loaded(id);
    f.position = std::min(position, f.length);
    auto it = std::find_if(playbacks_.begin(), playbacks_.end(), [id](const auto& p) { return p.second.fileId == id; });
    if (it == playbacks_.end()) return;
    const Options o{f.position, it->second.volume, it->second.pan, it->second.loop};
    playLocked(f.path, id, f.length, o);  // continues from there
  }, "Moves in a loaded file");
  b.bind("setVolume", [this](int id, double volume) {
    args::within(volume, 0, 1, "volume");
    std::lock_guard lock(core_.mutex);
    loaded(id).volume = volume;
    for (auto& [pid, p] : playbacks_)
      if (p.fileId == id) p.volume = volume;
  }, "A loaded file's volume (0-1)");
  b.bind("getVolume", {"id"}, [this](int id) {
    std::lock_guard lock(core_.mutex);
    return loaded(id).volume;
  }, "A loaded file's volume");
  b.bind("setMasterVolume", [this](double volume) {
    args::within(volume, 0, 1, "volume");
    std::lock_guard lock(core_.mutex);
    masterVolume_ = volume;
  }, "The player's volume (0-1)");
  b.bind("getMasterVolume", [this] { return masterVolume(); }, "The player's volume");
  b.bind("setPanorama", {"pan"}, [this](double pan) {
    args::within(pan, -1, 1, "pan");
    std::lock_guard lock(core_.mutex);
    panorama_ = pan;
  }, "Left (-1) to right (1), for what plays next");
  b.bind("unloadFile", [this](int id) {
    std::lock_guard lock(core_.mutex);
    loaded(id);
    stopPlayback(id);
    files_.erase(id);
  }, "Forgets a loaded file");
  b.bind("unloadAllFiles", [this] {
    std::lock_guard lock(core_.mutex);
    for (auto& [id, f] : files_) stopPlayback(id);
    files_.clear();
  }, "Forgets every loaded file");
  b.bind("getLoadedFilesIds", [this] {
    std::lock_guard lock(core_.mutex);
    std::vector<std::int64_t> out;
    for (const auto& [id, f] : files_) out.push_back(id);
    return out;
  }, "The loaded files' ids");
  b.bind("getLoadedFilesNames", [this] {
    std::lock_guard lock(core_.mutex);
    std::vector<std::string> out;
    for (const auto& [id, f] : files_) out.push_back(f.path);
    return out;
  }, "The loaded files' paths");
  b.bind("playSine", [this](int frequence, int gain, int pan, double duration) {
    args::within(frequence, 1, 100000, "frequence");
    args::within(gain, 0, 100, "gain");
    args::within(pan, -1, 1, "pan");
    const double d = args::within(duration, 0, 1e6, "duration");
    service::takes(play("sine:" + std::to_string(frequence) + "Hz", 0, d, {0, gain / 100.0, static_cast<double>(pan), false}));
  }, "Plays a tone; takes its duration");
  declareSoundSets(b);
  return b.build();
}

}  // namespace autolife::robot
