// One qi client's connection: bytes in, cut into messages (a bad header
// closes it; half a message waits, up to stallTimeout), each message
// answered on the loop's thread; replies and events queued out (a client
// that does not read is closed at maxQueuedBytes). Objects handed to the
// client (ALMemory subscribers) and its signal links live here and go with
// the connection.
#pragma once

#include <array>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>

#include <boost/asio/steady_timer.hpp>

#include "autolife/net/stream.hpp"
#include "autolife/qi/codec.hpp"
#include "autolife/qi/message.hpp"
#include "autolife/qiserver/server.hpp"
#include "client_service.hpp"
#include "directory.hpp"
#include "objects.hpp"

namespace autolife::qiserver {

class Connection;

// What every connection of one server shares (loop thread).
struct ServerState {
  engine::ServiceAccess engine;
  boost::asio::io_context& ioc;
  ServerOptions options;
  std::unique_ptr<Directory> directory;
  std::set<std::shared_ptr<Connection>> connections;
};

class Connection final : public std::enable_shared_from_this<Connection>, public CallContext, public ClientHost {
public:
  Connection(ServerState& state, std::unique_ptr<net::Stream> stream);
  void start();
  // Idempotent; drops the links and objects and leaves the server's set.
  void close(const std::string& why);

  std::uint32_t addObject(std::uint32_t service, std::shared_ptr<ServedObject> object) override;
  const void* caller() const override { return this; }
  std::weak_ptr<ClientHost> clientHost() override { return weak_from_this(); }
  void callClient(std::uint32_t service, std::uint32_t object, std::uint32_t action, std::string payload,
                  Outcome done) override;

private:
  using Key = std::pair<std::uint32_t, std::uint32_t>;  // service, object

  void read();
  void received(std::size_t n);
  void handle(const qi::Message& m);
  void handshake(const qi::Message& m);
  std::string loginRefusal(const std::string& token) const;  // empty: logged in
  void updateCapabilities(const qi::Value& map);
  void dispatch(const qi::Message& m);
  void answered(const qi::Message& m);  // a Reply or Error to a call sent to the client
  std::shared_ptr<ServedObject> target(const qi::Header& h) const;
  qi::Value callBound(ServedObject& object, const qi::Header& h, const qi::Value& arguments);
  qi::Value registerEvent(ServedObject& object, const qi::Header& h, const qi::Value& arguments);
  qi::Value unregisterEvent(const qi::Header& h, const qi::Value& arguments);
  void terminate(std::uint32_t service, std::uint32_t object);
  std::uint32_t propertyUid(const ServedObject& object, const qi::Value& nameOrUid) const;

  void answer(const qi::Header& request, const qi::MetaMethod& method, const std::string& requestedReturn,
              const qi::Value& result);
  void answerAfter(core::Duration took, const qi::Header& request, const qi::MetaMethod& method,
                   const std::string& requestedReturn, const qi::Value& result);
  void reply(const qi::Header& request, const qi::Signature& signature, const qi::Value& value);
  void replyError(const qi::Header& request, const std::string& message);
  void send(std::string bytes);  // loop thread
  void write();

  ServerState& state_;
  std::unique_ptr<net::Stream> stream_;  // plain or TLS
  boost::asio::steady_timer stall_;
  std::string peer_;
  qi::MessageReader reader_;
  std::array<char, 64 * 1024> buffer_{};
  qi::CodecOptions codec_;
  bool handshakeDone_ = false;
  bool closed_ = false;
  bool closing_ = false;  // close once the queue is sent (a refused handshake)

  std::deque<std::string> queue_;
  std::size_t queued_ = 0;
  bool writing_ = false;
  std::string writingNow_;

  std::map<Key, std::shared_ptr<ServedObject>> objects_;  // handed to this client
  std::uint32_t nextObject_ = 2;
  // Signal links by (service, object, the client's link id).
  std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint64_t>, std::function<void()>> links_;
  std::uint64_t nextLink_ = 1;
  std::uint32_t nextEventId_ = 1;

  // Calls sent to the client (to the services it hosts), by message id.
  std::map<std::uint32_t, Outcome> outgoing_;
  std::uint32_t nextCallId_ = 1;
};

}  // namespace autolife::qiserver
