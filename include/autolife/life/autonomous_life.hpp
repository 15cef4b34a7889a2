// Autonomous Life (REFERENCE §5, seeds 001 and 002): the four states, the
// focus and its stack, the Launchpad's prioritisation, permissions, the
// safeguard causes, the autonomous abilities, statistics and histories.
//
// Every refusal throws service::CallError with a machine-readable reason
// and a sentence. Transitions hold memory's dispatcher, so the events they
// raise reach listeners in order and only once the transition is complete.
//
// Locking: one plain mutex (mutex_). The public functions take it once; the
// private ones below expect it held and never take it. Whatever Life calls
// while holding it (the LifeListener, the runner, Suggestions, memory, the
// registry's reset calls) must not call Life back on the same thread: the
// public entries that reach those take a dispatcher Hold before the lock, so
// nothing memory or the triggers notify is delivered until the lock is
// released; Suggestions hands what add() and remove() deliver to the locked
// path; runners never report an end from inside start() or stop(); and the
// signals (activityFailed, activityTransition) are emitted outside the lock.
#pragma once

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "autolife/condition/monitor.hpp"
#include "autolife/life/abilities.hpp"
#include "autolife/life/activity.hpp"
#include "autolife/life/journal.hpp"
#include "autolife/life/runner.hpp"
#include "autolife/life/safeguards.hpp"
#include "autolife/life/state.hpp"
#include "autolife/life/suggestions.hpp"
#include "autolife/life/why_not.hpp"
#include "autolife/service/service.hpp"

namespace autolife::life {

// Why the previous activity stopped / the new one started (activityTransition).
namespace reason {
inline constexpr const char* kSelfStop = "self-stop";
inline constexpr const char* kUserStop = "user-stop";
inline constexpr const char* kUsersLost = "users-lost";
inline constexpr const char* kDisabledState = "disabled-state";
inline constexpr const char* kSafeguardState = "safeguard-state";
inline constexpr const char* kPermissionContext = "permission-context";
inline constexpr const char* kSwitchFocusInterrupt = "switchfocus-api-interrupt";
inline constexpr const char* kUnknownApiCaller = "unknown-api-caller";
inline constexpr const char* kDefaultActivity = "default-activity";
inline constexpr const char* kCondition = "condition";
inline constexpr const char* kUnstacked = "unstacked";
// Not NAOqi's: the activity ended with an error (a box raised, a program's
// exit status); activityTransition then carries PreviousActivityError.
inline constexpr const char* kError = "error";
}  // namespace reason

// The robot's context as permissions see it.
struct Context {
  bool onPod = false;
  bool sleeping = false;
};

// What the Launchpad's activity-history keys need to hear from Life.
class LifeListener {
public:
  virtual ~LifeListener() = default;
  virtual void lifeStateEntered(State state) = 0;
  virtual void focusChanged(const std::string& activity) = 0;  // "" when none
  virtual void focusCounted(const std::string& activity, int count) = 0;
  virtual void basicAwarenessRunning(bool running) = 0;
};

struct LifeOptions {
  bool pepper = false;  // RobotPushed and RobotMoved exist on Pepper only
  core::Duration pushRecovery = std::chrono::seconds(3);  // RobotPushed ends this long after rebalancing
  std::size_t historyLimit = 10000;  // focus and state histories keep the latest entries
  // Said while an interactive activity loads in interactive state.
  std::vector<std::string> thinkingPhrases = {"Hmm.", "Let me think.", "Just a moment."};
  core::Duration thinkingInterval = std::chrono::seconds(2);
  // An activity that failed, or ended the instant it started, is not focused
  // by its launch trigger again before this long: a broken activity whose
  // trigger holds would otherwise restart in a loop with no time passing.
  core::Duration relaunchDelay = std::chrono::seconds(5);
};

class AutonomousLife {
public:
  struct Dependencies {
    memory::Memory& memory;
    condition::ConditionMonitor& monitor;
    service::Registry& services;
    ActivityRunner& runner;
    LifeListener* listener = nullptr;
    LifeJournal* journal = nullptr;  // told every statistic and history change (none: memory only)
  };
  AutonomousLife(Dependencies dependencies, LifeOptions options = {});
  ~AutonomousLife();
  AutonomousLife(const AutonomousLife&) = delete;
  AutonomousLife& operator=(const AutonomousLife&) = delete;

  // Enters solitary (raising AutonomousLife/State) and starts the Launchpad.
  void start();
  // What an earlier run left (from the journal), before start(): statistics
  // (shown for the activities that are or will be added), histories (the
  // latest historyLimit entries), and who was focused least recently.
  void restore(const LifeRecord& record);

  // ---- activities ----
  // Adds or replaces an activity; returns its problem if it cannot run.
  std::optional<core::Diagnostic> addActivity(Activity activity);
  // Removes it (stopping it first if it runs, reason unknown-api-caller).
  void removeActivity(const std::string& name);
  std::vector<std::string> activityNames() const;
  bool hasActivity(const std::string& name) const;
  // An activity as loaded, with its problem if it cannot run (not NAOqi API:
  // the dashboard's). service::CallError unknown-activity.
  struct Loaded {
    Activity activity;
    std::optional<core::Diagnostic> problem;
  };
  Loaded activity(const std::string& name) const;
  // Its launch trigger explained now; nullopt when it has none (or it does
  // not compile).
  std::optional<condition::Explanation> explainLaunchTrigger(const std::string& name) const;

  // ---- why not (why_not.hpp; not NAOqi API) ----
  // Why the activity is not focused now; nullopt when it is.
  // service::CallError unknown-activity.
  std::optional<WhyNot> whyNot(const std::string& name) const;
  // whyNot of every activity that is not focused, by name.
  std::vector<WhyNot> whyNotAll() const;
  // The last run of the activity that ended with an error, until a later
  // run ends without one: when, and what happened.
  struct Failure {
    core::Time time{0};
    std::string message;
  };
  std::optional<Failure> lastFailure(const std::string& name) const;

  // ---- ALAutonomousLife API ----
  void setState(const std::string& state);
  std::string getState() const;
  void setRobotOffsetFromFloor(double meters);
  double getRobotOffsetFromFloor() const;
  void setSafeguardEnabled(const std::string& cause, bool enabled);
  bool isSafeguardEnabled(const std::string& cause) const;
  std::string focusedActivity() const;
  void switchFocus(const std::string& activity, int flags = 0);
  void stopFocus();
  void stopAll();
  std::int64_t getLifeTime() const;
  service::Any getActivityStatistics() const;
  service::Any getAutonomousActivityStatistics() const;
  service::Any getFocusHistory(std::optional<int> depth = std::nullopt) const;
  service::Any getStateHistory(std::optional<int> depth = std::nullopt) const;
  std::string getActivityNature(const std::string& activity) const;
  std::vector<std::string> getActivityContextPermissionViolations(const std::string& activity) const;
  service::Any getFocusContext(const std::string& key) const;
  // The memory keys the loaded launch triggers read (what a remote robot's
  // memory is mirrored for, docs/qi.md "Connecting to a robot").
  std::set<std::string> triggerKeys() const;
  void setAutonomousAbilityEnabled(const std::string& ability, bool enabled);
  bool getAutonomousAbilityEnabled(const std::string& ability) const;
  service::Any getAutonomousAbilitiesStatus() const;
  std::vector<std::string> launchSuggestions() const;
  std::vector<std::string> focusStack() const;  // bottom first (not NAOqi API)

  // ---- what the robot and the world tell Life ----
  void setContext(Context context);
  // A safeguard cause starts or ends (RobotPushed ends pushRecovery after).
  void setSafeguardCondition(SafeguardCause cause, bool active);
  void setSpeaking(bool speaking);
  void setListening(bool listening);

  // activityTransition: {TransitionTime, PreviousActivityName,
  // PreviousActivityStopReason, FocusedActivityName, FocusedActivityStartReason}
  core::Signal<const service::Any&> activityTransition;
  // An activity that ended with an error (a program's exit status, a box
  // that raised): (activity, what happened). It also ends as self-stop.
  core::Signal<const std::string&, const std::string&> activityFailed;
  // After each Launchpad decision (in solitary or interactive state, on a
  // change of the suggestions or of the focus), once the listeners heard
  // the events of the transition it made, if any.
  core::Signal<> launchpadDecided;

  static constexpr const char* kStateEvent = "AutonomousLife/State";
  static constexpr const char* kFocusedEvent = "AutonomousLife/FocusedActivity";
  static constexpr const char* kCompletedEvent = "AutonomousLife/CompletedActivity";
  static constexpr const char* kNextEvent = "AutonomousLife/NextActivity";

private:
  struct Entry;
  struct Focus;
  struct Request;
  // The Launchpad's last choice: who won, and why each other candidate lost.
  struct Decision {
    std::string winner;
    std::uint64_t run = 0;  // the winner's run: the decision holds while it lasts
    std::map<std::string, std::pair<std::string, std::string>> losers;  // name -> (rule, sentence)
  };

  // Transitions (mutex_ held, inside a dispatcher Hold).
  void removeActivityLocked(const std::string& name);
  void onSuggestionsLocked(const std::vector<std::string>& list);
  Suggestions::Changed suggestionsChangedLocked();
  void transition(Request request);
  void stopFocused(const std::string& stopReason);
  void focus(Entry& entry, const std::string& startReason);
  void enterState(State state);
  void enterSafeguardIfTripped();
  void leaveSafeguardIfClear();
  void enforceSuggestions();
  void requestEnforcement();
  void postEnforcement();
  void cleanupBeforeActivity();
  void thinkWhileLoading(const Entry& entry);
  void delayRelaunch(Entry& entry);
  void stopViolatingFocus();
  // Entries from the runner and Suggestions (they take mutex_ themselves).
  void onActivityEnded(const std::string& name, std::uint64_t run, const std::string& error);
  void onSuggestions(const std::vector<std::string>& list);

  // Queries (mutex_ held).
  const Entry& entry(const std::string& name) const;
  std::vector<std::string> violations(const Entry& e) const;
  std::vector<std::string> contextViolations(const Entry& e) const;
  Entry* bestCandidate(bool interactiveOnly, std::vector<Entry*>* eligible = nullptr);
  // Whether the Launchpad prefers a to b, and the rule:: that decides
  // (why_not.cpp): interactive first, then the least recently focused
  // (never focused first), then by name (reproducible runs).
  bool prefers(const Entry& a, const Entry& b, const char** rule = nullptr) const;
  Decision judge(const Entry& winner, const std::vector<Entry*>& eligible) const;
  void announceDecision();
  std::optional<WhyNot> whyNotLocked(const Entry& e) const;
  std::optional<WhyNot> whyNotByFocus(const Entry& e, WhyNot w) const;
  void raise(const char* event, const std::string& value);
  std::int64_t lifeTimeNow() const;
  int focusCount(const std::string& name) const;
  void append(std::deque<HistoryEntry>& history, HistoryEntry entry);
  service::Any statistics(bool autonomousOnly) const;
  void publishAbilities();

  memory::Memory& memory_;
  core::Clock& clock_;
  service::Registry& services_;
  ActivityRunner& runner_;
  LifeListener* listener_;
  LifeJournal* journal_;
  LifeOptions options_;

  mutable std::mutex mutex_;  // not recursive: see "Locking" above
  std::map<std::string, std::unique_ptr<Entry>> activities_;
  std::unique_ptr<Suggestions> suggestions_;
  State state_ = State::Solitary;
  bool started_ = false;
  bool manualSafeguard_ = false;
  std::unique_ptr<Focus> focused_;
  std::vector<std::string> stack_;  // bottom first
  std::vector<std::string> currentSuggestions_;
  Safeguards safeguards_;
  Abilities abilities_;
  Context context_;
  double offsetFromFloor_ = 0.0;
  core::TimerId pushRecoveryTimer_ = 0;
  core::TimerId thinkingTimer_ = 0;
  std::uint64_t nextRun_ = 1;
  // By activity name, not by loaded entry: they outlive a reinstall and a restart.
  std::map<std::string, ActivityStatistics> statistics_;
  std::map<std::string, core::Time> lastFocused_;  // engine time: least recently focused wins
  std::deque<HistoryEntry> focusHistory_;
  std::deque<HistoryEntry> stateHistory_;
  std::map<std::string, std::pair<core::Time, core::Value>> focusContext_;  // at the last autonomous focus
  bool hadAutonomousFocus_ = false;
  bool enforcementPending_ = false;
  Decision lastDecision_;
  std::shared_ptr<int> alive_ = std::make_shared<int>(0);  // queued tasks outliving life check it
};

}  // namespace autolife::life
