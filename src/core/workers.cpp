#include "autolife/core/workers.hpp"

#include <algorithm>
#include <iostream>

namespace autolife::core {

struct Workers::Task {
  Group group = 0;
  std::function<void()> body;
  std::thread thread;
  bool sleeping = false;  // waiting for a deadline (or a cancel)
  TimerId wake = 0;
};

namespace {

thread_local Workers* currentWorkers = nullptr;
thread_local void* currentTask = nullptr;

}  // namespace

Workers::Workers(Clock& clock, Mode mode) : clock_(clock), mode_(mode) {}

Workers::~Workers() { shutdown(); }

void Workers::shutdown() {
  {
    std::lock_guard lock(mutex_);
    for (auto& [group, size] : groupSize_) cancelled_[group] = true;
  }
  for (;;) {
    std::vector<Group> groups;
    {
      std::lock_guard lock(mutex_);
      if (tasks_.empty()) break;
      for (auto& [group, size] : groupSize_) groups.push_back(group);
    }
    for (auto g : groups) cancel(g);
    if (mode_ == Mode::Virtual) settle();
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, std::chrono::milliseconds(10), [&] { return tasks_.empty() || !ready_.empty(); });
  }
  std::vector<std::thread> threads;
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
    threads.swap(finished_);
  }
  for (auto& t : threads) t.join();
}

void Workers::spawn(Group group, std::function<void()> body) {
  std::vector<std::thread> ended;
  {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    auto owned = std::make_unique<Task>();
    Task* task = owned.get();
    task->group = group;
    task->body = std::move(body);
    tasks_[task] = std::move(owned);
    ++groupSize_[group];
    if (mode_ == Mode::Virtual) ready_.push_back(task);
    // Started under the lock: run() waits for it, so `thread` is set first.
    task->thread = std::thread([this, task] { run(task); });
    ended.swap(finished_);
  }
  for (auto& t : ended) t.join();
}

void Workers::run(Task* task) {
  currentWorkers = this;
  currentTask = task;
  {
    std::unique_lock lock(mutex_);
    if (mode_ == Mode::Virtual) changed_.wait(lock, [&] { return turn_ == task; });
  }
  if (!cancelled(task->group)) {
    // A task reports its own errors; what escapes it is a bug, said out loud.
    try {
      task->body();
    } catch (const std::exception& e) {
      std::cerr << "autolife: a task failed: " << e.what() << '\n';
    } catch (...) {
      std::cerr << "autolife: a task failed with an unknown exception\n";
    }
  }
  std::unique_lock lock(mutex_);
  if (mode_ == Mode::Virtual) giveBack(lock);
  if (--groupSize_[task->group] == 0) {
    groupSize_.erase(task->group);
    cancelled_.erase(task->group);  // groups are not reused: forget it (bounded memory)
  }
  finished_.push_back(std::move(task->thread));
  tasks_.erase(task);
  changed_.notify_all();
}

// Virtual time: the driver waits while the task whose turn it is runs.
void Workers::hand(Task* next, std::unique_lock<std::mutex>& lock) {
  turn_ = next;
  changed_.notify_all();
  changed_.wait(lock, [&] { return turn_ == nullptr; });
}

void Workers::giveBack(std::unique_lock<std::mutex>&) {
  turn_ = nullptr;
  changed_.notify_all();
}

void Workers::settle() {
  if (mode_ != Mode::Virtual) return;
  std::vector<std::thread> ended;
  {
    std::unique_lock lock(mutex_);
    while (!ready_.empty()) {
      Task* next = ready_.front();
      ready_.pop_front();
      hand(next, lock);
    }
    ended.swap(finished_);
  }
  for (auto& t : ended) t.join();
}

bool Workers::sleepUntil(Time t) {
  Task* task = currentWorkers == this ? static_cast<Task*>(currentTask) : nullptr;
  std::unique_lock lock(mutex_);
  if (task && cancelled_[task->group]) return false;
  if (mode_ == Mode::Real || !task) {
    // Real time, or a thread that is not one of ours (a box's own
    // threading.Thread): wait until the clock gets there, or a cancel.
    const Group group = task ? task->group : 0;
    auto done = std::make_shared<bool>(false);
    TimerId timer = clock_.schedule(t, [this, done] {
      std::lock_guard l(mutex_);
      *done = true;
      changed_.notify_all();
    });
    changed_.wait(lock, [&] { return *done || (task && cancelled_[group]); });
    clock_.cancel(timer);
    return !(task && cancelled_[group]);
  }
  // Virtual time: give the turn back until the clock wakes us at `t`.
  task->sleeping = true;
  task->wake = clock_.schedule(t, [this, task] {
    std::lock_guard l(mutex_);
    if (!task->sleeping) return;  // woken by a cancel meanwhile
    task->sleeping = false;
    ready_.push_back(task);
  });
  giveBack(lock);
  changed_.wait(lock, [&] { return turn_ == task; });
  return !cancelled_[task->group];
}

void Workers::cancel(Group group) {
  std::vector<TimerId> timers;
  {
    std::lock_guard lock(mutex_);
    cancelled_[group] = true;
    for (auto& [ptr, task] : tasks_) {
      if (task->group != group || !task->sleeping) continue;
      task->sleeping = false;
      timers.push_back(task->wake);
      if (mode_ == Mode::Virtual) ready_.push_back(ptr);
    }
    changed_.notify_all();
  }
  for (auto id : timers) clock_.cancel(id);
}

bool Workers::cancelled(Group group) const {
  std::lock_guard lock(mutex_);
  auto it = cancelled_.find(group);
  return it != cancelled_.end() && it->second;
}

bool Workers::insideTask() const { return currentWorkers == this && currentTask != nullptr; }

Workers::Group Workers::currentGroup() const {
  if (!insideTask()) return 0;
  return static_cast<Task*>(currentTask)->group;
}

std::size_t Workers::live() const {
  std::lock_guard lock(mutex_);
  return tasks_.size();
}

void Workers::join(Group group) {
  for (;;) {
    if (mode_ == Mode::Virtual) settle();
    std::unique_lock lock(mutex_);
    if (!groupSize_.contains(group)) return;
    changed_.wait_for(lock, std::chrono::milliseconds(10));
  }
}

}  // namespace autolife::core
