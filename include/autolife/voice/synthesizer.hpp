// Speech synthesis behind an interface: the simulated robot's
// ALTextToSpeech speaks through a Synthesizer when one is attached (its
// `say` then takes the audio's real length), and keeps its timing formula
// when none is (simulate, play and tests by default: decision 1080).
// `makeEspeak()` is eSpeak NG's (libespeak-ng).
#pragma once

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "autolife/voice/audio.hpp"

namespace autolife::voice {

// How a text sounds: NAOqi's ALTextToSpeech settings.
struct VoiceSettings {
  std::string language = "English";  // NAOqi's language name
  double speed = 100;                 // percent, 50 to 400 (`speed`, \rspd=\)
  double pitch = 1.0;                 // `pitchShift`: 1 is the voice's own
  double pitchPercent = 100;          // \vct=\: 50 to 200
  double volume = 1.0;                // 0 to 1 (`setVolume`, \vol=\)
  std::string voiceName;              // an eSpeak NG voice ("en-gb"), empty: the language's (espeakVoice)
  std::string variant;                // an eSpeak NG variant ("f3": a female voice), empty: none
};

class VoiceError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class Synthesizer {
public:
  virtual ~Synthesizer() = default;
  // The audio of plain `text` (no speech tags), at rate(). `chunk` is given
  // each piece as it is made: the first within a few tens of milliseconds.
  virtual Audio synthesize(std::string_view text, const VoiceSettings& settings,
                           const std::function<void(const Audio&)>& chunk = {}) = 0;
  virtual int rate() const = 0;
  // Whether it has a voice for NAOqi's language name ("English", "French"...).
  virtual bool speaks(const std::string& language) const = 0;
};

// eSpeak NG. VoiceError when its data cannot be found. One engine per
// process (eSpeak NG's state is global): every instance shares it, calls
// take turns.
std::unique_ptr<Synthesizer> makeEspeak();

// eSpeak NG's voice for a NAOqi language ("English" -> "en-us"); empty when none.
std::string espeakVoice(const std::string& language);

}  // namespace autolife::voice
