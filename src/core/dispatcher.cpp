#include "autolife/core/dispatcher.hpp"

#include <exception>
#include <iostream>

namespace autolife::core {

void Dispatcher::post(Task task) {
  std::lock_guard lock(mutex_);
  queue_.push_back(std::move(task));
  queued_.fetch_add(1, std::memory_order_release);
}

void Dispatcher::setErrorHandler(ErrorHandler handler) {
  std::lock_guard lock(mutex_);
  onError_ = std::move(handler);
}

Dispatcher::Hold::Hold(Dispatcher& d) : dispatcher_(d) {
  std::lock_guard lock(d.mutex_);
  ++d.holds_;
}

Dispatcher::Hold::~Hold() {
  {
    std::lock_guard lock(dispatcher_.mutex_);
    --dispatcher_.holds_;
  }
  dispatcher_.drain();
}

void Dispatcher::drainQueued() {
  {
    std::lock_guard lock(mutex_);
    if (draining_ || holds_ > 0 || queue_.empty()) return;
    draining_ = true;
  }
  for (;;) {
    Task next;
    ErrorHandler onError;
    {
      std::lock_guard lock(mutex_);
      // Another thread's Hold pauses delivery; the last Hold to end resumes
      // it. (A task's own Hold has ended when the task returns.)
      if (queue_.empty() || holds_ > 0) {
        draining_ = false;
        return;
      }
      next = std::move(queue_.front());
      queue_.pop_front();
      queued_.fetch_sub(1, std::memory_order_release);
      onError = onError_;
    }
    try {
      next();
    } catch (const std::exception& e) {
      if (onError) onError(e.what());
      else std::cerr << "autolife: a callback failed: " << e.what() << '\n';
    } catch (...) {
      if (onError) onError("unknown exception");
      else std::cerr << "autolife: a callback failed with an unknown exception\n";
    }
  }
}

}  // namespace autolife::core
