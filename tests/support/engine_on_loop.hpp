// A whole engine on a net::EventLoop's real-time clock, started, as
// `autolife serve` runs it: the base of the fixtures that put a server (the
// JSON-RPC API, qi) in front of it in-process.
#pragma once

#include <future>
#include <type_traits>

#include "autolife/engine/engine.hpp"
#include "autolife/net/event_loop.hpp"

namespace autolife::test {

class EngineOnLoop {
public:
  EngineOnLoop() : engine_(loop_.clock()) {
    loop_.start();
    onEngine([this] { engine_.start(); });
  }
  // A derived fixture stops its server first; the loop stops here.
  ~EngineOnLoop() { loop_.stop(); }
  EngineOnLoop(const EngineOnLoop&) = delete;
  EngineOnLoop& operator=(const EngineOnLoop&) = delete;

  engine::Engine& engine() { return engine_; }
  net::EventLoop& loop() { return loop_; }

  // Runs `task` on the engine's thread (where the servers run calls).
  template <class F>
  std::invoke_result_t<F> onEngine(F task) {
    std::packaged_task<decltype(task())()> job(std::move(task));
    auto result = job.get_future();
    loop_.clock().post([&job] { job(); });
    return result.get();
  }

private:
  net::EventLoop loop_;
  engine::Engine engine_;
};

}  // namespace autolife::test
