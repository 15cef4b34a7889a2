#include "autolife/robot/audio_player.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <fstream>

#include "arguments.hpp"

namespace autolife::robot {

using service::Any;
using service::Arguments;
using service::Type;

namespace {

constexpr const char* kAudioPlayerService = "ALAudioPlayer";
std::string audioPlayerMethod(std::string_view method) { return args::qualified(kAudioPlayerService, method); }

std::uint32_t le32(const unsigned char* p) {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 | static_cast<std::uint32_t>(p[2]) << 16 |
         static_cast<std::uint32_t>(p[3]) << 24;
}

}  // namespace

double AudioPlayer::fileLength(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return kDefaultFileSeconds;
  std::array<unsigned char, 12> header{};
  if (!in.read(reinterpret_cast<char*>(header.data()), header.size())) return kDefaultFileSeconds;
  if (std::memcmp(header.data(), "RIFF", 4) != 0 || std::memcmp(header.data() + 8, "WAVE", 4) != 0) return kDefaultFileSeconds;
  std::uint32_t byteRate = 0;
  std::optional<std::uint64_t> dataBytes;
  std::error_code ec;
  const auto fileSize = std::filesystem::file_size(path, ec);
  for (int chunks = 0; chunks < 64 && in; ++chunks) {
    std::array<unsigned char, 8> chunk{};
    if (!in.read(reinterpret_cast<char*>(chunk.data()), chunk.size())) break;
    const std::uint32_t size = le32(chunk.data() + 4);
    if (std::memcmp(chunk.data(), "fmt ", 4) == 0 && size >= 16) {
      std::array<unsigned char, 16> fmt{};
      if (!in.read(reinterpret_cast<char*>(fmt.data()), fmt.size())) break;
      byteRate = le32(fmt.data() + 8);
      in.seekg(static_cast<std::streamoff>(size - 16 + (size & 1)), std::ios::cur);
    } else if (std::memcmp(chunk.data(), "data", 4) == 0) {
      const auto offset = static_cast<std::uint64_t>(in.tellg());
      // A streamed file may say 0xFFFFFFFF: what follows is the data.
      dataBytes = size == 0xFFFFFFFFu || (!ec && offset + size > fileSize) ? (ec ? 0 : fileSize - offset) : size;
      break;
    } else {
      in.seekg(static_cast<std::streamoff>(size + (size & 1)), std::ios::cur);
    }
  }
  if (!dataBytes || byteRate == 0) return kDefaultFileSeconds;
  return static_cast<double>(*dataBytes) / byteRate;
}

AudioPlayer::AudioPlayer(RobotCore& core) : core_(core) {}

core::Duration AudioPlayer::play(const std::string& path, std::int64_t fileId, double length, double from, bool loop) {
  std::lock_guard lock(core_.mutex);
  if (fileId != 0) stopPlayback(fileId);
  const core::Time now = core_.now();
  const std::uint64_t id = nextPlayback_++;
  Playback p;
  p.path = path;
  p.fileId = fileId;
  p.start = now;
  p.from = std::clamp(from, 0.0, length);
  p.loop = loop;
  history_.push_back(path);
  if (loop) {
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
  const core::Duration taken = loop ? core::kNever : p.end - now;
  playbacks_.emplace(id, std::move(p));
  return taken;
}

AudioPlayer::Loaded& AudioPlayer::loaded(std::int64_t id, std::string_view w) {
  auto it = files_.find(id);
  if (it == files_.end()) refuse("unknown-file-id", w, "no file is loaded with id " + std::to_string(id));
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
  std::lock_guard lock(core_.mutex);
  std::vector<std::string> out;
  for (const auto& [id, p] : playbacks_) out.push_back(p.path);
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

std::shared_ptr<service::Service> AudioPlayer::makeService() {
  auto s = std::make_shared<service::Service>(kAudioPlayerService, "Simulated sound playback: files take their length");
  auto volumePan = [](const Arguments& a, std::size_t i, std::string_view w) {
    args::numberIn(a[i], 0.0, 1.0, w, "volume");
    args::numberIn(a[i + 1], -1.0, 1.0, w, "pan");
  };
  auto byName = [this](const Arguments& a, double from, bool loop) {
    const std::string path = service::stringArg(a, 0);
    service::takes(play(path, 0, fileLength(path), from, loop));
    return Any();
  };
  define(*s, core_, "playFile", {{"fileName", Type::String}}, Type::Void, "Plays a file; takes its length",
         [byName](const Arguments& a) { return byName(a, 0, false); });
  define(*s, core_, "playFile", {{"fileName", Type::String}, {"volume", Type::Float}, {"pan", Type::Float}}, Type::Void,
         "Plays a file at a volume (0-1) and pan (-1 left .. 1 right); takes its length", [byName, volumePan](const Arguments& a) {
           volumePan(a, 1, audioPlayerMethod("playFile"));
           return byName(a, 0, false);
         });
  define(*s, core_, "playFileInLoop", {{"fileName", Type::String}}, Type::Void, "Plays a file again and again; takes until stopped",
         [byName](const Arguments& a) { return byName(a, 0, true); });
  define(*s, core_, "playFileInLoop", {{"fileName", Type::String}, {"volume", Type::Float}, {"pan", Type::Float}}, Type::Void,
         "Plays a file again and again; takes until stopped", [byName, volumePan](const Arguments& a) {
           volumePan(a, 1, audioPlayerMethod("playFileInLoop"));
           return byName(a, 0, true);
         });
  define(*s, core_, "playFileFromPosition", {{"fileName", Type::String}, {"position", Type::Float}}, Type::Void,
         "Plays a file from a position (s); takes the rest of it", [byName](const Arguments& a) {
           return byName(a, args::numberIn(a[1], 0, 1e9, audioPlayerMethod("playFileFromPosition"), "position"), false);
         });
  define(*s, core_, "playFileFromPosition",
         {{"fileName", Type::String}, {"position", Type::Float}, {"volume", Type::Float}, {"pan", Type::Float}}, Type::Void,
         "Plays a file from a position (s); takes the rest of it", [byName, volumePan](const Arguments& a) {
           const std::string w = audioPlayerMethod("playFileFromPosition");
           volumePan(a, 2, w);
           return byName(a, args::numberIn(a[1], 0, 1e9, w, "position"), false);
         });
  define(*s, core_, "loadFile", {{"fileName", Type::String}}, Type::Int, "Loads a file; returns its id", [this](const Arguments& a) {
    const std::string path = service::stringArg(a, 0);
    const double length = fileLength(path);
    std::lock_guard lock(core_.mutex);
    const std::int64_t id = nextFile_++;
    files_[id] = Loaded{path, length, 1.0, 0.0};
    return Any(id);
  });
  auto playLoaded = [this](const Arguments& a, bool loop, std::string_view method) {
    const std::string w = audioPlayerMethod(method);
    const std::int64_t id = service::intArg(a, 0);
    std::string path;
    double length = 0, from = 0;
    {
      std::lock_guard lock(core_.mutex);
      const Loaded& f = loaded(id, w);
      path = f.path;
      length = f.length;
      from = f.position;
    }
    service::takes(play(path, id, length, from, loop));
    return Any();
  };
  for (const char* method : {"play", "playInLoop"}) {
    const bool loop = std::string_view(method) == "playInLoop";
    define(*s, core_, method, {{"id", Type::Int}}, Type::Void, loop ? "Plays a loaded file again and again" : "Plays a loaded file",
           [playLoaded, loop, method](const Arguments& a) { return playLoaded(a, loop, method); });
    define(*s, core_, method, {{"id", Type::Int}, {"volume", Type::Float}, {"pan", Type::Float}}, Type::Void,
           loop ? "Plays a loaded file again and again" : "Plays a loaded file", [playLoaded, volumePan, loop, method](const Arguments& a) {
             volumePan(a, 1, audioPlayerMethod(method));
             return playLoaded(a, loop, method);
           });
  }
  define(*s, core_, "pause", {{"id", Type::Int}}, Type::Void, "Pauses a loaded file where it is", [this](const Arguments& a) {
    std::lock_guard lock(core_.mutex);
    const std::int64_t id = service::intArg(a, 0);
    Loaded& f = loaded(id, audioPlayerMethod("pause"));
    f.position = positionOf(id);
    stopPlayback(id);
    return Any();
  });
  define(*s, core_, "stopAll", {}, Type::Void, "Stops every sound", [this](const Arguments&) {
    std::lock_guard lock(core_.mutex);
    for (auto& [id, p] : playbacks_) core_.cancel(p.timer);
    playbacks_.clear();
    for (auto& [id, f] : files_) f.position = 0;
    return Any();
  });
  define(*s, core_, "getFileLength", {{"id", Type::Int}}, Type::Float, "A loaded file's length (s)", [this](const Arguments& a) {
    std::lock_guard lock(core_.mutex);
    return Any(loaded(service::intArg(a, 0), audioPlayerMethod("getFileLength")).length);
  });
  define(*s, core_, "getCurrentPosition", {{"id", Type::Int}}, Type::Float, "Where a loaded file is (s)", [this](const Arguments& a) {
    std::lock_guard lock(core_.mutex);
    const std::int64_t id = service::intArg(a, 0);
    loaded(id, audioPlayerMethod("getCurrentPosition"));
    return Any(positionOf(id));
  });
  define(*s, core_, "goTo", {{"id", Type::Int}, {"position", Type::Float}}, Type::Void, "Moves in a loaded file", [this](const Arguments& a) {
    const std::string w = audioPlayerMethod("goTo");
    const std::int64_t id = service::intArg(a, 0);
    const double position = args::numberIn(a[1], 0, 1e9, w, "position");
    std::unique_lock lock(core_.mutex);
    Loaded& f = loaded(id, w);
    f.position = std::min(position, f.length);
    auto it = std::find_if(playbacks_.begin(), playbacks_.end(), [id](const auto& p) { return p.second.fileId == id; });
    if (it == playbacks_.end()) return Any();
    const bool loop = it->second.loop;
    play(f.path, id, f.length, f.position, loop);  // continues from there
    return Any();
  });
  define(*s, core_, "setVolume", {{"id", Type::Int}, {"volume", Type::Float}}, Type::Void, "A loaded file's volume (0-1)",
         [this](const Arguments& a) {
           const std::string w = audioPlayerMethod("setVolume");
           const double v = args::numberIn(a[1], 0.0, 1.0, w, "volume");
           std::lock_guard lock(core_.mutex);
           loaded(service::intArg(a, 0), w).volume = v;
           return Any();
         });
  define(*s, core_, "getVolume", {{"id", Type::Int}}, Type::Float, "A loaded file's volume", [this](const Arguments& a) {
    std::lock_guard lock(core_.mutex);
    return Any(loaded(service::intArg(a, 0), audioPlayerMethod("getVolume")).volume);
  });
  define(*s, core_, "setMasterVolume", {{"volume", Type::Float}}, Type::Void, "The player's volume (0-1)", [this](const Arguments& a) {
    const double v = args::numberIn(a[0], 0.0, 1.0, audioPlayerMethod("setMasterVolume"), "volume");
    std::lock_guard lock(core_.mutex);
    masterVolume_ = v;
    return Any();
  });
  define(*s, core_, "getMasterVolume", {}, Type::Float, "The player's volume", [this](const Arguments&) { return Any(masterVolume()); });
  define(*s, core_, "setPanorama", {{"pan", Type::Float}}, Type::Void, "Left (-1) to right (1)", [this](const Arguments& a) {
    const double pan = args::numberIn(a[0], -1.0, 1.0, audioPlayerMethod("setPanorama"), "pan");
    std::lock_guard lock(core_.mutex);
    panorama_ = pan;
    return Any();
  });
  define(*s, core_, "unloadFile", {{"id", Type::Int}}, Type::Void, "Forgets a loaded file", [this](const Arguments& a) {
    std::lock_guard lock(core_.mutex);
    const std::int64_t id = service::intArg(a, 0);
    loaded(id, audioPlayerMethod("unloadFile"));
    stopPlayback(id);
    files_.erase(id);
    return Any();
  });
  define(*s, core_, "unloadAllFiles", {}, Type::Void, "Forgets every loaded file", [this](const Arguments&) {
    std::lock_guard lock(core_.mutex);
    for (auto& [id, f] : files_) stopPlayback(id);
    files_.clear();
    return Any();
  });
  define(*s, core_, "getLoadedFilesIds", {}, Type::List, "The loaded files' ids", [this](const Arguments&) {
    std::lock_guard lock(core_.mutex);
    std::vector<std::int64_t> out;
    for (const auto& [id, f] : files_) out.push_back(id);
    return Any(out);
  });
  define(*s, core_, "getLoadedFilesNames", {}, Type::List, "The loaded files' paths", [this](const Arguments&) {
    std::lock_guard lock(core_.mutex);
    std::vector<std::string> out;
    for (const auto& [id, f] : files_) out.push_back(f.path);
    return Any(out);
  });
  define(*s, core_, "playSine", {{"frequence", Type::Int}, {"gain", Type::Int}, {"pan", Type::Int}, {"duration", Type::Float}},
         Type::Void, "Plays a tone; takes its duration", [this](const Arguments& a) {
           const std::string w = audioPlayerMethod("playSine");
           args::numberIn(a[0], 1, 100000, w, "frequence");
           args::numberIn(a[1], 0, 100, w, "gain");
           args::numberIn(a[2], -1, 1, w, "pan");
           const double d = args::numberIn(a[3], 0, 1e6, w, "duration");
           service::takes(play("sine:" + std::to_string(service::intArg(a, 0)) + "Hz", 0, d, 0, false));
           return Any();
         });
  return s;
}

}  // namespace autolife::robot
