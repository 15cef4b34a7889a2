// The record's format (docs/replay.md): what is written is read back, frame
// by frame; a record cut short or corrupted says the byte where it breaks
// and gives nothing after it; a later version is refused.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <zlib.h>

#include <tuple>

#include "autolife/replay/record.hpp"
#include "files.hpp"

namespace {

using namespace autolife;
using replay::Frame;
using replay::FrameKind;
using replay::RecordReader;
using replay::RecordWriter;
using ::testing::HasSubstr;

core::Time ms(std::int64_t n) { return std::chrono::milliseconds(n); }

// A small record: a header, a set, a raise, people, a step's batch, a call, the end.
std::string writeSample(const test::TempDir& dir, std::size_t blockBytes = 64 * 1024) {
  const auto path = dir / "sample.day";
  {
    RecordWriter w(path, blockBytes);
    w.header(core::Value::Map{{"seed", 7}, {"robot", "pepper"}});
    w.set(ms(100), memory::Write::Kind::Set, "Bench/Key1", 42);
    w.set(ms(200), memory::Write::Kind::Raise, "Bench/Event", core::Value::Array{1, 2.5, "x", true, core::Value()});
    w.people(core::Time(std::chrono::nanoseconds(300'000'001)), {{"p1", 1.25, -10.0, true, false, true, 0}});
    w.mark(FrameKind::Begin);
    std::vector<memory::Write> writes{{memory::Write::Kind::Set, "a", -5}, {memory::Write::Kind::Set, "Bench/Key1", 3.0}};
    w.writes(ms(400), writes);
    w.call(ms(400), "ALAutonomousLife.setState", {core::Value("solitary")});
    w.mark(FrameKind::EndTogether);
    w.hear(ms(500), "hello", 0.75);
    w.mark(FrameKind::End, ms(600));
  }
  return test::readText(path);
}

std::vector<Frame> framesOf(RecordReader& r) {
  std::vector<Frame> out;
  for (Frame f; r.next(f);) out.push_back(f);
  return out;
}

TEST(Record, WhatIsWrittenIsReadBack) {
  test::TempDir dir;
  auto reader = RecordReader::fromBytes(writeSample(dir));
  EXPECT_FALSE(reader.broken());
  EXPECT_TRUE(reader.endedCleanly());
  EXPECT_EQ(reader.endTime(), ms(600));
  EXPECT_EQ(reader.header().find("robot")->asString(), "pepper");
  const auto frames = framesOf(reader);
  ASSERT_EQ(frames.size(), 9u);
  EXPECT_EQ(frames[0].kind, FrameKind::Set);
  EXPECT_EQ(frames[0].key, "Bench/Key1");
  EXPECT_EQ(frames[0].value.toJson(), "42");
  EXPECT_EQ(frames[1].kind, FrameKind::Raise);
  EXPECT_EQ(frames[1].value.toJson(), R"([1, 2.5, "x", true, null])");
  EXPECT_EQ(frames[2].kind, FrameKind::People);
  EXPECT_EQ(frames[2].time.count(), 300'000'001);  // nanoseconds kept exactly
  ASSERT_EQ(frames[2].people.size(), 1u);
  EXPECT_EQ(frames[2].people[0].id, "p1");
  EXPECT_EQ(frames[2].people[0].angle, -10.0);
  EXPECT_TRUE(frames[2].people[0].looking);
  EXPECT_EQ(frames[3].kind, FrameKind::Begin);
  ASSERT_EQ(frames[4].writes.size(), 2u);
  EXPECT_EQ(frames[4].writes[1].key, "Bench/Key1");  // a name said before, by its number
  EXPECT_EQ(frames[4].writes[0].value.toJson(), "-5");
  EXPECT_EQ(frames[5].key, "ALAutonomousLife.setState");
  EXPECT_EQ(frames[5].arguments.at(0).asString(), "solitary");
  EXPECT_EQ(frames[7].text, "hello");
  EXPECT_EQ(frames[7].number, 0.75);
  EXPECT_EQ(frames[8].kind, FrameKind::End);
  reader.rewind();
  EXPECT_EQ(framesOf(reader).size(), 9u);
}

TEST(Record, ACutRecordSaysTheByteWhereItBreaksAndGivesNothingAfterIt) {
  test::TempDir dir;
  const std::string whole = writeSample(dir, 16);  // a block per frame or two
  // The header has a block of its own: the cuts after it.
  const std::size_t headerBlock = whole.find('\n') + 1;
  const std::size_t afterHeader = headerBlock + 8 + static_cast<unsigned char>(whole[headerBlock]) +
                                  256 * static_cast<unsigned char>(whole[headerBlock + 1]);
  EXPECT_FALSE(RecordReader::fromBytes(whole.substr(0, afterHeader)).broken());
  EXPECT_THROW(RecordReader::fromBytes(whole.substr(0, afterHeader - 1)), std::runtime_error);
  std::size_t lastCount = 0, broken = 0;
  for (std::size_t cut = whole.size() - 1; cut > afterHeader; cut -= 3) {
    auto reader = RecordReader::fromBytes(whole.substr(0, cut));
    EXPECT_FALSE(reader.endedCleanly()) << cut;
    // Cut between two blocks, a record only lacks its end; else it breaks where the cut block begins.
    const std::size_t limit = reader.broken() ? reader.broken()->byte : cut;
    if (reader.broken()) {
      ++broken;
      EXPECT_LT(reader.broken()->byte, cut);
      EXPECT_THAT(reader.broken()->why, HasSubstr("truncated"));
    }
    const auto frames = framesOf(reader);
    for (const auto& f : frames) {
      EXPECT_LT(f.offset, limit);
    }
    if (lastCount) {
      EXPECT_LE(frames.size(), lastCount);
    }
    lastCount = frames.size();
  }
  EXPECT_GT(broken, 40u);
}

TEST(Record, ACorruptedByteBreaksItsBlockAtTheBlocksByte) {
  test::TempDir dir;
  std::string bytes = writeSample(dir, 16);
  // Flip a byte well inside the record: the block holding it fails its checksum.
  const std::size_t flipped = bytes.size() - 20;
  bytes[flipped] = static_cast<char>(bytes[flipped] ^ 0x40);
  auto reader = RecordReader::fromBytes(bytes);
  ASSERT_TRUE(reader.broken());
  EXPECT_LE(reader.broken()->byte, flipped);
  EXPECT_GT(reader.broken()->byte + 80, flipped);
  EXPECT_THAT(reader.broken()->text(), HasSubstr("corrupted"));
  for (const auto& f : framesOf(reader)) EXPECT_LT(f.offset, reader.broken()->byte);
}

TEST(Record, ALaterVersionIsRefusedSayingSo) {
  test::TempDir dir;
  std::string bytes = writeSample(dir);
  bytes.replace(0, bytes.find('\n'), "autolife-day 3");
  try {
    RecordReader::fromBytes(bytes);
    FAIL() << "a version 3 record was read";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("format version 3"));
    EXPECT_THAT(e.what(), HasSubstr("reads version 2"));
  }
  EXPECT_THROW(RecordReader::fromBytes("{\"t\": 0}\n"), std::runtime_error);  // not a record
  EXPECT_THROW(RecordReader::fromBytes("autolife-day 1\n"), std::runtime_error);  // no header
}

// Version 2's heard audio: its source, rate and samples read back exactly;
// malformed samples or rate break the record where they are. A version 1
// record (no audio) is still read.
TEST(Record, HeardAudioIsReadBackSampleForSample) {
  test::TempDir dir;
  const auto path = dir / "audio.day";
  const std::vector<std::int16_t> samples{0, 1, -1, 32767, -32768, 1234, -4321};
  {
    RecordWriter w(path);
    w.header(core::Value::Map{{"seed", 1}});
    w.hearAudio(ms(100), "microphone", 22050, samples);
    w.hearAudio(ms(200), "/tmp/silence.wav", 16000, {});
  }
  std::string bytes = test::readText(path);
  ASSERT_EQ(bytes.rfind("autolife-day 2\n", 0), 0u);
  auto reader = RecordReader::fromBytes(bytes);
  ASSERT_FALSE(reader.broken());
  const auto frames = framesOf(reader);
  ASSERT_EQ(frames.size(), 2u);
  EXPECT_EQ(frames[0].kind, FrameKind::HearAudio);
  EXPECT_EQ(frames[0].key, "microphone");
  EXPECT_EQ(frames[0].number, 22050);
  EXPECT_EQ(replay::audioSamples(frames[0]), samples);
  EXPECT_EQ(frames[1].key, "/tmp/silence.wav");
  EXPECT_TRUE(replay::audioSamples(frames[1]).empty());

  // Version 1 had no heard audio: in a record that says it is version 1,
  // that frame is damage; a version 1 record without it reads as it was.
  bytes.replace(0, bytes.find('\n'), "autolife-day 1");
  auto v1 = RecordReader::fromBytes(bytes);
  ASSERT_TRUE(v1.broken());
  EXPECT_EQ(v1.broken()->byte, frames[0].offset);
  EXPECT_THAT(v1.broken()->why, HasSubstr("unknown frame kind"));
  test::TempDir dir1;
  std::string sample = writeSample(dir1);
  sample.replace(0, sample.find('\n'), "autolife-day 1");
  EXPECT_FALSE(RecordReader::fromBytes(sample).broken());
}

TEST(Record, MalformedHeardAudioBreaksTheRecordWhereItIs) {
  test::TempDir dir;
  const auto path = dir / "bad.day";
  {
    RecordWriter w(path);
    w.header(core::Value::Map{{"seed", 1}});
    w.hear(ms(50), "before", 1.0);
    w.hearAudio(ms(100), "microphone", 16000, std::vector<std::int16_t>(4, 7));
  }
  const std::string good = test::readText(path);
  // The second block (after the header's) holds both frames: `change` edits
  // its frames, and its CRC is made right again, so that a frame is what breaks.
  const std::size_t first = good.find('\n') + 1;
  const std::size_t second = first + 8 + static_cast<unsigned char>(good[first]) + 256u * static_cast<unsigned char>(good[first + 1]);
  const auto broken = [&](const std::string& from, const std::string& to) {
    std::string bytes = good;
    const std::size_t at = bytes.find(from, second + 8);
    EXPECT_NE(at, std::string::npos);
    bytes.replace(at, from.size(), to);
    const auto crc = static_cast<std::uint32_t>(crc32_z(0, reinterpret_cast<const Bytef*>(bytes.data() + second + 8),
                                                        bytes.size() - second - 8));
    for (int i = 0; i < 4; ++i) bytes[second + 4 + i] = static_cast<char>((crc >> (8 * i)) & 0xFF);
    auto reader = RecordReader::fromBytes(bytes);
    EXPECT_EQ(framesOf(reader).size(), 1u);  // the frame before
    EXPECT_TRUE(reader.broken());
    return reader.broken() ? std::pair{reader.broken()->byte, reader.broken()->why} : std::pair{std::uint64_t{0}, std::string()};
  };
  // 7 bytes of samples: half a sample.
  const std::string length = std::string("\x08\x07\x00", 3);
  auto [byte, why] = broken(length, std::string("\x07\x07\x00", 3));
  EXPECT_EQ(byte, good.find(length, second + 8));
  EXPECT_THAT(why, HasSubstr("odd number of bytes"));
  // A rate of 0 (16000 is 0x80 0x7D in LEB128), and of 125 (0xFD 0x00):
  // under 1,000, which no sound file may have.
  std::tie(byte, why) = broken("\x80\x7D", std::string("\x80\x00", 2));
  EXPECT_EQ(byte, good.find("\x80\x7D", second + 8));
  EXPECT_THAT(why, HasSubstr("a sample rate of 0"));
  std::tie(byte, why) = broken("\x80\x7D", std::string("\xFD\x00", 2));
  EXPECT_THAT(why, HasSubstr("a sample rate of 125"));
  // Longer than a block holds: refused when written.
  RecordWriter w(dir / "long.day");
  EXPECT_THROW(w.hearAudio(ms(1), "microphone", 16000, std::vector<std::int16_t>(replay::kMaxAudioBytes / 2 + 1)),
               std::length_error);
}

}  // namespace
