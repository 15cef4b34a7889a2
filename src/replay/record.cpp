#include "autolife/replay/record.hpp"

#include <bit>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <zlib.h>

#include "autolife/voice/audio.hpp"

namespace autolife::replay {

namespace {

constexpr std::size_t kBlockHeader = 8;            // length, CRC-32: little-endian 32-bit each
constexpr std::uint32_t kMaxBlock = 16 * 1024 * 1024;  // a longer length is damage
constexpr int kMaxDepth = 64;                      // nesting of arrays and maps in a value
constexpr std::uint8_t kMilliseconds = 0x80;       // in a timed frame's kind: its delta counts milliseconds
constexpr std::int64_t kNanosPerMilli = 1'000'000;

enum class Tag : std::uint8_t { Invalid, False, True, Int, Float, String, Array, UInt, Bytes, Map, Tuple };

// zlib's CRC-32 (ISO-HDLC): several bytes a step, where Boost.CRC takes one.
std::uint32_t crcOf(std::string_view bytes) {
  return static_cast<std::uint32_t>(
      crc32_z(crc32_z(0L, Z_NULL, 0), reinterpret_cast<const Bytef*>(bytes.data()), bytes.size()));
}

void putU32(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

std::uint32_t getU32(const std::string& in, std::size_t at) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(static_cast<unsigned char>(in[at + i])) << (8 * i);
  return v;
}

std::string formatLine() { return std::string(kFormatName) + " " + std::to_string(kFormatVersion) + "\n"; }

// Where a frame's bytes are malformed: the byte and why.
struct Malformed {
  std::size_t byte;
  std::string why;
};

// Reads one block's frames, throwing Malformed at the byte where one is
// wrong. Checking only (`names` null), it builds nothing but the header:
// every frame is read twice, checked when the record opens, then replayed.
class Cursor {
public:
  // `last`: the last frame kind of the record's version.
  Cursor(const std::string& bytes, std::size_t at, std::size_t end, std::deque<std::string>* names, std::size_t& named,
         FrameKind last)
      : bytes_(bytes), at_(at), end_(end), names_(names), named_(named), last_(last) {}

  std::size_t at() const { return at_; }
  bool done() const { return at_ >= end_; }

  void frame(Frame& f, core::Time& time) {
    f.offset = at_;
    const std::uint8_t first = byte();
    const auto kind = static_cast<FrameKind>(first & ~kMilliseconds);
    if (kind < FrameKind::Header || kind > last_) fail(f.offset, "unknown frame kind " + std::to_string(first));
    f.kind = kind;
    keep_ = names_ || kind == FrameKind::Header;
    if (timed(kind)) {
      const std::uint64_t delta = varint();
      const std::uint64_t nanos = first & kMilliseconds ? delta * kNanosPerMilli : delta;
      if ((first & kMilliseconds && delta > static_cast<std::uint64_t>(INT64_MAX) / kNanosPerMilli) ||
          nanos > static_cast<std::uint64_t>(INT64_MAX - time.count()))
        fail(f.offset, "a time beyond engine time's range");
      time += core::Time(static_cast<std::int64_t>(nanos));
    } else if (first & kMilliseconds) {
      fail(f.offset, "a frame without time says its time is in milliseconds");
    }
    f.time = time;
    body(f);
  }

private:
  [[noreturn]] void fail(std::size_t byte, std::string why) { throw Malformed{byte, std::move(why)}; }

  void need(std::size_t n) {
    if (n > end_ - at_) fail(at_, "a frame runs past the end of its block");
  }
  std::uint8_t byte() {
    need(1);
    return static_cast<std::uint8_t>(bytes_[at_++]);
  }
  std::uint64_t varint() {
    const std::size_t start = at_;
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      const std::uint8_t b = byte();
      if (shift == 63 && b > 1) break;
      v |= static_cast<std::uint64_t>(b & 0x7F) << shift;
      if (!(b & 0x80)) return v;
    }
    fail(start, "a number longer than 64 bits");
  }
  // A count of things that take a byte each at least.
  std::size_t count() {
    const std::size_t start = at_;
    const std::uint64_t n = varint();
    if (n > end_ - at_) fail(start, "a count of " + std::to_string(n) + " more than the block's bytes left");
    return static_cast<std::size_t>(n);
  }
  double number() {
    need(8);
    std::uint64_t u = 0;
    for (int i = 0; i < 8; ++i) u |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes_[at_ + i])) << (8 * i);
    at_ += 8;
    return std::bit_cast<double>(u);
  }
  std::string_view bytes() {
    const std::size_t n = count();
    need(n);
    std::string_view s(bytes_.data() + at_, n);
    at_ += n;
    return s;
  }
  std::string_view name() {
    const std::size_t start = at_;
    const std::uint64_t ref = varint();
    if (ref == 0) {
      const std::string_view s = bytes();
      ++named_;
      if (!names_) return {};
      names_->emplace_back(s);
      return names_->back();
    }
    if (ref > named_) fail(start, "name " + std::to_string(ref) + " is not defined yet");
    return names_ ? std::string_view((*names_)[ref - 1]) : std::string_view();
  }

  // A value's bytes checked, nothing built.
  void skip(int depth) {
    const std::size_t start = at_;
    if (depth > kMaxDepth) fail(start, "values nested more than " + std::to_string(kMaxDepth) + " deep");
    switch (static_cast<Tag>(byte())) {
      case Tag::Invalid:
      case Tag::False:
      case Tag::True: return;
      case Tag::Int:
      case Tag::UInt: varint(); return;
      case Tag::Float: need(8), at_ += 8; return;
      case Tag::String:
      case Tag::Bytes: bytes(); return;
      case Tag::Array:
      case Tag::Tuple:
        for (std::size_t n = count(); n > 0; --n) skip(depth + 1);
        return;
      case Tag::Map:
        for (std::size_t n = count(); n > 0; --n) {
          name();
          skip(depth + 1);
        }
        return;
    }
    fail(start, "unknown value tag " + std::to_string(static_cast<unsigned char>(bytes_[start])));
  }

  core::Value value(int depth = 0) {
    const std::size_t start = at_;
    if (!keep_) {
      skip(depth);
      return {};
    }
    if (depth > kMaxDepth) fail(start, "values nested more than " + std::to_string(kMaxDepth) + " deep");
    switch (static_cast<Tag>(byte())) {
      case Tag::Invalid: return {};
      case Tag::False: return false;
      case Tag::True: return true;
      case Tag::Int: {
        const std::uint64_t z = varint();
        return static_cast<std::int64_t>((z >> 1) ^ (~(z & 1) + 1));
      }
      case Tag::Float: return number();
      case Tag::String: return std::string(bytes());
      case Tag::UInt: return core::Value(varint());
      case Tag::Bytes: return core::Value::Bytes{std::string(bytes())};
      case Tag::Array:
      case Tag::Tuple: {
        const bool tuple = static_cast<Tag>(bytes_[start]) == Tag::Tuple;
        core::Value::Array items(count());
        for (auto& item : items) item = value(depth + 1);
        if (tuple) return core::Value::Tuple{std::move(items)};
        return items;
      }
      case Tag::Map: {
        core::Value::Map map;
        for (std::size_t n = count(); n > 0; --n) {
          std::string key(name());
          map.insert_or_assign(std::move(key), value(depth + 1));
        }
        return map;
      }
    }
    fail(start, "unknown value tag " + std::to_string(static_cast<unsigned char>(bytes_[start])));
  }

  void body(Frame& f) {
    switch (f.kind) {
      case FrameKind::Set:
      case FrameKind::Raise:
        f.key = name();
        f.value = value();
        return;
      case FrameKind::Writes: {
        const std::size_t n = count();
        if (!keep_) {
          for (std::size_t i = 0; i < n; ++i) {
            if (byte() > 1) fail(at_ - 1, "a write that is neither set (0) nor raise (1)");
            name();
            skip(0);
          }
          return;
        }
        f.writes.resize(n);
        for (auto& w : f.writes) {
          const std::size_t at = at_;
          const std::uint8_t kind = byte();
          if (kind > 1) fail(at, "a write that is neither set (0) nor raise (1)");
          w.kind = kind ? memory::Write::Kind::Raise : memory::Write::Kind::Set;
          w.key = name();
          w.value = value();
        }
        return;
      }
      case FrameKind::People: {
        const std::size_t n = count();
        if (!keep_) {
          for (std::size_t i = 0; i < n; ++i) {
            name();
            need(17), at_ += 17;  // distance, angle, flags
            if (varint() > 3) fail(at_ - 1, "an engagement zone beyond 3");
          }
          return;
        }
        f.people.resize(n);
        for (auto& p : f.people) {
          p.id = name();
          p.distance = number();
          p.angle = number();
          const std::uint8_t flags = byte();
          p.looking = flags & 1;
          p.waving = flags & 2;
          p.visible = flags & 4;
          const std::uint64_t zone = varint();
          if (zone > 3) fail(at_ - 1, "an engagement zone beyond 3");
          p.zone = static_cast<int>(zone);
        }
        return;
      }
      case FrameKind::Header:
      case FrameKind::World:
      case FrameKind::Observe:
      case FrameKind::Package:
      case FrameKind::Activity:
      case FrameKind::Override: {
        const std::size_t at = at_;
        need(1);
        if (static_cast<Tag>(bytes_[at]) != Tag::Map) fail(at, std::string("a ") + frameKindName(f.kind) + " frame that is not a map");
        f.value = value();
        return;
      }
      case FrameKind::Touch:
        f.key = name();
        f.number = number();
        return;
      case FrameKind::Hear:
        if (keep_) f.text = bytes();
        else bytes();
        f.number = number();
        return;
      case FrameKind::HearAudio: {
        f.key = name();
        const std::size_t at = at_;
        const std::uint64_t rate = varint();
        if (rate < static_cast<std::uint64_t>(voice::kMinAudioRate) || rate > static_cast<std::uint64_t>(voice::kMaxAudioRate))
          fail(at, "a sample rate of " + std::to_string(rate) + " per second");
        f.number = static_cast<double>(rate);
        const std::size_t samplesAt = at_;
        const std::string_view samples = bytes();
        if (samples.size() % 2) fail(samplesAt, "audio samples of an odd number of bytes (16 bits each)");
        if (samples.size() > kMaxAudioBytes) fail(samplesAt, "audio samples of more than 15 MiB");
        if (keep_) f.samples = samples;
        return;
      }
      case FrameKind::Call: {
        f.key = name();
        const std::size_t n = count();
        if (!keep_) {
          for (std::size_t i = 0; i < n; ++i) skip(0);
          return;
        }
        f.arguments.resize(n);
        for (auto& a : f.arguments) a = value();
        return;
      }
      case FrameKind::Start:
      case FrameKind::Begin:
      case FrameKind::EndTogether:
      case FrameKind::End: return;
    }
  }

  const std::string& bytes_;
  std::size_t at_, end_;
  std::deque<std::string>* names_;  // null: checking only
  std::size_t& named_;              // names defined so far
  FrameKind last_;
  bool keep_ = true;                // this frame's values are built
};

}  // namespace

const char* frameKindName(FrameKind kind) {
  switch (kind) {
    case FrameKind::Header: return "header";
    case FrameKind::Set: return "set";
    case FrameKind::Raise: return "raise";
    case FrameKind::Writes: return "writes";
    case FrameKind::People: return "people";
    case FrameKind::World: return "world";
    case FrameKind::Touch: return "touch";
    case FrameKind::Observe: return "observe";
    case FrameKind::Hear: return "hear";
    case FrameKind::Call: return "call";
    case FrameKind::HearAudio: return "hear-audio";
    case FrameKind::Package: return "package";
    case FrameKind::Activity: return "activity";
    case FrameKind::Override: return "override";
    case FrameKind::Start: return "start";
    case FrameKind::Begin: return "begin";
    case FrameKind::EndTogether: return "end-together";
    case FrameKind::End: return "end";
  }
  return "?";
}

// ---- RecordWriter -----------------------------------------------------------

RecordWriter::RecordWriter(const std::filesystem::path& path, std::size_t blockBytes)
    : path_(path), blockBytes_(blockBytes) {
  file_ = std::fopen(path.c_str(), "wb");
  if (!file_) throw std::runtime_error(path.string() + ": cannot write: " + std::strerror(errno));
  const std::string line = formatLine();
  if (std::fwrite(line.data(), 1, line.size(), file_) != line.size() || std::fflush(file_) != 0)
    throw std::runtime_error(path.string() + ": cannot write: " + std::strerror(errno));
  written_ = line.size();
  block_.resize(blockBytes_ + 4096);
}

RecordWriter::~RecordWriter() {
  try {
    flush();
  } catch (const std::exception&) {  // said by whoever flushed last; nothing more to do here
  }
  if (file_) std::fclose(file_);
}

void RecordWriter::flush() {
  if (used_ == 0 || !file_) return;
  const std::string_view frames(block_.data(), used_);
  std::string head;
  putU32(head, static_cast<std::uint32_t>(used_));
  putU32(head, crcOf(frames));
  const bool ok = std::fwrite(head.data(), 1, head.size(), file_) == head.size() &&
                  std::fwrite(frames.data(), 1, used_, file_) == used_ && std::fflush(file_) == 0;
  written_ += head.size() + used_;
  used_ = 0;
  if (!ok) throw std::runtime_error(path_.string() + ": cannot write: " + std::strerror(errno));
}

void RecordWriter::begin(FrameKind kind, core::Time t) {
  if (!timed(kind)) return put(static_cast<char>(kind));
  const std::int64_t delta = std::max<std::int64_t>(0, (t - last_).count());  // engine time never goes back
  last_ += core::Time(delta);
  if (delta % kNanosPerMilli == 0) {
    put(static_cast<char>(static_cast<std::uint8_t>(kind) | kMilliseconds));
    varint(static_cast<std::uint64_t>(delta / kNanosPerMilli));
  } else {
    put(static_cast<char>(kind));
    varint(static_cast<std::uint64_t>(delta));
  }
}

void RecordWriter::end() {
  if (used_ >= blockBytes_) flush();
}

void RecordWriter::grow(std::size_t n) { block_.resize(std::max(block_.size() * 2, used_ + n)); }

void RecordWriter::number(double d) {
  const auto u = std::bit_cast<std::uint64_t>(d);
  char* out = room(8);
  for (int i = 0; i < 8; ++i) out[i] = static_cast<char>((u >> (8 * i)) & 0xFF);
  used_ += 8;
}

void RecordWriter::bytes(std::string_view s) {
  varint(s.size());
  std::memcpy(room(s.size()), s.data(), s.size());
  used_ += s.size();
}

// A name's number: from the cache when the same characters were named
// from the same place just before (a key's string, every 100 ms), else
// from the table (hashing it), else a new one.
void RecordWriter::name(std::string_view s) {
  const std::uint64_t where = reinterpret_cast<std::uintptr_t>(s.data()) ^ s.size();
  Recent& recent = recent_[(where * 0x9E3779B97F4A7C15u) >> (64 - kRecentBits)];
  if (recent.data == s.data() && recent.name.size() == s.size() && std::memcmp(recent.name.data(), s.data(), s.size()) == 0)
    return varint(recent.number);
  auto it = names_.find(s);
  if (it == names_.end()) {
    it = names_.emplace(std::string(s), static_cast<std::uint32_t>(names_.size() + 1)).first;
    varint(0);
    bytes(s);
  } else {
    varint(it->second);
  }
  recent = {s.data(), it->first, it->second};
}

void RecordWriter::value(const core::Value& v, int depth) {
  auto tag = [this](Tag t) { put(static_cast<char>(t)); };
  if (depth > kMaxDepth) return tag(Tag::Invalid);
  switch (v.type()) {
    case core::Value::Type::Invalid:
    case core::Value::Type::Object: return tag(Tag::Invalid);  // an object cannot be replayed: nothing
    case core::Value::Type::Bool: return tag(v.asBool() ? Tag::True : Tag::False);
    case core::Value::Type::Int: {
      tag(Tag::Int);
      const auto i = static_cast<std::uint64_t>(v.asInt());
      return varint((i << 1) ^ (v.asInt() < 0 ? ~std::uint64_t{0} : 0));
    }
    case core::Value::Type::Float: tag(Tag::Float); return number(v.asFloat());
    case core::Value::Type::String: tag(Tag::String); return bytes(v.asString());
    case core::Value::Type::UInt: tag(Tag::UInt); return varint(v.asUInt());
    case core::Value::Type::Bytes: tag(Tag::Bytes); return bytes(v.asBytes());
    case core::Value::Type::Array:
    case core::Value::Type::Tuple: {
      const auto& items = v.isArray() ? v.asArray() : v.asTuple();
      tag(v.isArray() ? Tag::Array : Tag::Tuple);
      varint(items.size());
      for (const auto& item : items) value(item, depth + 1);
      return;
    }
    case core::Value::Type::Map: {
      tag(Tag::Map);
      varint(v.asMap().size());
      for (const auto& [k, item] : v.asMap()) {
        name(k);
        value(item, depth + 1);
      }
      return;
    }
  }
  tag(Tag::Invalid);
}

// In a block of its own: a record cut short anywhere after it still says
// what it is.
void RecordWriter::header(const core::Value& map) {
  begin(FrameKind::Header, {});
  value(map);
  flush();
}

void RecordWriter::set(core::Time t, memory::Write::Kind kind, std::string_view key, const core::Value& v) {
  begin(kind == memory::Write::Kind::Set ? FrameKind::Set : FrameKind::Raise, t);
  name(key);
  value(v);
  end();
}

void RecordWriter::writes(core::Time t, std::span<const memory::Write> writes) {
  begin(FrameKind::Writes, t);
  varint(writes.size());
  for (const auto& w : writes) {
    put(w.kind == memory::Write::Kind::Set ? 0 : 1);
    name(w.key);
    value(w.value);
  }
  end();
}

void RecordWriter::people(core::Time t, const std::vector<launchpad::Person>& people) {
  begin(FrameKind::People, t);
  varint(people.size());
  for (const auto& p : people) {
    name(p.id);
    number(p.distance);
    number(p.angle);
    put(static_cast<char>((p.looking ? 1 : 0) | (p.waving ? 2 : 0) | (p.visible ? 4 : 0)));
    varint(static_cast<std::uint64_t>(std::clamp(p.zone, 0, 3)));
  }
  end();
}

void RecordWriter::map(FrameKind kind, core::Time t, const core::Value& map) {
  begin(kind, t);
  value(map);
  end();
}

void RecordWriter::touch(core::Time t, std::string_view sensor, double seconds) {
  begin(FrameKind::Touch, t);
  name(sensor);
  number(seconds);
  end();
}

void RecordWriter::hear(core::Time t, std::string_view text, double confidence) {
  begin(FrameKind::Hear, t);
  bytes(text);
  number(confidence);
  end();
}

void RecordWriter::hearAudio(core::Time t, std::string_view source, int rate, std::span<const std::int16_t> samples) {
  if (samples.size() > kMaxAudioBytes / 2) throw std::length_error("audio too long for a record's frame");
  begin(FrameKind::HearAudio, t);
  name(source);
  varint(static_cast<std::uint64_t>(std::clamp(rate, voice::kMinAudioRate, voice::kMaxAudioRate)));
  varint(samples.size() * 2);
  char* out = room(samples.size() * 2);
  for (const std::int16_t sample : samples) {
    const auto u = static_cast<std::uint16_t>(sample);
    *out++ = static_cast<char>(u & 0xFF);
    *out++ = static_cast<char>(u >> 8);
  }
  used_ += samples.size() * 2;
  end();
}

void RecordWriter::call(core::Time t, std::string_view method, const std::vector<core::Value>& arguments) {
  begin(FrameKind::Call, t);
  name(method);
  varint(arguments.size());
  for (const auto& a : arguments) value(a);
  end();
}

void RecordWriter::mark(FrameKind kind, core::Time t) {
  begin(kind, t);
  end();
}

void RecordWriter::frame(const Frame& f) {
  switch (f.kind) {
    case FrameKind::Header: return header(f.value);
    case FrameKind::Set: return set(f.time, memory::Write::Kind::Set, f.key, f.value);
    case FrameKind::Raise: return set(f.time, memory::Write::Kind::Raise, f.key, f.value);
    case FrameKind::Writes: return writes(f.time, f.writes);
    case FrameKind::People: return people(f.time, f.people);
    case FrameKind::World:
    case FrameKind::Observe:
    case FrameKind::Package:
    case FrameKind::Activity:
    case FrameKind::Override: return map(f.kind, f.time, f.value);
    case FrameKind::Touch: return touch(f.time, f.key, f.number);
    case FrameKind::Hear: return hear(f.time, f.text, f.number);
    case FrameKind::Call: return call(f.time, f.key, f.arguments);
    case FrameKind::HearAudio: return hearAudio(f.time, f.key, static_cast<int>(f.number), audioSamples(f));
    case FrameKind::Start:
    case FrameKind::Begin:
    case FrameKind::EndTogether:
    case FrameKind::End: return mark(f.kind, f.time);
  }
}

std::vector<std::int16_t> audioSamples(const Frame& f) {
  std::vector<std::int16_t> samples(f.samples.size() / 2);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const auto low = static_cast<unsigned char>(f.samples[2 * i]), high = static_cast<unsigned char>(f.samples[2 * i + 1]);
    samples[i] = static_cast<std::int16_t>(static_cast<std::uint16_t>(low | high << 8));
  }
  return samples;
}

// ---- RecordReader -----------------------------------------------------------

namespace {

std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path.string() + ": cannot read: " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  return std::move(text).str();
}

// Where the format line ends, and its version in `v`; throws saying why
// the bytes are not a record this build reads.
std::size_t afterFormatLine(const std::string& bytes, int& v) {
  const std::string prefix = std::string(kFormatName) + " ";
  const auto newline = bytes.find('\n');
  if (bytes.compare(0, prefix.size(), prefix) != 0 || newline == std::string::npos || newline > 32)
    throw std::runtime_error("byte 0: not a recorded day (it does not begin with \"" + std::string(kFormatName) +
                             " VERSION\", docs/replay.md)");
  const std::string version = bytes.substr(prefix.size(), newline - prefix.size());
  v = 0;
  for (char c : version) {
    if (c < '0' || c > '9' || v > 100000) throw std::runtime_error("byte 0: the format line's version is not a number");
    v = v * 10 + (c - '0');
  }
  if (version.empty() || v < 1) throw std::runtime_error("byte 0: the format line's version is not a number");
  if (v > kFormatVersion)
    throw std::runtime_error("a record of format version " + std::to_string(v) + ": this autolife reads version " +
                             std::to_string(kFormatVersion) + " and older (a later autolife wrote it)");
  return newline + 1;
}

}  // namespace

RecordReader::RecordReader(const std::filesystem::path& path) : RecordReader(readFile(path), true) {}

RecordReader RecordReader::fromBytes(std::string bytes) { return RecordReader(std::move(bytes), true); }

RecordReader::RecordReader(std::string bytes, bool) : bytes_(std::move(bytes)) {
  int version = 0;
  firstBlock_ = afterFormatLine(bytes_, version);
  lastKind_ = version >= 2 ? FrameKind::HearAudio : FrameKind::End;  // version 1 had no heard audio
  check();
  if (!header_.isMap()) {
    if (break_) throw std::runtime_error(break_->text() + "; there is no readable header before it");
    throw std::runtime_error("byte " + std::to_string(firstBlock_) + ": the record has no header");
  }
  rewind();
}

// Every block's length and checksum, every frame's structure: where the
// record breaks, its end, its header.
void RecordReader::check() {
  std::size_t at = firstBlock_;
  framesEnd_ = firstBlock_;
  core::Time time{0};
  Frame frame;
  bool first = true;
  std::size_t named = 0;
  while (at < bytes_.size()) {
    if (bytes_.size() - at < kBlockHeader) {
      break_ = Break{at, "truncated: " + std::to_string(bytes_.size() - at) + " bytes where a block's 8-byte header should be"};
      break;
    }
    const std::uint32_t length = getU32(bytes_, at), crc = getU32(bytes_, at + 4);
    if (length == 0 || length > kMaxBlock) {
      break_ = Break{at, "corrupted: a block of " + std::to_string(length) + " bytes"};
      break;
    }
    if (length > bytes_.size() - at - kBlockHeader) {
      break_ = Break{at, "truncated: a block of " + std::to_string(length) + " bytes with " +
                             std::to_string(bytes_.size() - at - kBlockHeader) + " left in the file"};
      break;
    }
    const std::size_t start = at + kBlockHeader, end = start + length;
    if (crcOf(std::string_view(bytes_).substr(start, length)) != crc) {
      break_ = Break{at, "corrupted: the block of " + std::to_string(length) + " bytes does not match its checksum"};
      break;
    }
    Cursor cursor(bytes_, start, end, first ? &names_ : nullptr, named, lastKind_);
    try {
      while (!cursor.done()) {
        cursor.frame(frame, time);
        if (first != (frame.kind == FrameKind::Header))
          throw Malformed{frame.offset, first ? "the first frame is not the header" : "a second header"};
        if (first) header_ = frame.value;
        else ++frames_;
        first = false;
        endTime_ = frame.time;
        if (frame.kind == FrameKind::End) endedCleanly_ = true;
        framesEnd_ = cursor.at();
      }
    } catch (const Malformed& m) {
      break_ = Break{m.byte, "corrupted: " + m.why};
      break;
    }
    at = end;
  }
  validEnd_ = at;
  if (break_) endedCleanly_ = false;
}

void RecordReader::rewind() {
  names_.clear();
  block_ = firstBlock_;
  blockEnd_ = at_ = firstBlock_;
  time_ = core::Time{0};
  Frame header;
  next(header);  // the header, checked already
}

bool RecordReader::next(Frame& frame) {
  while (at_ >= blockEnd_) {
    if (blockEnd_ >= framesEnd_) return false;
    block_ = blockEnd_;
    at_ = block_ + kBlockHeader;
    blockEnd_ = at_ + getU32(bytes_, block_);
  }
  if (at_ >= framesEnd_) return false;
  std::size_t named = names_.size();
  Cursor cursor(bytes_, at_, blockEnd_, &names_, named, lastKind_);
  cursor.frame(frame, time_);  // checked: it does not throw
  at_ = cursor.at();
  return true;
}

}  // namespace autolife::replay
