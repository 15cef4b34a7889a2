// `autolife fleet --mqtt URL [--mqtt-ca FILE] [--host H] [--port P] [--data DIR]`
// (docs/fleet.md): a page of every robot on an MQTT broker (the robots
// `autolife serve --mqtt` publishes), until SIGINT or SIGTERM.
#include <signal.h>

#include <iostream>
#include <mutex>

#include "autolife/api/token.hpp"
#include "autolife/core/json_line.hpp"
#include "autolife/fleet/fleet_server.hpp"
#include "autolife/net/event_loop.hpp"
#include "commands.hpp"
#include "data_folder.hpp"
#include "mqtt_option.hpp"

namespace autolife::app {

namespace {

constexpr const char* kFleetHelp = R"(
Follows every robot on an MQTT broker (each an `autolife serve --mqtt URL
--name NAME`) and serves one page of them all at http://HOST:PORT/: each
robot online or not (offline within its keepalive, at once when its serve
stops), its state, focus, battery, triggers and last transition, buttons
that call setState and stopAll on it over the broker, and a link to its own
dashboard when that answers from here. AUTOLIFE_MQTT_USER and
AUTOLIFE_MQTT_PASSWORD are the broker's credentials. The first line on
stdout says where the page is:
  {"listening": "127.0.0.1:8770", "page": "http://127.0.0.1:8770/"}
A broker that is away is retried with backoff; the page says so. Beyond
loopback the page's API needs the token (as serve's: DATA/token, open the
page as /?token=TOKEN). See docs/fleet.md.
Exit status: 0 after SIGINT or SIGTERM; 2 a bad URL or an address it
cannot listen on.)";

struct FleetCommandOptions {
  std::string url, ca, host = "127.0.0.1", data;
  unsigned short port = 8770;
};

class FleetLog {
public:
  void operator()(const char* level, const std::string& text) {
    std::lock_guard lock(mutex_);
    std::cerr << "autolife fleet: " << (std::string(level) == "info" ? "" : std::string(level) + ": ") << text << std::endl;
  }

private:
  std::mutex mutex_;
};

int runFleet(const FleetCommandOptions& o) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);  // before any thread starts: only sigwait sees them
  FleetLog log;
  try {
    fleet::FleetOptions options;
    options.client = brokerOptions(o.url, o.ca);
    options.host = o.host;
    options.port = o.port;
    options.log = [&log](const char* level, const std::string& text) { log(level, text); };
    if (!api::isLoopback(o.host)) {
      const auto data = o.data.empty() ? defaultDataDir() : std::filesystem::path(o.data);
      std::filesystem::create_directories(data);
      const auto token = api::loadOrCreateToken(data);
      if (token.created) log("info", "the page needs this token (shown once; kept in " + (data / "token").string() + "): " + token.value);
      options.token = token.value;
    }
    net::EventLoop loop;
    loop.start();
    fleet::FleetServer server(loop, options);
    const auto address = server.start();
    std::cout << core::jsonLine(nlohmann::json{{"listening", address}, {"page", "http://" + address + "/"}}) << std::endl;
    int signal = 0;
    sigwait(&set, &signal);
    server.stop();
    loop.stop();
    std::cout << core::jsonLine(nlohmann::json{{"stopped", signal == SIGINT ? "SIGINT" : "SIGTERM"}}) << std::endl;
    return 0;
  } catch (const std::exception& e) {
    log("error", e.what());
    return 2;
  }
}

}  // namespace

void addFleetCommand(CLI::App& app, int& status) {
  auto options = std::make_shared<FleetCommandOptions>();
  auto* cmd = app.add_subcommand("fleet", "Serve one page of every robot on an MQTT broker (docs/fleet.md)");
  cmd->add_option("--mqtt", options->url, "The broker: mqtt://HOST:PORT or mqtts://HOST:PORT (TLS)")->required();
  cmd->add_option("--mqtt-ca", options->ca, "mqtts: the CA certificates to trust (PEM; default: the system's)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--host", options->host, "Address the page listens on (default 127.0.0.1; others need the token)");
  cmd->add_option("--port", options->port, "Port of the page (default 8770; 0 picks a free one)");
  cmd->add_option("--data", options->data, "Data folder (the token); default ~/.local/share/autolife");
  cmd->footer(kFleetHelp);
  cmd->callback([options, &status] { status = runFleet(*options); });
}

}  // namespace autolife::app
