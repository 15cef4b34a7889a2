#include "autolife/life/suggestions.hpp"

#include <stdexcept>

namespace autolife::life {

core::Diagnostic placeInTriggerFile(core::Diagnostic d, const Activity& a) {
  if (d.line == 1) d.column += a.triggerColumn - 1;
  else if (d.column > 0) d.column += a.triggerIndent;
  d.line += a.triggerLine - 1;
  d.file = a.triggerFile;
  return d;
}

Suggestions::Suggestions(memory::Memory& memory, condition::ConditionMonitor& monitor, Changed onChanged)
    : memory_(memory), monitor_(monitor), onChanged_(std::move(onChanged)) {}

Suggestions::~Suggestions() {
  std::map<std::string, condition::ConditionId> conditions;
  {
    std::lock_guard lock(mutex_);
    alive_.reset();
    conditions.swap(conditions_);
  }
  for (const auto& [name, id] : conditions) monitor_.remove(id);
}

std::optional<core::Diagnostic> Suggestions::add(const Activity& activity, const Changed& deliverNow) {
  if (activity.launchTrigger.empty()) return std::nullopt;
  condition::ConditionOptions options;
  options.listener = [this, name = activity.name](const condition::ConditionChange& c) {
    onCondition(name, c.value.truthy(), c.point);
  };
  auto added = monitor_.add(activity.launchTrigger, options);
  if (auto* d = std::get_if<core::Diagnostic>(&added)) return placeInTriggerFile(*d, activity);
  const auto id = std::get<condition::ConditionId>(added);
  {
    std::lock_guard lock(mutex_);
    conditions_[activity.name] = id;
  }
  // Already true when loaded: the listener only hears of changes.
  if (monitor_.value(id).truthy()) onCondition(activity.name, true, kOutsidePoints, &deliverNow);
  return std::nullopt;
}

void Suggestions::remove(const std::string& name, const Changed& deliverNow) {
  std::optional<condition::ConditionId> id;
  {
    std::lock_guard lock(mutex_);
    auto it = conditions_.find(name);
    if (it == conditions_.end()) return;
    id = it->second;
    conditions_.erase(it);
  }
  monitor_.remove(*id);
  onCondition(name, false, kOutsidePoints, &deliverNow);
}

std::vector<std::string> Suggestions::current() const {
  std::lock_guard lock(mutex_);
  return {trueNow_.begin(), trueNow_.end()};
}

bool Suggestions::deliveryPending() const {
  std::lock_guard lock(mutex_);
  return flushPosted_;
}

std::set<std::string> Suggestions::keysRead() const {
  std::vector<condition::ConditionId> ids;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [name, id] : conditions_) ids.push_back(id);
  }
  std::set<std::string> keys;
  for (auto id : ids) {
    auto p = monitor_.program(id);
    keys.insert(p->keys.begin(), p->keys.end());
  }
  return keys;
}

std::optional<condition::Explanation> Suggestions::explain(const std::string& name) const {
  condition::ConditionId id = 0;
  {
    std::lock_guard lock(mutex_);
    auto it = conditions_.find(name);
    if (it == conditions_.end()) return std::nullopt;
    id = it->second;
  }
  try {
    return monitor_.explain(id);
  } catch (const std::out_of_range&) {
    return std::nullopt;  // removed meanwhile, by another thread
  }
}

// Changes are gathered per evaluation point and delivered once per point:
// activities whose triggers became true together are suggested together
// (one LaunchSuggestions, one decision), while a pulse (true, then false
// at the next point of the same instant) is still seen.
void Suggestions::onCondition(const std::string& name, bool truthy, std::uint64_t point, const Changed* deliverNow) {
  std::optional<Delivery> previous;
  bool postFlush = false;
  {
    std::lock_guard lock(mutex_);
    if (pendingPoint_ && *pendingPoint_ != point) previous = takeDeliveryLocked();
    pendingPoint_ = point;
    dirty_ = (truthy ? trueNow_.insert(name).second : trueNow_.erase(name) > 0) || dirty_;
    postFlush = !flushPosted_;
    flushPosted_ = true;
  }
  if (previous) deliver(*previous, deliverNow ? *deliverNow : onChanged_);
  if (postFlush)
    memory_.dispatcher().post([this, alive = std::weak_ptr<int>(alive_)] {
      if (alive.expired()) return;
      std::optional<Delivery> last;
      {
        std::lock_guard lock(mutex_);
        flushPosted_ = false;
        pendingPoint_.reset();
        last = takeDeliveryLocked();
      }
      if (last) deliver(*last, onChanged_);
    });
}

std::optional<Suggestions::Delivery> Suggestions::takeDeliveryLocked() {
  if (!dirty_) return std::nullopt;
  dirty_ = false;
  return Delivery{{trueNow_.begin(), trueNow_.end()}, takeUnpublishedLocked()};
}

void Suggestions::deliver(const Delivery& d, const Changed& to) {
  if (d.toRaise) raise(*d.toRaise);
  if (to) to(d.list);
}

void Suggestions::setPublishing(bool publishing) {
  std::optional<std::vector<std::string>> toRaise;
  {
    std::lock_guard lock(mutex_);
    publishing_ = publishing;
    toRaise = takeUnpublishedLocked();
  }
  if (toRaise) raise(*toRaise);
}

// The current list, if it must be raised now: publishing is on and the list
// differs from the last one raised.
std::optional<std::vector<std::string>> Suggestions::takeUnpublishedLocked() {
  std::vector<std::string> list(trueNow_.begin(), trueNow_.end());
  if (!publishing_ || (lastRaised_ && *lastRaised_ == list)) return std::nullopt;
  lastRaised_ = list;
  return list;
}

void Suggestions::raise(const std::vector<std::string>& list) {
  core::Value::Array names;
  for (const auto& n : list) names.emplace_back(n);
  memory_.raiseEvent(kEvent, core::Value(std::move(names)));
}

}  // namespace autolife::life
