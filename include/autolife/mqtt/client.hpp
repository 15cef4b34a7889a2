// One MQTT 5 client connection to a broker (docs/fleet.md), on libmosquitto
// (which stays in src/mqtt: this header does not include it). The client
// runs libmosquitto's network loop on a thread of its own: it connects,
// reconnects with backoff after any failure (the broker down at start, gone
// later, a refusal), subscribes again on each connection, and hands every
// message and every change of its link to the handlers, on that thread.
// Handlers must hand their work on (to an engine's clock, a server's loop)
// rather than block it.
//
// publish() may be called from any thread. It sends only while connected:
// a message published meanwhile is refused (false), not queued, so that
// what waits during an outage, and how much, is the caller's to decide.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "autolife/net/url.hpp"

namespace autolife::mqtt {

// A message, published or received. `qos` 0 or 1 (2 is not used).
struct Message {
  std::string topic;
  std::string payload;
  int qos = 1;
  bool retain = false;
  // MQTT 5's request/response properties: where to answer, and what to
  // answer with so that the asker can match the answer ("" and none: absent).
  std::string responseTopic;
  std::optional<std::string> correlation;
};

// A broker's URL, mqtt://HOST[:PORT] (1883) or mqtts://HOST[:PORT] (8883,
// TLS): the URL, or a sentence saying what is wrong with it.
std::variant<net::Url, std::string> parseBrokerUrl(std::string_view text);
// The broker's URL as parseBrokerUrl reads it: "mqtt://HOST:PORT", "mqtts://[::1]:8883".
std::string brokerText(const net::Url& broker);

struct Backoff {
  std::chrono::milliseconds first{500};  // after the first failure
  std::chrono::milliseconds most{30000};  // doubling up to this
};

struct ClientOptions {
  net::Url broker;  // from parseBrokerUrl
  std::string clientId;  // unique on the broker ("": one it makes up)
  std::string user, password;  // none when user is empty
  std::string caFile;  // mqtts: the CA certificates to trust (PEM); "": the system's
  std::chrono::seconds keepalive{10};
  std::optional<Message> will;  // published by the broker when this client vanishes
  Backoff backoff;
};

class Client {
public:
  struct Handlers {
    // Connected (again): subscriptions are made; publish what the broker
    // should know from this connection on.
    std::function<void()> connected;
    // The broker is out of reach: once per outage (at start too), with why.
    std::function<void(const std::string& why)> unreachable;
    std::function<void(const Message&)> message;
  };

  // Throws std::runtime_error for options libmosquitto refuses (a CA file
  // it cannot read, a will it cannot send).
  Client(ClientOptions options, Handlers handlers);
  ~Client();  // stops
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  // Subscribes (QoS 1) now when connected, and on every connection.
  void subscribe(const std::string& filter);
  // Starts the thread: it connects, and keeps connecting.
  void start();
  // Disconnects and joins the thread. With `sendWill`, the broker
  // publishes the will as if the client had vanished (MQTT 5's disconnect
  // reason 4): its last word, at once. Idempotent.
  void stop(bool sendWill = false);

  // Sends the message (QoS 1: the broker acknowledges it; the library
  // resends it after a reconnection if it had not). False when not
  // connected, or the message cannot be sent (a topic with wildcards).
  bool publish(const Message& message);
  bool connected() const;
  const ClientOptions& options() const;

private:
  struct Impl;  // src/mqtt/client.cpp
  std::unique_ptr<Impl> impl_;
};

}  // namespace autolife::mqtt
