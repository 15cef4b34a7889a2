// What each box of each activity's behavior is doing now (Autolife.
// behaviorState), and the Autolife.boxEvent signal: an observer of the
// runtime's seam (runtime/run_observer.hpp), as the log is. A box is idle,
// running (an onStart reached it), paused (a breakpoint holds a signal
// before it) or error (it failed); the states of an activity's last run stay
// until it runs again.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "autolife/core/value.hpp"
#include "autolife/runtime/run_observer.hpp"

namespace autolife::service {
class Service;
}

namespace autolife::engine {

class BehaviorLog;

class BoxStates final : public runtime::RunObserver {
public:
  // `log` numbers the runs (it hears of each run first).
  explicit BoxStates(const BehaviorLog& log) : log_(log) {}
  // Where boxEvent(activity, box, event, detail) is emitted: the Autolife
  // service, once it exists. Nothing is formatted while nobody subscribes.
  void emitOn(std::weak_ptr<service::Service> service);

  void runStarted(const runtime::RunInfo& run, core::Time time) override;
  void boxEvent(const runtime::RunInfo& run, const runtime::BoxEvent& event) override;
  void runEnded(const runtime::RunInfo& run, const runtime::RunEnding& ending) override;

  // {"run": N, "paused": bool, "boxes": {"<path>": "<state>"}}, for an
  // activity that ran since the engine started; nullopt for one that did not.
  std::optional<core::Value> state(const std::string& activity) const;

private:
  struct Activity {
    std::uint64_t serial = 0;  // its current or last run
    int run = 0;
    std::map<std::string, std::string> boxes;          // path -> state
    std::map<std::string, std::string> beforePause;    // paused box -> its state before
  };

  const BehaviorLog& log_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Activity> activities_;
  std::weak_ptr<service::Service> service_;
};

// Every box of a behavior idle: {"<path>": "idle"} (the root box is not one).
core::Value idleBoxes(const behavior::Behavior& model);

}  // namespace autolife::engine
