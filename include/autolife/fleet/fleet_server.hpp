// `autolife fleet` (docs/fleet.md): every robot the broker knows, on one
// page. A broker client follows the robots' topics (retained: the broker
// hands over what each robot keeps at once) into a FleetView; the page is
// served by the network API's own server (api::Server, on a registry of one
// service, `Fleet`) and talks to it over its WebSocket like the dashboard:
//
//   Fleet.robots()                 every robot (FleetView's maps)
//   Fleet.broker()                 {"url", "connected"}
//   Fleet.call(robot, method, params)
//                                  a JSON-RPC call to the robot over the
//                                  broker, answered with its result or its
//                                  refusal (robot-offline, broker-unreachable,
//                                  robot-timeout, or the robot's own)
//   signal Fleet.robot(change)     {"name", <what changed>: value}
//   signal Fleet.broker(status)    as broker()
//
// A robot's dashboard link is shown when a TCP connection to it succeeds
// from here (tried when its address or its online flag changes).
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "autolife/fleet/broadcaster.hpp"
#include "autolife/mqtt/client.hpp"
#include "autolife/net/event_loop.hpp"

namespace autolife::fleet {

struct FleetOptions {
  mqtt::ClientOptions client;  // the broker, credentials, TLS
  std::string host = "127.0.0.1";
  unsigned short port = 8770;  // 0: any free one
  std::string token;           // the page's API token ("": none, loopback only)
  std::chrono::milliseconds callTimeout{10000};
  Log log;
};

class FleetServer {
public:
  // `loop` must outlive the server.
  FleetServer(net::EventLoop& loop, FleetOptions options);
  ~FleetServer();
  FleetServer(const FleetServer&) = delete;
  FleetServer& operator=(const FleetServer&) = delete;

  // Listens (std::runtime_error when it cannot) and connects to the broker
  // in the background; the page's address, "HOST:PORT".
  std::string start();
  void stop();

private:
  struct Impl;  // fleet_server.cpp
  std::shared_ptr<Impl> impl_;
};

}  // namespace autolife::fleet
