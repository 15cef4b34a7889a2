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

class RequestReader;

class Connection {
public:
  // `push` carries notifications (subscriptions), `streaming` tells whether
  // there is somewhere to push them (WebSocket) or not (HTTP).
  Connection(std::shared_ptr<Api> api, Sink push, bool streaming);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Handles one message. Responds exactly once: an empty text when the
  // message needed no response (only notifications).
  void receive(std::string_view message, Responder& to);
  // A message longer than the limit: an error naming the limit.
  void tooLarge(Responder& to) const;

  struct Parsed;  // a message read the long way (connection.cpp)

private:
  Parsed parse(std::string_view message);
  void receiveOne(Request& request, Responder& to);  // moved from only when the call waits for the engine
  RpcError rateLimited() const;
  std::shared_ptr<Api> api_;
  std::shared_ptr<Client> client_;
  RateLimiter limiter_;
  std::unique_ptr<RequestReader> reader_;  // the common request, read without a JSON tree
  Request request_;                        // into which it reads: its memory serves every message
};

}  // namespace autolife::api
