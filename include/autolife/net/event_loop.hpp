// The thread that runs `autolife serve`: the network I/O and the engine's
// clock on one event loop, so that a call reaches the engine without
// changing threads (docs/api.md "How it runs"). `clock()` is a real-time
// core::Clock whose tasks run on that thread, in (time, phase, order) like
// every clock; other threads may schedule and cancel.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>

#include "autolife/core/clock.hpp"

namespace boost::asio {
class io_context;
}

namespace autolife::net {

struct LoopOptions {
  // The longest the loop polls for its next handler before it sleeps
  // (IdlePoll: the window adapts up to this; 0: it sleeps at once).
  std::chrono::microseconds maxPoll{100};
};

class EventLoop {
public:
  explicit EventLoop(LoopOptions options = {});
  ~EventLoop();  // stops; pending tasks are dropped
  EventLoop(const EventLoop&) = delete;
  EventLoop& operator=(const EventLoop&) = delete;

  core::Clock& clock();
  // Starts the thread; tasks scheduled before run then.
  void start();
  // Stops and joins the thread (idempotent). Tasks not yet run stay queued
  // until the loop is destroyed.
  void stop();
  bool running() const;

  // How the loop's idle periods ended since it was made: found work while
  // polling, or went to wait for it (asleep unless it was already there).
  struct IdleCounts {
    std::uint64_t polled = 0;
    std::uint64_t waited = 0;
  };
  IdleCounts idleCounts() const;

  // The io_context the servers' sockets use (the JSON-RPC API's and qi's).
  boost::asio::io_context& ioContext();

private:
  struct Impl;  // src/net/loop_impl.hpp
  std::unique_ptr<Impl> impl_;
};

}  // namespace autolife::net
