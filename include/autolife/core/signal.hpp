// A thread-safe signal: callbacks connected to it are called, in connection
// order, each time it is emitted. Emission works on a snapshot, so a callback
// may connect or disconnect (itself included) while being called. A callback
// that throws does not stop the others; the first exception is rethrown once
// all have run.
#pragma once

#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace autolife::core {

using SignalLink = std::uint64_t;

template <class... Args>
class Signal {
public:
  using Callback = std::function<void(Args...)>;

  SignalLink connect(Callback cb) {
    std::lock_guard lock(mutex_);
    auto next = std::make_shared<Slots>(*slots_);
    SignalLink link = nextLink_++;
    next->emplace_back(link, std::make_shared<Callback>(std::move(cb)));
    slots_ = std::move(next);
    return link;
  }

  bool disconnect(SignalLink link) {
    std::lock_guard lock(mutex_);
    auto next = std::make_shared<Slots>(*slots_);
    auto before = next->size();
    std::erase_if(*next, [link](const auto& s) { return s.first == link; });
    bool removed = next->size() != before;
    slots_ = std::move(next);
    return removed;
  }

  void disconnectAll() {
    std::lock_guard lock(mutex_);
    slots_ = std::make_shared<Slots>();
  }

  void operator()(Args... args) const {
    std::shared_ptr<const Slots> snapshot;
    {
      std::lock_guard lock(mutex_);
      snapshot = slots_;
    }
    std::exception_ptr failure;
    for (const auto& [link, cb] : *snapshot) {
      try {
        (*cb)(args...);
      } catch (...) {
        if (!failure) failure = std::current_exception();
      }
    }
    if (failure) std::rethrow_exception(failure);
  }

  std::size_t size() const {
    std::lock_guard lock(mutex_);
    return slots_->size();
  }

private:
  using Slots = std::vector<std::pair<SignalLink, std::shared_ptr<Callback>>>;
  mutable std::mutex mutex_;
  std::shared_ptr<const Slots> slots_ = std::make_shared<Slots>();
  SignalLink nextLink_ = 1;
};

}  // namespace autolife::core
