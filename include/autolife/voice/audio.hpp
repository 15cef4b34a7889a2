// Sound as the speech engines take and give it: 16-bit mono samples at a
// rate. Read from any file (or bytes) libsndfile decodes (WAV, FLAC, OGG
// Vorbis/Opus, AIFF...), mixed to mono and resampled (libsamplerate) to the
// rate asked; written as 16-bit PCM WAV. Bad audio is an AudioError with
// where and why, never a crash (fuzz/audio).
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace autolife::voice {

struct Audio {
  int rate = 16000;                    // samples per second
  std::vector<std::int16_t> samples;   // mono

  double seconds() const { return rate > 0 ? static_cast<double>(samples.size()) / rate : 0.0; }
  bool empty() const { return samples.empty(); }
  // Appends `other` (at this rate: resampled if its rate differs).
  void append(const Audio& other);
  // Appends `seconds` of silence.
  void appendSilence(double seconds);
};

class AudioError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// What a sound longer than this is: refused (a recogniser hears sentences,
// and memory stays bounded whatever a file claims).
inline constexpr double kMaxAudioSeconds = 600.0;
// The sample rates a sound file may have: what libsamplerate can bring to
// the recogniser's 16 kHz (a ratio of at most 256) and more.
inline constexpr int kMinAudioRate = 1000;
inline constexpr int kMaxAudioRate = 384000;

// Reads `path` as mono at `rate` (0: the file's own). AudioError: not a
// sound file, no frames, too long (with the path and libsndfile's reason).
Audio readAudio(const std::filesystem::path& path, int rate = 16000);
// The same from bytes in memory (an upload); `name` says where in errors.
Audio decodeAudio(std::string_view bytes, int rate = 16000, const std::string& name = "audio");
// `audio` at another rate.
Audio resample(const Audio& audio, int rate);

// 16-bit PCM WAV, mono. AudioError when the file cannot be written.
void writeWav(const std::filesystem::path& path, const Audio& audio);
std::string encodeWav(const Audio& audio);

// Root mean square of the samples, 0 to 1 (silence is below about 0.003).
double loudness(const Audio& audio);

}  // namespace autolife::voice
