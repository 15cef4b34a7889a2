// The network API's server (docs/api.md): JSON-RPC 2.0 over WebSocket and
// single calls over HTTP POST, both at /api, on one network thread; calls
// run on the engine's clock thread, one at a time, in arrival order.
#pragma once

#include <memory>
#include <string>

#include "autolife/api/limits.hpp"
#include "autolife/engine/engine.hpp"

namespace autolife::api {

struct ServerOptions {
  std::string host = "127.0.0.1";
  unsigned short port = 8765;  // 0: any free port
  std::string token;           // when not empty, every client must present it
  Limits limits;
};

class Server {
public:
  // The engine must be driven by a running clock (RealClock) and outlive
  // the server.
  Server(engine::Engine& engine, ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds, listens and starts the network thread; returns "address:port"
  // as bound. Throws std::runtime_error when it cannot bind.
  std::string start();
  unsigned short port() const;
  // Closes every connection and joins the network thread; calls already
  // handed to the engine finish first. Idempotent.
  void stop();

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace autolife::api
