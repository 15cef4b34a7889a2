// ALTextToSpeech, simulated. A sentence takes
//
//     0.2 s + (spoken characters) / (14 characters/s x speed / 100) + pauses
//
// where spoken characters are the text's UTF-8 characters once Choregraphe's
// `\tag\` markup is removed and whitespace runs count as one space; speed is
// the "speed" parameter (percent, default 100) or a `\RSPD=n\` tag from that
// point on (`\RST\` goes back); `\PAU=ms\` adds a pause; `\mrk=n\` raises
// ALTextToSpeech/CurrentBookMark = n when reached. Empty text takes 0 s.
//
// Sentences queue: one said while another is spoken starts when it ends.
// Memory, as NAOqi writes it:
//   at the call     ALTextToSpeech/Status = [id, "enqueued"]
//   at its start    ALTextToSpeech/TextStarted = 1 (raised), TextDone = 0,
//                   ALTextToSpeech/CurrentSentence = the spoken text,
//                   ALTextToSpeech/Status = [id, "started"]
//   at its end      ALTextToSpeech/TextDone = 1 (raised), TextStarted = 0,
//                   ALTextToSpeech/Status = [id, "done"]
//   on stopAll      ALTextToSpeech/TextInterrupted = 1, TextDone = 1,
//                   Status [id, "stopped"] (or "thrown" if not started).
//
// Real speech (decision 1080): with a voice::Synthesizer attached
// (setSynthesizer: `chat --voice-out`, `serve --voice`), a text is
// synthesised and takes its audio's real length, speech tags acting on the
// voice (\pau=\ silence, \rspd=\ speed, \vct=\ pitch, \rst\), and each
// utterance's audio is handed to `audioQueued` (with the engine time it
// starts at) as it is queued; `stopped` says stopAll. Without one
// (simulate, play, tests), the formula above. sayToFile always writes a
// real 16-bit PCM WAV (eSpeak NG, made at its first call).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "autolife/core/signal.hpp"
#include "autolife/robot/robot_core.hpp"
#include "autolife/service/service.hpp"
#include "autolife/voice/synthesizer.hpp"

namespace autolife::robot {

// What an utterance says and how long it takes.
struct SpeechPlan {
  std::string spoken;
  core::Duration duration{0};
  std::vector<std::pair<core::Duration, int>> bookmarks;  // from the start
  std::shared_ptr<const voice::Audio> audio;              // when synthesised
};

// An utterance's audio as it starts being said.
struct SpokenAudio {
  core::Time at{0};
  std::string text;
  std::shared_ptr<const voice::Audio> audio;
};

// Builds a SpeechPlan piece by piece (animated speech inserts waits).
class SpeechTimer {
public:
  static constexpr double kCharactersPerSecond = 14.0;
  static constexpr double kLeadInSeconds = 0.2;

  explicit SpeechTimer(double speedPercent);
  // Synthesises what it is given with `synthesizer` in `voice`: times are
  // the audio's (speech_audio.cpp).
  SpeechTimer(voice::Synthesizer& synthesizer, const voice::VoiceSettings& voice);
  // Text with `\tag\` markup.
  void text(std::string_view chunk);
  // Silence (an animation the speech waits for).
  void wait(core::Duration d);
  // Speech time so far (without the lead-in).
  core::Duration cursor();
  SpeechPlan finish();

private:
  void tag(std::string_view body);
  // With a synthesizer: the text since the last tag, synthesised.
  void flush();
  SpeechPlan finishAudio();
  voice::Synthesizer* synthesizer_ = nullptr;
  voice::VoiceSettings voice_;
  std::string pending_;
  std::shared_ptr<voice::Audio> audio_;
  double base_;
  double speed_;
  std::string spoken_;
  bool pendingSpace_ = false;
  double cursor_ = 0;                             // seconds
  std::vector<std::pair<double, int>> bookmarks_;  // seconds from the text's start
};

class TextToSpeech {
public:
  explicit TextToSpeech(RobotCore& core);

  std::shared_ptr<service::Service> makeService();

  // The plan of `text` at the current speed.
  SpeechPlan plan(std::string_view text) const;
  double speed() const;
  // Queues an utterance; returns how long from now until it ends. `atEnd`
  // adds writes to its end (or to its interruption).
  core::Duration speak(SpeechPlan plan, std::function<void(MemoryWrites&)> atEnd = {});
  void stopAll();

  // State.
  std::vector<std::string> spoken() const;  // every utterance, in order
  bool speaking() const;                    // an utterance is being said now
  std::string language() const;
  double volume() const;

  // Real speech (speech_audio.cpp). None: the timing formula.
  void setSynthesizer(std::shared_ptr<voice::Synthesizer> synthesizer);
  bool synthesizing() const;
  // How texts sound now: language, speed, pitch, volume.
  voice::VoiceSettings voiceSettings() const;
  // A timer for a text said now: synthesising when a synthesizer is attached.
  SpeechTimer timer() const;
  // sayToFile: the text's audio written as a 16-bit PCM WAV (CallError
  // speech-unavailable, bad-argument when the file cannot be written).
  void sayToFile(const std::string& text, const std::string& path);
  core::Signal<const SpokenAudio&> audioQueued;  // outside the robot's lock
  core::Signal<> stopped;                         // stopAll

  static const std::vector<std::string>& languages();

private:
  struct Utterance {
    std::string text;
    core::Time start{0}, end{0};
    bool started = false;
    std::vector<core::TimerId> timers;
    std::function<void(MemoryWrites&)> atEnd;
  };
  void start(std::uint64_t id);
  void done(std::uint64_t id);
  void bookmark(std::uint64_t id, int mark);

  RobotCore& core_;
  std::map<std::uint64_t, Utterance> queue_;
  std::uint64_t nextId_ = 1;
  core::Time busyUntil_{0};
  std::vector<std::string> history_;
  std::string language_ = "English";
  std::string voice_ = "naoenu";
  double volume_ = 1.0;
  std::map<std::string, double> parameters_;
  std::shared_ptr<voice::Synthesizer> synthesizer_;  // say: real speech when set
  std::shared_ptr<voice::Synthesizer> fileVoice_;    // sayToFile's, made at its first call
};

}  // namespace autolife::robot
