// ALAudioPlayer's sound sets: a set is a folder of sound files, installed
// when a folder given to addSoundSetFolder holds it, loaded by name, and its
// files played by name (with or without their extension).
#include <algorithm>

#include "arguments.hpp"
#include "autolife/core/ascii.hpp"
#include "autolife/robot/audio_player.hpp"

namespace autolife::robot {

namespace fs = std::filesystem;

namespace {

bool isSound(const fs::path& p) {
  static const std::vector<std::string> extensions{".wav", ".ogg", ".mp3", ".flac", ".opus", ".aiff", ".aif"};
  const std::string e = core::asciiLower(p.extension().string());
  return std::find(extensions.begin(), extensions.end(), e) != extensions.end();
}

}  // namespace

void AudioPlayer::addSoundSetFolder(const fs::path& folder) {
  std::lock_guard lock(core_.mutex);
  if (std::find(setFolders_.begin(), setFolders_.end(), folder) == setFolders_.end()) setFolders_.push_back(folder);
}

std::vector<std::string> AudioPlayer::installedSets() const {
  std::vector<std::string> out;
  for (const auto& root : setFolders_) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(root, ec))
      if (entry.is_directory(ec) && std::find(out.begin(), out.end(), entry.path().filename().string()) == out.end())
        out.push_back(entry.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<fs::path> AudioPlayer::setFolder(const std::string& set) const {
  if (set.empty() || set.find('/') != std::string::npos || set == "." || set == "..") return std::nullopt;
  for (const auto& root : setFolders_) {
    std::error_code ec;
    if (fs::is_directory(root / set, ec)) return root / set;
  }
  return std::nullopt;
}

std::vector<std::string> AudioPlayer::setFiles(const std::string& set) const {
  std::vector<std::string> out;
  auto folder = setFolder(set);
  if (!folder) return out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(*folder, ec))
    if (entry.is_regular_file(ec) && isSound(entry.path())) out.push_back(entry.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<fs::path> AudioPlayer::setFile(const std::string& set, const std::string& file) const {
  auto folder = setFolder(set);
  if (!folder) return std::nullopt;
  for (const auto& name : setFiles(set))
    if (name == file || fs::path(name).stem() == file) return *folder / name;
  return std::nullopt;
}

void AudioPlayer::loadSet(const std::string& set) {
  if (!setFolder(set)) service::refuse("unknown-sound-set", "no sound set named '" + set + "' is installed");
  if (std::find(loadedSets_.begin(), loadedSets_.end(), set) == loadedSets_.end()) loadedSets_.push_back(set);
}

// Without a set: the first loaded set that has the file.
void AudioPlayer::playSetFile(const std::optional<std::string>& set, const std::string& file, const Options& o) {
  std::optional<fs::path> path;
  {
    std::lock_guard lock(core_.mutex);
    if (set) {
      loadSet(*set);
      path = setFile(*set, file);
      if (!path) service::refuse("unknown-sound", "the sound set '" + *set + "' has no file '" + file + "'");
    } else {
      for (const auto& loaded : loadedSets_)
        if ((path = setFile(loaded, file))) break;
      if (!path) service::refuse("unknown-sound", "no loaded sound set has a file '" + file + "'");
    }
  }
  playByName(path->string(), o);
}

void AudioPlayer::declareSoundSets(naoqi::ServiceBuilder& b) {
  b.bind("getInstalledSoundSetsList", [this] {
    std::lock_guard lock(core_.mutex);
    return installedSets();
  }, "The installed sound sets (the folders given to the simulated robot)");
  b.bind("isSoundSetInstalled", [this](const std::string& set) {
    std::lock_guard lock(core_.mutex);
    return setFolder(set).has_value();
  }, "Whether a sound set is installed");
  b.bind("isSoundSetFileInstalled", [this](const std::string& set, const std::string& file) {
    std::lock_guard lock(core_.mutex);
    return setFile(set, file).has_value();
  }, "Whether a sound set has a file");
  b.bind("getSoundSetFileNames", [this](const std::string& set) {
    std::lock_guard lock(core_.mutex);
    if (!setFolder(set)) service::refuse("unknown-sound-set", "no sound set named '" + set + "' is installed");
    return setFiles(set);
  }, "A sound set's files");
  b.bind("loadSoundSet", [this](const std::string& set) {
    std::lock_guard lock(core_.mutex);
    loadSet(set);
  }, "Loads an installed sound set");
  b.bind("unloadSoundSet", [this](const std::string& set) {
    std::lock_guard lock(core_.mutex);
    auto it = std::find(loadedSets_.begin(), loadedSets_.end(), set);
    if (it == loadedSets_.end()) service::refuse("unknown-sound-set", "the sound set '" + set + "' is not loaded");
    loadedSets_.erase(it);
  }, "Unloads a sound set");
  b.bind("getLoadedSoundSetsList", [this] {
    std::lock_guard lock(core_.mutex);
    return loadedSets_;
  }, "The loaded sound sets");
  b.bind("isSoundSetLoaded", [this](const std::string& set) {
    std::lock_guard lock(core_.mutex);
    return std::find(loadedSets_.begin(), loadedSets_.end(), set) != loadedSets_.end();
  }, "Whether a sound set is loaded");
  auto options = [](double position, double volume, double pan, bool loop) {
    return Options{args::within(position, 0, 1e9, "position"), args::within(volume, 0, 1, "volume"),
                   args::within(pan, -1, 1, "pan"), loop};
  };
  b.bind("playSoundSetFile", [this](const std::string& file) { playSetFile(std::nullopt, file, {}); },
         "Plays a file of a loaded sound set; takes its length");
  b.bind("playSoundSetFile", [this](const std::string& set, const std::string& file) { playSetFile(set, file, {}); },
         "Plays a sound set's file (the set is loaded); takes its length");
  b.bind("playSoundSetFile", [this, options](const std::string& set, const std::string& file, double position, double volume,
                                             double pan, bool loop) {
    playSetFile(set, file, options(position, volume, pan, loop));
  }, "Plays a sound set's file from a position, at a volume and pan, maybe in a loop");
  b.bind("playSoundSetFile", [this, options](const std::string& file, double position, double volume, double pan, bool loop) {
    playSetFile(std::nullopt, file, options(position, volume, pan, loop));
  }, "Plays a loaded sound set's file from a position, at a volume and pan, maybe in a loop");
}

}  // namespace autolife::robot
