#include <sched.h>

#include <boost/asio/post.hpp>

#include "loop_impl.hpp"

namespace autolife::net {

namespace asio = boost::asio;

IoClock::IoClock(asio::io_context& ioc)
    : ioc_(ioc), timer_(ioc), steadyStart_(std::chrono::steady_clock::now()), wallStart_(std::chrono::system_clock::now()) {}

IoClock::~IoClock() { clear(); }

core::Time IoClock::now() const {
  return std::chrono::duration_cast<core::Time>(std::chrono::steady_clock::now() - steadyStart_);
}

core::TimerId IoClock::schedule(core::Time at, core::Task task, core::Phase phase) {
  bool earlier;
  core::TimerId id;
  {
    std::lock_guard lock(mutex_);
    id = queue_.push(at, phase, std::move(task));
    earlier = at.count() < armed_.load(std::memory_order_relaxed);
    if (earlier) armed_.store(at.count(), std::memory_order_relaxed);
  }
  // Due already: run it at the loop's next turn, without a timer.
  if (at <= now()) asio::post(ioc_, [this] { runDue(); });
  else if (earlier) asio::post(ioc_, [this] { arm(); });
  return id;
}

bool IoClock::cancel(core::TimerId id) {
  std::lock_guard lock(mutex_);
  return queue_.cancel(id);
}

std::chrono::system_clock::time_point IoClock::wallTime(core::Time t) const {
  return wallStart_ + std::chrono::duration_cast<std::chrono::system_clock::duration>(t);
}

void IoClock::clear() {
  core::TimerQueue dropped;
  {
    std::lock_guard lock(mutex_);
    std::swap(dropped, queue_);
  }
}

void IoClock::arm() {
  std::optional<core::Time> next;
  {
    std::lock_guard lock(mutex_);
    next = queue_.nextTime();
    armed_.store(next.value_or(core::kNever).count(), std::memory_order_relaxed);
  }
  if (!next || *next == timerAt_) return;  // re-arming costs a system call: only when it changes
  const core::Time farthest = now() + std::chrono::hours(24 * 365);  // steady_clock's range
  timerAt_ = *next;
  timer_.expires_at(steadyStart_ + std::min(*next, farthest));
  timer_.async_wait([this](boost::system::error_code ec) {
    if (ec) return;
    timerAt_ = core::kNever;
    runDue();
  });
}

void IoClock::runDue() {
  running_ = true;
  struct Reset {
    bool& running;
    ~Reset() { running = false; }
  } reset{running_};
  for (;;) {
    std::optional<std::pair<core::Time, core::Task>> due;
    {
      std::lock_guard lock(mutex_);
      due = queue_.popDue(now(), true);
    }
    if (!due) break;
    try {
      due->second();
    } catch (const std::exception& e) {
      reportFailedTask(e);
    }
  }
  arm();
}

bool IoClock::enterHere() {
  // The thread first: running_ is the loop thread's alone.
  if (!ioc_.get_executor().running_in_this_thread() || running_) return false;
  if (armed_.load(std::memory_order_relaxed) <= now().count()) return false;  // those go first
  running_ = true;
  return true;
}

namespace {

// Counts an idle period's end (the loop's thread alone writes: no RMW).
void count(std::atomic<std::uint64_t>& n) { n.store(n.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }

}  // namespace

// io_context::run, polling first for up to the window before each wait.
// A poll that finds nothing yields: the peer we wait for may be queued for
// this very CPU.
void EventLoop::Impl::run() {
  using Steady = std::chrono::steady_clock;
  while (!ioc.stopped()) {
    const auto from = Steady::now();
    const auto until = from + idle.window();
    std::size_t ran = 0;
    while (ran == 0 && Steady::now() < until && !ioc.stopped()) {
      ran = ioc.poll();
      if (ran == 0) sched_yield();
    }
    if (ran > 0) {
      count(polled);
    } else {
      ioc.run_one();
      count(waited);
    }
    idle.idled(Steady::now() - from);
  }
}

EventLoop::EventLoop(LoopOptions options) : impl_(std::make_unique<Impl>(options)) {}

EventLoop::~EventLoop() {
  stop();
  impl_->clock.clear();
}

core::Clock& EventLoop::clock() { return impl_->clock; }

boost::asio::io_context& EventLoop::ioContext() { return impl_->ioc; }

void EventLoop::start() {
  if (impl_->running.exchange(true)) return;
  impl_->ioc.restart();
  impl_->thread = std::thread([impl = impl_.get()] { impl->run(); });
}

void EventLoop::stop() {
  if (!impl_->running.exchange(false)) return;
  impl_->ioc.stop();
  if (impl_->thread.joinable()) impl_->thread.join();
}

bool EventLoop::running() const { return impl_->running; }

EventLoop::IdleCounts EventLoop::idleCounts() const {
  return {impl_->polled.load(std::memory_order_relaxed), impl_->waited.load(std::memory_order_relaxed)};
}

}  // namespace autolife::net
