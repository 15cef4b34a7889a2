// EventLoop's insides (private to src/net): the io_context, and the clock
// whose deadlines are one asio timer on it.
#pragma once

#include <atomic>
#include <mutex>
#include <optional>
#include <thread>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "autolife/net/event_loop.hpp"
#include "autolife/net/idle_poll.hpp"

namespace autolife::net {

// A real-time clock driven by an io_context: due tasks run on the loop's
// thread; the earliest deadline is the one timer armed.
class IoClock final : public core::Clock {
public:
  explicit IoClock(boost::asio::io_context& ioc);
  ~IoClock() override;

  core::Time now() const override;
  core::TimerId schedule(core::Time at, core::Task task, core::Phase phase = core::Phase::Input) override;
  bool cancel(core::TimerId id) override;
  std::chrono::system_clock::time_point wallTime(core::Time t) const override;
  // Drops every pending task (their captures are released here).
  void clear();

protected:
  bool enterHere() override;
  void leaveHere() override { running_ = false; }

private:
  void arm();
  void runDue();
  boost::asio::io_context& ioc_;
  boost::asio::steady_timer timer_;
  std::chrono::steady_clock::time_point steadyStart_;
  std::chrono::system_clock::time_point wallStart_;
  std::mutex mutex_;
  core::TimerQueue queue_;
  // The earliest deadline known to be armed or posted (nanoseconds):
  // written under mutex_, read without it by enterHere (a cancelled task
  // may keep it low until arm() looks again).
  std::atomic<std::int64_t> armed_{core::kNever.count()};
  core::Time timerAt_ = core::kNever;  // what the asio timer waits for (the loop's thread only)
  bool running_ = false;               // a task runs (the loop's thread only)
};

struct EventLoop::Impl {
  explicit Impl(LoopOptions o) : idle(o.maxPoll) {}
  void run();  // the loop's thread: io_context::run, polling before it waits
  boost::asio::io_context ioc{1};
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work{ioc.get_executor()};
  IoClock clock{ioc};  // after ioc: its tasks go before the sockets they may hold
  IdlePoll idle;  // the loop's thread only
  std::atomic<std::uint64_t> polled{0}, waited{0};  // EventLoop::IdleCounts
  std::thread thread;
  std::atomic<bool> running{false};
};

}  // namespace autolife::net
