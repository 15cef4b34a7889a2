// Runs focused activities. Life asks to start and stop; a runner reports an
// activity that ended by itself (finished, failed, exited) through the
// callback it was given — never from inside start() or stop().
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "autolife/life/activity.hpp"

namespace autolife::life {

// Called when an activity ends by itself; `error` is empty for a normal end.
using EndedCallback = std::function<void(const std::string& error)>;

class ActivityRunner {
public:
  virtual ~ActivityRunner() = default;
  virtual void start(const Activity& activity, EndedCallback ended) = 0;
  // Stops it if it is running; always succeeds, never calls `ended`.
  virtual void stop(const std::string& activityName) = 0;
};

}  // namespace autolife::life
