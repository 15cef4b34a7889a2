// JSON-RPC calls heard on autolife/ROBOT/call (docs/fleet.md, "Calls"),
// answered on the MQTT 5 response topic with the request's correlation
// data. The network API's own request handling does the work
// (api::Connection: the same methods, limits, refusals and errors as a
// WebSocket or HTTP client gets; subscriptions are refused as over HTTP,
// the events being on the broker already): this only carries messages to
// the engine's thread and answers back.
//
// What cannot be answered is refused and logged, never thrown: a call
// without a response topic (logged on the 1st, 10th, 100th... such call),
// an answer the broker will not take (a response topic with wildcards).
// A message over the API's size limit is answered message-too-large
// without being read; more than Limits::maxInFlight calls waiting for the
// engine, too-many-calls.
#pragma once

#include <functional>
#include <memory>

#include "autolife/api/limits.hpp"
#include "autolife/engine/access.hpp"
#include "autolife/fleet/broadcaster.hpp"
#include "autolife/mqtt/client.hpp"

namespace autolife::fleet {

class Calls {
public:
  // Where an answer goes: published on its response topic (false: the
  // client could not, which is logged).
  using Answer = std::function<bool(const mqtt::Message&)>;

  // The engine must outlive this object and every task it posted.
  Calls(engine::ServiceAccess engine, api::Limits limits, Answer answer, Log log);
  ~Calls();
  Calls(const Calls&) = delete;
  Calls& operator=(const Calls&) = delete;

  // A message heard on the call topic, on any thread (the client's).
  void heard(const mqtt::Message& message);
  // Calls heard from now on are dropped, answers not yet given are not sent.
  void close();

private:
  struct State;  // calls.cpp
  std::shared_ptr<State> state_;
};

}  // namespace autolife::fleet
