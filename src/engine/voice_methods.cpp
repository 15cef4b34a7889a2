// The Autolife service's voice (issue 28), for the dashboard's "Say to the
// robot": hearAudio, a recording heard as a person's speech, and
// speechAudio, a sentence as the robot's voice says it, for the page to play.
#include "voice_methods.hpp"

#include <memory>

#include "autolife/dialog/services.hpp"
#include "autolife/robot/simulated_robot.hpp"
#include "autolife/voice/base64.hpp"

namespace autolife::engine {

namespace {

// What came of a recording: {heard, confidence, understood, outcome,
// reason, answers, notice}.
service::Any heardAudioValue(const dialog::HeardAudio& h) {
  std::vector<std::string> answers;
  std::string outcome = h.understood ? "heard" : "not-understood", reason;
  if (h.heard.dialog) {
    for (const auto& a : h.heard.dialog->answers) answers.push_back(a.text);
    outcome = h.heard.dialog->explanation.outcome;
    reason = h.heard.dialog->explanation.reason;
  } else if (!h.recognition.speech) {
    reason = "silence: nothing was said";
  } else {
    reason = h.understood ? "ALDialog is not listening" : "no phrase it listens for, with enough confidence";
  }
  return service::Any::Map{{"heard", h.recognition.text}, {"confidence", h.recognition.confidence},
                           {"understood", h.understood}, {"outcome", outcome},
                           {"reason", reason},           {"answers", service::toAny(answers)},
                           {"notice", h.notice}};
}

}  // namespace

void addVoiceMethods(service::Service& autolife, Engine& engine) {
  autolife.method("hearAudio", {{"audio", service::Type::String}}, service::Type::Map,
                  "A recording of what a person says (a sound file in base64: WAV, FLAC, OGG), recognised and heard by "
                  "ALSpeechRecognition and ALDialog: {heard, confidence, understood, outcome, reason, answers, notice}",
                  [&engine](const service::Arguments& a) {
                    const auto bytes = voice::fromBase64(service::stringArg(a, 0));
                    if (!bytes) service::refuse("bad-argument", "Autolife.hearAudio: the audio is not base64");
                    voice::Audio audio;
                    try {
                      audio = voice::decodeAudio(*bytes, 0, "the recording");
                    } catch (const voice::AudioError& e) {
                      service::refuse("bad-audio", std::string("Autolife.hearAudio: ") + e.what());
                    }
                    const dialog::HeardAudio h = engine.hearAudio(audio);
                    if (!h.error.empty()) service::refuse("bad-audio", "Autolife.hearAudio: " + h.error);
                    return heardAudioValue(h);
                  });
  autolife.method("speechAudio", {{"text", service::Type::String}}, service::Type::String,
                  "A sentence as the robot's voice says it now (its language, speed, pitch, volume): a 16-bit PCM WAV "
                  "in base64 (eSpeak NG)",
                  [&engine](const service::Arguments& a) {
                    try {
                      std::shared_ptr<voice::Synthesizer> voice = voice::makeEspeak();
                      robot::SpeechTimer timer(*voice, engine.robot.textToSpeech().voiceSettings());
                      timer.text(service::stringArg(a, 0));
                      const robot::SpeechPlan plan = timer.finish();
                      voice::Audio audio{voice->rate(), {}};
                      if (plan.audio) audio = *plan.audio;
                      return service::Any(voice::toBase64(voice::encodeWav(audio)));
                    } catch (const voice::VoiceError& e) {
                      service::refuse("speech-unavailable", std::string("Autolife.speechAudio: ") + e.what());
                    }
                  });
}

}  // namespace autolife::engine
