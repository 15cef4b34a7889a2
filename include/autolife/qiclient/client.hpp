// A small blocking qi client (docs/qi.md): connects to a qi endpoint
// (libqi's service directory, a robot, `autolife serve`), does the
// capability handshake, and calls methods by service and method name with
// core::Value arguments, converting with the metaObject's signatures as libqi
// clients do (no JSON on the way: what qi carries, a Value carries). Events arrive while waiting for replies and are kept until
// asked for. One thread at a time, with one exception: while a thread
// receives, another may sendBytes() and shutdown() (src/remote builds its
// concurrent connection that way).
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "autolife/core/value.hpp"
#include "autolife/qi/codec.hpp"
#include "autolife/qi/message.hpp"
#include "autolife/qi/meta.hpp"

namespace autolife::qiclient {

// An Error message from the other end (its text), a connection that closed
// or timed out, or a reply that could not be read.
class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct ClientOptions {
  std::string user;   // sent as auth_user in the capability map when not empty (NAOqi 2.9)
  std::string token;  // sent as auth_token in the capability map when not empty
  std::chrono::milliseconds timeout{10000};
  bool handshake = true;  // false: only connect (tests of what servers do without it)
  qi::Limits limits;
};

class Client {
public:
  // Connects to "tcp://HOST:PORT" and does the handshake. Throws Error.
  explicit Client(const std::string& url, ClientOptions options = {});
  ~Client();
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  // The server's answer to the handshake.
  const qi::Value& capabilities() const { return capabilities_; }

  // ServiceDirectory calls.
  std::vector<qi::ServiceInfo> services();
  qi::ServiceInfo service(const std::string& name);
  std::string machineId();

  // A service's (or a returned object's) metaObject; cached per object.
  const qi::MetaObject& metaObject(std::uint32_t service, std::uint32_t object = qi::kMainObject);
  std::uint32_t serviceId(const std::string& name);

  // Calls `method` of a named service: the overload of that arity, arguments
  // converted to its parameters, the result read with its signature.
  core::Value call(const std::string& service, const std::string& method, const core::Value::Array& arguments);
  // The same at an address; the result as the codec read it (objects included).
  qi::Value call(std::uint32_t service, std::uint32_t object, const std::string& method,
                 const core::Value::Array& arguments);
  // Raw: one call with an already encoded payload; the reply's payload.
  qi::Message callRaw(qi::Header header, std::string payload);

  // Connects to signal `name` of an object; returns the link id (the
  // client's). Events come from nextEvent().
  std::uint64_t connect(std::uint32_t service, std::uint32_t object, const std::string& signal);
  void disconnect(std::uint32_t service, std::uint32_t object, const std::string& signal, std::uint64_t link);

  struct Event {
    std::uint32_t service = 0, object = 0, signal = 0;
    core::Value values;  // the signal's tuple as an array
  };
  // The next event, waiting up to the timeout; nothing when none came.
  std::optional<Event> nextEvent(std::chrono::milliseconds timeout);

  // Sends bytes as they are (tests of bad input) and reads the next message.
  void sendBytes(const std::string& bytes);
  std::optional<qi::Message> receive(std::chrono::milliseconds timeout);
  // Whether the server closed the connection (reads until EOF or timeout).
  bool closedByPeer(std::chrono::milliseconds timeout);
  // Shuts the socket down both ways: a thread waiting in receive() gets
  // Error("the connection closed") at once.
  void shutdown();

  const qi::CodecOptions& codec() const { return codec_; }

private:
  qi::Message awaitReply(std::uint32_t id);
  void handshake();
  std::uint32_t nextId() { return nextId_++; }

  struct Socket;
  std::unique_ptr<Socket> socket_;
  ClientOptions options_;
  qi::MessageReader reader_;
  qi::CodecOptions codec_;
  qi::Value capabilities_;
  std::uint32_t nextId_ = 2;
  std::uint64_t nextLink_ = 1;
  std::map<std::pair<std::uint32_t, std::uint32_t>, qi::MetaObject> metaObjects_;
  std::map<std::string, std::uint32_t> serviceIds_;
  std::deque<qi::Message> events_;
};

}  // namespace autolife::qiclient
