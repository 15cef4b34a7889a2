// A scenario's `hear: {audio: FILE.wav}`: the file heard by the recogniser
// and the dialog (engine::Engine::hearAudio), as the step's outcome.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace autolife::engine {
class Engine;
}

namespace autolife::sim {

// {"hear": what was recognised ("" when nothing), "audio": path,
// "confidence", "outcome", "reason"}; a file that cannot be heard is the
// outcome "error" with its reason.
nlohmann::ordered_json hearAudioOutcome(engine::Engine& engine, const std::string& path);

}  // namespace autolife::sim
