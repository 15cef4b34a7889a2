// The network API's server (docs/api.md): JSON-RPC 2.0 over WebSocket and
// single calls over HTTP POST, both at /api, on an EventLoop whose clock
// drives the engine: calls run one at a time, in arrival order, on the
// loop's thread.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "autolife/api/limits.hpp"
#include "autolife/dashboard/assets.hpp"
#include "autolife/engine/access.hpp"
#include "autolife/net/event_loop.hpp"

namespace autolife::api {

struct ServerOptions {
  std::string host = "127.0.0.1";
  unsigned short port = 8765;  // 0: any free port
  std::string token;           // when not empty, every client must present it
  Limits limits;
};

class Server {
public:
  // The engine must run on `loop.clock()`; both must outlive the server.
  Server(engine::ServiceAccess engine, net::EventLoop& loop, ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds and listens (the loop serves the connections once it runs);
  // returns "address:port" as bound. Throws std::runtime_error when it
  // cannot bind.
  std::string start();
  // The files a GET of any other path than /api serves, without a token:
  // the dashboard's unless this is called (`autolife fleet` serves its
  // page). Before start().
  using Files = std::function<std::optional<dashboard::Asset>(std::string_view path)>;
  void serveFiles(Files files);
  unsigned short port() const;
  // Stops accepting and closes every connection; answers not yet sent are
  // dropped. The engine and the loop go on. Idempotent.
  void stop();

private:
  struct Impl;
  std::shared_ptr<Impl> impl_;  // shared: what the loop runs for it holds it weakly
};

}  // namespace autolife::api
