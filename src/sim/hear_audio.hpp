// A scenario's `hear: {audio: FILE.wav}`: the file heard by the recogniser
// and the dialog (engine::Engine::hearAudio), as the step's outcome.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace autolife::engine {
class Engine;
}
namespace autolife::voice {
struct Audio;
}

namespace autolife::sim {

// {"hear": what was recognised ("" when nothing), "audio": path,
// "confidence", "outcome", "reason"}; a file that cannot be heard is the
// outcome "error" with its reason. `recorded`: the samples themselves (a
// replayed day), which `path` only names.
nlohmann::ordered_json hearAudioOutcome(engine::Engine& engine, const std::string& path,
                                        const voice::Audio* recorded = nullptr);

}  // namespace autolife::sim
