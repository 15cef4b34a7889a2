// eSpeak NG through libespeak-ng in its synchronous mode: the callback gets
// the samples as they are made. Its state is global, so one mutex guards
// every call, whichever Synthesizer makes it.
#include <espeak-ng/speak_lib.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>

#include "autolife/voice/synthesizer.hpp"

namespace autolife::voice {

namespace {

std::mutex& espeakMutex() {
  static std::mutex m;
  return m;
}

// Where the callback puts what eSpeak made (its user_data).
struct Sink {
  Audio audio;
  double gain = 1.0;
  const std::function<void(const Audio&)>* chunk = nullptr;
};

int onSamples(short* wav, int count, espeak_EVENT* events) {
  if (!events || !wav || count <= 0) return 0;
  auto* sink = static_cast<Sink*>(events->user_data);
  if (!sink) return 0;
  Audio piece;
  piece.rate = sink->audio.rate;
  piece.samples.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i)
    piece.samples.push_back(static_cast<std::int16_t>(std::clamp(std::lround(wav[i] * sink->gain), -32768L, 32767L)));
  if (sink->chunk && *sink->chunk) (*sink->chunk)(piece);
  sink->audio.samples.insert(sink->audio.samples.end(), piece.samples.begin(), piece.samples.end());
  return 0;
}

// eSpeak's sample rate, or -1 when it could not start (once per process).
int startEspeak() {
  static const int rate = [] {
    const int r = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 50, nullptr, espeakINITIALIZE_DONT_EXIT);
    if (r > 0) espeak_SetSynthCallback(onSamples);
    return r;
  }();
  return rate;
}

class Espeak final : public Synthesizer {
public:
  explicit Espeak(int rate) : rate_(rate) {}

  Audio synthesize(std::string_view text, const VoiceSettings& s, const std::function<void(const Audio&)>& chunk) override {
    Sink sink;
    sink.audio.rate = rate_;
    sink.gain = std::clamp(s.volume, 0.0, 1.0);
    sink.chunk = &chunk;
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) return sink.audio;
    const std::string voice = s.voiceName.empty() ? espeakVoice(s.language) : s.voiceName;
    if (voice.empty()) throw VoiceError("no eSpeak NG voice for " + s.language);
    std::lock_guard lock(espeakMutex());
    const std::string name = s.variant.empty() ? voice : voice + "+" + s.variant;
    if (espeak_SetVoiceByName(name.c_str()) != EE_OK) {
      // A language code that names no voice file ("en-gb" is the voice "en"):
      // the voice for that language, without the variant.
      espeak_VOICE wanted{};
      wanted.languages = voice.c_str();
      if (espeak_SetVoiceByProperties(&wanted) != EE_OK) throw VoiceError("eSpeak NG has no voice " + name);
    }
    // NAOqi's 100 % is eSpeak's normal rate; pitch 50 is its voice's own.
    const double rate = espeakRATE_NORMAL * std::clamp(s.speed, 50.0, 400.0) / 100.0;
    espeak_SetParameter(espeakRATE, static_cast<int>(std::clamp(rate, 80.0, 450.0)), 0);
    const double pitch = 50.0 * (s.pitch > 0 ? s.pitch : 1.0) * std::clamp(s.pitchPercent, 50.0, 200.0) / 100.0;
    espeak_SetParameter(espeakPITCH, static_cast<int>(std::clamp(pitch, 0.0, 100.0)), 0);
    espeak_SetParameter(espeakVOLUME, 100, 0);
    const std::string copy(text);
    espeak_Synth(copy.c_str(), copy.size() + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, nullptr, &sink);
    espeak_Synchronize();
    return std::move(sink.audio);
  }

  int rate() const override { return rate_; }
  bool speaks(const std::string& language) const override { return !espeakVoice(language).empty(); }

private:
  int rate_;
};

}  // namespace

std::string espeakVoice(const std::string& language) {
  static const std::map<std::string, std::string> voices = {
      {"Arabic", "ar"},   {"Brazilian", "pt-br"}, {"Chinese", "cmn"}, {"Czech", "cs"},    {"Danish", "da"},
      {"Dutch", "nl"},    {"English", "en-us"},   {"Finnish", "fi"},  {"French", "fr"}, {"German", "de"},
      {"Italian", "it"},  {"Japanese", "ja"},     {"Korean", "ko"},   {"Polish", "pl"},   {"Portuguese", "pt"},
      {"Russian", "ru"},  {"Spanish", "es"},      {"Swedish", "sv"},  {"Turkish", "tr"},
  };
  auto it = voices.find(language);
  return it == voices.end() ? std::string() : it->second;
}

std::unique_ptr<Synthesizer> makeEspeak() {
  std::lock_guard lock(espeakMutex());
  const int rate = startEspeak();
  if (rate <= 0) throw VoiceError("eSpeak NG did not start: its data (espeak-ng-data) was not found; install espeak-ng-data");
  return std::make_unique<Espeak>(rate);
}

}  // namespace autolife::voice
