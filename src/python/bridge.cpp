#include "autolife/python/bridge.hpp"

#include "bridge_internal.hpp"

namespace autolife::python {

Bridge::Bridge(core::Workers& workers) : Bridge(workers, Options{}) {}

Bridge::Bridge(core::Workers& workers, Options options) : state_(std::make_shared<State>()) {
  state_->workers = &workers;
  state_->seed = options.seed;
}

// What box code still holds (a thread of a stopped behavior, a Python
// handle) outlives the engine: from now on it finds no engine and unwinds.
Bridge::~Bridge() {
  std::lock_guard lock(state_->mutex);
  state_->workers = nullptr;
  state_->posted.clear();
}

std::uint64_t Bridge::seed() const { return state_->seed; }

Bridge::Census Bridge::census() const {
  std::lock_guard lock(state_->mutex);
  return {state_->boxes, state_->posted.size(), state_->boxThreads};
}

core::Workers::Interrupter Bridge::interrupter() const {
  std::weak_ptr<State> weak = state_;
  return [weak](const core::Workers::Stuck& stuck) {
    auto state = weak.lock();
    // No box code runs before; the watchdog may fire while a slow first box
    // starts the interpreter (it tries again after another limit).
    if (!state || !detail::interpreterStarted()) return;
    py::gil_scoped_acquire gil;
    std::lock_guard lock(state->mutex);
    auto it = state->runningCode.find(static_cast<unsigned long>(stuck.thread));
    if (it == state->runningCode.end() || it->second != stuck.task) return;
    const bool turnTooLong = stuck.why == core::Workers::Stuck::Why::TurnTooLong;
    if (turnTooLong && state->inServiceCalls.contains(it->first)) {
      // Waiting on the robot (one slow call) is not looping; calling again
      // and again while virtual time stands still is.
      const std::uint64_t made = state->serviceCallsMade[it->first];
      if (state->callsWhenStuck.size() > 1000) state->callsWhenStuck.clear();
      auto [seen, first] = state->callsWhenStuck.try_emplace(stuck.task, made);
      if (first || seen->second == made) {
        seen->second = made;
        return;
      }
    }
    py::object cls = detail::framework().attr(turnTooLong ? "TurnTimeout" : "BehaviorStopped");
    PyThreadState_SetAsyncExc(it->first, cls.ptr());
  };
}

}  // namespace autolife::python

namespace autolife::python::detail {

bool firstTold(Bridge::State& bridge, const std::string& what, const std::string& script) {
  std::lock_guard lock(bridge.mutex);
  return bridge.python2Told.emplace(what, std::hash<std::string>{}(script)).second;
}

}  // namespace autolife::python::detail
