#include "autolife/voice/audio.hpp"

#include <sndfile.h>
#include <samplerate.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <memory>

#include "ogg_vorbis.hpp"

namespace autolife::voice {

namespace {

// The error for a sound that cannot be read, and why.
AudioError unreadable(const std::string& name, const std::string& why) {
  return AudioError(name + ": not a sound libsndfile can read (" + why + ")");
}

// libsndfile's virtual I/O over bytes in memory.
struct MemoryFile {
  std::string_view bytes;
  sf_count_t position = 0;
};

sf_count_t memoryLength(void* user) { return static_cast<sf_count_t>(static_cast<MemoryFile*>(user)->bytes.size()); }

sf_count_t memorySeek(sf_count_t offset, int whence, void* user) {
  auto* f = static_cast<MemoryFile*>(user);
  const auto size = static_cast<sf_count_t>(f->bytes.size());
  sf_count_t to = whence == SEEK_SET ? offset : whence == SEEK_CUR ? f->position + offset : size + offset;
  f->position = std::clamp<sf_count_t>(to, 0, size);
  return f->position;
}

sf_count_t memoryRead(void* out, sf_count_t count, void* user) {
  auto* f = static_cast<MemoryFile*>(user);
  const auto size = static_cast<sf_count_t>(f->bytes.size());
  const sf_count_t n = std::clamp<sf_count_t>(count, 0, size - f->position);
  std::memcpy(out, f->bytes.data() + f->position, static_cast<std::size_t>(n));
  f->position += n;
  return n;
}

sf_count_t memoryWrite(const void*, sf_count_t, void*) { return 0; }
sf_count_t memoryTell(void* user) { return static_cast<MemoryFile*>(user)->position; }

struct CloseFile {
  void operator()(SNDFILE* f) const { sf_close(f); }
};
using SoundFile = std::unique_ptr<SNDFILE, CloseFile>;

std::int16_t toSample(float v) {
  if (!std::isfinite(v)) return 0;
  return static_cast<std::int16_t>(std::lround(std::clamp(v, -1.0f, 1.0f) * 32767.0f));
}

// Decodes an open file: frames mixed to mono floats, then resampled.
Audio decodeOpen(SNDFILE* file, const SF_INFO& info, int rate, const std::string& name) {
  if (info.channels <= 0 || info.samplerate <= 0)
    throw unreadable(name, "no channels or no sample rate");
  if (info.channels > 64) throw AudioError(name + ": " + std::to_string(info.channels) + " channels, at most 64");
  if (info.samplerate < kMinAudioRate || info.samplerate > kMaxAudioRate)
    throw AudioError(name + ": a sample rate of " + std::to_string(info.samplerate) + " Hz, not between " +
                     std::to_string(kMinAudioRate) + " and " + std::to_string(kMaxAudioRate));
  const double claimed = static_cast<double>(info.frames) / info.samplerate;
  if (info.frames != SF_COUNT_MAX && claimed > kMaxAudioSeconds)
    throw AudioError(name + ": " + std::to_string(static_cast<long>(claimed)) + " s of sound, at most " +
                     std::to_string(static_cast<int>(kMaxAudioSeconds)) + " s");
  const auto maxFrames = static_cast<sf_count_t>(kMaxAudioSeconds * info.samplerate);
  std::vector<float> mono;
  std::vector<float> block(static_cast<std::size_t>(4096) * static_cast<std::size_t>(info.channels));
  for (;;) {
    const sf_count_t got = sf_readf_float(file, block.data(), 4096);
    if (got <= 0) break;
    for (sf_count_t i = 0; i < got; ++i) {
      float sum = 0;
      for (int c = 0; c < info.channels; ++c) sum += block[static_cast<std::size_t>(i * info.channels + c)];
      mono.push_back(sum / static_cast<float>(info.channels));
    }
    if (static_cast<sf_count_t>(mono.size()) > maxFrames)
      throw AudioError(name + ": more than " + std::to_string(static_cast<int>(kMaxAudioSeconds)) + " s of sound");
  }
  if (mono.empty()) throw AudioError(name + ": no sound in it (0 frames)");
  Audio native;
  native.rate = info.samplerate;
  native.samples.reserve(mono.size());
  for (float v : mono) native.samples.push_back(toSample(v));
  Audio out = rate > 0 ? resample(native, rate) : native;
  if (out.empty())  // a frame or two: nothing left at the rate asked for
    throw AudioError(name + ": too short to hear (" + std::to_string(mono.size()) + (mono.size() == 1 ? " frame)" : " frames)"));
  return out;
}

}  // namespace

void Audio::append(const Audio& other) {
  if (other.rate == rate || other.empty()) {
    samples.insert(samples.end(), other.samples.begin(), other.samples.end());
    return;
  }
  const Audio converted = resample(other, rate);
  samples.insert(samples.end(), converted.samples.begin(), converted.samples.end());
}

void Audio::appendSilence(double s) {
  if (!(s > 0)) return;
  samples.insert(samples.end(), static_cast<std::size_t>(std::min(s, kMaxAudioSeconds) * rate), 0);
}

Audio resample(const Audio& audio, int rate) {
  if (rate <= 0) throw AudioError("resample: the rate must be positive, got " + std::to_string(rate));
  if (audio.rate == rate || audio.empty()) {
    Audio same = audio;
    same.rate = rate;
    return same;
  }
  std::vector<float> in(audio.samples.size());
  src_short_to_float_array(audio.samples.data(), in.data(), static_cast<int>(in.size()));
  const double ratio = static_cast<double>(rate) / audio.rate;
  std::vector<float> out(static_cast<std::size_t>(static_cast<double>(in.size()) * ratio) + 64);
  SRC_DATA data{};
  data.data_in = in.data();
  data.input_frames = static_cast<long>(in.size());
  data.data_out = out.data();
  data.output_frames = static_cast<long>(out.size());
  data.src_ratio = ratio;
  // Medium quality: the fastest converter's aliasing changes what the
  // recogniser hears (a 22.05 kHz voice lost words at 16 kHz).
  if (int error = src_simple(&data, SRC_SINC_MEDIUM_QUALITY, 1); error != 0)
    throw AudioError(std::string("resampling failed: ") + src_strerror(error));
  Audio result;
  result.rate = rate;
  result.samples.reserve(static_cast<std::size_t>(data.output_frames_gen));
  for (long i = 0; i < data.output_frames_gen; ++i) result.samples.push_back(toSample(out[static_cast<std::size_t>(i)]));
  return result;
}

Audio readAudio(const std::filesystem::path& path, int rate) {
  const std::string name = path.string();
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw AudioError(name + ": a folder, not a sound file");
  // An Ogg Vorbis file's headers checked first (ogg_vorbis.hpp), in its
  // first MiB: they are there, short of a cover picture in its comments.
  if (std::ifstream in(path, std::ios::binary); in) {
    std::string head(4, '\0');
    if (in.read(head.data(), 4) && head == "OggS") {
      head.resize(std::size_t{1} << 20);
      in.read(head.data() + 4, static_cast<std::streamsize>(head.size() - 4));
      head.resize(4 + static_cast<std::size_t>(in.gcount()));
      if (const std::string fault = oggVorbisFault(head, in.eof()); !fault.empty())
        throw unreadable(name, fault);
    }
  }
  SF_INFO info{};
  SoundFile file(sf_open(path.c_str(), SFM_READ, &info));
  if (!file) {
    if (!std::filesystem::exists(path, ec)) throw AudioError(name + ": no such file");
    throw unreadable(name, sf_strerror(nullptr));
  }
  return decodeOpen(file.get(), info, rate, name);
}

Audio decodeAudio(std::string_view bytes, int rate, const std::string& name) {
  if (bytes.empty()) throw AudioError(name + ": empty (0 bytes)");
  if (const std::string fault = oggVorbisFault(bytes); !fault.empty())
    throw unreadable(name, fault);
  MemoryFile memory{bytes, 0};
  SF_VIRTUAL_IO io{memoryLength, memorySeek, memoryRead, memoryWrite, memoryTell};
  SF_INFO info{};
  SoundFile file(sf_open_virtual(&io, SFM_READ, &info, &memory));
  if (!file) throw unreadable(name, sf_strerror(nullptr));
  return decodeOpen(file.get(), info, rate, name);
}

namespace {

void put(std::string& out, std::uint32_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

}  // namespace

std::string encodeWav(const Audio& audio) {
  const auto dataBytes = static_cast<std::uint32_t>(audio.samples.size() * 2);
  std::string out;
  out.reserve(44 + dataBytes);
  out += "RIFF";
  put(out, 36 + dataBytes, 4);
  out += "WAVEfmt ";
  put(out, 16, 4);
  put(out, 1, 2);  // PCM
  put(out, 1, 2);  // mono
  put(out, static_cast<std::uint32_t>(audio.rate), 4);
  put(out, static_cast<std::uint32_t>(audio.rate) * 2, 4);
  put(out, 2, 2);
  put(out, 16, 2);
  out += "data";
  put(out, dataBytes, 4);
  for (std::int16_t s : audio.samples) put(out, static_cast<std::uint16_t>(s), 2);
  return out;
}

void writeWav(const std::filesystem::path& path, const Audio& audio) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  const std::string bytes = encodeWav(audio);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw AudioError(path.string() + ": cannot be written");
}

double loudness(const Audio& audio) {
  if (audio.empty()) return 0;
  double sum = 0;
  for (std::int16_t s : audio.samples) sum += static_cast<double>(s) * s;
  return std::sqrt(sum / static_cast<double>(audio.samples.size())) / 32768.0;
}

}  // namespace autolife::voice
