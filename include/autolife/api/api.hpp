// The network API's methods (docs/api.md): every registered service method
// as "Service.method", and the API's own `describe`, `subscribe`,
// `unsubscribe`. Runs on the engine's thread: the transports hand requests
// over and get responses back (see Connection).
#pragma once

#include <functional>
#include <memory>
#include <string_view>

#include "autolife/api/json_rpc.hpp"
#include "autolife/api/limits.hpp"
#include "autolife/api/subscriptions.hpp"
#include "autolife/engine/access.hpp"

namespace autolife::api {

// One client, as the API sees it. Only streaming clients (WebSocket) can
// subscribe: an HTTP call has nowhere to be notified.
struct Client {
  Client(engine::ServiceAccess engine, Sink sink, bool streaming, const Limits& limits)
      : streaming(streaming), subscriptions(engine, std::move(sink), limits.maxSubscriptions) {}
  bool streaming;
  Subscriptions subscriptions;
};

// Where a response goes. Called once, at once or (a method that answers
// later: a robot's) afterwards, on the engine's thread; the text is valid
// during the call only. What answers later holds the responder by keep().
// The WebSocket session is its own responder: a call answered at once
// allocates nothing for it (docs/performance.md).
class Responder {
public:
  virtual ~Responder() = default;
  // The response's text; empty for a notification, which gets none.
  virtual void respond(std::string_view text) = 0;
  // This responder, kept alive until an answer that comes later.
  virtual std::shared_ptr<Responder> keep() = 0;
};

// A responder that calls `f` (the HTTP session, tests, the fuzzer).
std::shared_ptr<Responder> responder(std::function<void(std::string_view)> f);

// Always owned by a shared_ptr: a call that answers later keeps it.
class Api : public std::enable_shared_from_this<Api> {
public:
  Api(engine::ServiceAccess engine, Limits limits) : engine_(engine), limits_(limits) {}

  engine::ServiceAccess engine() { return engine_; }
  const Limits& limits() const { return limits_; }

  // The response to `request` ("" for a notification), handed to `to` on
  // the engine's thread: at once, or, for a method that answers later (a
  // robot's service), when it does; the engine's thread does not wait for
  // it meanwhile. Never throws.
  void execute(const Request& request, Client& client, Responder& to);
  // Every service with its methods and signals.
  Json describe() const;

private:
  Json dispatch(const Request& request, Client& client);
  Json subscribe(const core::Value& params, Client& client);
  Json unsubscribe(const core::Value& params, Client& client);

  engine::ServiceAccess engine_;
  Limits limits_;
};

// Positional arguments for `method` of `service` from JSON-RPC params: an
// array as is, an object (a Map) by parameter name (the overload whose
// parameters are exactly the object's members). CallError wrong-arity
// otherwise.
service::Arguments argumentsFor(const service::Service& service, std::string_view method, const core::Value& params);

}  // namespace autolife::api
