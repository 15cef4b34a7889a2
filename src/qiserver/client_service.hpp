// A service a qi client registered (a package's service process, a user's
// script): once the client says it is ready, the server reads its
// metaObject and puts a proxy of it in the engine's registry, so that every
// caller reaches it as any engine service (box scripts' ALProxy and
// session.service, the JSON-RPC API, other qi clients, scenario steps).
// A call is forwarded over the connection of the client that registered it
// (ClientServerSocket) and answered when the client answers: its methods
// answer later (asyncMethod's kind: callers through callAsync get the reply
// then), and a caller that waits (call(), a box thread) waits at most the
// call timeout. The client's signals and
// properties are followed: its events are emitted by the proxy, its
// properties read from what it last said. It leaves the registry with the
// connection.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include <boost/asio/io_context.hpp>

#include "autolife/qi/meta.hpp"
#include "autolife/service/service.hpp"

namespace autolife::qiserver {

// The side of a connection that calls objects its client hosts.
class ClientHost {
public:
  virtual ~ClientHost() = default;
  // `payload` the reply's bytes, or null and `error` the client's sentence;
  // `gone` when there was no answer because the connection closed. Loop thread.
  using Outcome = std::function<void(const std::string* payload, const std::string& error, bool gone)>;
  // Sends a call to the client (loop thread); `done` hears its outcome.
  virtual void callClient(std::uint32_t service, std::uint32_t object, std::uint32_t action, std::string payload,
                          Outcome done) = 0;
};

class ClientService final : public std::enable_shared_from_this<ClientService> {
public:
  ClientService(std::string name, std::uint32_t serviceId, qi::MetaObject meta, std::weak_ptr<ClientHost> host,
                boost::asio::io_context& ioc, std::chrono::milliseconds callTimeout);

  // The proxy for the registry (built once, with the client's methods,
  // signals and properties); then asks the client for its signals' events
  // and its properties' values (loop thread).
  std::shared_ptr<service::Service> proxy();
  void follow();
  // An Event the client sent on its object: the proxy emits it (loop thread).
  void event(std::uint32_t uid, const std::string& payload);

private:
  // Sends the call to the client; `reply` hears its answer (loop thread).
  void forward(const qi::MetaMethod& method, const service::Arguments& arguments, service::Reply reply);
  void send(std::uint32_t action, std::string payload, ClientHost::Outcome done);
  void declareMethods(service::Service& proxy);
  void declareProperties(service::Service& proxy);
  void remember(std::uint32_t uid, const service::Any& value);

  std::string name_;
  std::uint32_t serviceId_;
  qi::MetaObject meta_;
  std::weak_ptr<ClientHost> host_;
  boost::asio::io_context& ioc_;
  std::chrono::milliseconds callTimeout_;
  std::weak_ptr<service::Service> proxy_;
  std::mutex mutex_;                               // guards values_
  std::map<std::uint32_t, service::Any> values_;  // property uid -> what the client last said
};

// A qi signature as a parameter type of the registry's object model: b
// bool, integers int, f d float, s string, lists list, {s..} map, v void,
// anything else any.
service::Type serviceTypeOf(const std::string& signature);

}  // namespace autolife::qiserver
