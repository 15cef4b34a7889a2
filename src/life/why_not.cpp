// Why an activity is not focused (why_not.hpp), the Launchpad's preference
// between candidates, and the record of its last decision.
#include "autolife/life/why_not.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "autolife/condition/explain.hpp"
#include "autolife/core/value_json.hpp"
#include "life_entries.hpp"

namespace autolife::life {

namespace {

// The fields that apply, in the order `simulate --json` prints them.
std::vector<std::pair<const char*, core::Value>> fieldsOf(const WhyNot& w) {
  auto strings = [](const std::vector<std::string>& list) { return core::Value(core::Value::Array(list.begin(), list.end())); };
  std::vector<std::pair<const char*, core::Value>> out{{"why-not", w.activity}, {"reason", w.reason}, {"message", w.message}};
  if (!w.focused.empty()) out.emplace_back("focused", w.focused);
  if (!w.rule.empty()) out.emplace_back("rule", w.rule);
  if (!w.permissions.empty()) out.emplace_back("permissions", strings(w.permissions));
  if (!w.state.empty()) out.emplace_back("state", w.state);
  if (!w.causes.empty()) out.emplace_back("causes", strings(w.causes));
  if (!w.explainLine.empty()) out.emplace_back("explain", w.explainLine);
  return out;
}

}  // namespace

nlohmann::ordered_json WhyNot::json() const {
  nlohmann::ordered_json j;
  for (const auto& [key, value] : fieldsOf(*this)) j[key] = core::valueToJson(value);
  return j;
}

core::Value::Map WhyNot::asValue() const {
  core::Value::Map out;
  for (auto& [key, value] : fieldsOf(*this)) out.insert_or_assign(key, std::move(value));
  return out;
}

std::string WhyNot::text() const { return activity + " " + reason + ": " + message; }

namespace {

std::string joined(const std::vector<std::string>& items, const char* separator = ", ") {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : separator) + i;
  return out;
}

std::string at(core::Time t) { return "t=" + core::formatSeconds(t); }

bool contains(const std::vector<std::string>& list, const std::string& name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

// "other/act was focused less recently", naming the rule that decided.
std::string lostBecause(const std::string& winner, const char* rule, bool winnerFocusedBefore, bool loserFocusedBefore) {
  const std::string_view r = rule;
  if (r == rule::kInteractiveFirst) return winner + " is interactive: interactive activities come first";
  if (r == rule::kLeastRecentlyFocused)
    return winnerFocusedBefore ? winner + " was focused less recently" : winner + " has never been focused";
  if (!winnerFocusedBefore && !loserFocusedBefore) return winner + " comes first by name (neither has been focused)";
  return winner + " comes first by name (both were last focused at the same time)";
}

std::string permissionSentence(const std::string& permission) {
  if (permission == "canRunOnPod") return "canRunOnPod: the robot is on its charging station";
  if (permission == "canRunInSleep") return "canRunInSleep: the robot is asleep";
  return permission;
}

}  // namespace

bool AutonomousLife::prefers(const Entry& a, const Entry& b, const char** rule) const {
  auto decided = [rule](const char* which, bool aWins) {
    if (rule) *rule = which;
    return aWins;
  };
  if (a.interactive() != b.interactive()) return decided(rule::kInteractiveFirst, a.interactive());
  auto ta = lastFocused_.find(a.name()), tb = lastFocused_.find(b.name());
  const bool aSeen = ta != lastFocused_.end(), bSeen = tb != lastFocused_.end();
  if (aSeen != bSeen) return decided(rule::kLeastRecentlyFocused, !aSeen);
  if (aSeen && ta->second != tb->second) return decided(rule::kLeastRecentlyFocused, ta->second < tb->second);
  return decided(rule::kName, a.name() < b.name());
}

// Why each other eligible candidate lost to the winner, before the winner's
// focus changes who was focused least recently.
AutonomousLife::Decision AutonomousLife::judge(const Entry& winner, const std::vector<Entry*>& eligible) const {
  Decision d;
  d.winner = winner.name();
  const bool winnerSeen = lastFocused_.contains(winner.name());
  for (const Entry* loser : eligible) {
    if (loser == &winner) continue;
    const char* rule = rule::kName;
    prefers(winner, *loser, &rule);
    d.losers[loser->name()] = {rule, lostBecause(winner.name(), rule, winnerSeen, lastFocused_.contains(loser->name()))};
  }
  return d;
}

// ---- why not ------------------------------------------------------------------

namespace {

// The explain line of what holds the trigger false; pending when it has
// just become true (the Launchpad has not heard yet).
void explainFalse(WhyNot& w, const std::optional<condition::Explanation>& explanation) {
  if (!explanation) return;
  const condition::ExplainNode* holder = explanation->holdingFalse();
  if (!holder) {
    w.reason = why::kPending;
    w.message = "its launch trigger has just become true: the Launchpad decides next";
    return;
  }
  w.explainLine = condition::explainLine(*holder);
  w.message = w.explainLine;
}

}  // namespace

std::optional<WhyNot> AutonomousLife::whyNot(const std::string& name) const {
  std::optional<WhyNot> w;
  {
    std::lock_guard lock(mutex_);
    w = whyNotLocked(entry(name));
  }
  // Outside life's lock: explaining takes memory's.
  if (w && w->reason == why::kConditionFalse) explainFalse(*w, suggestions_->explain(name));
  return w;
}

std::vector<WhyNot> AutonomousLife::whyNotAll() const {
  std::vector<WhyNot> out;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [name, e] : activities_)
      if (auto w = whyNotLocked(*e)) out.push_back(std::move(*w));
  }
  for (auto& w : out)
    if (w.reason == why::kConditionFalse) explainFalse(w, suggestions_->explain(w.activity));
  return out;
}

std::optional<AutonomousLife::Failure> AutonomousLife::lastFailure(const std::string& name) const {
  std::lock_guard lock(mutex_);
  return entry(name).failure;
}

// In the order a developer would look: can it run at all, does life let
// anything start, is it waiting its turn, is its trigger true, may it run
// here, did it just fail; then what the focused activity means for it.
std::optional<WhyNot> AutonomousLife::whyNotLocked(const Entry& e) const {
  if (focused_ && focused_->name == e.name()) return std::nullopt;
  WhyNot w;
  w.activity = e.name();
  auto because = [&w](const char* reason, std::string message) {
    w.reason = reason;
    w.message = std::move(message);
    return w;
  };
  if (e.problem) return because(why::kProblem, "it cannot run: " + e.problem->format());
  if (state_ == State::Disabled) {
    w.state = "disabled";
    return because(why::kState, "life is disabled: no activity starts by itself until setState(\"solitary\")");
  }
  if (state_ == State::Safeguard) {
    w.state = "safeguard";
    for (auto c : safeguards_.tripped()) w.causes.emplace_back(safeguardName(c));
    return because(why::kState, "life is in safeguard (" + (w.causes.empty() ? std::string("set by setState") : joined(w.causes)) +
                                    "): no activity starts until it ends");
  }
  if (contains(stack_, e.name()))
    return because(why::kStacked, "it waits on the focus stack: it resumes when " +
                                      (focused_ ? focused_->name : std::string("the activity above it")) + " ends");
  if (e.activity.launchTrigger.empty())
    return because(why::kNoTrigger, "it has no launch trigger: only switchFocus starts it");
  if (!contains(currentSuggestions_, e.name())) return because(why::kConditionFalse, "its launch trigger is false");
  if (auto v = contextViolations(e); !v.empty()) {
    w.permissions = v;
    std::vector<std::string> sentences;
    for (const auto& p : v) sentences.push_back(permissionSentence(p));
    return because(why::kPermission, "it may not run now (" + joined(sentences, "; ") + ")");
  }
  if (e.relaunchAfter > clock_.now())
    return because(why::kRelaunchDelay,
                   (e.failure ? "it failed at " + at(e.failure->time) + " (" + e.failure->message + ")"
                              : std::string("its last run ended the instant it started")) +
                       ": its trigger does not focus it again before " + at(e.relaunchAfter));
  return whyNotByFocus(e, std::move(w));
}

// Its trigger is true and nothing else holds it: the focused activity does.
std::optional<WhyNot> AutonomousLife::whyNotByFocus(const Entry& e, WhyNot w) const {
  auto because = [&w](const char* reason, std::string message) {
    w.reason = reason;
    w.message = std::move(message);
    return w;
  };
  if (!focused_) return because(why::kPending, "its launch trigger is true and nothing is focused: the Launchpad decides next");
  const Entry& f = *activities_.at(focused_->name);
  w.focused = f.name();
  if (lastDecision_.winner == f.name() && lastDecision_.run == focused_->run) {
    if (auto it = lastDecision_.losers.find(e.name()); it != lastDecision_.losers.end()) {
      w.rule = it->second.first;
      return because(why::kLostPriority, it->second.second);
    }
  }
  if (state_ == State::Interactive && !e.interactive())
    return because(why::kNature, "life is interactive (" + f.name() +
                                     " is focused): a solitary activity waits until the interactive ones end");
  if (f.interactive()) return because(why::kNature, f.name() + " is interactive: nothing interrupts an interactive activity");
  if (!e.interactive())
    return because(why::kNature, f.name() + " is focused: a solitary activity does not interrupt another solitary one");
  return because(why::kPending, "it may interrupt " + f.name() + ": the Launchpad decides next");
}

void AutonomousLife::announceDecision() {
  memory_.dispatcher().post([this, alive = std::weak_ptr<int>(alive_)] {
    if (!alive.expired()) launchpadDecided();
  });
}

}  // namespace autolife::life
