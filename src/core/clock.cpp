#include "autolife/core/clock.hpp"

#include <algorithm>
#include <cstdio>

namespace autolife::core {

void Clock::reportFailedTask(const std::exception& e) noexcept {
  std::fprintf(stderr, "autolife: an engine task failed: %s\n", e.what());
}

// ---- TimerQueue --------------------------------------------------------

bool TimerQueue::Entry::operator>(const Entry& o) const {
  if (at != o.at) return at > o.at;
  if (phase != o.phase) return phase > o.phase;
  return id > o.id;
}

TimerId TimerQueue::push(Time at, Phase phase, Task task) {
  TimerId id = nextId_++;
  pushReserved(at, phase, id, std::move(task));
  return id;
}

TimerId TimerQueue::reserve(std::size_t n) {
  const TimerId first = nextId_;
  nextId_ += n;
  return first;
}

void TimerQueue::pushReserved(Time at, Phase phase, TimerId id, Task task) {
  tasks_.emplace(id, std::move(task));
  heap_.push_back({at, phase, id});
  std::push_heap(heap_.begin(), heap_.end(), std::greater<>());
}

bool TimerQueue::cancel(TimerId id) {
  // The heap entry stays until it reaches the top; dropCancelled skips it.
  return tasks_.erase(id) > 0;
}

void TimerQueue::dropCancelled() {
  while (!heap_.empty() && !tasks_.contains(heap_.front().id)) {
    std::pop_heap(heap_.begin(), heap_.end(), std::greater<>());
    heap_.pop_back();
  }
}

std::optional<Time> TimerQueue::nextTime() {
  dropCancelled();
  if (heap_.empty()) return std::nullopt;
  return heap_.front().at;
}

std::optional<std::pair<Time, Task>> TimerQueue::popDue(Time limit, bool inclusive) {
  dropCancelled();
  if (heap_.empty()) return std::nullopt;
  Entry top = heap_.front();
  if (inclusive ? top.at > limit : top.at >= limit) return std::nullopt;
  std::pop_heap(heap_.begin(), heap_.end(), std::greater<>());
  heap_.pop_back();
  auto node = tasks_.extract(top.id);
  return std::make_pair(top.at, std::move(node.mapped()));
}

// ---- VirtualClock ------------------------------------------------------

std::chrono::system_clock::time_point VirtualClock::defaultWallStart() {
  using namespace std::chrono;
  return sys_days{year{2026} / January / 5} + hours{9};
}

VirtualClock::VirtualClock(std::chrono::system_clock::time_point wallStart)
    : wallStart_(wallStart) {}

Time VirtualClock::now() const { return Time(now_.load(std::memory_order_acquire)); }

void VirtualClock::setNow(Time t) {
  std::int64_t current = now_.load(std::memory_order_relaxed);
  while (t.count() > current && !now_.compare_exchange_weak(current, t.count(), std::memory_order_release)) {
  }
}

TimerId VirtualClock::schedule(Time at, Task task, Phase phase) {
  std::lock_guard lock(mutex_);
  at = std::max(at, now());
  if (at.count() < earliest_.load(std::memory_order_relaxed)) earliest_.store(at.count(), std::memory_order_release);
  return queue_.push(at, phase, std::move(task));
}

TimerId VirtualClock::reserve(std::size_t n) {
  std::lock_guard lock(mutex_);
  return queue_.reserve(n);
}

void VirtualClock::scheduleReserved(Time at, TimerId order, Task task, Phase phase) {
  std::lock_guard lock(mutex_);
  at = std::max(at, now());
  if (at.count() < earliest_.load(std::memory_order_relaxed)) earliest_.store(at.count(), std::memory_order_release);
  queue_.pushReserved(at, phase, order, std::move(task));
}

bool VirtualClock::cancel(TimerId id) {
  std::lock_guard lock(mutex_);
  return queue_.cancel(id);
}

std::chrono::system_clock::time_point VirtualClock::wallTime(Time t) const {
  return wallStart_ + std::chrono::duration_cast<std::chrono::system_clock::duration>(t);
}

void VirtualClock::runDue(Time limit, bool inclusive) {
  for (;;) {
    const std::int64_t earliest = earliest_.load(std::memory_order_acquire);
    if (inclusive ? earliest > limit.count() : earliest >= limit.count()) {
      setNow(limit);  // nothing due: no lock
      return;
    }
    std::optional<std::pair<Time, Task>> next;
    {
      std::lock_guard lock(mutex_);
      next = queue_.popDue(limit, inclusive);
      earliest_.store(queue_.nextTime().value_or(kNever).count(), std::memory_order_release);
      if (!next) {
        setNow(limit);
        return;
      }
      setNow(next->first);
    }
    next->second();  // outside the lock: tasks schedule more tasks
    if (afterEachTask_) afterEachTask_();
  }
}

void VirtualClock::setAfterEachTask(Task hook) { afterEachTask_ = std::move(hook); }

void VirtualClock::advanceTo(Time t) { runDue(t, false); }
void VirtualClock::runUntil(Time t) { runDue(t, true); }

bool VirtualClock::runNext() {
  std::optional<std::pair<Time, Task>> next;
  {
    std::lock_guard lock(mutex_);
    next = queue_.popDue(kNever, true);
    earliest_.store(queue_.nextTime().value_or(kNever).count(), std::memory_order_release);
    if (!next) return false;
    setNow(next->first);
  }
  next->second();
  if (afterEachTask_) afterEachTask_();
  return true;
}

std::optional<Time> VirtualClock::nextEventTime() {
  std::lock_guard lock(mutex_);
  return queue_.nextTime();
}

std::size_t VirtualClock::pending() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

// ---- RealClock ---------------------------------------------------------

RealClock::RealClock()
    : steadyStart_(std::chrono::steady_clock::now()),
      wallStart_(std::chrono::system_clock::now()),
      worker_([this] { run(); }) {}

RealClock::~RealClock() { stop(); }

void RealClock::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  std::lock_guard join(joinMutex_);
  if (worker_.joinable() && worker_.get_id() != std::this_thread::get_id()) worker_.join();
}

Time RealClock::now() const {
  return std::chrono::duration_cast<Time>(std::chrono::steady_clock::now() - steadyStart_);
}

TimerId RealClock::schedule(Time at, Task task, Phase phase) {
  TimerId id;
  {
    std::lock_guard lock(mutex_);
    id = queue_.push(at, phase, std::move(task));
  }
  wake_.notify_all();
  return id;
}

bool RealClock::cancel(TimerId id) {
  std::lock_guard lock(mutex_);
  return queue_.cancel(id);
}

std::chrono::system_clock::time_point RealClock::wallTime(Time t) const {
  return wallStart_ + std::chrono::duration_cast<std::chrono::system_clock::duration>(t);
}

void RealClock::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    auto next = queue_.nextTime();
    if (!next) {
      wake_.wait(lock);
      continue;
    }
    if (*next > now()) {
      wake_.wait_until(lock, steadyStart_ + *next);
      continue;  // re-check: an earlier task may have been scheduled
    }
    auto due = queue_.popDue(now(), true);
    if (!due) continue;
    lock.unlock();
    due->second();
    lock.lock();
  }
}

}  // namespace autolife::core
