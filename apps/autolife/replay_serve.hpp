// `autolife replay DAY --serve`: the dashboard opens a recorded day, with a
// time slider over it (docs/dashboard.md "A recorded day").
#pragma once

#include <string>

#include "autolife/replay/replay.hpp"

namespace autolife::app {

// Serves the day at its instants until SIGINT or SIGTERM; the first line on
// stdout says where: {"listening": "127.0.0.1:PORT", "day": FILE}. Exit
// status 0, or 2 when it cannot listen.
int serveDay(replay::RecordReader& record, const replay::ReplayOptions& options, const std::string& file,
             unsigned short port);

}  // namespace autolife::app
