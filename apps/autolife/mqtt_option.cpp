#include "mqtt_option.hpp"

#include <unistd.h>

#include <cstdlib>
#include <stdexcept>

#include "autolife/engine/engine.hpp"
#include "autolife/fleet/topics.hpp"

namespace autolife::app {

namespace {

std::string hostName() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0 || !*name) return "robot";
  return name;
}

std::string environment(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

// The robot's own dashboard, "http://HOST:PORT/", from where the API
// listens: a wildcard address is this host, under its name.
std::string dashboardUrl(const std::string& apiAddress) {
  const auto colon = apiAddress.rfind(':');
  if (colon == std::string::npos) return {};
  std::string host = apiAddress.substr(0, colon);
  if (host == "0.0.0.0" || host == "[::]") host = hostName();
  return "http://" + host + apiAddress.substr(colon) + "/";
}

}  // namespace

void addMqttOptions(CLI::App* serve, MqttOptions& o) {
  serve->add_option("--mqtt", o.url,
                    "Publish life on an MQTT broker and answer calls there: mqtt://HOST:PORT or mqtts://HOST:PORT "
                    "(TLS); AUTOLIFE_MQTT_USER, AUTOLIFE_MQTT_PASSWORD (docs/fleet.md)");
  serve->add_option("--mqtt-ca", o.ca, "mqtts: the CA certificates to trust (PEM; default: the system's)")
      ->check(CLI::ExistingFile);
  serve->add_option("--name", o.name, "The robot's name on the broker: topics under autolife/NAME/ (default: the host name)");
}

mqtt::ClientOptions brokerOptions(const std::string& url, const std::string& ca) {
  auto parsed = mqtt::parseBrokerUrl(url);
  if (const auto* wrong = std::get_if<std::string>(&parsed)) throw std::invalid_argument("--mqtt " + *wrong);
  mqtt::ClientOptions options;
  options.broker = std::get<net::Url>(parsed);
  options.caFile = ca;
  options.user = environment("AUTOLIFE_MQTT_USER");
  options.password = environment("AUTOLIFE_MQTT_PASSWORD");
  if (!ca.empty() && !options.broker.tls) throw std::invalid_argument("--mqtt-ca goes with an mqtts:// broker");
  return options;
}

std::unique_ptr<fleet::RobotPublisher> makeMqttPublisher(const MqttOptions& o, engine::Engine& engine,
                                                         const std::string& apiAddress, const api::Limits& limits,
                                                         ServeLog& log) {
  if (o.url.empty()) {
    if (!o.name.empty() || !o.ca.empty()) throw std::invalid_argument("--name and --mqtt-ca go with --mqtt");
    return nullptr;
  }
  fleet::PublisherOptions options;
  options.broadcaster.client = brokerOptions(o.url, o.ca);
  options.broadcaster.robot = o.name.empty() ? hostName() : o.name;
  if (auto problem = fleet::robotNameProblem(options.broadcaster.robot); !problem.empty())
    throw std::invalid_argument("--name '" + options.broadcaster.robot + "': " + problem);
  options.broadcaster.log = [&log](const char* level, const std::string& text) { log.problem(text, level); };
  options.dashboardUrl = dashboardUrl(apiAddress);
  options.limits = limits;
  return std::make_unique<fleet::RobotPublisher>(engine, std::move(options));
}

}  // namespace autolife::app
