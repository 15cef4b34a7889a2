// `serve --voice [--voice-device NAME]`: the robot speaks through the
// machine's sound output (eSpeak NG; say takes the audio's real length) and
// listens on its microphone (utterances recognised and heard by
// ALSpeechRecognition and ALDialog), through ALSA. docs/robot.md, "A voice
// for a laptop or a new robot".
#pragma once

#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "serve_log.hpp"

namespace autolife::engine {
class Engine;
}

namespace autolife::app {

struct ServeVoiceOptions {
  bool on = false;
  std::string device = "default";
};

void addServeVoiceOptions(CLI::App* command, ServeVoiceOptions& options);

class ServeVoice;
struct ServeVoiceDeleter {
  void operator()(ServeVoice* v) const;
};
using ServeVoiceHandle = std::unique_ptr<ServeVoice, ServeVoiceDeleter>;

// Null when --voice was not given; throws voice::VoiceError (no device,
// no eSpeak NG) with a sentence that says which. Call from outside the
// engine's thread; the handle stops both devices when it goes.
ServeVoiceHandle startServeVoice(const ServeVoiceOptions& options, engine::Engine& engine, ServeLog& log);

}  // namespace autolife::app
