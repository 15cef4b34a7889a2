// `autolife simulate SCENARIO.yaml [--json] [--until T] [--seed N]
// [--robot nao|pepper|tcp://HOST:PORT]`: a robot's day in virtual time; a readable timeline, or JSON Lines with
// --json; exit status 1 when an expectation fails, 2 for a bad scenario.
#include <iostream>
#include <memory>

#include "autolife/core/json_line.hpp"
#include "autolife/sim/simulator.hpp"
#include "commands.hpp"
#include "package_services.hpp"
#include "robot_option.hpp"

namespace autolife::app {

namespace {

constexpr const char* kSimulateHelp = R"(
The scenario (YAML, see docs/scenarios.md) names the robot, the packages
(folders or .pkg), inline activities (name, nature, condition, permissions,
run: {duration: S} | {until: "<condition>"} | {exec: [argv...]}), timed
steps (set, raise, people, world, call) and expectations (t with focused,
state, stack, suggestions).
Output: one line per AutonomousLife event, activityTransition, call result,
expectation, and package service event (started, ready, output, stopped,
failed, restarting: the packages' <services> run as processes beside the
engine; docs/packages.md); with --json, JSON Lines such as
  {"t": 3.0, "event": "AutonomousLife/FocusedActivity", "value": "demo/greet"}
--robot nao|pepper overrides the scenario's robot; --robot tcp://HOST:PORT
sends the services' calls to a robot over qi (time stays virtual: a call
takes no engine time, the robot's memory is not mirrored; docs/qi.md).
Exit status: 0 ok; 1 an expectation failed (its diff is printed); 2 the
scenario cannot be read (file:line:column on stderr), a bad option, or a
robot that cannot be reached.)";

struct SimulateOptions {
  std::string scenario;
  bool json = false;
  std::string until;
  std::optional<std::uint64_t> seed;
  std::optional<double> turnLimit;
  std::string robot;
};

int runSimulate(const SimulateOptions& o) {
  auto loaded = sim::loadScenario(o.scenario);
  if (auto* problems = std::get_if<std::vector<core::Diagnostic>>(&loaded)) {
    for (const auto& p : *problems) std::cerr << p.format() << '\n';
    return 2;
  }
  const auto& scenario = std::get<sim::Scenario>(loaded);
  sim::SimulationOptions options;
  options.seed = o.seed;
  if (!turnLimitFrom(o.turnLimit, "simulate", options.turnLimit)) return 2;
  std::optional<RobotChoice> robot(RobotChoice{});
  if (!o.robot.empty() && !(robot = chooseRobot("simulate", o.robot, false))) return 2;
  if (robot->model && !robot->link) options.model = robot->model;  // a connected robot: the scenario's world
  SimulatedPackageServices packageServices;  // the packages' <services>, beside the engine
  options.hooks = packageServices.hooks(robot->hooks());
  if (!o.until.empty()) {
    options.until = sim::parseDuration(o.until);
    if (!options.until) {
      std::cerr << "autolife simulate: --until must be seconds or like 90s, 30m, 2h, 1h30m, 1d\n";
      return 2;
    }
  }
  auto result = sim::simulate(scenario, options, [&](const sim::Record& r) {
    std::cout << (o.json ? core::jsonLine(r.json) : r.text) << '\n';
  });
  if (!o.json)
    std::cout << sim::clockText(result.endedAt) << "  end: "
              << (result.failedExpectations ? std::to_string(result.failedExpectations) + " expectation(s) failed"
                                            : std::string("all expectations met"))
              << '\n';
  return result.failedExpectations ? 1 : 0;
}

}  // namespace

void addSimulateCommand(CLI::App& app, int& status) {
  auto options = std::make_shared<SimulateOptions>();
  auto* cmd = app.add_subcommand("simulate", "Run a scenario (a robot's day) in virtual time");
  cmd->add_option("SCENARIO", options->scenario, "The scenario file (YAML)")->required();
  cmd->add_flag("--json", options->json, "JSON Lines output, one object per event");
  cmd->add_option("--until", options->until, "Stop at this time (seconds, or 90s, 30m, 2h, 1d)");
  cmd->add_option("--seed", options->seed, "Seed for rand() (default: the scenario's, else 0)");
  addTurnLimitOption(cmd, options->turnLimit);
  cmd->add_option("--robot", options->robot,
                  "nao or pepper (default: the scenario's); tcp://HOST:PORT: its calls go to a robot over qi");
  cmd->footer(kSimulateHelp);
  cmd->callback([options, &status] { status = runSimulate(*options); });
}

}  // namespace autolife::app
