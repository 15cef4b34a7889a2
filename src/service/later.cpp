#include "autolife/service/later.hpp"

namespace autolife::service {

namespace {

thread_local int callDepth = 0;
thread_local LaterScope* currentScope = nullptr;

}  // namespace

void PendingAnswer::resolve(Any value) {
  std::vector<Done> waiting;
  {
    std::lock_guard lock(mutex_);
    if (value_ || error_) return;
    value_ = std::move(value);
    waiting.swap(waiting_);
  }
  cv_.notify_all();
  for (auto& done : waiting) done(&*value_, nullptr);
}

void PendingAnswer::fail(std::exception_ptr error) {
  std::vector<Done> waiting;
  {
    std::lock_guard lock(mutex_);
    if (value_ || error_) return;
    error_ = std::move(error);
    waiting.swap(waiting_);
  }
  cv_.notify_all();
  for (auto& done : waiting) done(nullptr, error_);
}

void PendingAnswer::then(Done done) {
  {
    std::lock_guard lock(mutex_);
    if (!value_ && !error_) {
      waiting_.push_back(std::move(done));
      return;
    }
  }
  done(value_ ? &*value_ : nullptr, error_);  // settled: neither changes again
}

bool PendingAnswer::settled() const {
  std::lock_guard lock(mutex_);
  return value_ || error_;
}

Any PendingAnswer::wait(std::chrono::milliseconds timeout, const std::string& what) {
  std::unique_lock lock(mutex_);
  if (!cv_.wait_for(lock, timeout, [this] { return value_ || error_; }))
    throw CallError("timeout", what + " did not answer within " + std::to_string(timeout.count()) + " ms");
  if (error_) std::rethrow_exception(error_);
  return *value_;
}

LaterScope::LaterScope() : previous_(currentScope), depth_(callDepth) { currentScope = this; }

LaterScope::~LaterScope() { currentScope = previous_; }

bool answerLater(const std::shared_ptr<PendingAnswer>& answer) {
  LaterScope* scope = currentScope;
  // Only the call the scope was opened for: the one a level below it.
  if (!scope || scope->taken_ || callDepth != scope->depth_ + 1) return false;
  scope->taken_ = answer;
  return true;
}

CallDepth::CallDepth() { ++callDepth; }
CallDepth::~CallDepth() { --callDepth; }

}  // namespace autolife::service
