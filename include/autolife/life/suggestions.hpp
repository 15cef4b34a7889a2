// The Launchpad's suggestions (REFERENCE §4): every activity's launch trigger
// loaded in the condition monitor; the sorted list of those that are true;
// AutonomousLife/LaunchSuggestions raised whenever that list changes while
// publishing is on (Life turns it off in safeguard and disabled states).
#pragma once

#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "autolife/condition/monitor.hpp"
#include "autolife/life/activity.hpp"

namespace autolife::life {

class Suggestions {
public:
  using Changed = std::function<void(const std::vector<std::string>& suggestions)>;

  Suggestions(memory::Memory& memory, condition::ConditionMonitor& monitor, Changed onChanged);
  ~Suggestions();
  Suggestions(const Suggestions&) = delete;
  Suggestions& operator=(const Suggestions&) = delete;

  // Loads the activity's launch trigger (if any). A trigger that does not
  // compile gives its Diagnostic, placed in the trigger's own file.
  // add() and remove() may have to deliver the changes gathered at an
  // earlier evaluation point before theirs: they do it through `deliverNow`,
  // on the caller's thread, never through the constructor's callback (which
  // only dispatcher tasks call): the caller may hold the lock that callback
  // takes.
  std::optional<core::Diagnostic> add(const Activity& activity, const Changed& deliverNow);
  void remove(const std::string& name, const Changed& deliverNow);

  std::vector<std::string> current() const;  // sorted by name
  // Changes heard but not yet delivered (their delivery is queued).
  bool deliveryPending() const;
  void setPublishing(bool publishing);
  // The memory keys read by any loaded trigger (getFocusContext's domain).
  std::set<std::string> keysRead() const;
  // The activity's trigger explained now (every sub-expression's value, each
  // time operator's progress); nullopt when it has no trigger loaded.
  std::optional<condition::Explanation> explain(const std::string& name) const;

  static constexpr const char* kEvent = "AutonomousLife/LaunchSuggestions";

private:
  struct Delivery {
    std::vector<std::string> list;
    std::optional<std::vector<std::string>> toRaise;
  };
  // Loading and removal happen outside any evaluation point.
  static constexpr std::uint64_t kOutsidePoints = 0;

  // `deliverNow`: where an earlier point's changes go (onChanged_ when null).
  void onCondition(const std::string& name, bool truthy, std::uint64_t point, const Changed* deliverNow = nullptr);
  std::optional<Delivery> takeDeliveryLocked();
  void deliver(const Delivery& d, const Changed& to);
  std::optional<std::vector<std::string>> takeUnpublishedLocked();
  void raise(const std::vector<std::string>& list);

  memory::Memory& memory_;
  condition::ConditionMonitor& monitor_;
  Changed onChanged_;
  mutable std::mutex mutex_;
  std::map<std::string, condition::ConditionId> conditions_;
  std::set<std::string> trueNow_;
  std::optional<std::vector<std::string>> lastRaised_ = std::vector<std::string>{};  // nothing raised until something is true
  bool publishing_ = true;
  std::optional<std::uint64_t> pendingPoint_;  // the point whose changes are gathered
  bool dirty_ = false;                         // they changed the list
  bool flushPosted_ = false;
  std::shared_ptr<int> alive_ = std::make_shared<int>(0);
};

// A condition Diagnostic (relative to the trigger text) placed in the file
// the trigger comes from.
core::Diagnostic placeInTriggerFile(core::Diagnostic d, const Activity& activity);

}  // namespace autolife::life
