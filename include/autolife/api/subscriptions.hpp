// One connection's subscriptions (docs/api.md "Subscriptions"): to a memory
// key's events (Life's events are memory keys: AutonomousLife/State...) and
// to a service's signals. Each delivery is a JSON-RPC notification handed to
// the connection's sink, from whichever thread the engine delivers on.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "autolife/core/signal.hpp"
#include "autolife/engine/access.hpp"

namespace autolife::memory {
class Subscriber;
}
namespace autolife::service {
class Service;
}

namespace autolife::api {

// Takes one serialised message for the client; thread-safe.
using Sink = std::function<void(std::string)>;

class Subscriptions {
public:
  Subscriptions(engine::ServiceAccess engine, Sink sink, std::size_t max);
  ~Subscriptions();
  Subscriptions(const Subscriptions&) = delete;
  Subscriptions& operator=(const Subscriptions&) = delete;

  // A new subscription's id. RpcError limit-exceeded beyond `max`;
  // CallError no-such-service / no-such-signal for an unknown signal.
  std::int64_t toEvent(const std::string& key);
  std::int64_t toSignal(const std::string& qualifiedSignal);  // "Service.signal"
  // ALExpressionWatcher.add(expression, reportMode)'s object, its signal
  // delivered as "expression" notifications; watched until unsubscribed.
  // CallError bad-expression (where and why) or bad-argument.
  std::int64_t toExpression(const std::string& expression, int reportMode);
  bool remove(std::int64_t id);
  void clear();
  std::size_t size() const;

private:
  struct Entry {
    std::shared_ptr<memory::Subscriber> subscriber;  // a memory event
    std::shared_ptr<service::Service> service;       // a signal
    core::SignalLink link = 0;
  };
  void reserve() const;
  static void disconnect(Entry& entry);

  engine::ServiceAccess engine_;
  std::shared_ptr<const Sink> sink_;
  std::size_t max_;
  mutable std::mutex mutex_;
  std::map<std::int64_t, Entry> entries_;
  std::int64_t next_ = 1;
};

}  // namespace autolife::api
