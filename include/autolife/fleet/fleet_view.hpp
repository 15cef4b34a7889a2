// What `autolife fleet` knows of each robot, from the robots' topics
// (docs/fleet.md): the last value of each, as the fleet page shows it.
// One robot is a map:
//
//   {"name", "online": true|false|null, "state", "focus", "battery",
//    "activities", "transition", "problem", "dashboard", "reachable",
//    "events": transitions and problems heard}
//
// null where nothing was heard. A payload that is not JSON is kept as null
// and counted (`malformed`): a robot cannot break the page. Not
// thread-safe: the fleet's loop owns it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "autolife/core/value.hpp"
#include "autolife/mqtt/client.hpp"

namespace autolife::fleet {

class FleetView {
public:
  // Applies one message of a robot's topic. The change for the page,
  // {"name", <leaf>: value} (a robot heard for the first time: the whole
  // robot), or nullopt when it is not a robot's topic (a call, another leaf).
  std::optional<core::Value> apply(const mqtt::Message& message);
  // Whether the dashboard's link was found reachable; the change, or nullopt
  // for a robot not known or no change.
  std::optional<core::Value> setReachable(const std::string& robot, bool reachable);

  // Every robot, sorted by name.
  core::Value robots() const;
  // Its dashboard's URL, "" when it said none.
  std::string dashboard(const std::string& name) const;
  bool online(const std::string& name) const;  // false when not known to be
  std::size_t size() const { return robots_.size(); }
  std::uint64_t malformed() const { return malformed_; }

private:
  std::map<std::string, core::Value::Map> robots_;
  std::uint64_t malformed_ = 0;
};

// "http://HOST:PORT/..." → its host and port (80 by default); nullopt for
// anything else. What the dashboard's reachability probe dials.
struct HttpAddress {
  std::string host;
  unsigned short port = 80;
};
std::optional<HttpAddress> httpAddressOf(const std::string& url);

}  // namespace autolife::fleet
