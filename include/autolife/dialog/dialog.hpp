// The dialog engine ALDialog runs: loaded topics, which are active, the
// focus, the scope of subrules, proposals, concepts and variables. It turns
// what a person says (or an event) into the robot's answer, and explains
// why (docs/dialog.md). It knows nothing of speech or clocks: the ALDialog
// service (aldialog.hpp) says the answers and applies their assignments
// when they have been said, as the robot does.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "autolife/dialog/topic.hpp"

namespace autolife::voice {
struct Grammar;
}

namespace autolife::dialog {

// Where QiChat variables live: ALMemory keys on the robot.
class Variables {
public:
  virtual ~Variables() = default;
  // None when unset, or set to an empty string (QiChat treats both alike).
  virtual std::optional<std::string> get(const std::string& name) const = 0;
  virtual void set(const std::string& name, const std::string& value) = 0;
  virtual void clear(const std::string& name) = 0;
};

// Variables in a map (tests, tools without an engine).
class MapVariables final : public Variables {
public:
  std::optional<std::string> get(const std::string& name) const override;
  void set(const std::string& name, const std::string& value) override;
  void clear(const std::string& name) override;

private:
  std::vector<std::pair<std::string, std::string>> values_;
};

// Something an answer does besides speaking: ^start(animation),
// ^run..., ^switchFocus, ^pCall...
struct Action {
  std::string name;               // "start", "run", "wait", "stop", "runSound", "switchFocus", "pCall"...
  std::vector<std::string> args;  // as written, variables replaced
  // ^pCall's call: "Service.method", then its arguments (variables read).
  std::vector<std::string> call;
};

struct Answer {
  std::string topic;
  int line = 0;                   // of the rule (or proposal) that answered
  std::string said;               // for ALAnimatedSpeech: speech tags and ^annotations kept
  std::string text;               // what is heard: speech tags kept, ^annotations removed
  std::vector<Action> actions;
  std::vector<std::pair<std::string, std::string>> assignments;  // $name=value, once said
  std::vector<std::string> clears;                                 // ^clear(name), once said
  std::vector<std::string> bookmarks;                              // %tags said (Dialog/Tag)
  bool nothingToSay = false;  // a ^topicRandom / ^gotoRandom found no proposal (Dialog/NothingToSay)
};

// The work answering took, every rule tried (a diagnostic): bounded whatever
// the topics and the input say (docs/dialog.md, "Bad input").
struct Work {
  std::size_t matchSteps = 0;    // the matcher's steps, each rule within kMaxMatchSteps
  std::size_t renders = 0;       // output nodes rendered, each answer within kMaxRenders
  std::size_t conceptScans = 0;  // times every static concept was gone through (the index built)
};

// Why an input got the answer it got, or none.
struct Explanation {
  std::string input;
  std::string outcome;  // "answered", "not-understood", "speak-failure" (a rule matched, its answer cannot be said), "ignored"
  std::string reason;   // a sentence: which rule matched, or why none did
  std::string topic;    // of the rule that answered (speak-failure: that could not)
  std::string file;
  int line = 0;
  std::string rule;     // its source line
  std::string failure;  // speak-failure: why the first rule that matched cannot answer ("$name is not set")
  std::vector<std::string> notes;  // rules that matched but did not answer, and why
  Work work;
};

// What a listener hears of `said`: `\pau=500\` as "...", the other speech
// tags (\rspd=80\, \vct=110\...) removed.
std::string spokenText(std::string_view said);

// An answer's action as the topic wrote it: "^runBehavior(moves/wave)".
std::string actionText(const Action& action);

struct Reply {
  bool understood = false;
  std::vector<Answer> answers;  // empty: the robot says nothing
  Explanation explanation;
};

struct DialogOptions {
  std::uint64_t seed = 0;  // ^rand, {optional}, ^gotoRandom, ^topicRandom
  // ^call / ^pCall / ^sCall: "Service.method" with its arguments; the
  // result as text, or none when the call fails.
  std::function<std::optional<std::string>(const std::string& method, const std::vector<std::string>& args)> call;
  // ^currentTime, ^currentDate...: the wall clock.
  std::function<std::chrono::system_clock::time_point()> now;
};

class Dialog {
public:
  explicit Dialog(Variables& variables, DialogOptions options = {});
  ~Dialog();
  Dialog(const Dialog&) = delete;
  Dialog& operator=(const Dialog&) = delete;

  // Topics. load() returns the topic's name, or the reason it was refused
  // (a topic of that name and language already loaded...).
  struct LoadResult {
    std::string name;
    std::string error;
  };
  LoadResult load(Topic topic);
  bool unload(const std::string& name);
  bool activate(const std::string& name);
  bool deactivate(const std::string& name);
  std::vector<std::string> loadedTopics(const std::string& language) const;
  std::vector<std::string> allLoadedTopics() const;
  std::vector<std::string> activatedTopics() const;  // of the current language
  bool isLoaded(const std::string& name) const;

  void setLanguage(const std::string& language);  // a name ("English") or a code ("enu")
  const std::string& language() const;

  // Dynamic concepts (ALDialog.setConcept / addToConcept / getConcept).
  void setConcept(const std::string& name, const std::string& language, const std::vector<std::string>& items);
  void addToConcept(const std::string& name, const std::string& language, const std::vector<std::string>& items);
  std::vector<std::string> getConcept(const std::string& name, const std::string& language) const;
  bool hasConcept(const std::string& name, const std::string& language) const;

  std::string focus() const;
  bool setFocus(const std::string& topic);
  bool activateTag(const std::string& tag, const std::string& topic);
  bool deactivateTag(const std::string& tag, const std::string& topic);

  // What a person says, with the recogniser's confidence.
  Reply hear(const std::string& utterance, double confidence = 1.0);
  // An event an active topic waits for (u:(e:Key)) was raised.
  Reply event(const std::string& key, const std::string& value);
  // An event for one active topic's rules only (u:(in:onActivation)).
  Reply topicEvent(const std::string& topic, const std::string& key);
  // ALDialog.gotoTag / gotoTopic / forceOutput: the robot speaks on its own.
  Reply gotoTag(const std::string& tag, const std::string& topic);
  Reply gotoTopic(const std::string& topic);
  Reply nextProposal();

  // Every phrase the active topics (of the current language) can match, for
  // a speech recogniser: choices, optionals and concepts expanded,
  // wildcards open slots, variables their values (listening.cpp).
  voice::Grammar listeningGrammar();
  // Events the active topics wait for (to subscribe to in memory).
  std::vector<std::string> eventKeys() const;
  void setConfidenceThreshold(double threshold);
  double confidenceThreshold() const;
  // User data (insertUserData / getUserData, ^getUserInfo...).
  void setUserData(const std::string& name, const std::string& value, int user);
  std::optional<std::string> userData(const std::string& name, int user) const;
  std::vector<std::string> userDataList(int user) const;
  void resetAll();

  struct Impl;

private:
  Reply raised(const std::string& key, const std::string& value, const std::string& topic);
  std::unique_ptr<Impl> impl_;
};

}  // namespace autolife::dialog
