// ALTextToSpeech's real speech (decision 1080): texts synthesised with a
// voice::Synthesizer, speech tags acting on the voice, sayToFile's WAV.
#include <filesystem>

#include "autolife/robot/text_to_speech.hpp"

namespace autolife::robot {

SpeechTimer::SpeechTimer(voice::Synthesizer& synthesizer, const voice::VoiceSettings& voice)
    : synthesizer_(&synthesizer), voice_(voice), audio_(std::make_shared<voice::Audio>()), base_(voice.speed),
      speed_(voice.speed) {
  audio_->rate = synthesizer.rate();
}

void SpeechTimer::flush() {
  if (!synthesizer_ || pending_.empty()) return;
  voice_.speed = speed_;
  audio_->append(synthesizer_->synthesize(pending_, voice_));
  pending_.clear();
}

SpeechPlan SpeechTimer::finishAudio() {
  flush();
  SpeechPlan plan;
  plan.spoken = spoken_;
  if (audio_->empty()) return plan;
  plan.duration = core::fromSeconds(audio_->seconds());
  for (const auto& [offset, mark] : bookmarks_) plan.bookmarks.emplace_back(core::fromSeconds(offset), mark);
  plan.audio = audio_;
  return plan;
}

void TextToSpeech::setSynthesizer(std::shared_ptr<voice::Synthesizer> synthesizer) {
  std::lock_guard lock(core_.mutex);
  synthesizer_ = std::move(synthesizer);
}

bool TextToSpeech::synthesizing() const {
  std::lock_guard lock(core_.mutex);
  return synthesizer_ != nullptr;
}

voice::VoiceSettings TextToSpeech::voiceSettings() const {
  std::lock_guard lock(core_.mutex);
  voice::VoiceSettings v;
  v.language = language_;
  v.speed = parameters_.at("speed");
  v.pitch = parameters_.at("pitchShift");
  v.volume = volume_;
  return v;
}

SpeechTimer TextToSpeech::timer() const {
  std::shared_ptr<voice::Synthesizer> synthesizer;
  {
    std::lock_guard lock(core_.mutex);
    synthesizer = synthesizer_;
  }
  if (!synthesizer) return SpeechTimer(speed());
  // The synthesizer outlives the timer: the robot keeps it, and a plan is
  // finished before the call that made it returns.
  return SpeechTimer(*synthesizer, voiceSettings());
}

void TextToSpeech::sayToFile(const std::string& text, const std::string& path) {
  std::shared_ptr<voice::Synthesizer> synthesizer;
  {
    std::lock_guard lock(core_.mutex);
    if (!fileVoice_) fileVoice_ = synthesizer_;
    synthesizer = fileVoice_;
  }
  if (!synthesizer) {
    try {
      synthesizer = voice::makeEspeak();
    } catch (const voice::VoiceError& e) {
      service::refuse("speech-unavailable", std::string("ALTextToSpeech.sayToFile: ") + e.what());
    }
    std::lock_guard lock(core_.mutex);
    fileVoice_ = synthesizer;
  }
  SpeechTimer timer(*synthesizer, voiceSettings());
  timer.text(text);
  SpeechPlan plan = timer.finish();
  voice::Audio audio;
  audio.rate = synthesizer->rate();
  if (plan.audio) audio = *plan.audio;
  try {
    voice::writeWav(path, audio);
  } catch (const voice::AudioError& e) {
    service::refuse("bad-argument", std::string("ALTextToSpeech.sayToFile: ") + e.what());
  }
}

}  // namespace autolife::robot
