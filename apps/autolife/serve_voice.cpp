#include "serve_voice.hpp"

#include <future>

#include "autolife/dialog/services.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/robot/simulated_robot.hpp"
#include "autolife/voice/devices.hpp"

namespace autolife::app {

void addServeVoiceOptions(CLI::App* command, ServeVoiceOptions& options) {
  command->add_flag("--voice", options.on,
                    "Speak through this machine's sound output and listen on its microphone (ALSA; eSpeak NG, PocketSphinx)");
  command->add_option("--voice-device", options.device, "The ALSA device for --voice (default: default)");
}

class ServeVoice {
public:
  ServeVoice(const ServeVoiceOptions& o, engine::Engine& engine, ServeLog& log) : engine_(engine), log_(log) {
    auto synthesizer = voice::makeEspeak();
    speaker_ = voice::openSpeaker(o.device, synthesizer->rate());
    microphone_ = voice::openMicrophone(o.device, [this](voice::Audio a) { heard(std::move(a)); },
                                        [this] { return speaker_->playing(); });
    robot::TextToSpeech& tts = engine_.robot.textToSpeech();
    tts.setSynthesizer(std::move(synthesizer));
    queued_ = tts.audioQueued.connect([this](const robot::SpokenAudio& s) { speaker_->play(s.audio); });
    stopped_ = tts.stopped.connect([this] { speaker_->stop(); });
  }
  ~ServeVoice() {
    robot::TextToSpeech& tts = engine_.robot.textToSpeech();
    tts.audioQueued.disconnect(queued_);
    tts.stopped.disconnect(stopped_);
    tts.setSynthesizer(nullptr);
    microphone_.reset();
    speaker_.reset();
  }

private:
  // On the microphone's thread: heard on the engine's.
  void heard(voice::Audio audio) {
    engine_.clock.post([this, audio = std::move(audio)] {
      const dialog::HeardAudio h = engine_.hearAudio(audio);
      if (!h.notice.empty()) log_.problem(h.notice, "warning");
      if (!h.error.empty()) log_.problem("--voice: " + h.error, "warning");
    });
  }

  engine::Engine& engine_;
  ServeLog& log_;
  std::unique_ptr<voice::Speaker> speaker_;
  std::unique_ptr<voice::Microphone> microphone_;
  core::SignalLink queued_, stopped_;
};

void ServeVoiceDeleter::operator()(ServeVoice* v) const { delete v; }

ServeVoiceHandle startServeVoice(const ServeVoiceOptions& options, engine::Engine& engine, ServeLog& log) {
  if (!options.on) return nullptr;
  try {
    return ServeVoiceHandle(new ServeVoice(options, engine, log));
  } catch (const voice::VoiceError& e) {
    throw voice::VoiceError(std::string("--voice: ") + e.what());
  }
}

}  // namespace autolife::app
