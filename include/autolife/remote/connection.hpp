// One qi connection to a remote robot (a NAOqi, or another `autolife
// serve`), usable from several threads at once (docs/qi.md, "Connecting to
// a robot"). It is built on src/qiclient: the blocking client does the
// handshake and reads the service list and metaObjects, then a reader
// thread owns the socket's input. Any thread may call: it sends under a
// lock and waits for its own reply, routed by message id, so a long call
// (a NAOqi `say` returns when the sentence is said) does not hold up the
// others. Events go to the handler given with their subscription, on the
// reader thread.
//
// Every failure is a service::CallError: `remote-error` when the robot
// answered with an error (its sentence), `robot-unreachable` when the
// connection is gone, could not be made, or the robot did not answer
// within the call timeout. Nothing a peer sends or withholds gets further.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "autolife/qi/meta.hpp"
#include "autolife/qiclient/client.hpp"
#include "autolife/service/service.hpp"

namespace autolife::remote {

struct ConnectionOptions {
  std::string url;                                  // tcp://HOST:PORT
  std::string token;                                // auth_token, when the robot wants one
  std::chrono::milliseconds connectTimeout{5000};   // the handshake and the service list
  std::chrono::milliseconds callTimeout{20000};     // one call's answer
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
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  const std::string& url() const { return options_.url; }
  const std::vector<RemoteService>& services() const { return services_; }
  const RemoteService* service(const std::string& name) const;

  // Calls `method` of object `object` of service `service` with JSON
  // arguments (converted to its parameters); the result as JSON.
  nlohmann::json call(std::uint32_t service, std::uint32_t object, const qi::MetaMethod& method,
                      const nlohmann::json& arguments);
  // By names, on a service's main object: the overload of that arity.
  nlohmann::json call(const std::string& service, const std::string& method, const nlohmann::json& arguments);

  // Subscribes to ALMemory key `key` (ALMemory.subscriber(key), then its
  // `signal`): `handler` hears each value, as JSON, on the reader thread,
  // and must not call this connection (it would wait for itself).
  using EventHandler = std::function<void(const nlohmann::json& value)>;
  void subscribeMemory(const std::string& key, EventHandler handler);

  // Whether the connection still stands; why it fell, once it did.
  bool connected() const { return !lost_.load(); }
  std::string lostReason() const;
  // Told once, on the reader thread, when the connection falls (not when
  // this object closes it).
  void onLost(std::function<void(const std::string& reason)> handler);

private:
  struct Pending;
  struct Subscription {
    std::string signalSignature;  // the tuple of the event's values
    EventHandler handler;
  };
  using Address = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>;  // service, object, signal

  qi::Value callValue(std::uint32_t service, std::uint32_t object, const qi::MetaMethod& method,
                      const nlohmann::json& arguments, qi::Signature& read);
  qi::Message exchange(qi::Header header, std::string payload, const std::string& what);
  void readLoop();
  void dispatch(qi::Message message);
  void fall(const std::string& reason);
  [[noreturn]] void unreachable(const std::string& why) const;

  ConnectionOptions options_;
  std::unique_ptr<qiclient::Client> client_;
  std::vector<RemoteService> services_;
  std::atomic<bool> lost_{false};
  std::atomic<bool> closing_{false};
  std::atomic<std::uint32_t> nextId_{1u << 24};  // above the ids the blocking client used
  std::atomic<std::uint64_t> nextLink_{1};

  mutable std::mutex mutex_;  // guards what follows
  std::condition_variable answered_;
  std::map<std::uint32_t, std::shared_ptr<Pending>> pending_;
  std::map<Address, Subscription> subscriptions_;
  std::string lostReason_;
  std::function<void(const std::string&)> onLost_;

  std::mutex sendMutex_;
  std::thread reader_;
};

}  // namespace autolife::remote
