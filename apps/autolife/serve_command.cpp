// `autolife serve [--host H] [--port P] [--qi URL] [--qi-cert F --qi-key F]
// [--packages DIR] [--scenario FILE] [--data DIR] [--robot nao|pepper|URL]
// [--seed N] [--log-json] [--log-level L] [--record FILE|off]
// [--mqtt URL [--mqtt-ca F] [--name ROBOT]]`:
// life in real time on the simulated robot (or a remote one), served over
// the network API (docs/api.md) and to NAOqi clients over qi (docs/qi.md)
// until SIGINT or SIGTERM.
#include <signal.h>

#include <cstdlib>
#include <future>
#include <iostream>
#include <memory>

#include "autolife/api/server.hpp"
#include "autolife/api/token.hpp"
#include "autolife/core/json_line.hpp"
#include "autolife/dialog/services.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/net/event_loop.hpp"
#include "autolife/net/stream.hpp"
#include "autolife/net/url.hpp"
#include "autolife/package/package.hpp"
#include "autolife/package/store.hpp"
#include "autolife/qiserver/server.hpp"
#include "autolife/sim/simulator.hpp"
#include "autolife/store/store.hpp"
#include "commands.hpp"
#include "days.hpp"
#include "data_folder.hpp"
#include "mqtt_option.hpp"
#include "package_services.hpp"
#include "robot_option.hpp"
#include "scenario_file.hpp"
#include "serve_box_log.hpp"
#include "serve_log.hpp"
#include "serve_record.hpp"
#include "serve_voice.hpp"

namespace autolife::app {

namespace {

constexpr const char* kServeHelp = R"(
Runs Autonomous Life in real time on the simulated robot and serves every
service method as JSON-RPC 2.0 at /api: WebSocket (with subscriptions to
memory events and signals) and HTTP POST (one call per request). See
docs/api.md. NAOqi clients (libqi, Python `qi`, qicli) connect over qi at
tcp://127.0.0.1:9559, NAOqi's own address (--qi URL for another, --qi off
for none; without --qi, a taken 9559 is a warning, not an error). See
docs/qi.md. The first line on stdout says where it listens:
  {"listening": "127.0.0.1:8765", "qi": "tcp://127.0.0.1:9559"}
Binding to anything but loopback requires a token: generated on first use,
printed once on stderr, stored in DATA/token; clients send
"Authorization: Bearer TOKEN" (or ?token=TOKEN), qi clients send it as
auth_token in their capability map, or log in with it as NAOqi 2.9's
(user anything, token this one). --require-token demands it on loopback
too.
The packages' <services> (docs/packages.md) run as processes beside the
engine and register over qi; their events are JSON lines on stderr
({"packageService": NAME, "status": "failed", "why": ...}).
With --scenario, the scenario's packages and activities are loaded and its
steps are applied at their times on the real clock (expectations are not
checked). SIGINT or SIGTERM: activities are stopped, then the server.
--qi tcps://HOST:PORT serves qi over TLS, with a self-signed certificate
made in the data folder on first use, or --qi-cert FILE --qi-key FILE.
With --robot tcp://HOST:PORT (tcps:// for TLS), life runs on a robot over
qi (a NAOqi, or another autolife serve): the robot's services replace the
simulated ones, life perceives what the robot perceives, and the memory
keys the launch triggers read are mirrored from it; a robot that goes away
is retried until it is back. AUTOLIFE_ROBOT_USER and AUTOLIFE_ROBOT_TOKEN
are its credentials (NAOqi 2.9). See docs/qi.md, "Connecting to a robot".
With --mqtt mqtt://HOST:PORT (mqtts:// for TLS, --mqtt-ca FILE), life is
published on an MQTT broker under autolife/NAME/ (--name, default the host
name) and JSON-RPC calls are answered there; AUTOLIFE_MQTT_USER and
AUTOLIFE_MQTT_PASSWORD are its credentials; `autolife fleet` shows every
robot of a broker on one page. See docs/fleet.md.
On stderr, one line per problem and per activity that fails (a box that
raised, a program that failed), or JSON Lines with --log-json:
  autolife serve: pkg/act failed at t=12.5: box 'Say' raised ...
  {"t": 12.5, "level": "error", "activity": "pkg/act", "error": "box 'Say' raised ..."}
and the boxes' logs (self.log, self.logger, print, ALLogger) at --log-level
and above (debug, info: the default, warning, error, fatal, silent), and an
activity whose behavior went idle, with why (at warning):
  autolife serve: [info] pkg/act: Say: hello
  {"t": 3.0, "level": "info", "activity": "pkg/act", "box": "Say", "message": "hello"}
  autolife serve: pkg/act is idle at t=4.2: no box runs; still waiting: ...
--seed N seeds everything random (default: the scenario's, else 0).
Each run is recorded (docs/replay.md), into DATA/days/START.day (the last 7
days are kept) or with --record FILE into FILE (--record off: not at all):
`autolife replay DAY` runs it again.
Exit status: 0 after a clean shutdown; 2 a bad scenario, data folder,
address, or a robot that cannot be reached.)";

struct ServeOptions {
  std::string host = "127.0.0.1";
  unsigned short port = 8765;
  std::string packages;
  std::string scenario;
  std::string data;
  double callsPerSecond = api::Limits{}.callsPerSecond;
  std::size_t maxConnections = api::Limits{}.maxConnections;
  unsigned pollMicroseconds = static_cast<unsigned>(net::LoopOptions{}.maxPoll.count());
  std::string qi;  // empty: the default URL, best effort; "off": none
  ServeVoiceOptions voice;
  std::string qiCert, qiKey;  // tcps: the certificate and key (none: self-signed, in the data folder)
  std::string robot;  // empty: the scenario's model, else nao
  std::optional<std::uint64_t> seed;  // none: the scenario's, else 0
  bool logJson = false;
  std::string record;  // empty: DATA/days/ (the last 7 days kept); "off": none
  std::string logLevel = "info";
  MqttOptions mqtt;  // --mqtt, --mqtt-ca, --name (mqtt_option.cpp)
  bool requireToken = false;  // the token (or a NAOqi 2.9 login) on loopback too
};

void loadPackages(engine::Engine& engine, const std::filesystem::path& dir, ServeLog& log) {
  for (const auto& path : package::packagesIn(dir)) {
    auto r = engine.loadPackage(path);
    for (const auto& p : r.problems) log.problem(p.format(), p.isError() ? "error" : "warning");
  }
}

// Each step at its time; a call to a robot's service is answered when the
// robot does, without holding the engine's thread.
void scheduleSteps(engine::Engine& engine, const sim::Scenario& scenario, ServeLog& log) {
  for (const auto& step : scenario.steps)
    engine.clock.schedule(step.time, [&engine, &step, &log] {
      sim::applyStepAsync(engine, step, [&log](const nlohmann::ordered_json& outcome) { log.json(outcome); });
    });
}

// DATA/autolife.db (docs/persistence.md), or nothing when it cannot be
// opened: life then runs with what it keeps in memory, and says so.
std::unique_ptr<store::Store> openStore(const std::filesystem::path& data, ServeLog& log) {
  try {
    auto store = std::make_unique<store::Store>(data / store::Store::kFileName);
    for (const auto& note : store->notes()) log.problem(note, "warning");
    return store;
  } catch (const store::StoreError& e) {
    log.problem(std::string(e.what()) + "; preferences, statistics and histories are kept in memory only until the end of this run");
    return nullptr;
  }
}

// Runs `task` on the engine's thread and waits for it.
void onEngine(engine::Engine& engine, ServeLog& log, std::function<void()> task) {
  std::promise<void> done;
  engine.clock.post([&] {
    try {
      task();
    } catch (const std::exception& e) {
      log.problem(e.what());
    }
    done.set_value();
  });
  done.get_future().wait();
}

sigset_t stopSignals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

// The token, created on first use, when anything listens beyond loopback.
std::string tokenFor(const std::filesystem::path& data, ServeLog& log) {
  auto token = api::loadOrCreateToken(data);
  if (token.created) log.token(token.value, (data / "token").string());
  return token.value;
}

// --qi's URL; std::invalid_argument saying what is wrong with it.
net::Url qiUrl(const std::string& text) {
  auto parsed = net::parseUrl(text, net::UrlUse::Listen);
  if (const auto* wrong = std::get_if<std::string>(&parsed)) throw std::invalid_argument("--qi " + *wrong);
  return std::get<net::Url>(parsed);
}

// tcps: the certificate and key given (--qi-cert, --qi-key), or the data
// folder's self-signed ones, made on first use.
void certify(const ServeOptions& o, const std::filesystem::path& data, qiserver::ServerOptions& options, ServeLog& log) {
  if (o.qiCert.empty() != o.qiKey.empty()) throw std::invalid_argument("--qi-cert and --qi-key go together");
  if (!o.qiCert.empty()) {
    options.certificate = o.qiCert;
    options.key = o.qiKey;
    return;
  }
  const auto made = net::selfSignedCertificate(data);
  if (made.created) log.problem("made a self-signed TLS certificate for qi: " + made.certificate.string(), "info");
  options.certificate = made.certificate;
  options.key = made.key;
}

// Starts the qi server unless --qi off; nothing when the default address
// is taken (a warning: a NAOqi may run there), an error for an explicit one.
std::unique_ptr<qiserver::Server> startQi(const ServeOptions& o, engine::Engine& engine, net::EventLoop& loop,
                                          const std::filesystem::path& data, std::string& url, ServeLog& log) {
  if (o.qi == "off" || o.qi == "none") return nullptr;
  qiserver::ServerOptions options;
  options.url = o.qi.empty() ? qiserver::kDefaultUrl : o.qi;
  const net::Url address = qiUrl(options.url);
  if (!api::isLoopback(address.host) || o.requireToken) options.token = tokenFor(data, log);
  if (address.tls) certify(o, data, options, log);
  auto server = std::make_unique<qiserver::Server>(engine, loop, options);
  try {
    url = server->start();
  } catch (const std::exception& e) {
    if (!o.qi.empty()) throw;
    log.problem(std::string("warning: no qi server: ") + e.what() + " (--qi URL to choose another address)", "warning");
    return nullptr;
  }
  return server;
}

int serve(const ServeOptions& o, const sim::Scenario* scenario, const std::filesystem::path& data, RobotChoice& robot,
          ServeLog& log) {
  api::ServerOptions server{o.host, o.port, {}, {}};
  server.limits.callsPerSecond = o.callsPerSecond;
  server.limits.maxConnections = o.maxConnections;
  if (!o.qi.empty() && o.qi != "off" && o.qi != "none") qiUrl(o.qi);  // a bad URL: before anything starts
  if (!api::isLoopback(o.host) || o.requireToken) server.token = tokenFor(data, log);
  net::EventLoop loop({std::chrono::microseconds(o.pollMicroseconds)});  // the network and the engine, on one thread
  loop.start();
  engine::EngineOptions options;
  if (scenario) options.model = scenario->robot == "pepper" ? launchpad::RobotModel::Pepper : launchpad::RobotModel::Nao;
  if (robot.model) options.model = *robot.model;
  options.seed = o.seed.value_or(scenario ? scenario->seed : 0);
  options.packageRoot = data / "packages";
  const auto store = openStore(data, log);  // outlives the engine, which writes to it until it stops
  options.store = store.get();
  options.storageProblem = [&log](const std::string& problem) { log.problem(problem); };
  engine::Engine engine(loop.clock(), options);
  std::unique_ptr<replay::Recorder> recorder;  // the day (docs/replay.md); gone before the engine
  // A failed activity is said, not only signalled (issue 16).
  engine.life.activityFailed.connect([&log, &engine](const std::string& activity, const std::string& error) {
    log.activityFailed(engine.clock.now(), activity, error);
  });
  // The link stops writing to the engine before the engine goes, however serve() ends.
  struct DetachFirst {
    RobotChoice& robot;
    ~DetachFirst() {
      if (robot.link) robot.link->detach();
    }
  } detachFirst{robot};
  // A method the simulated robot does not model, said once on stderr.
  engine.services.warned.connect([&log](const std::string& message) { log.warning(message); });
  logBehaviors(engine, log, *logLevelRank(o.logLevel));  // box logs, idle activities (serve_box_log.cpp)
  engine.dialog.records.connect([&log, &engine](const dialog::DialogRecord& r) {
    if (r.kind == "speak-failure") log.dialogFailure(engine.clock.now(), r.text, r.value);
    if (r.kind == "action-failed") log.dialogActionFailure(engine.clock.now(), {r.value, r.args, {}}, r.text);
  });
  onEngine(engine, log, [&] {
    recorder = startServeRecording(o.record, data, engine, robot.link != nullptr, store.get(), log);
    if (!o.packages.empty()) loadPackages(engine, o.packages, log);
    if (scenario) sim::prepare(engine, *scenario, [&log](const std::string& problem) { log.problem(problem); });
    if (robot.link) robot.link->attach(engine);  // before Life acts: on the robot's services
    engine.start();
    if (scenario) scheduleSteps(engine, *scenario, log);
  });
  ServeVoiceHandle voice;
  try {
    voice = startServeVoice(o.voice, engine, log);
  } catch (const std::exception& e) {
    log.problem(e.what());
    return 2;
  }
  api::Server api(engine, loop, server);
  std::unique_ptr<qiserver::Server> qi;
  std::unique_ptr<pkgservice::PackageServices> services;
  std::unique_ptr<fleet::RobotPublisher> mqtt;
  try {
    nlohmann::json listening{{"listening", api.start()}};
    mqtt = makeMqttPublisher(o.mqtt, engine, listening["listening"].get<std::string>(), server.limits, log);
    std::string qiUrl;
    qi = startQi(o, engine, loop, data, qiUrl, log);
    if (qi) listening["qi"] = qiUrl;
    // The packages' services reach the engine by serve's qi server when it
    // needs no token and speaks plain qi, else by a loopback listener of
    // their own.
    const auto parsed = net::parseUrl(qiUrl);
    const auto* address = std::get_if<net::Url>(&parsed);
    const bool open = qi && address && !address->tls && api::isLoopback(address->host) && !o.requireToken;
    services = servePackageServices(engine, open ? qiUrl : std::string(), log);
    std::cout << core::jsonLine(listening) << std::endl;
  } catch (const std::exception& e) {
    log.problem(e.what());
    onEngine(engine, log, [&] { recorder.reset(); });
    return 2;
  }
  onEngine(engine, log, [&] {
    services->start();
    if (mqtt) mqtt->start();
  });
  const sigset_t set = stopSignals();
  int signal = 0;
  sigwait(&set, &signal);
  onEngine(engine, log, [&] {
    if (recorder) recorder->finish();  // the day ends at the signal
    engine.life.stopAll();
    services.reset();  // SIGTERM, as NAOqi stops them; killed after a grace period
  });
  if (mqtt) mqtt->stop();
  if (qi) qi->stop();
  api.stop();
  onEngine(engine, log, [&] { engine.life.setState("disabled"); });
  loop.stop();
  std::cout << core::jsonLine(nlohmann::json{{"stopped", signal == SIGINT ? "SIGINT" : "SIGTERM"}}) << std::endl;
  return 0;
}

int runServe(const ServeOptions& o) {
  ServeLog log(o.logJson);
  // Before any thread starts, so that only sigwait() below sees them.
  const sigset_t set = stopSignals();
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  std::optional<sim::Scenario> scenario;
  if (!o.scenario.empty()) {
    scenario = readScenario(o.scenario);
    if (!scenario) return 2;
  }
  const std::filesystem::path data = o.data.empty() ? defaultDataDir() : std::filesystem::path(o.data);
  std::optional<RobotChoice> robot(RobotChoice{});
  if (!o.robot.empty() && !(robot = chooseRobot("serve", o.robot, true))) return 2;
  try {
    std::filesystem::create_directories(data);
    return serve(o, scenario ? &*scenario : nullptr, data, *robot, log);
  } catch (const std::exception& e) {
    log.problem(e.what());
    return 2;
  }
}

}  // namespace

void addServeCommand(CLI::App& app, int& status) {
  auto options = std::make_shared<ServeOptions>();
  auto* cmd = app.add_subcommand("serve", "Run life in real time and serve the network API (JSON-RPC 2.0)");
  cmd->add_option("--host", options->host, "Address to listen on (default 127.0.0.1; others need the token)");
  cmd->add_option("--port", options->port, "Port (default 8765; 0 picks a free one)");
  cmd->add_option("--qi", options->qi,
                  "qi address for NAOqi clients, tcp://HOST:PORT or tcps://HOST:PORT (TLS) (default tcp://127.0.0.1:9559; off: none)");
  cmd->add_option("--qi-cert", options->qiCert, "tcps: the TLS certificate (PEM; default: a self-signed one in the data folder)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--qi-key", options->qiKey, "tcps: the certificate's private key (PEM)")->check(CLI::ExistingFile);
  cmd->add_option("--packages", options->packages, "Load every package (folder or .pkg) in this folder")
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--scenario", options->scenario, "Drive the world with this scenario's steps, in real time")
      ->check(CLI::ExistingFile);
  cmd->add_option("--data", options->data,
                  "Data folder (token, installed packages, autolife.db); default ~/.local/share/autolife");
  cmd->add_option("--robot", options->robot,
                  "nao or pepper: the simulated robot (default: the scenario's, else nao); tcp://HOST:PORT or tcps://HOST:PORT: a robot over qi");
  cmd->add_option("--calls-per-second", options->callsPerSecond, "Calls a second allowed per connection");
  cmd->add_option("--max-connections", options->maxConnections, "Connections allowed at once");
  cmd->add_option("--poll-us", options->pollMicroseconds,
                  "Longest the event loop polls for the next message before it sleeps, in microseconds (adaptive; default 100; 0: never)")
      ->check(CLI::Range(0u, 10000u));
  addSeedOption(cmd, options->seed, "the scenario's, else 0");
  addServeVoiceOptions(cmd, options->voice);
  cmd->add_flag("--log-json", options->logJson, "stderr as JSON Lines (problems, failed activities, box logs)");
  cmd->add_option("--record", options->record,
                  "Record the day into this file (default: DATA/days/, the last 7 days kept; off: none); see autolife replay");
  cmd->add_option("--log-level", options->logLevel,
                  "Box logs on stderr at this level and above: debug, info (default), warning, error, fatal, silent")
      ->check([](const std::string& level) {
        return logLevelRank(level) ? std::string() : "must be debug, info, warning, error, fatal or silent";
      });
  addMqttOptions(cmd, options->mqtt);
  cmd->add_flag("--require-token", options->requireToken,
                "Require the token on loopback too (API and qi: a kiosk, a test); qi clients log in with it");
  cmd->footer(kServeHelp);
  cmd->callback([options, &status] { status = runServe(*options); });
}

}  // namespace autolife::app
