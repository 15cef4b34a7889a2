// Speech recognition behind an interface: ALSpeechRecognition listens for
// a grammar (its vocabulary, or every phrase the active QiChat topics can
// match) and hears audio through a Recognizer. `makePocketSphinx()` is
// PocketSphinx's (Debian's 0.8+5prealpha with its en-us model), searching
// the grammar as a JSGF finite-state grammar.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "autolife/voice/audio.hpp"
#include "autolife/voice/synthesizer.hpp"

namespace autolife::voice {

// What may be said, as a tree: words in sequences, choices, optional parts,
// repeats, named rules (a QiChat concept) and open slots (a wildcard).
struct Phrase {
  enum class Kind { Word, Sequence, Choice, Optional, Repeat, Rule, Slot };
  Kind kind = Kind::Sequence;
  std::string text;  // Word: the word; Rule: the rule's name
  std::vector<Phrase> children;

  static Phrase word(std::string w) { return {Kind::Word, std::move(w), {}}; }
  static Phrase of(Kind k, std::vector<Phrase> children = {}) { return {k, {}, std::move(children)}; }
};

struct Grammar {
  std::vector<Phrase> phrases;          // each a whole utterance
  std::map<std::string, Phrase> rules;  // named parts Kind::Rule refers to
  bool empty() const { return phrases.empty(); }
};

// A grammar as JSGF text. Words the dictionary does not know (`known`
// false) cannot be said: the alternatives holding them are left out and
// the words listed in `missing`. An open slot is one word of `slotWords`
// (the known ones).
std::string toJsgf(const Grammar& grammar, const std::function<bool(const std::string&)>& known,
                   const std::vector<std::string>& slotWords, std::vector<std::string>& missing);

// The words an open slot may hold: common English words and first names.
const std::vector<std::string>& openSlotWords();

struct Recognition {
  bool speech = false;      // something louder than silence was heard
  std::string text;         // the phrase heard, words separated by spaces; empty: none
  double confidence = 0;    // 0 to 1
  // The utterance's mean acoustic score per 10 ms frame, silences included
  // (PocketSphinx's, against the best-scoring state of each frame: 0 is a
  // perfect fit); what the confidence is made of (decision 1082).
  double score = 0;
  double seconds = 0;       // the audio's length
};

class Recognizer {
public:
  virtual ~Recognizer() = default;
  virtual int rate() const = 0;  // what recognize() takes
  // The phrases to listen for; returns the words it cannot say (left out).
  // VoiceError when nothing of the grammar can be said.
  virtual std::vector<std::string> setGrammar(const Grammar& grammar) = 0;
  // Hears `audio` (at rate()). AudioError: longer than kMaxUtteranceSeconds.
  virtual Recognition recognize(const Audio& audio) = 0;
};

inline constexpr double kMaxUtteranceSeconds = 30.0;

// The languages Debian's PocketSphinx models cover ("English").
bool hasSpeechModel(const std::string& language);
// PocketSphinx for `language`. VoiceError when there is no model for it or
// the model's files are missing (with the package to install).
std::unique_ptr<Recognizer> makePocketSphinx(const std::string& language = "English");

}  // namespace autolife::voice
