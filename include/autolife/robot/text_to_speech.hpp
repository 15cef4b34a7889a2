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
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "autolife/robot/robot_core.hpp"
#include "autolife/service/service.hpp"

namespace autolife::robot {

// What an utterance says and how long it takes.
struct SpeechPlan {
  std::string spoken;
  core::Duration duration{0};
  std::vector<std::pair<core::Duration, int>> bookmarks;  // from the start
};

// Builds a SpeechPlan piece by piece (animated speech inserts waits).
class SpeechTimer {
public:
  static constexpr double kCharactersPerSecond = 14.0;
  static constexpr double kLeadInSeconds = 0.2;

  explicit SpeechTimer(double speedPercent);
  // Text with `\tag\` markup.
  void text(std::string_view chunk);
  // Silence (an animation the speech waits for).
  void wait(core::Duration d);
  // Speech time so far (without the lead-in).
  core::Duration cursor() const { return core::fromSeconds(cursor_); }
  SpeechPlan finish() const;

private:
  void tag(std::string_view body);
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
};

}  // namespace autolife::robot
