// ALDialog and ALSpeechRecognition on the engine: a Dialog whose variables
// are ALMemory keys, whose answers are said through the robot's
// ALAnimatedSpeech (or ALTextToSpeech) and take the time speaking takes,
// and whose assignments land in memory once the sentence has been said.
// What a person says reaches both (`Speech::hear`): the recogniser raises
// WordRecognized for its vocabulary, the dialog answers (docs/dialog.md).
#pragma once

#include <atomic>
#include <thread>

#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "autolife/core/clock.hpp"
#include "autolife/core/signal.hpp"
#include "autolife/dialog/dialog.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/service/service.hpp"
#include "autolife/voice/recognizer.hpp"

namespace autolife::dialog {

// QiChat variables as ALMemory keys. Values that read as numbers are
// stored as numbers ($onStopped=1 is the Int 1), others as strings.
// With a clock, the time-of-day variables ALDialog keeps ($Dialog/Hour,
// $Dialog/Morning...) are read from it.
class MemoryVariables final : public Variables {
public:
  explicit MemoryVariables(memory::Memory& m, const core::Clock* clock = nullptr) : memory_(m), clock_(clock) {}
  std::optional<std::string> get(const std::string& name) const override;
  void set(const std::string& name, const std::string& value) override;
  void clear(const std::string& name) override;
  static core::Value typed(const std::string& value);
  static std::optional<std::string> text(const core::Value& value);

private:
  memory::Memory& memory_;
  const core::Clock* clock_;
};

// One line of a conversation as `autolife chat --json` prints it.
struct DialogRecord {
  core::Time time{0};
  std::string kind;   // "human", "robot", "set", "not-understood", "speak-failure", "action", "action-failed", "event"
  std::string text;   // what was said / the variable's name / the action's name / why the rule cannot answer or the action failed
  std::string value;  // "set": the value; "speak-failure": the rule's file:line; "action-failed": the action
  std::vector<std::string> args;  // "action", "action-failed"
};

class DialogService {
public:
  DialogService(core::Clock& clock, memory::Memory& memory, service::Registry& registry, std::uint64_t seed = 0);
  ~DialogService();
  DialogService(const DialogService&) = delete;
  DialogService& operator=(const DialogService&) = delete;

  std::shared_ptr<service::Service> makeService();

  // Loads a parsed topic; its name, or CallError("bad-topic").
  std::string load(Topic topic);
  // CallError with file:line:column. Loading a file already loaded returns
  // its topic again (a package's topic that its Dialog box loads too); it
  // is unloaded when every load was unloaded.
  std::string loadFile(const std::string& path);
  void unload(const std::string& topic);
  std::string loadContent(const std::string& text);  // loadTopicContent
  void activate(const std::string& topic);
  void deactivate(const std::string& topic);
  void subscribe(const std::string& name);
  void unsubscribe(const std::string& name);
  bool running() const;  // subscribed: listens to what is said
  std::string language() const;  // what topics without `language:` are in

  // A person spoke (the recogniser heard `utterance` with `confidence`).
  Reply input(const std::string& utterance, double confidence, bool forced);
  // A person spoke and the recogniser found no phrase it is sure of: not
  // understood, as an input that matches nothing (hear_audio.cpp).
  Reply notUnderstood();
  // What the recogniser listens for while it runs, and in which language.
  voice::Grammar listeningGrammar(std::string& language);
  // The robot speaks on its own: a topic's next proposal.
  Reply forceOutput();
  // Raises the qiChat event `key` (box inputs such as onStart).
  Reply raise(const std::string& key, const std::string& value = "1");

  // When the robot stops speaking (engine time): a conversation waits for it.
  core::Time busyUntil() const;
  Dialog& dialog() { return dialog_; }
  const Explanation& lastExplanation() const;

  core::Signal<const DialogRecord&> records;

private:
  // The dialog's lock (mutex_). Refuses (CallError dialog-busy) a call from
  // a service that a ^call of this dialog is running on this thread: that
  // call would wait for the lock its own rule holds.
  std::unique_lock<std::mutex> lockState() const;
  void speak(const Reply& reply);
  void perform(const Action& act);
  std::string loadParsed(ParseResult r);
  // `depth`: how many includes deep this file is (the depth travels with
  // the call, not in a member, so that two threads loading topics at once
  // do not count each other's includes).
  std::string loadFileAt(const std::string& path, int depth);
  std::vector<std::string> loadIncludes(const std::string& path, const std::vector<std::string>& includes, int depth);
  void record(DialogRecord r);
  void recordSpeakFailure(const Explanation& explanation);
  void resubscribeEvents();  // mutex_ held
  // A ^call (mutex_ held, inside the rule that makes it).
  std::optional<std::string> callService(const std::string& method, const std::vector<std::string>& args);
  // The timed qiChat events while the dialog runs (decision 703): a silence
  // is timed from `from`; its Dialog/<prefix>5, 10, 15 and 20 come after
  // as many seconds unless it restarts first (mutex_ held).
  struct Silence {
    const char* prefix;  // "Dialog/NotSpeaking" (the person's) or "Dialog/NoOneSpeak" (anyone's)
    std::vector<core::TimerId> timers;
  };
  void restartSilence(Silence& silence, core::Time from);
  void personSpoke();
  void endSilence(Silence& silence);
  void silenceEnded(const char* prefix, int seconds);
  // in:onActivation, raised to one topic's rules (decision 1185).
  static constexpr const char* kActivation = "in:onActivation";
  void toAnnounceLater(const std::string& topic);  // mutex_ held
  // Call without mutex_ held.
  Reply raiseTo(const std::string& topic, const std::string& key, const std::string& value);

  core::Clock& clock_;
  memory::Memory& memory_;
  service::Registry& registry_;
  MemoryVariables variables_;
  Dialog dialog_;
  std::set<std::string> subscribers_;
  std::map<std::string, memory::SubscriptionId> eventSubscriptions_;
  std::map<std::string, std::pair<std::string, int>> loadedFiles_;  // path -> (topic, loads)
  std::map<std::string, std::vector<std::string>> includes_;        // topic -> the topics it includes
  core::Time busyUntil_{0};
  Silence personSilent_{"Dialog/NotSpeaking", {}};
  Silence allSilent_{"Dialog/NoOneSpeak", {}};
  std::vector<std::string> toAnnounce_;  // activated while stopped: announced when the dialog starts
  Explanation lastExplanation_;
  std::string lastAnswer_;
  // Not recursive. Nothing called under it calls ALDialog back, except the
  // services a ^call runs (refused, see lockState); the engine calls that may
  // ^call run inside memory's dispatcher Hold, so that memory notifications
  // their services cause arrive after the lock is released.
  mutable std::mutex mutex_;
  std::atomic<std::thread::id> callingOut_{};  // the thread running a ^call under mutex_
};

class SpeechRecognition {
public:
  SpeechRecognition(memory::Memory& memory);
  std::shared_ptr<service::Service> makeService();

  // What the recogniser hears: WordRecognized [phrase, confidence] when a
  // phrase of the vocabulary was said (word spotting: contained in it).
  // True when it raised WordRecognized.
  bool hear(const std::string& utterance, double confidence);
  bool listening() const;
  std::string language() const;

  // Audio (hear_audio.cpp). The recogniser to hear through; none set: the
  // PocketSphinx one, made at the first audio heard.
  void setRecognizer(std::shared_ptr<voice::Recognizer> recognizer);
  // Hears `audio` (any rate) for `grammar` in `language`. A language
  // without a model is said once in `notice` (then heard as nothing).
  voice::Recognition recognize(const voice::Audio& audio, const voice::Grammar& grammar, const std::string& language,
                               std::string& notice);
  // The vocabulary (setVocabulary) as a grammar; word spotting lets any
  // words stand around a phrase.
  voice::Grammar vocabularyGrammar() const;
  // WordRecognized [phrase, confidence] for a phrase heard in audio.
  void recognized(const std::string& phrase, double confidence);

private:
  memory::Memory& memory_;
  std::mutex recognizerMutex_;  // taken before mutex_, never inside it
  std::shared_ptr<voice::Recognizer> recognizer_;
  std::set<std::string> noticed_;  // what was said once
  mutable std::mutex mutex_;
  std::vector<std::string> vocabulary_;
  bool wordSpotting_ = false;
  std::set<std::string> subscribers_;
  bool paused_ = false;
  std::string language_ = "English";
  std::map<std::string, double> parameters_;
  bool audioExpression_ = true, visualExpression_ = true;
};

// What a person says, routed to the recogniser and the dialog.
struct Heard {
  bool wordRecognized = false;
  std::optional<Reply> dialog;  // none when ALDialog is not listening
};
Heard hear(SpeechRecognition& asr, DialogService& dialog, const std::string& utterance, double confidence);

// What was heard in audio, and what came of it.
struct HeardAudio {
  voice::Recognition recognition;
  bool understood = false;  // a phrase heard at or above the dialog's confidence threshold
  double threshold = 0;
  Heard heard;              // what the recogniser and the dialog did with it
  std::string notice;       // said once: no model for the language, words the model cannot say...
  std::string error;        // the audio could not be heard (not audio, too long...): nothing else happened
};
// Recognises `audio` against the vocabulary and, while ALDialog runs, every
// phrase its active topics can match; raises WordRecognized; a phrase heard
// at or above the threshold is ALDialog's input, one below it or speech
// without a phrase is not understood (docs/dialog.md, "Speech from audio").
// `recognized` is told what was heard before the dialog answers.
HeardAudio hearAudio(SpeechRecognition& asr, DialogService& dialog, const voice::Audio& audio,
                     const std::function<void(const HeardAudio&)>& recognized = {});

}  // namespace autolife::dialog
