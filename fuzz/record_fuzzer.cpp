// libFuzzer target for recorded days (docs/replay.md): the input is a
// record's bytes. Reading it either refuses it (a std::runtime_error saying
// why: not a record, a later version, no header) or gives the frames before
// where it breaks, if it does, and that break inside the input; the frames'
// times never go back. What is read, written again, reads back the same.
// A small record is also replayed (its first minute, on a whole engine in
// virtual time): whatever its maps hold, the replay must not throw.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "autolife/replay/record.hpp"
#include "autolife/replay/replay.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace autolife;
using replay::Frame;

constexpr std::size_t kMaxReplayedFrames = 24;

std::vector<Frame> framesOf(replay::RecordReader& reader) {
  std::vector<Frame> out;
  for (Frame f; reader.next(f);) out.push_back(f);
  return out;
}

bool same(const Frame& a, const Frame& b) {
  if (a.kind != b.kind || a.time != b.time || a.key != b.key || a.text != b.text || a.samples != b.samples ||
      !identical(a.value, b.value))
    return false;
  if (a.number != b.number && !(a.number != a.number && b.number != b.number)) return false;  // NaN reads back as NaN
  if (a.writes.size() != b.writes.size() || a.people.size() != b.people.size() || a.arguments.size() != b.arguments.size())
    return false;
  for (std::size_t i = 0; i < a.writes.size(); ++i)
    if (a.writes[i].kind != b.writes[i].kind || a.writes[i].key != b.writes[i].key || !identical(a.writes[i].value, b.writes[i].value))
      return false;
  for (std::size_t i = 0; i < a.arguments.size(); ++i)
    if (!identical(a.arguments[i], b.arguments[i])) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  std::optional<replay::RecordReader> reader;
  try {
    reader.emplace(replay::RecordReader::fromBytes(bytes));
  } catch (const std::runtime_error& e) {
    if (std::string(e.what()).empty()) fuzz::fail("a refusal that says nothing", "");
    return 0;
  }
  if (const auto& broken = reader->broken(); broken && broken->byte > size) fuzz::fail("a break past the input's end", broken->text());
  const auto frames = framesOf(*reader);
  if (frames.size() != reader->frameCount()) fuzz::fail("frames read differ from frames counted", "");
  core::Time last{0};
  for (const auto& f : frames) {
    if (f.time < last) fuzz::fail("a frame's time goes back", std::to_string(f.offset));
    if (reader->broken() && f.offset >= reader->broken()->byte) fuzz::fail("a frame read after the break", std::to_string(f.offset));
    last = f.time;
  }
  // Written again (one block), read back: the same frames.
  const auto copy = fuzz::scratchFolder("record") / "copy.day";
  {
    replay::RecordWriter writer(copy);
    writer.header(reader->header());
    for (const auto& f : frames) writer.frame(f);
  }
  auto again = replay::RecordReader(copy);
  const auto copied = framesOf(again);
  if (again.broken() || copied.size() != frames.size()) fuzz::fail("a record written again does not read back", "");
  for (std::size_t i = 0; i < frames.size(); ++i)
    if (!same(frames[i], copied[i])) fuzz::fail("a frame written again reads back differently", std::to_string(i));
  if (frames.size() <= kMaxReplayedFrames) {
    replay::ReplayOptions options;
    options.until = std::chrono::minutes(1);
    reader->rewind();
    replay::replay(*reader, options, [](const sim::Record&) {});
  }
  return 0;
}
