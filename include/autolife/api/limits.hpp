// What one client may ask of the network API (docs/api.md "Limits"), and the
// per-connection rate limiter.
#pragma once

#include <chrono>
#include <cstddef>

namespace autolife::api {

struct Limits {
  std::size_t maxMessageBytes = 1 << 20;   // a request message (WebSocket) or body (HTTP)
  std::size_t maxDepth = 64;               // nesting of arrays and objects in a message
  std::size_t maxBatch = 100;              // requests in one batch
  double callsPerSecond = 100000;          // per connection (a burst of one second's worth)
  std::size_t maxConnections = 64;         // at once, WebSocket and HTTP
  std::size_t maxSubscriptions = 1000;     // per connection
  std::size_t maxInFlight = 256;           // calls of a connection not yet answered: reading pauses
  std::size_t maxQueuedBytes = 16 << 20;   // answers and notifications not yet sent: the connection closes
  // A WebSocket that sends nothing, not even the pong to the ping sent
  // halfway, for this long is closed (a peer gone without a word); 0: never.
  std::chrono::milliseconds idleTimeout{60000};
};

// A token bucket: `rate` tokens a second, at most `rate` saved up.
class RateLimiter {
public:
  using Clock = std::chrono::steady_clock;
  explicit RateLimiter(double rate, Clock::time_point now = Clock::now()) : rate_(rate), tokens_(rate), last_(now) {}
  // Takes `n` tokens if there are that many; false (nothing taken) otherwise.
  bool take(double n = 1, Clock::time_point now = Clock::now());

private:
  double rate_;
  double tokens_;
  Clock::time_point last_;
};

}  // namespace autolife::api
