// One client connection, whatever its transport: reads a message (a request
// or a batch), answers what is wrong with it at once, applies the rate
// limit, and runs the calls on the engine's thread. HTTP and WebSocket
// sessions both feed it.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "autolife/api/api.hpp"

namespace autolife::api {

// Receives the response text; empty when the message needed none (only
// notifications). Thread-safe: called from the engine's thread or at once.
using Answer = std::function<void(std::string)>;

class RequestReader;

class Connection {
public:
  // `push` carries notifications (subscriptions), `streaming` tells whether
  // there is somewhere to push them (WebSocket) or not (HTTP).
  Connection(std::shared_ptr<Api> api, Sink push, bool streaming);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Handles one message. Calls `answer` exactly once.
  void receive(std::string_view message, Answer answer);
  // A message longer than the limit: an error naming the limit.
  void tooLarge(Answer answer) const;

private:
  struct Parsed;
  Parsed parse(std::string_view message);
  void receiveOne(Request& request, Answer answer);  // moved from only when the call waits for the engine
  RpcError rateLimited() const;
  std::shared_ptr<Api> api_;
  std::shared_ptr<Client> client_;
  RateLimiter limiter_;
  std::unique_ptr<RequestReader> reader_;  // the common request, read without a JSON tree
};

}  // namespace autolife::api
