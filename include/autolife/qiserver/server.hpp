// The qi server of `autolife serve` (docs/qi.md): NAOqi clients (libqi's
// C++ and Python `qi`, qicli) connect as to a robot: the capability
// handshake, the ServiceDirectory, every engine service as a qi object
// with its metaObject, calls, errors, signals, properties, and
// ALMemory.subscriber(key); the services clients register join the
// engine's registry. It runs on the same EventLoop as the JSON-RPC
// API: a call reaches the engine on the engine's thread (or, for a
// listener beside an engine on another clock, on the loop's thread).
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "autolife/engine/access.hpp"
#include "autolife/net/event_loop.hpp"
#include "autolife/qi/error.hpp"

namespace autolife::qiserver {

// NAOqi's own address: clients written for a robot connect there unchanged.
constexpr const char* kDefaultUrl = "tcp://127.0.0.1:9559";

struct ServerOptions {
  std::string url = kDefaultUrl;  // net::parseUrl's, UrlUse::Listen (port 0: any free one)
  // For tcps:// (TLS): the PEM certificate (chain) and its key.
  std::filesystem::path certificate, key;
  // When not empty, a client must send it as `auth_token` in its capability
  // map (what libqi clients send as credentials) before anything else.
  std::string token;
  qi::Limits limits;
  std::size_t maxConnections = 64;
  // A client that does not read: its connection closes when this many bytes
  // wait to be sent to it.
  std::size_t maxQueuedBytes = 32u << 20;
  // A client that stops in the middle of a message: closed after this long.
  std::chrono::milliseconds stallTimeout{30000};
  // How long a thread that calls a client's service (a box's ALProxy) waits
  // for its answer (docs/qi.md, "Services of clients").
  std::chrono::milliseconds clientCallTimeout{60000};
  // Answer a robot action (say, a motion) once done, as NAOqi does, on the
  // real clock; false beside an engine in virtual time: answered at once.
  bool waitForActions = true;
};

class Server {
public:
  // The engine must run on `loop.clock()`; both must outlive the server.
  Server(engine::ServiceAccess engine, net::EventLoop& loop, ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds and listens; returns the URL as bound ("tcp://127.0.0.1:9559",
  // "tcps://..."). Throws std::invalid_argument for a bad URL or a tcps://
  // without certificate, std::runtime_error when it cannot listen or use
  // the certificate.
  std::string start();
  unsigned short port() const;
  // Closes the listener and every connection. Idempotent.
  void stop();

  struct Impl;

private:
  std::shared_ptr<Impl> impl_;
};

}  // namespace autolife::qiserver
