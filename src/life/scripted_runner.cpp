#include "autolife/life/scripted_runner.hpp"

namespace autolife::life {

ScriptedRunner::ScriptedRunner(core::Clock& clock, condition::ConditionMonitor& monitor)
    : clock_(clock), monitor_(monitor) {}

ScriptedRunner::~ScriptedRunner() {
  std::map<std::string, Running> running;
  {
    std::lock_guard lock(mutex_);
    running.swap(running_);
  }
  for (const auto& [name, r] : running) release(r);
}

void ScriptedRunner::start(const Activity& activity, EndedCallback ended) {
  const std::string name = activity.name;
  std::uint64_t generation;
  {
    std::lock_guard lock(mutex_);
    generation = nextGeneration_++;
    running_[name] = Running{generation};
  }
  auto done = [this, name, generation, ended](const std::string& error) { finish(name, generation, error, ended); };
  if (const auto* run = std::get_if<RunFor>(&activity.run)) {
    core::TimerId timer = clock_.schedule(core::addSaturating(clock_.now(), run->duration), [done] { done(""); });
    std::lock_guard lock(mutex_);
    if (auto it = running_.find(name); it != running_.end() && it->second.generation == generation) it->second.timer = timer;
  } else if (const auto* until = std::get_if<RunUntil>(&activity.run)) {
    condition::ConditionOptions options;
    // Ends at the first evaluation that finds the condition true, loading
    // included (whose notification is delivered before add() returns):
    // through the clock, so never from inside start().
    options.listener = [this, done](const condition::ConditionChange& c) {
      if (c.value.truthy()) clock_.post([done] { done(""); });
    };
    auto added = monitor_.add(until->condition, options);
    if (auto* d = std::get_if<core::Diagnostic>(&added)) {
      clock_.post([done, message = d->format()] { done("its run condition does not compile: " + message); });
      return;
    }
    const auto id = std::get<condition::ConditionId>(added);
    std::lock_guard lock(mutex_);
    if (auto it = running_.find(name); it != running_.end() && it->second.generation == generation)
      it->second.condition = id;
  }
  // RunForever (and RunBehavior without a behavior runtime): until stopped.
}

void ScriptedRunner::finish(const std::string& name, std::uint64_t generation, const std::string& error,
                            const EndedCallback& ended) {
  Running r;
  {
    std::lock_guard lock(mutex_);
    auto it = running_.find(name);
    if (it == running_.end() || it->second.generation != generation) return;  // stopped or restarted meanwhile
    r = it->second;
    running_.erase(it);
  }
  release(r);
  ended(error);
}

void ScriptedRunner::stop(const std::string& activityName) {
  Running r;
  {
    std::lock_guard lock(mutex_);
    auto it = running_.find(activityName);
    if (it == running_.end()) return;
    r = it->second;
    running_.erase(it);
  }
  release(r);
}

void ScriptedRunner::release(const Running& r) {
  if (r.timer) clock_.cancel(r.timer);
  // Removing from inside the condition's own notification is safe: the
  // monitor delivers notifications after evaluation, outside its lock.
  if (r.condition) monitor_.remove(r.condition);
}

}  // namespace autolife::life
