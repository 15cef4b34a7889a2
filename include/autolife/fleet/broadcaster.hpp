// A robot's voice on the broker (docs/fleet.md), whatever feeds it: what it
// keeps there (retained, republished on every connection), its events
// (published at once, or waiting while the broker is away: at most
// `maxWaiting`, the oldest dropped and counted), its will (online false),
// and the calls it hears on autolife/ROBOT/call. `serve --mqtt` feeds one
// from its engine (RobotPublisher); bench_fleet feeds many by hand.
//
// Thread-safe: the engine's thread, box threads and the client's thread
// call it. What it publishes keeps the order it was given in: the events
// that waited go out, oldest first, before any newer one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "autolife/mqtt/client.hpp"

namespace autolife::fleet {

// Where the fleet's components say what happened (serve's log): a level
// ("info", "warning", "error") and a sentence.
using Log = std::function<void(const char* level, const std::string& text)>;

struct BroadcasterOptions {
  mqtt::ClientOptions client;  // the broker, credentials, TLS; the will is set from `robot`
  std::string robot;           // its name: topics under autolife/ROBOT/
  std::size_t maxWaiting = 1000;
  Log log;
  // A message on autolife/ROBOT/call, on the client's thread.
  std::function<void(const mqtt::Message&)> call;
};

class Broadcaster {
public:
  // Throws std::invalid_argument for a name that cannot be a topic level
  // (robotNameProblem), std::runtime_error for options the client refuses.
  explicit Broadcaster(BroadcasterOptions options);
  ~Broadcaster();
  Broadcaster(const Broadcaster&) = delete;
  Broadcaster& operator=(const Broadcaster&) = delete;

  // Connects (in the background: the broker may be away).
  void start();
  // Leaves the broker, which then publishes the will (online false).
  void stop();

  // Kept on the broker as autolife/ROBOT/leaf: published now when
  // connected, and again on every connection.
  void retain(std::string_view leaf, std::string payload);
  // An event on autolife/ROBOT/leaf: published now, or waits.
  void event(std::string_view leaf, std::string payload);
  // A call's answer: published now, or dropped (false) while away.
  bool answer(const mqtt::Message& message);

  struct Counts {
    std::uint64_t published = 0;  // events sent to the broker
    std::size_t waiting = 0;      // events waiting for it now
    std::uint64_t dropped = 0;    // events dropped, the oldest first, since the start
  };
  Counts counts() const;
  bool connected() const;
  const std::string& robot() const;

private:
  struct State;  // broadcaster.cpp
  std::shared_ptr<State> state_;
  std::unique_ptr<mqtt::Client> client_;
};

}  // namespace autolife::fleet
