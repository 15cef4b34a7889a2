// One qi connection to a remote robot (a NAOqi, or another `autolife
// serve`), usable from any thread (docs/qi.md, "Connecting to a robot").
// It has a thread of its own, which owns the socket (plain or TLS): a call
// is sent from there and its answer comes back there, to the caller's
// reply, so nobody waits for the robot unless they choose to (call()). A
// NAOqi `say` answers when the sentence is said; meanwhile other calls go
// and come.
//
// Every failure is a service::CallError: `remote-error` when the robot
// answered with an error (its sentence), `robot-unreachable` when the
// connection is down, could not be made, or the robot did not answer
// within the call timeout. Nothing a peer sends or withholds gets further.
//
// When the robot goes: every call in flight fails, `onLost` is told once,
// and (with `reconnect`) the connection retries with backoff; calls made
// meanwhile fail at once. Once back, the services and their metaObjects
// are read again, every memory subscription is made again, and
// `onRestored` is told.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "autolife/qi/meta.hpp"
#include "autolife/service/service.hpp"

namespace autolife::remote {

struct ConnectionOptions {
  std::string url;  // tcp://HOST[:PORT] or tcps://HOST[:PORT] (net::parseUrl)
  // Credentials, as libqi sends them in the capability map: auth_user (NAOqi
  // 2.9) and auth_token (NAOqi 2.9, `autolife serve` beyond loopback).
  std::string user;
  std::string token;
  std::chrono::milliseconds connectTimeout{5000};  // the handshake and the service list
  std::chrono::milliseconds callTimeout{20000};    // one call's answer
  // After a loss: retry (serve) or stay down (play, simulate: fail fast).
  bool reconnect = false;
  std::chrono::milliseconds firstRetry{500};  // then doubled at each failure, up to maxRetry
  std::chrono::milliseconds maxRetry{10000};
};

// A service of the robot, as its directory and metaObject describe it.
struct RemoteService {
  std::string name;
  std::uint32_t id = 0;
  qi::MetaObject meta;
};

class Connection {
public:
  // Connects, does the handshake and lists the services with their
  // metaObjects. Throws CallError("robot-unreachable") saying why.
  explicit Connection(ConnectionOptions options);
  ~Connection();  // close()
  // Closes now (idempotent): calls in flight fail, later ones fail at once,
  // and no handler of this connection is called after it returns.
  void close();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  const std::string& url() const;
  // As last read (they may change when the robot comes back).
  std::vector<RemoteService> services() const;
  std::optional<RemoteService> service(const std::string& name) const;

  // Calls `method` of a service's main object, the overload of that arity,
  // with the arguments converted to its parameters. `reply` gets the
  // result, or the CallError, once, on the connection's thread
  // (at once, on the caller's, when the connection is down). It must not
  // wait on this connection.
  void callAsync(const std::string& service, const std::string& method, service::Arguments arguments,
                 service::Reply reply);
  // The same, waiting for the answer (not from the connection's thread).
  service::Any call(const std::string& service, const std::string& method, const service::Arguments& arguments);

  // Subscribes to ALMemory key `key` (ALMemory.subscriber(key), then its
  // `signal`), now and after every reconnection: `handler` hears each
  // value on the connection's thread. `made` is told (once)
  // whether the first subscription took.
  using EventHandler = std::function<void(const service::Any& value)>;
  void subscribeMemory(const std::string& key, EventHandler handler,
                       std::function<void(std::optional<service::CallError>)> made = {});

  // Whether the connection stands now; why it fell, while it is down.
  bool connected() const;
  std::string lostReason() const;
  // Told on the connection's thread: once per outage (not when this object
  // closes it), and when the robot is back (services read again, then
  // every subscription made again).
  void onLost(std::function<void(const std::string& reason)> handler);
  void onRestored(std::function<void()> handler);

  struct Impl;

private:
  std::shared_ptr<Impl> impl_;
};

}  // namespace autolife::remote
