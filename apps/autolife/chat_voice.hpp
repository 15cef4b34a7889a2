// `autolife chat`'s voice: --voice-in FILE (repeatable: what a person says,
// as audio, heard in order) and --voice-out DIR (every robot utterance
// written as DIR/0001.wav, ...). docs/dialog.md, "Talking out loud".
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

namespace autolife::engine {
class Engine;
}
namespace autolife::dialog {
struct DialogRecord;
}

namespace autolife::app {

struct ChatVoiceOptions {
  std::vector<std::string> in;  // --voice-in, in order
  std::string out;              // --voice-out
};

void addChatVoiceOptions(CLI::App* command, ChatVoiceOptions& options);

class ChatVoice {
public:
  ChatVoice(const ChatVoiceOptions& options, engine::Engine& engine, bool json);

  bool hearsAudio() const { return !options_.in.empty(); }
  // Before the conversation: the output folder and the synthesizer. An
  // error sentence when they cannot be had.
  std::optional<std::string> prepare();
  // Hears each --voice-in file in order; `settle` runs time until the robot
  // has answered. 1 when a file could not be heard (said on stderr), else 0.
  int hearAll(const std::function<void()>& settle);
  // A record of the dialog: true when the voice printed it in its own shape
  // (a heard utterance); otherwise it may add to the JSON line (a robot
  // line's "audio").
  bool print(const dialog::DialogRecord& record);
  void decorate(const dialog::DialogRecord& record, nlohmann::ordered_json& line);

private:
  void printHeard(double time, const std::string& text, double confidence, bool understood);

  const ChatVoiceOptions& options_;
  engine::Engine& engine_;
  bool json_;
  int written_ = 0;
  std::string lastAudio_;  // the file of the utterance being queued
  bool hearing_ = false;  // an utterance of --voice-in is being heard
};

}  // namespace autolife::app
