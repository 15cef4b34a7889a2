#include "autolife/life/runner_set.hpp"

namespace autolife::life {

void RunnerSet::setBehaviorRunner(ActivityRunner* behaviors) {
  std::lock_guard lock(mutex_);
  behaviors_ = behaviors;
}

ActivityRunner& RunnerSet::runnerFor(const Activity& activity) {
  if (std::holds_alternative<RunProgram>(activity.run)) return programs_;
  if (std::holds_alternative<RunBehavior>(activity.run) && behaviors_) return *behaviors_;
  return scripted_;  // RunFor, RunUntil, RunForever, and behaviors without a runtime
}

void RunnerSet::start(const Activity& activity, EndedCallback ended) {
  ActivityRunner* runner;
  {
    std::lock_guard lock(mutex_);
    runner = &runnerFor(activity);
    running_[activity.name] = runner;
  }
  runner->start(activity, std::move(ended));
}

void RunnerSet::stop(const std::string& activityName) {
  ActivityRunner* runner = nullptr;
  {
    std::lock_guard lock(mutex_);
    auto it = running_.find(activityName);
    if (it == running_.end()) return;
    runner = it->second;
    running_.erase(it);
  }
  runner->stop(activityName);
}

}  // namespace autolife::life
