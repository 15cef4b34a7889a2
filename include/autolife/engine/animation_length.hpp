// How long a behavior used as an animation plays (ALAnimationPlayer.run of
// an installed package's behavior): its longest timeline, from its start
// frame to its last key (or its end frame), at its frame rate.
#pragma once

#include <filesystem>
#include <optional>

namespace autolife::engine {

// Seconds; nullopt when the behavior cannot be read. 0 for one without motion.
std::optional<double> animationSeconds(const std::filesystem::path& behaviorFile);

}  // namespace autolife::engine
