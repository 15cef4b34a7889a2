// Chooses the runner for each activity by how it runs: scripted runs and
// programs here; behaviors through the behavior runtime once one is plugged
// in (until then a behavior runs until it is stopped).
#pragma once

#include <map>
#include <mutex>

#include "autolife/life/runner.hpp"

namespace autolife::life {

class RunnerSet final : public ActivityRunner {
public:
  RunnerSet(ActivityRunner& scripted, ActivityRunner& programs) : scripted_(scripted), programs_(programs) {}
  void setBehaviorRunner(ActivityRunner* behaviors);

  void start(const Activity& activity, EndedCallback ended) override;
  void stop(const std::string& activityName) override;

private:
  ActivityRunner& runnerFor(const Activity& activity);

  ActivityRunner& scripted_;
  ActivityRunner& programs_;
  std::mutex mutex_;
  ActivityRunner* behaviors_ = nullptr;
  std::map<std::string, ActivityRunner*> running_;  // who started what
};

}  // namespace autolife::life
