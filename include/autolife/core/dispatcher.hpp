// A serial queue of notifications. Whichever thread finds the queue idle
// drains it; tasks queued meanwhile (by that thread's own callbacks or by
// other threads) run after, in the order they were queued. This keeps
// notifications in write order even when a callback writes again, and lets
// engine code queue work while it holds a lock and run it once released.
#pragma once

#include <atomic>
#include <deque>
#include <functional>
#include <mutex>
#include <string>

namespace autolife::core {

class Dispatcher {
public:
  using Task = std::function<void()>;
  using ErrorHandler = std::function<void(const std::string&)>;

  // Queues `task`; it runs at the next drain().
  void post(Task task);
  // Runs queued tasks until the queue is empty, unless another drain is
  // already in progress (on this thread or another), which will run them.
  void drain() {
    // Inline: every memory write drains, and almost always finds nothing.
    if (queued_.load(std::memory_order_acquire) != 0) drainQueued();
  }
  void dispatch(Task task) {
    post(std::move(task));
    drain();
  }
  // A task that throws is reported here (default: stderr) and the queue goes
  // on: a user's callback never stops the engine.
  void setErrorHandler(ErrorHandler handler);

  // While any Hold lives (on any thread), queued tasks wait; the last Hold
  // to end drains them. A state machine holds across a transition, so that
  // listeners never see (or re-enter) it half-way, even when another thread
  // is delivering meanwhile: its drain pauses before the next task.
  class Hold {
  public:
    explicit Hold(Dispatcher& d);
    ~Hold();
    Hold(const Hold&) = delete;
    Hold& operator=(const Hold&) = delete;

  private:
    Dispatcher& dispatcher_;
  };

private:
  void drainQueued();

  std::mutex mutex_;
  std::deque<Task> queue_;
  std::atomic<std::size_t> queued_{0};  // drain() returns at once, lock-free, when 0
  bool draining_ = false;
  int holds_ = 0;
  ErrorHandler onError_;
};

}  // namespace autolife::core
