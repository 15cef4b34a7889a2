// A peer that behaves like a NAOqi robot, for the remote tests (issue 17):
// a whole simulated robot (its memory, services and events, the extractor
// keys its world writes from a scenario's steps, in real time) served over
// qi, whose chosen methods answer slowly, as a NAOqi's do (`say` answers
// when the sentence is said; a robot under load answers `ALLeds.reset` in
// seconds). It runs until SIGTERM or SIGINT, or until a test kills it and
// starts it again on the same port (a robot restarting).
//
//   robot_peer --qi URL [--robot nao|pepper] [--scenario FILE [--scenario-on-signal]]
//              [--token T] [--slow Service.method=SECONDS]...
//
// --scenario-on-signal: the scenario's time starts at SIGUSR1, not at the
// start (a test sends it once autolife is connected: on a loaded machine
// autolife may connect after a step the test needs it to see).
//
// The first line on stdout: {"qi": "tcp://127.0.0.1:PORT"}.
#include <signal.h>

#include <future>
#include <iostream>
#include <map>
#include <utility>

#include <CLI/CLI.hpp>

#include "autolife/core/json_line.hpp"
#include "autolife/net/event_loop.hpp"
#include "autolife/qiserver/server.hpp"
#include "autolife/sim/scenario.hpp"
#include "autolife/sim/simulator.hpp"

using namespace autolife;

namespace {

// The service with `slow`'s methods answering no sooner than their delay
// (the qi server answers a call once what it takes has passed).
std::shared_ptr<service::Service> slowed(const std::shared_ptr<service::Service>& original,
                                         const std::map<std::string, double>& slow) {
  auto s = std::make_shared<service::Service>(original->name(), original->description());
  for (const auto& m : original->methods()) {
    const auto delay = slow.find(m.name);
    const core::Duration extra =
        delay == slow.end() ? core::Duration{0} : std::chrono::duration_cast<core::Duration>(std::chrono::duration<double>(delay->second));
    s->method(m.name, m.parameters, m.result, m.description, [original, name = m.name, extra](const service::Arguments& a) {
      auto result = original->call(name, a);
      service::takes(std::max(service::takenByLastCall(), extra));
      return result;
    });
  }
  return s;
}

void slowDown(engine::Engine& engine, const std::vector<std::string>& specs) {
  std::map<std::string, std::map<std::string, double>> byService;
  for (const auto& spec : specs) {
    const auto dot = spec.find('.'), equals = spec.find('=');
    if (dot == std::string::npos || equals == std::string::npos || equals < dot)
      throw std::invalid_argument("--slow Service.method=SECONDS, got " + spec);
    byService[spec.substr(0, dot)][spec.substr(dot + 1, equals - dot - 1)] = std::stod(spec.substr(equals + 1));
  }
  for (const auto& [name, methods] : byService) {
    auto original = engine.services.find(name);
    if (!original) throw std::invalid_argument("no service " + name);
    engine.services.remove(name);
    engine.services.add(slowed(original, methods));
  }
}

void onEngine(engine::Engine& engine, const std::function<void()>& task) {
  std::promise<void> done;
  engine.clock.post([&] {
    task();
    done.set_value();
  });
  done.get_future().wait();
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("A simulated robot served over qi, as the remote tests' peer");
  std::string url = "tcp://127.0.0.1:0", model = "nao", scenarioFile, token;
  std::vector<std::string> slow;
  app.add_option("--qi", url);
  app.add_option("--robot", model);
  app.add_option("--scenario", scenarioFile);
  bool onSignal = false;
  app.add_flag("--scenario-on-signal", onSignal);
  app.add_option("--token", token);
  app.add_option("--slow", slow);
  CLI11_PARSE(app, argc, argv);

  sigset_t stop;
  sigemptyset(&stop);
  sigaddset(&stop, SIGINT);
  sigaddset(&stop, SIGTERM);
  sigaddset(&stop, SIGUSR1);
  pthread_sigmask(SIG_BLOCK, &stop, nullptr);

  std::optional<sim::Scenario> scenario;
  if (!scenarioFile.empty()) {
    auto loaded = sim::loadScenario(scenarioFile);
    if (auto* problems = std::get_if<std::vector<core::Diagnostic>>(&loaded)) {
      for (const auto& p : *problems) std::cerr << p.format() << '\n';
      return 2;
    }
    scenario = std::get<sim::Scenario>(std::move(loaded));
  }
  net::EventLoop loop;
  loop.start();
  engine::EngineOptions options;
  options.model = model == "pepper" ? launchpad::RobotModel::Pepper : launchpad::RobotModel::Nao;
  engine::Engine engine(loop.clock(), options);
  try {
    auto startScenario = [&] {
      if (scenario)
        for (const auto& step : scenario->steps)
          engine.clock.schedule(engine.clock.now() + step.time, [&engine, &step] { sim::applyStep(engine, step); });
    };
    onEngine(engine, [&] {
      slowDown(engine, slow);
      engine.start();
      if (!onSignal) startScenario();
    });
    qiserver::ServerOptions server;
    server.url = url;
    server.token = token;
    qiserver::Server qi(engine, loop, server);
    std::cout << core::jsonLine(nlohmann::json{{"qi", qi.start()}}) << std::endl;
    int signal = 0;
    while (sigwait(&stop, &signal) == 0 && signal == SIGUSR1)
      if (std::exchange(onSignal, false)) onEngine(engine, startScenario);
    qi.stop();
  } catch (const std::exception& e) {
    std::cerr << "robot_peer: " << e.what() << '\n';
    loop.stop();
    return 2;
  }
  loop.stop();
  return 0;
}
