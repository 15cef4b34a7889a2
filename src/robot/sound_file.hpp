// How long a sound file plays, read with libsndfile (WAV, AIFF, FLAC, OGG
// Vorbis and Opus, MP3...): its frames over its sample rate.
#pragma once

#include <filesystem>
#include <optional>

namespace autolife::robot {

// Seconds, or nullopt when the file cannot be read as sound.
std::optional<double> soundFileSeconds(const std::filesystem::path& path);

}  // namespace autolife::robot
