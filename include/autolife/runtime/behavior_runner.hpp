// Plays activities' behaviors for Autonomous Life (and ALBehaviorManager):
// an activity that runs as `RunBehavior{path}` loads its behavior.xar (or a
// folder in the new format) and runs it; it ends when the behavior ends.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "autolife/behavior/load_result.hpp"
#include "autolife/life/runner.hpp"
#include "autolife/runtime/behavior_run.hpp"

namespace autolife::runtime {

// A .xar file or a new-format folder, read into the model.
behavior::LoadResult loadBehavior(const std::filesystem::path& path);

class BehaviorRunner final : public life::ActivityRunner {
public:
  explicit BehaviorRunner(RuntimeContext context) : context_(std::move(context)) {}
  ~BehaviorRunner() override;

  void start(const life::Activity& activity, life::EndedCallback ended) override;
  void stop(const std::string& activityName) override;

  std::size_t running() const;
  // The activity's behavior, while it runs and is idle: why, and what it
  // waits for (docs/behaviors.md "Idle behaviors").
  struct Idle {
    std::string why;
    std::vector<Waiting> waiting;
  };
  std::optional<Idle> idle(const std::string& activityName) const;
  // Stops every run (their `ended` is not called).
  void stopAll();

private:
  RuntimeContext context_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<BehaviorRun>> runs_;
  // Behaviors read once, by path (a run keeps its own reference).
  std::map<std::filesystem::path, std::shared_ptr<const behavior::Behavior>> loaded_;
};

}  // namespace autolife::runtime
