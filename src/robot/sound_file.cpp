#include "sound_file.hpp"

#include <sndfile.h>

namespace autolife::robot {

std::optional<double> soundFileSeconds(const std::filesystem::path& path) {
  SF_INFO info{};
  SNDFILE* file = sf_open(path.c_str(), SFM_READ, &info);
  if (!file) return std::nullopt;
  sf_close(file);
  if (info.samplerate <= 0 || info.frames < 0) return std::nullopt;
  // A streamed MP3 may not know its length up front (SF_COUNT_MAX).
  if (info.frames == SF_COUNT_MAX) return std::nullopt;
  return static_cast<double>(info.frames) / info.samplerate;
}

}  // namespace autolife::robot
