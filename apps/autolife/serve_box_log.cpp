#include "serve_box_log.hpp"

#include "autolife/life/autonomous_life.hpp"
#include "autolife/sim/simulator.hpp"

namespace autolife::app {

std::optional<int> logLevelRank(const std::string& level) {
  if (level == "debug" || level == "verbose") return 0;
  if (level == "info") return 1;
  if (level == "warning" || level == "warn") return 2;
  if (level == "error") return 3;
  if (level == "fatal") return 4;
  if (level == "silent" || level == "none") return 5;
  return std::nullopt;
}

void logBehaviors(engine::Engine& engine, ServeLog& log, int minimum) {
  engine.behaviorEvents.connect([&log, &engine, minimum](const runtime::RunEvent& e) {
    using Kind = runtime::RunEvent::Kind;
    if (e.kind == Kind::Log && logLevelRank(e.level).value_or(1) >= minimum)
      log.boxLog(e.time, e.behavior, e.box, e.level, e.message);
    if (e.kind == Kind::Idle && minimum <= 2)
      log.activityIdle(e.time, e.behavior, e.message, sim::waitingJson(e.waiting),
                       engine.life.focusedActivity() == e.behavior);
  });
}

}  // namespace autolife::app
