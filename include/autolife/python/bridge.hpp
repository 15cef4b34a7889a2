// One engine's side of the Python box runtime: everything box code of that
// engine shares lives here (the box threads' bookkeeping for the watchdog,
// the calls box code posted, the engine's seed), owned by the engine and
// released with it. Per box, the bridge keeps a slot (its host, its memory
// and signal links, its Python state) that box code reaches through the
// thread it runs on: a box thread knows which box it runs code for, and
// every thread or timer box code starts runs for that box.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "autolife/core/workers.hpp"

namespace autolife::python {

class Bridge {
public:
  struct Options {
    std::uint64_t seed = 0;  // the engine's (--seed): each box's `random` stream derives from it
  };

  explicit Bridge(core::Workers& workers);
  Bridge(core::Workers& workers, Options options);
  ~Bridge();
  Bridge(const Bridge&) = delete;
  Bridge& operator=(const Bridge&) = delete;

  std::uint64_t seed() const;

  // The Workers watchdog's interrupter for this engine's box code
  // (Workers::setInterrupter): raises, in the Python code that task runs,
  // BehaviorStopped (its behavior was stopped) or TurnTimeout (it kept its
  // virtual turn too long, an error naming the box and line). Python code
  // only: a task blocked in C++ (a service call) is left alone, and a task
  // that has moved on is not touched.
  core::Workers::Interrupter interrupter() const;

  // What the bridge holds now (tests: nothing is kept once done).
  struct Census {
    std::size_t boxes = 0;        // live PythonBoxes
    std::size_t postedCalls = 0;  // proxy.post calls still running
    std::size_t boxThreads = 0;   // threads, timers, qi.async calls not ended
  };
  Census census() const;

  struct State;  // private (src/python/bridge_internal.hpp)
  const std::shared_ptr<State>& state() const { return state_; }

private:
  std::shared_ptr<State> state_;
};

}  // namespace autolife::python
