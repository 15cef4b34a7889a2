// What `autolife serve` says on stderr of its behaviors: each box log
// (self.log, self.logger, print, ALLogger) at --log-level or above, and an
// activity whose behavior went idle (a warning), as sentences or JSON Lines.
#pragma once

#include <optional>
#include <string>

#include "autolife/engine/engine.hpp"
#include "serve_log.hpp"

namespace autolife::app {

// debug 0, info 1, warning 2, error 3, fatal 4; "silent" (or "none") is
// above them all; verbose and warn as qi names them. None: not a level.
std::optional<int> logLevelRank(const std::string& level);

// From now on, the engine's box logs at `minimum` (a rank) or above go to `log`.
void logBehaviors(engine::Engine& engine, ServeLog& log, int minimum);

}  // namespace autolife::app
