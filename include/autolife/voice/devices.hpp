// The machine's loudspeaker and microphone (`serve --voice`), through ALSA
// (libasound): the robot's speech played as it is said, what a person says
// cut into utterances by an energy-based detector and handed over one by
// one. Opening a device that is not there is a VoiceError that says so.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "autolife/voice/audio.hpp"
#include "autolife/voice/synthesizer.hpp"

namespace autolife::voice {

// Cuts a stream of 16 kHz samples into utterances: speech starts when the
// loudness of 30 ms frames stays over a threshold (adapted to the room's
// noise) for 90 ms, and ends after 600 ms under it, or at 10 s.
class UtteranceDetector {
public:
  explicit UtteranceDetector(std::function<void(Audio)> utterance, int rate = 16000);
  void feed(const std::int16_t* samples, std::size_t count);
  // Drops what is being heard (the robot speaks: it must not hear itself).
  void reset();

private:
  void frame(const std::int16_t* samples);
  std::function<void(Audio)> utterance_;
  int rate_;
  std::size_t frameSize_;
  std::vector<std::int16_t> partial_;
  Audio current_;
  std::vector<std::int16_t> before_;  // the frames just before speech began
  double noise_ = 0.002;
  int loudFrames_ = 0, quietFrames_ = 0;
  bool inSpeech_ = false;
};

class Speaker {
public:
  virtual ~Speaker() = default;
  // Queues `audio` (played after what is queued); returns at once.
  virtual void play(std::shared_ptr<const Audio> audio) = 0;
  // Drops what is playing and queued.
  virtual void stop() = 0;
  virtual bool playing() const = 0;
};

class Microphone {
public:
  virtual ~Microphone() = default;
};

// ALSA's playback device `device` ("default", "hw:0", "null"...).
std::unique_ptr<Speaker> openSpeaker(const std::string& device, int rate);
// ALSA's capture device; `utterance` is called on the microphone's thread
// with each utterance, at 16 kHz. While `deaf` says so (the robot speaks:
// it must not hear itself), nothing is heard.
std::unique_ptr<Microphone> openMicrophone(const std::string& device, std::function<void(Audio)> utterance,
                                           std::function<bool()> deaf = {});

}  // namespace autolife::voice
