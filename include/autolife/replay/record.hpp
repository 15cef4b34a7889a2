// A recorded day's file (docs/replay.md): the first line says the format
// and its version ("autolife-day 2\n"); checksummed blocks of frames
// follow. The first frame is the header (seed, robot, start, ...); the
// others are the run's inputs in engine time, as the engine's door heard
// them (engine/inputs.hpp). A day of an input every 100 ms takes about
// 10 MB.
//
// RecordWriter appends frames and writes a block when it is full or when
// asked (flush). RecordReader checks a whole record when it opens it (each
// block's length and CRC, each frame's structure) and finds where it
// breaks, if it does; then it gives the frames before the break, one at a
// time.
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "autolife/core/string_hash.hpp"
#include "autolife/core/time.hpp"
#include "autolife/core/value.hpp"
#include "autolife/launchpad/world.hpp"
#include "autolife/memory/memory.hpp"

namespace autolife::replay {

// The format's version this build writes; it reads it and the earlier
// ones (version 2 added heard audio), and refuses a later one.
inline constexpr int kFormatVersion = 2;
inline constexpr std::string_view kFormatName = "autolife-day";

// A HearAudio frame's samples fit in a block; their rate is one a sound
// file may have (voice::kMinAudioRate to kMaxAudioRate).
inline constexpr std::size_t kMaxAudioBytes = 15 * 1024 * 1024;

// What a frame is (docs/replay.md, "Frames").
enum class FrameKind : std::uint8_t {
  Header = 0x01,    // the header's map (first frame)
  Set = 0x02,       // ALMemory.insertData: key, value
  Raise = 0x03,     // ALMemory.raiseEvent: key, value
  Writes = 0x04,    // a batch of Set and Raise writes
  People = 0x05,    // everyone the world perceives now
  World = 0x06,     // a world update (a map, as the scenario's world:)
  Touch = 0x07,     // a sensor pressed: its name, for how long
  Observe = 0x08,   // a robot's perception (a map)
  Hear = 0x09,      // what a person said, with the recogniser's confidence
  Call = 0x0A,      // a client's call: Service.method, arguments
  Package = 0x0B,   // a package loaded: {path, uuid, version, hash}
  Activity = 0x0C,  // an activity added (a map)
  Override = 0x0D,  // a package activity's run overridden (a map)
  Start = 0x0E,     // the engine started
  Begin = 0x0F,     // the inputs up to End came together (a step)
  EndTogether = 0x10,
  End = 0x11,       // the run ended here, cleanly
  HearAudio = 0x12,  // speech heard from audio: where it came from, its samples (version 2)
};
const char* frameKindName(FrameKind kind);
// Frames without a time: the header and the brackets of a step.
constexpr bool timed(FrameKind kind) {
  return kind != FrameKind::Header && kind != FrameKind::Begin && kind != FrameKind::EndTogether;
}

// One frame as read. Views (key, writes' keys) point into the reader's
// names, which live as long as it.
struct Frame {
  FrameKind kind = FrameKind::End;
  core::Time time{0};
  std::size_t offset = 0;  // the byte of the file where it starts
  std::string_view key;    // Set, Raise: the key; Touch: the sensor; Call: "Service.method"; HearAudio: its source
  core::Value value;       // Set, Raise: the value; Header, World, Observe, Package, Activity, Override: the map
  std::vector<memory::Write> writes;       // Writes
  std::vector<launchpad::Person> people;   // People
  std::vector<core::Value> arguments;      // Call
  std::string text;                        // Hear
  std::string samples;                     // HearAudio: 16-bit little-endian mono samples (audioSamples)
  double number = 0;                       // Hear: confidence; Touch: seconds; HearAudio: samples per second
};

// A HearAudio frame's samples.
std::vector<std::int16_t> audioSamples(const Frame& f);

class RecordWriter {
public:
  // Creates (or truncates) the file and writes the format line. Throws
  // std::runtime_error saying why it cannot.
  explicit RecordWriter(const std::filesystem::path& path, std::size_t blockBytes = 64 * 1024);
  ~RecordWriter();
  RecordWriter(const RecordWriter&) = delete;
  RecordWriter& operator=(const RecordWriter&) = delete;

  void header(const core::Value& map);
  void set(core::Time t, memory::Write::Kind kind, std::string_view key, const core::Value& value);
  void writes(core::Time t, std::span<const memory::Write> writes);
  void people(core::Time t, const std::vector<launchpad::Person>& people);
  // World, Observe, Package, Activity, Override: a map.
  void map(FrameKind kind, core::Time t, const core::Value& map);
  void touch(core::Time t, std::string_view sensor, double seconds);
  void hear(core::Time t, std::string_view text, double confidence);
  // Audio heard (a microphone, a scenario's sound file): where it came
  // from, as its outcome names it, and its samples.
  void hearAudio(core::Time t, std::string_view source, int rate, std::span<const std::int16_t> samples);
  void call(core::Time t, std::string_view method, const std::vector<core::Value>& arguments);
  // Start, End: a time only; Begin, EndTogether: nothing.
  void mark(FrameKind kind, core::Time t = core::Time{0});
  // A frame as read (a record copied, the fuzz target's round trip).
  void frame(const Frame& f);

  // Writes what is pending as a block and hands it to the system.
  void flush();
  bool pending() const { return used_ > 0; }
  // Bytes written so far (blocks, with the format line).
  std::uint64_t size() const { return written_; }
  const std::filesystem::path& path() const { return path_; }

private:
  void begin(FrameKind kind, core::Time t);
  void end();  // a frame is complete: the block is written once full
  // At least n bytes free at the end of the block: where they begin.
  // Inline, as put and varint: every frame writes through them.
  char* room(std::size_t n) {
    if (block_.size() - used_ < n) grow(n);
    return block_.data() + used_;
  }
  void grow(std::size_t n);
  void put(char c) {
    *room(1) = c;
    ++used_;
  }
  void varint(std::uint64_t v) {
    char* const out = room(10);
    char* p = out;
    for (; v >= 0x80; v >>= 7) *p++ = static_cast<char>((v & 0x7F) | 0x80);
    *p++ = static_cast<char>(v);
    used_ += static_cast<std::size_t>(p - out);
  }
  void number(double d);
  void bytes(std::string_view s);
  void name(std::string_view s);
  void value(const core::Value& v, int depth = 0);

  std::filesystem::path path_;
  std::FILE* file_ = nullptr;
  std::size_t blockBytes_;
  std::vector<char> block_;  // the block being filled: its first used_ bytes
  std::size_t used_ = 0;
  std::uint64_t written_ = 0;
  core::Time last_{0};
  std::unordered_map<std::string, std::uint32_t, core::StringHash, std::equal_to<>> names_;
  // Names given lately, by where their characters were.
  struct Recent {
    const char* data = nullptr;
    std::string_view name;  // the table's key
    std::uint32_t number = 0;
  };
  static constexpr int kRecentBits = 9;
  std::array<Recent, std::size_t{1} << kRecentBits> recent_{};
};

// Where a record breaks, and why: "byte 1234: ..." in what() (the file
// name is the caller's to add).
struct Break {
  std::uint64_t byte = 0;
  std::string why;
  std::string text() const { return "byte " + std::to_string(byte) + ": " + why; }
};

class RecordReader {
public:
  // Reads and checks the whole file. Throws std::runtime_error when nothing
  // can be read from it: not a record, a later version (the sentence says
  // so), no readable header. A record that breaks later opens, with
  // broken() saying where: only what comes before is read.
  explicit RecordReader(const std::filesystem::path& path);
  // The same from bytes in memory (the fuzz target, tests).
  static RecordReader fromBytes(std::string bytes);

  const core::Value& header() const { return header_; }
  const std::optional<Break>& broken() const { return break_; }
  // The time of the End frame (a clean stop), else of the last frame read.
  core::Time endTime() const { return endTime_; }
  bool endedCleanly() const { return endedCleanly_; }
  std::size_t frameCount() const { return frames_; }

  // The next frame after the header, in file order; false after the last
  // one before the end or the break.
  bool next(Frame& frame);
  // Back to the first frame after the header.
  void rewind();

private:
  explicit RecordReader(std::string bytes, bool);
  void check();

  std::string bytes_;
  std::size_t firstBlock_ = 0;
  std::size_t validEnd_ = 0;  // where the checked blocks end
  core::Value header_;
  std::optional<Break> break_;
  core::Time endTime_{0};
  bool endedCleanly_ = false;
  std::size_t frames_ = 0;
  std::size_t framesEnd_ = 0;  // the offset after the last good frame
  FrameKind lastKind_ = FrameKind::End;  // the last kind of the record's version

  // Reading position.
  std::size_t block_ = 0, blockEnd_ = 0, at_ = 0;
  core::Time time_{0};
  std::deque<std::string> names_;
};

}  // namespace autolife::replay
