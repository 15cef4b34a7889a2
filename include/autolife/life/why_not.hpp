// "Why did X not start?": the reason an activity that is not focused is not,
// as Life sees it now (AutonomousLife::whyNot). `autolife simulate
// --explain` prints it at every Launchpad decision, `Autolife.whyNot`
// answers it over the API, the dashboard shows it on each card.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "autolife/core/value.hpp"

namespace autolife::life {

// The reasons (issue 16's contract, plus problem, no-trigger and pending).
namespace why {
inline constexpr const char* kConditionFalse = "condition-false";  // its launch trigger is false
inline constexpr const char* kNature = "nature";          // the focused activity's nature keeps it out
inline constexpr const char* kPermission = "permission";  // canRunOnPod / canRunInSleep forbid it now
inline constexpr const char* kRelaunchDelay = "relaunch-delay";  // it failed a moment ago
inline constexpr const char* kLostPriority = "lost-priority";    // another won the Launchpad's decision
inline constexpr const char* kState = "state";            // life is disabled or in safeguard
inline constexpr const char* kStacked = "stacked";        // it waits on the focus stack
inline constexpr const char* kProblem = "problem";        // it cannot run at all (its load problem)
inline constexpr const char* kNoTrigger = "no-trigger";   // no launch trigger: switchFocus only
inline constexpr const char* kPending = "pending";        // true and free: the Launchpad decides next
}  // namespace why

// The rules of the Launchpad's choice between candidates, in order.
namespace rule {
inline constexpr const char* kInteractiveFirst = "interactive-first";
inline constexpr const char* kLeastRecentlyFocused = "least-recently-focused";
inline constexpr const char* kName = "name";
}  // namespace rule

struct WhyNot {
  std::string activity;
  std::string reason;   // a why:: constant
  std::string message;  // a sentence: "other/act was focused less recently"
  // Details, by reason (empty when they do not apply):
  std::string focused;                   // nature, lost-priority: the focused activity
  std::string rule;                      // lost-priority: a rule:: constant
  std::vector<std::string> permissions;  // permission: canRunOnPod, canRunInSleep
  std::string state;                     // state: disabled, safeguard
  std::vector<std::string> causes;       // state: the safeguard causes that hold it
  std::string explainLine;               // condition-false: the sub-expression holding it false

  // {"why-not", "reason", "message", and the details that apply}: what
  // `simulate --json` prints after "t", and what Autolife.whyNot answers.
  nlohmann::ordered_json json() const;
  // The same fields as a map (Autolife.whyNot's answer, with "t").
  core::Value::Map asValue() const;
  // "pkg/act lost-priority: other/act was focused less recently"
  std::string text() const;
};

}  // namespace autolife::life
