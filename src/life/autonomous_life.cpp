#include "autolife/life/autonomous_life.hpp"

#include <algorithm>

#include "life_entries.hpp"

namespace autolife::life {

using service::Any;
using service::CallError;

// One focus change: what stops, what starts, and why.
struct AutonomousLife::Request {
  std::optional<std::string> next;
  std::string startReason;
  std::string stopReason;
  std::string stopError;  // with stop reason error: what happened
  bool stackCurrent = false;  // STOP_AND_STACK_CURRENT
  bool unstack = false;       // with no next activity: restart the top of the stack
  bool clearStack = false;
  State stateWithoutFocus = State::Solitary;

  static Request to(std::string next, std::string startReason, std::string stopReason = "", bool stack = false) {
    Request r;
    r.next = std::move(next);
    r.startReason = std::move(startReason);
    r.stopReason = std::move(stopReason);
    r.stackCurrent = stack;
    return r;
  }
  static Request stop(std::string stopReason) {
    Request r;
    r.stopReason = std::move(stopReason);
    return r;
  }
  Request& unstacking() {
    unstack = true;
    return *this;
  }
  Request& clearingStack(State then) {
    clearStack = true;
    stateWithoutFocus = then;
    return *this;
  }
};

namespace {

[[noreturn]] void refuse(const std::string& reason, const std::string& sentence) {
  throw CallError(reason, sentence);
}

}  // namespace

AutonomousLife::AutonomousLife(Dependencies d, LifeOptions options)
    : memory_(d.memory),
      clock_(d.memory.clock()),
      services_(d.services),
      runner_(d.runner),
      listener_(d.listener),
      journal_(d.journal),
      options_(std::move(options)) {
  // Heard from the dispatcher's tasks only (never while Life's lock is held:
  // add() and remove() hand what they deliver to suggestionsChangedLocked).
  suggestions_ = std::make_unique<Suggestions>(memory_, d.monitor,
                                               [this](const std::vector<std::string>& list) { onSuggestions(list); });
  suggestions_->setPublishing(false);
}

AutonomousLife::~AutonomousLife() {
  std::lock_guard lock(mutex_);
  alive_.reset();
  if (focused_) runner_.stop(focused_->name);
  if (pushRecoveryTimer_) clock_.cancel(pushRecoveryTimer_);
  if (thinkingTimer_) clock_.cancel(thinkingTimer_);
  suggestions_.reset();
}

void AutonomousLife::start() {
  core::Dispatcher::Hold hold(memory_.dispatcher());
  std::lock_guard lock(mutex_);
  if (started_) return;
  started_ = true;
  memory_.declareEvent(kCompletedEvent);
  memory_.declareEvent(kNextEvent);
  enterState(State::Solitary);
  raise(kFocusedEvent, "");
  enterSafeguardIfTripped();
  requestEnforcement();
}

void AutonomousLife::restore(const LifeRecord& record) {
  std::lock_guard lock(mutex_);
  const std::int64_t now = lifeTimeNow();
  for (const auto& [name, stats] : record.statistics) {
    statistics_[name] = stats;
    // An activity focused in an earlier run was focused before any of this
    // run: its engine time is as far in the past as its life time.
    if (stats.focusCount > 0) lastFocused_[name] = clock_.now() - std::chrono::seconds(now - stats.prevFocusTime);
  }
  focusHistory_.clear();
  stateHistory_.clear();
  for (const auto& e : record.focusHistory) append(focusHistory_, e);
  for (const auto& e : record.stateHistory) append(stateHistory_, e);
}

// ---- activities --------------------------------------------------------------

std::optional<core::Diagnostic> AutonomousLife::addActivity(Activity activity) {
  core::Dispatcher::Hold hold(memory_.dispatcher());
  std::lock_guard lock(mutex_);
  const std::string name = activity.name;
  if (activities_.contains(name)) removeActivityLocked(name);
  auto e = std::make_unique<Entry>();
  e->problem = activity.error;
  e->activity = std::move(activity);
  Entry& added = *e;
  activities_[name] = std::move(e);
  if (!added.problem) added.problem = suggestions_->add(added.activity, suggestionsChangedLocked());
  return added.problem;
}

void AutonomousLife::removeActivity(const std::string& name) {
  core::Dispatcher::Hold hold(memory_.dispatcher());
  std::lock_guard lock(mutex_);
  removeActivityLocked(name);
}

void AutonomousLife::removeActivityLocked(const std::string& name) {
  if (!activities_.contains(name)) return;
  std::erase(stack_, name);
  if (focused_ && focused_->name == name) transition(Request::stop(reason::kUnknownApiCaller).unstacking());
  suggestions_->remove(name, suggestionsChangedLocked());
  activities_.erase(name);
  requestEnforcement();
}

std::vector<std::string> AutonomousLife::activityNames() const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> out;
  for (const auto& [name, e] : activities_) out.push_back(name);
  return out;
}

bool AutonomousLife::hasActivity(const std::string& name) const {
  std::lock_guard lock(mutex_);
  return activities_.contains(name);
}

AutonomousLife::Loaded AutonomousLife::activity(const std::string& name) const {
  std::lock_guard lock(mutex_);
  const Entry& e = entry(name);
  return {e.activity, e.problem};
}

std::optional<condition::Explanation> AutonomousLife::explainLaunchTrigger(const std::string& name) const {
  {
    std::lock_guard lock(mutex_);
    entry(name);  // refuses an unknown name
  }
  // Outside life's lock: explaining takes memory's.
  return suggestions_->explain(name);
}

const AutonomousLife::Entry& AutonomousLife::entry(const std::string& name) const {
  auto it = activities_.find(name);
  if (it == activities_.end()) refuse("unknown-activity", "there is no activity named '" + name + "'");
  return *it->second;
}

// ---- transitions ---------------------------------------------------------------
// Event order on a focus change: CompletedActivity(old), NextActivity(new),
// State (the new state, once prepared), FocusedActivity(new); with nothing
// next: CompletedActivity(old), State, FocusedActivity(""). activityTransition
// follows them.

void AutonomousLife::transition(Request r) {
  const std::string previous = focused_ ? focused_->name : "";
  if (focused_) {
    stopFocused(r.stopReason);
    if (r.stackCurrent) stack_.push_back(previous);
  }
  if (r.clearStack) stack_.clear();
  std::string startReason = r.startReason;
  std::optional<std::string> next = r.next;
  while (!next && r.unstack && !stack_.empty()) {
    std::string top = stack_.back();
    stack_.pop_back();
    auto it = activities_.find(top);
    // The state will be entered for it: only the context can keep it out.
    if (it != activities_.end() && contextViolations(*it->second).empty()) {
      next = top;
      startReason = reason::kUnstacked;
    }
  }
  if (next) {
    raise(kNextEvent, *next);
    focus(*activities_.at(*next), startReason);
  } else {
    enterState(r.stateWithoutFocus);
    if (!previous.empty()) {
      raise(kFocusedEvent, "");
      if (listener_) listener_->focusChanged("");
    }
  }
  if (!previous.empty() || next) {
    Any::Map fields{{"TransitionTime", lifeTimeNow()},
                    {"PreviousActivityName", previous},
                    {"PreviousActivityStopReason", previous.empty() ? "" : r.stopReason},
                    {"FocusedActivityName", next.value_or("")},
                    {"FocusedActivityStartReason", next ? startReason : ""}};
    if (!r.stopError.empty()) fields.emplace("PreviousActivityError", r.stopError);
    Any payload(std::move(fields));
    // Queued behind the events just raised, so that listeners see it last.
    memory_.dispatcher().post([this, payload] { activityTransition(payload); });
  }
  // Safeguards are all enabled again at the end of an activity: a cause the
  // activity had silenced may now apply.
  enterSafeguardIfTripped();
}

void AutonomousLife::stopFocused(const std::string& stopReason) {
  const std::string name = focused_->name;
  if (stopReason != reason::kSelfStop) runner_.stop(name);
  if (thinkingTimer_) {
    clock_.cancel(thinkingTimer_);
    thinkingTimer_ = 0;
  }
  // A run that ends without an error (by itself or stopped) clears the last failure.
  if (stopReason != reason::kError) activities_.at(name)->failure.reset();
  ActivityStatistics& stats = statistics_[name];
  stats.prevUnfocusTime = lifeTimeNow();
  stats.totalDuration += core::toSeconds(clock_.now() - focused_->since);
  if (journal_) journal_->unfocused(name, stats);
  focused_.reset();
  safeguards_.enableAll();
  raise(kCompletedEvent, name);
}

void AutonomousLife::focus(Entry& e, const std::string& startReason) {
  const bool wasInteractive = state_ == State::Interactive;
  cleanupBeforeActivity();
  enterState(e.interactive() ? State::Interactive : State::Solitary);
  const std::uint64_t run = nextRun_++;
  focused_ = std::make_unique<Focus>(Focus{e.name(), startReason, clock_.now(), run});
  ActivityStatistics& stats = statistics_[e.name()];
  ++stats.focusCount;
  stats.prevFocusTime = lifeTimeNow();
  lastFocused_[e.name()] = clock_.now();
  append(focusHistory_, {e.name(), stats.prevFocusTime});
  if (journal_) journal_->focused(focusHistory_.back(), stats);
  if (startReason == reason::kCondition) {
    hadAutonomousFocus_ = true;
    focusContext_.clear();
    for (const auto& key : suggestions_->keysRead()) {
      auto& [time, value] = focusContext_[key];  // (0, null): not set yet
      try {
        auto stamped = memory_.getTimestamp(key);
        time = stamped.time;
        value = stamped.value;
      } catch (const memory::MemoryError&) {
      }
    }
  }
  if (listener_) {
    listener_->focusCounted(e.name(), stats.focusCount);
    listener_->focusChanged(e.name());
  }
  auto startRunner = [this, name = e.name(), run] {
    runner_.start(activities_.at(name)->activity,
                  [this, name, run](const std::string& error) { onActivityEnded(name, run, error); });
  };
  if (e.activity.loadTime > core::Duration::zero()) {
    if (wasInteractive && e.interactive()) thinkWhileLoading(e);
    clock_.schedule(clock_.now() + e.activity.loadTime, [this, startRunner, run] {
      core::Dispatcher::Hold hold(memory_.dispatcher());
      std::lock_guard lock(mutex_);
      if (!focused_ || focused_->run != run) return;  // stopped while loading
      if (thinkingTimer_) clock_.cancel(thinkingTimer_);
      thinkingTimer_ = 0;
      startRunner();
    });
  } else {
    if (wasInteractive && e.interactive()) thinkWhileLoading(e);
    startRunner();
  }
  raise(kFocusedEvent, e.name());
}

void AutonomousLife::enterState(State state) {
  state_ = state;
  abilities_.configure(state);
  publishAbilities();
  suggestions_->setPublishing(state == State::Solitary || state == State::Interactive);
  if (listener_) listener_->lifeStateEntered(state);
  append(stateHistory_, {std::string(stateName(state)), lifeTimeNow()});
  if (journal_) journal_->stateEntered(stateHistory_.back());
  raise(kStateEvent, std::string(stateName(state)));
}

// State-change cleanup before each activity: speech, motion safety and LEDs
// back to defaults (through whichever of those services exist), safeguards
// all handled again.
void AutonomousLife::cleanupBeforeActivity() {
  safeguards_.enableAll();
  static const std::vector<std::pair<std::string, service::Arguments>> calls = {
      {"ALTextToSpeech.stopAll", {}},
      {"ALMotion.setExternalCollisionProtectionEnabled", {"All", true}},
      {"ALLeds.reset", {"AllLeds"}},
  };
  // Sent, not awaited: a robot's answers come later and this is the
  // engine's thread. A robot without that service or method has nothing
  // to reset; a refusal changes nothing here.
  for (const auto& [method, args] : calls) services_.callAsync(method, args, [](service::Outcome) {});
}

// Thinking expression: a loading response, then thinking phrases until loaded.
void AutonomousLife::thinkWhileLoading(const Entry& e) {
  auto say = [this](const std::string& text) { services_.callAsync("ALTextToSpeech.say", {text}, [](service::Outcome) {}); };
  if (!e.activity.loadingResponses.empty()) say(e.activity.loadingResponses[focusCount(e.name()) % e.activity.loadingResponses.size()]);
  if (e.activity.loadTime <= options_.thinkingInterval || options_.thinkingPhrases.empty()) return;
  auto phrase = std::make_shared<std::size_t>(0);
  auto tick = std::make_shared<std::function<void()>>();
  const std::uint64_t run = focused_->run;
  // The pending timer owns the tick; the tick knows itself weakly (no cycle).
  *tick = [this, say, phrase, self = std::weak_ptr(tick), run] {
    core::Dispatcher::Hold hold(memory_.dispatcher());
    std::lock_guard lock(mutex_);
    if (!focused_ || focused_->run != run) return;
    say(options_.thinkingPhrases[(*phrase)++ % options_.thinkingPhrases.size()]);
    auto next = self.lock();
    if (!next) return;
    thinkingTimer_ = clock_.schedule(clock_.now() + options_.thinkingInterval, [next] { (*next)(); });
  };
  thinkingTimer_ = clock_.schedule(clock_.now() + options_.thinkingInterval, [tick] { (*tick)(); });
}

// ---- the Launchpad's prioritisation (solitary state only) ---------------------

void AutonomousLife::onSuggestions(const std::vector<std::string>& list) {
  core::Dispatcher::Hold hold(memory_.dispatcher());
  std::lock_guard lock(mutex_);
  onSuggestionsLocked(list);
}

void AutonomousLife::onSuggestionsLocked(const std::vector<std::string>& list) {
  currentSuggestions_ = list;
  enforceSuggestions();
}

// What Suggestions::add() and remove() deliver at once (changes gathered at
// an earlier evaluation point) while Life's lock is held by their caller.
Suggestions::Changed AutonomousLife::suggestionsChangedLocked() {
  return [this](const std::vector<std::string>& list) { onSuggestionsLocked(list); };
}

// Enforcement after a change waits in the notification queue behind the
// condition notifications that change caused (the Launchpad keys catching up
// on entering solitary, say), so that it decides on current suggestions.
// Those notifications queue the suggestions' delivery in turn: enforcement
// then queues itself again behind it. Deciding from the monitor's settled
// values instead would miss pulses (bang), which exist only as notifications.
void AutonomousLife::requestEnforcement() {
  if (enforcementPending_) return;
  enforcementPending_ = true;
  postEnforcement();
}

void AutonomousLife::postEnforcement() {
  memory_.dispatcher().post([this, alive = std::weak_ptr<int>(alive_)] {
    if (alive.expired()) return;
    core::Dispatcher::Hold hold(memory_.dispatcher());
    std::lock_guard lock(mutex_);
    if (suggestions_->deliveryPending()) return postEnforcement();
    enforcementPending_ = false;
    enforceSuggestions();
  });
}

// Interactive beats solitary; a solitary activity is interrupted by an
// interactive one only; same natures never interrupt each other.
void AutonomousLife::enforceSuggestions() {
  if (!started_ || (state_ != State::Solitary && state_ != State::Interactive)) return;
  std::vector<Entry*> eligible;
  Entry* next = nullptr;
  if (state_ == State::Solitary && !(focused_ && activities_.at(focused_->name)->interactive()))
    next = bestCandidate(focused_ != nullptr, &eligible);
  if (next) {
    Request r = focused_ ? Request::to(next->name(), reason::kCondition, reason::kSwitchFocusInterrupt)
                         : Request::to(next->name(), reason::kCondition);
    Decision decision = judge(*next, eligible);  // before the focus makes it the most recent
    transition(std::move(r));
    decision.run = focused_ ? focused_->run : 0;
    lastDecision_ = std::move(decision);
  }
  announceDecision();
}

// Among the suggestions that may run now: interactive first, then the least
// recently focused (never focused first), then by name (reproducible runs).
AutonomousLife::Entry* AutonomousLife::bestCandidate(bool interactiveOnly, std::vector<Entry*>* eligible) {
  Entry* best = nullptr;
  for (const auto& name : currentSuggestions_) {
    auto it = activities_.find(name);
    if (it == activities_.end()) continue;
    Entry& e = *it->second;
    if (interactiveOnly && !e.interactive()) continue;
    if ((focused_ && focused_->name == name) || std::find(stack_.begin(), stack_.end(), name) != stack_.end()) continue;
    if (!violations(e).empty() || e.relaunchAfter > clock_.now()) continue;
    if (eligible) eligible->push_back(&e);
    if (!best || prefers(e, *best)) best = &e;
  }
  return best;
}

void AutonomousLife::onActivityEnded(const std::string& name, std::uint64_t run, const std::string& error) {
  core::Dispatcher::Hold hold(memory_.dispatcher());
  {
    std::lock_guard lock(mutex_);
    if (!focused_ || focused_->name != name || focused_->run != run) return;  // already stopped
  }
  // Told before the transition, as always, but outside the lock: its
  // subscribers may call Life. (The Hold keeps the transition's events
  // queued behind it; a stop that came in between is checked again below.)
  if (!error.empty()) activityFailed(name, error);
  std::lock_guard lock(mutex_);
  if (!focused_ || focused_->name != name || focused_->run != run) return;  // stopped meanwhile
  Entry& e = *activities_.at(name);
  if (!error.empty()) e.failure = Failure{clock_.now(), error};
  if (!error.empty() || focused_->since == clock_.now()) delayRelaunch(e);
  Request r = Request::stop(error.empty() ? reason::kSelfStop : reason::kError);
  r.stopError = error;
  transition(std::move(r.unstacking()));
  requestEnforcement();
}

void AutonomousLife::delayRelaunch(Entry& e) {
  e.relaunchAfter = clock_.now() + options_.relaunchDelay;
  clock_.schedule(e.relaunchAfter, [this, alive = std::weak_ptr<int>(alive_)] {
    if (alive.expired()) return;
    core::Dispatcher::Hold hold(memory_.dispatcher());
    std::lock_guard lock(mutex_);
    requestEnforcement();
  });
}

// ---- states ----------------------------------------------------------------------

void AutonomousLife::setState(const std::string& name) {
  auto target = parseState(name);
  if (!target)
    refuse("unknown-state", "'" + name + "' is not a state (solitary, interactive, safeguard or disabled)");
  core::Dispatcher::Hold hold(memory_.dispatcher());
  std::lock_guard lock(mutex_);
  if (*target == state_) return;
  switch (*target) {
    case State::Interactive:
      refuse("interactive-by-hand",
             "interactive state is entered by focusing an interactive activity, not by setState");
    case State::Solitary:
      if (state_ == State::Interactive)
        refuse("interactive-to-solitary",
               "life is interactive: it returns to solitary when the interactive activities have exited "
               "(stopAll() ends them now)");
      if (state_ == State::Safeguard && !safeguards_.tripped().empty())
        refuse("safeguard-active", "life stays in safeguard while " +
                                       std::string(safeguardName(safeguards_.tripped().front())) + " lasts");
      manualSafeguard_ = false;
      enterState(State::Solitary);
      enterSafeguardIfTripped();
      requestEnforcement();
      return;
    case State::Disabled:
      transition(Request::stop(reason::kDisabledState).clearingStack(State::Disabled));
      return;
    case State::Safeguard:
      if (state_ == State::Disabled)
        refuse("state-disabled", "life is disabled: safeguard may not be entered from disabled");
      manualSafeguard_ = true;
      transition(Request::stop(reason::kSafeguardState).clearingStack(State::Safeguard));
      return;
  }
}

std::string AutonomousLife::getState() const {
  std::lock_guard lock(mutex_);
  return std::string(stateName(state_));
}

void AutonomousLife::setRobotOffsetFromFloor(double meters) {
  std::lock_guard lock(mutex_);
  offsetFromFloor_ = meters;
}

double AutonomousLife::getRobotOffsetFromFloor() const {
  std::lock_guard lock(mutex_);
  return offsetFromFloor_;
}

// ---- focus API -------------------------------------------------------------------

void AutonomousLife::switchFocus(const std::string& name, int flags) {
  if (flags != 0 && flags != 1)
    refuse("bad-flags", "flags must be 0 (STOP_CURRENT) or 1 (STOP_AND_STACK_CURRENT), not " + std::to_string(flags));
  core::Dispatcher::Hold hold(memory_.dispatcher());
  std::lock_guard lock(mutex_);
  const Entry& e = entry(name);
  if (e.problem) refuse("activity-invalid", name + " cannot run: " + e.problem->format());
  if (state_ == State::Disabled)
    refuse("state-disabled", "life is disabled: no activity may be focused (setState(\"solitary\") first)");
  if (state_ == State::Safeguard) refuse("state-safeguard", "life is in safeguard: no activity may start until it ends");
  if (state_ == State::Interactive && !e.interactive())
    refuse("solitary-in-interactive",
           name + " is solitary and life is interactive: a solitary activity cannot start from interactive state");
  if (auto v = violations(e); !v.empty())
    refuse("permission-context", name + " may not run now (" + v.front() +
                                     (v.front() == "canRunOnPod" ? ": the robot is on its charging station)"
                                                                 : ": the robot is asleep)"));
  if (focused_ && focused_->name == name) refuse("already-focused", name + " is already focused");
  transition(Request::to(name, reason::kUnknownApiCaller, reason::kSwitchFocusInterrupt, flags == 1));
}

void AutonomousLife::stopFocus() {
  core::Dispatcher::Hold hold(memory_.dispatcher());
  std::lock_guard lock(mutex_);
  if (!focused_) return;
  transition(Request::stop(reason::kUnknownApiCaller).unstacking());
  requestEnforcement();
}

void AutonomousLife::stopAll() {
  core::Dispatcher::Hold hold(memory_.dispatcher());
  std::lock_guard lock(mutex_);
  if (!focused_) {
    stack_.clear();
    return;
  }
  const State after = state_ == State::Interactive ? State::Solitary : state_;
  transition(Request::stop(reason::kUnknownApiCaller).clearingStack(after));
  requestEnforcement();
}

std::string AutonomousLife::focusedActivity() const {
  std::lock_guard lock(mutex_);
  return focused_ ? focused_->name : "";
}

std::vector<std::string> AutonomousLife::focusStack() const {
  std::lock_guard lock(mutex_);
  return stack_;
}

std::vector<std::string> AutonomousLife::launchSuggestions() const {
  std::lock_guard lock(mutex_);
  return currentSuggestions_;
}

// ---- permissions and context ---------------------------------------------------

std::vector<std::string> AutonomousLife::violations(const Entry& e) const {
  std::vector<std::string> v;
  if (e.problem) v.push_back("error");
  if (state_ == State::Interactive && !e.interactive()) v.push_back("nature");
  for (auto& c : contextViolations(e))
    if (c != "error") v.push_back(c);
  return v;
}

// What the robot's context (and the activity's own problem) forbids,
// whatever the state.
std::vector<std::string> AutonomousLife::contextViolations(const Entry& e) const {
  std::vector<std::string> v;
  if (e.problem) v.push_back("error");
  if (context_.onPod && !e.activity.permissions.canRunOnPod) v.push_back("canRunOnPod");
  if (context_.sleeping && !e.activity.permissions.canRunInSleep) v.push_back("canRunInSleep");
  return v;
}

std::vector<std::string> AutonomousLife::getActivityContextPermissionViolations(const std::string& name) const {
  std::lock_guard lock(mutex_);
  return violations(entry(name));
}

std::string AutonomousLife::getActivityNature(const std::string& name) const {
  std::lock_guard lock(mutex_);
  return std::string(natureName(entry(name).activity.nature));
}

void AutonomousLife::setContext(Context context) {
  core::Dispatcher::Hold hold(memory_.dispatcher());
  std::lock_guard lock(mutex_);
  context_ = context;
  stopViolatingFocus();
  requestEnforcement();
}

// A context change that the focused activity may not run in stops it.
void AutonomousLife::stopViolatingFocus() {
  if (!focused_) return;
  if (!contextViolations(*activities_.at(focused_->name)).empty())
    transition(Request::stop(reason::kPermissionContext).unstacking());
}

// ---- safeguard -------------------------------------------------------------------

void AutonomousLife::setSafeguardEnabled(const std::string& cause, bool enabled) {
  auto c = parseSafeguard(cause);
  if (!c)
    refuse("unknown-safeguard", "'" + cause +
                                    "' is not a safeguard (RobotFell, RobotPushed, RobotMoved, CriticalDiagnosis, "
                                    "CriticalTemperature)");
  core::Dispatcher::Hold hold(memory_.dispatcher());
  std::lock_guard lock(mutex_);
  safeguards_.setEnabled(*c, enabled);
  if (enabled) enterSafeguardIfTripped();
  else leaveSafeguardIfClear();
}

bool AutonomousLife::isSafeguardEnabled(const std::string& cause) const {
  auto c = parseSafeguard(cause);
  if (!c) refuse("unknown-safeguard", "'" + cause + "' is not a safeguard");
  std::lock_guard lock(mutex_);
  return safeguards_.enabled(*c);
}

void AutonomousLife::setSafeguardCondition(SafeguardCause cause, bool active) {
  if (!options_.pepper && (cause == SafeguardCause::RobotPushed || cause == SafeguardCause::RobotMoved))
    return;  // Pepper only
  core::Dispatcher::Hold hold(memory_.dispatcher());
  std::lock_guard lock(mutex_);
  if (cause == SafeguardCause::RobotPushed) {
    if (pushRecoveryTimer_) clock_.cancel(pushRecoveryTimer_);
    pushRecoveryTimer_ = 0;
    if (!active) {
      // Rebalanced: the safeguard ends pushRecovery later.
      pushRecoveryTimer_ = clock_.schedule(clock_.now() + options_.pushRecovery, [this] {
        core::Dispatcher::Hold h(memory_.dispatcher());
        std::lock_guard l(mutex_);
        pushRecoveryTimer_ = 0;
        safeguards_.setActive(SafeguardCause::RobotPushed, false);
        leaveSafeguardIfClear();
      });
      return;
    }
  }
  safeguards_.setActive(cause, active);
  if (active) enterSafeguardIfTripped();
  else leaveSafeguardIfClear();
}

// Safeguard beats everything: the activity stops, the stack is cleared,
// abilities and the Launchpad stop. Not from disabled.
void AutonomousLife::enterSafeguardIfTripped() {
  if (!started_ || state_ == State::Disabled || state_ == State::Safeguard || safeguards_.tripped().empty()) return;
  transition(Request::stop(reason::kSafeguardState).clearingStack(State::Safeguard));
}

void AutonomousLife::leaveSafeguardIfClear() {
  if (state_ != State::Safeguard || manualSafeguard_ || !safeguards_.tripped().empty()) return;
  enterState(State::Solitary);
  requestEnforcement();
}

// ---- abilities ---------------------------------------------------------------------

void AutonomousLife::setAutonomousAbilityEnabled(const std::string& ability, bool enabled) {
  core::Dispatcher::Hold hold(memory_.dispatcher());
  std::lock_guard lock(mutex_);
  if (!abilities_.setEnabled(ability, enabled))
    refuse("unknown-ability", "'" + ability +
                                  "' is not an autonomous ability (AutonomousBlinking, BackgroundMovement, "
                                  "BasicAwareness, ListeningMovement, SpeakingMovement or All)");
  publishAbilities();
}

bool AutonomousLife::getAutonomousAbilityEnabled(const std::string& ability) const {
  std::lock_guard lock(mutex_);
  if (!Abilities::known(ability)) refuse("unknown-ability", "'" + ability + "' is not an autonomous ability");
  return abilities_.enabled(ability);
}

Any AutonomousLife::getAutonomousAbilitiesStatus() const {
  std::lock_guard lock(mutex_);
  Any::Array out;
  for (const auto& s : abilities_.status())
    out.emplace_back(Any::Map{{"name", s.name}, {"enabled", s.enabled}, {"running", s.running}});
  return out;
}

void AutonomousLife::setSpeaking(bool speaking) {
  core::Dispatcher::Hold hold(memory_.dispatcher());
  std::lock_guard lock(mutex_);
  abilities_.setSpeaking(speaking);
  publishAbilities();
}

void AutonomousLife::setListening(bool listening) {
  core::Dispatcher::Hold hold(memory_.dispatcher());
  std::lock_guard lock(mutex_);
  abilities_.setListening(listening);
  publishAbilities();
}

void AutonomousLife::publishAbilities() {
  if (listener_) listener_->basicAwarenessRunning(abilities_.running("BasicAwareness"));
}

// ---- statistics and histories ------------------------------------------------------

std::int64_t AutonomousLife::getLifeTime() const { return lifeTimeNow(); }

int AutonomousLife::focusCount(const std::string& name) const {
  auto it = statistics_.find(name);
  return it == statistics_.end() ? 0 : it->second.focusCount;
}

void AutonomousLife::append(std::deque<HistoryEntry>& history, HistoryEntry entry) {
  history.push_back(std::move(entry));
  while (history.size() > options_.historyLimit) history.pop_front();
}

std::int64_t AutonomousLife::lifeTimeNow() const {
  return std::chrono::duration_cast<std::chrono::seconds>(clock_.wallTime(clock_.now()).time_since_epoch()).count();
}

Any AutonomousLife::statistics(bool autonomousOnly) const {
  Any::Map out;
  for (const auto& [name, e] : activities_) {
    if (autonomousOnly && e->activity.launchTrigger.empty()) continue;
    auto it = statistics_.find(name);
    const ActivityStatistics stats = it == statistics_.end() ? ActivityStatistics{} : it->second;
    out.insert_or_assign(name, Any::Map{{"prevFocusTime", stats.prevFocusTime},
                                        {"prevUnfocusTime", stats.prevUnfocusTime},
                                        {"focusCount", stats.focusCount},
                                        {"totalDuration", stats.totalDuration}});
  }
  return out;
}

Any AutonomousLife::getActivityStatistics() const {
  std::lock_guard lock(mutex_);
  return statistics(false);
}

Any AutonomousLife::getAutonomousActivityStatistics() const {
  std::lock_guard lock(mutex_);
  return statistics(true);
}

namespace {

Any historyAsList(const std::deque<HistoryEntry>& entries, std::optional<int> depth) {
  if (depth && *depth < 0) refuse("bad-depth", "depth must be >= 0, not " + std::to_string(*depth));
  std::size_t n = depth ? std::min<std::size_t>(static_cast<std::size_t>(*depth), entries.size()) : entries.size();
  Any::Array out;
  out.reserve(n);
  for (auto it = entries.end() - static_cast<std::ptrdiff_t>(n); it != entries.end(); ++it)
    out.emplace_back(Any::Array{it->name, it->lifeTime});
  return out;
}

}  // namespace

Any AutonomousLife::getFocusHistory(std::optional<int> depth) const {
  std::lock_guard lock(mutex_);
  return historyAsList(focusHistory_, depth);
}

Any AutonomousLife::getStateHistory(std::optional<int> depth) const {
  std::lock_guard lock(mutex_);
  return historyAsList(stateHistory_, depth);
}

std::set<std::string> AutonomousLife::triggerKeys() const {
  std::lock_guard lock(mutex_);
  return suggestions_->keysRead();
}

Any AutonomousLife::getFocusContext(const std::string& key) const {
  std::lock_guard lock(mutex_);
  if (!suggestions_->keysRead().contains(key))
    refuse("key-not-in-conditions", "'" + key + "' is not read by any launch condition");
  if (!hadAutonomousFocus_) refuse("no-autonomous-focus", "no activity has been focused by its launch condition yet");
  auto it = focusContext_.find(key);
  if (it == focusContext_.end()) refuse("key-not-in-conditions", "'" + key + "' was not read when the focus happened");
  const auto ns = it->second.first.count();
  return Any::Array{ns / 1000000000, (ns % 1000000000) / 1000, it->second.second};
}

void AutonomousLife::raise(const char* event, const std::string& value) { memory_.raiseEvent(event, value); }

}  // namespace autolife::life
