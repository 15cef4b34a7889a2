#include "chat_voice.hpp"

#include <cstdio>
#include <filesystem>
#include <iostream>

#include "autolife/core/json_line.hpp"
#include "autolife/dialog/services.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/robot/simulated_robot.hpp"
#include "autolife/voice/audio.hpp"

namespace autolife::app {

void addChatVoiceOptions(CLI::App* command, ChatVoiceOptions& options) {
  command->add_option("--voice-in", options.in,
                      "What a person says as a sound file (WAV, FLAC, OGG...), recognised; repeatable, heard in order")
      ->allow_extra_args(false);
  command->add_option("--voice-out", options.out, "Write every robot utterance as DIR/0001.wav, DIR/0002.wav...");
}

ChatVoice::ChatVoice(const ChatVoiceOptions& options, engine::Engine& engine, bool json)
    : options_(options), engine_(engine), json_(json) {}

std::optional<std::string> ChatVoice::prepare() {
  if (options_.out.empty()) return std::nullopt;
  std::error_code ec;
  std::filesystem::create_directories(options_.out, ec);
  if (ec || !std::filesystem::is_directory(options_.out)) return "cannot make the folder " + options_.out + " (--voice-out)";
  try {
    engine_.robot.textToSpeech().setSynthesizer(voice::makeEspeak());
  } catch (const voice::VoiceError& e) {
    return std::string(e.what()) + " (--voice-out)";
  }
  engine_.robot.textToSpeech().audioQueued.connect([this](const robot::SpokenAudio& spoken) {
    char name[16];
    std::snprintf(name, sizeof name, "%04d.wav", ++written_);
    const std::string path = (std::filesystem::path(options_.out) / name).string();
    try {
      voice::writeWav(path, *spoken.audio);
      lastAudio_ = path;
    } catch (const voice::AudioError& e) {
      std::cerr << "autolife chat: " << e.what() << '\n';
    }
  });
  return std::nullopt;
}

int ChatVoice::hearAll(const std::function<void()>& settle) {
  int status = 0;
  for (const auto& file : options_.in) {
    voice::Audio audio;
    try {
      audio = voice::readAudio(file, 0);
    } catch (const voice::AudioError& e) {
      std::cerr << "autolife chat: " << e.what() << '\n';
      status = 1;
      continue;
    }
    hearing_ = true;
    const dialog::HeardAudio h = engine_.hearAudio(audio, [this](const dialog::HeardAudio& heard) {
      if (heard.error.empty())
        printHeard(core::toSeconds(engine_.clock.now()), heard.recognition.text, heard.recognition.confidence, heard.understood);
    });
    hearing_ = false;
    if (!h.notice.empty()) std::cerr << "autolife chat: " << h.notice << '\n';
    if (!h.error.empty()) {
      std::cerr << "autolife chat: " << file << ": " << h.error << '\n';
      status = 1;
    }
    settle();
  }
  return status;
}

// The dialog's own line for a heard utterance (its text, or an empty
// not-understood) is replaced by the voice's, printed when it was heard.
bool ChatVoice::print(const dialog::DialogRecord& r) {
  return hearing_ && (r.kind == "human" || (r.kind == "not-understood" && r.text.empty()));
}

void ChatVoice::decorate(const dialog::DialogRecord& r, nlohmann::ordered_json& line) {
  if (r.kind == "robot" && !lastAudio_.empty()) {
    line["audio"] = lastAudio_;
    lastAudio_.clear();
  }
}

void ChatVoice::printHeard(double time, const std::string& text, double confidence, bool understood) {
  if (!json_) {
    std::cout << "human: " << (understood ? text : "(not understood)") << '\n';
    std::cout.flush();
    return;
  }
  nlohmann::ordered_json j;
  j["t"] = time;
  if (understood) j["human"] = text;
  else j["not-understood"] = true;
  j["confidence"] = confidence;
  std::cout << core::jsonLine(j) << '\n';
  std::cout.flush();
}

}  // namespace autolife::app
