// Answers that come later. A method of a service living in another process
// (a package's service, a qi client's: docs/packages.md "Package
// services") is answered when that process answers. Who calls decides how
// to wait:
//
// - a caller that can take the answer later without holding its thread
//   (the qi server, the JSON-RPC API: their thread is the engine's) opens a
//   LaterScope around the call; the handler hands its PendingAnswer over
//   with answerLater() and returns null, and the caller answers its client
//   when the PendingAnswer settles;
// - any other caller (a box thread, a scenario step) gets nothing from
//   answerLater(), and the handler waits for the answer itself.
//
// Only the outermost registry call of a scope may be answered later: a
// handler that calls another service inside a scope gets that service's
// answer as usual.
#pragma once

#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "autolife/service/service.hpp"

namespace autolife::service {

class PendingAnswer {
public:
  // Exactly one of `value` (non-null) and `error` is set.
  using Done = std::function<void(const Any* value, std::exception_ptr error)>;

  // The first of resolve() and fail() settles it; later ones are ignored.
  void resolve(Any value);
  void fail(std::exception_ptr error);
  // Runs `done` once settled: at once (here) if it is, else on the thread that settles it.
  void then(Done done);
  bool settled() const;
  // Waits up to `timeout`: the value, or the error rethrown; CallError
  // "timeout" naming `what` when nothing came.
  Any wait(std::chrono::milliseconds timeout, const std::string& what);

private:
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::optional<Any> value_;
  std::exception_ptr error_;
  std::vector<Done> waiting_;
};

// While it lives, the outermost registry call this thread makes may be
// answered later (nested scopes: the innermost counts).
class LaterScope {
public:
  LaterScope();
  ~LaterScope();
  LaterScope(const LaterScope&) = delete;
  LaterScope& operator=(const LaterScope&) = delete;
  // The answer the call handed over, or null when it answered at once.
  std::shared_ptr<PendingAnswer> taken() const { return taken_; }

private:
  friend bool answerLater(const std::shared_ptr<PendingAnswer>& answer);
  LaterScope* previous_;
  int depth_;
  std::shared_ptr<PendingAnswer> taken_;
};

// In a handler: true when the caller takes `answer` later (return null
// then); false when the handler must wait for it itself.
bool answerLater(const std::shared_ptr<PendingAnswer>& answer);

// Registry::call counts how deep calls nest on this thread.
class CallDepth {
public:
  CallDepth();
  ~CallDepth();
  CallDepth(const CallDepth&) = delete;
  CallDepth& operator=(const CallDepth&) = delete;
};

}  // namespace autolife::service
