// The Autolife service's methods for "Say what is happening" (issue 32):
// the box logs of the engine's behaviors (and their idle notes), the
// simulated world placed by hand (people at a distance and angle, battery,
// charging, the pod, a touch), and what the activity cards show beyond
// Life's view (the app's name, an idle behavior and why). Not NAOqi API;
// docs/api.md and docs/dashboard.md.
#pragma once

#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <string>

#include "autolife/core/signal.hpp"
#include "autolife/runtime/behavior_run.hpp"
#include "autolife/service/service.hpp"

namespace autolife::engine {

class Engine;

// The latest box logs of the engine's behaviors, oldest first: each
// {t, activity, box, level, message}; an idle behavior is a warning whose
// message starts "idle: ". Fed by the engine's behaviorEvents and ALLogger.
class BoxLogs {
public:
  static constexpr std::size_t kKept = 300;

  void add(const runtime::RunEvent& event);
  service::Any list() const;
  // Each entry as it is added (on the thread that logged it).
  core::Signal<const service::Any&> added;

private:
  mutable std::mutex mutex_;
  std::deque<service::Any> kept_;
};

// Autolife.logs, the Autolife.log signal, Autolife.world, setWorld,
// setPeople and touch, on the engine's Autolife service.
void addDashboardMethods(const std::shared_ptr<service::Service>& autolife, Engine& engine,
                         std::shared_ptr<BoxLogs> logs);

// What the dashboard's activity card shows beyond Life's view: "app" (the
// package's name, in English when it has one) and "idle" ({why, waiting}
// while its behavior runs and is idle, else null).
void describeActivityMore(Engine& engine, const std::string& activity, service::Any::Map& out);

// ALLogger (NAOqi's logging module): debug, info, warn, error, fatal,
// lowDebug, lowInfo(moduleName, message) become log entries of the
// behavior that calls (its box named by moduleName), into `events`.
std::shared_ptr<service::Service> makeLoggerService(core::Clock& clock,
                                                    core::Signal<const runtime::RunEvent&>& events);

}  // namespace autolife::engine
