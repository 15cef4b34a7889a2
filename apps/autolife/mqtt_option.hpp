// `serve --mqtt mqtt://HOST:PORT [--mqtt-ca FILE] [--name ROBOT]`
// (docs/fleet.md): the engine published on an MQTT broker, its calls
// answered there. AUTOLIFE_MQTT_USER and AUTOLIFE_MQTT_PASSWORD are the
// broker's credentials; the name defaults to the host's.
#pragma once

#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "autolife/api/limits.hpp"
#include "autolife/fleet/robot_publisher.hpp"
#include "autolife/mqtt/client.hpp"
#include "serve_log.hpp"

namespace autolife::engine {
class Engine;
}

namespace autolife::app {

struct MqttOptions {
  std::string url;  // empty: no broker
  std::string ca;
  std::string name;  // empty: the host name
};

void addMqttOptions(CLI::App* serve, MqttOptions& options);

// The broker's client options from a URL, --mqtt-ca and the environment's
// credentials (serve's and fleet's). std::invalid_argument saying what is
// wrong with the URL.
mqtt::ClientOptions brokerOptions(const std::string& url, const std::string& ca);

// The publisher --mqtt asks for (nullptr without --mqtt), not started: start()
// it on the engine's thread. `apiAddress` is where the API listens
// ("HOST:PORT", the robot's dashboard). std::invalid_argument for a bad
// URL or name: call it before anything starts.
std::unique_ptr<fleet::RobotPublisher> makeMqttPublisher(const MqttOptions& options, engine::Engine& engine,
                                                         const std::string& apiAddress, const api::Limits& limits,
                                                         ServeLog& log);

}  // namespace autolife::app
