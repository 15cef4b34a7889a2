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

namespace detail {
class ControlSettings;
}

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

  // The activity's behavior as its runs read it (read once, by path).
  // service::CallError: not-a-behavior (it runs otherwise), unreadable-behavior.
  std::shared_ptr<const behavior::Behavior> model(const life::Activity& activity);
  // The breakpoints and faults of the activity's runs, the one running now
  // and the next ones (run_control.hpp); refused as model() is.
  std::shared_ptr<RunControl> control(const life::Activity& activity);

private:
  std::shared_ptr<detail::ControlSettings> controlsFor(const std::string& name,
                                                       const std::shared_ptr<const behavior::Behavior>& model);
  std::shared_ptr<BehaviorRun> live(const std::string& name) const;

  RuntimeContext context_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<BehaviorRun>> runs_;
  // Behaviors read once, by path (a run keeps its own reference).
  std::map<std::filesystem::path, std::shared_ptr<const behavior::Behavior>> loaded_;
  std::map<std::string, std::shared_ptr<detail::ControlSettings>> controls_;  // by activity
};

}  // namespace autolife::runtime
