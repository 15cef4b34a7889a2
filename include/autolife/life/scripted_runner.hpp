// Runs scripted activities, in engine time: `RunFor` ends after its
// duration, `RunUntil` when its condition becomes true, `RunForever` only
// when stopped. What scenarios use to describe what an activity does.
#pragma once

#include <map>
#include <mutex>

#include "autolife/condition/monitor.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/life/runner.hpp"

namespace autolife::life {

class ScriptedRunner final : public ActivityRunner {
public:
  ScriptedRunner(core::Clock& clock, condition::ConditionMonitor& monitor);
  ~ScriptedRunner() override;
  void start(const Activity& activity, EndedCallback ended) override;
  void stop(const std::string& activityName) override;

private:
  struct Running {
    std::uint64_t generation = 0;
    core::TimerId timer = 0;
    condition::ConditionId condition = 0;
  };
  void finish(const std::string& name, std::uint64_t generation, const std::string& error, const EndedCallback& ended);
  void release(const Running& r);

  core::Clock& clock_;
  condition::ConditionMonitor& monitor_;
  std::mutex mutex_;
  std::map<std::string, Running> running_;
  std::uint64_t nextGeneration_ = 1;
};

}  // namespace autolife::life
