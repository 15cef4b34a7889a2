// `autolife simulate SCENARIO.yaml [--json] [--all] [--until T] [--seed N] [--explain]
// [--robot nao|pepper|tcp://HOST:PORT] [--record FILE]`: a robot's day in virtual time; a readable timeline, or JSON Lines with
// --json; exit status 1 when an expectation fails, 2 for a bad scenario.
#include <iostream>
#include <memory>

#include "autolife/core/json_line.hpp"
#include "autolife/replay/recorder.hpp"
#include "autolife/sim/simulator.hpp"
#include "commands.hpp"
#include "folded_lines.hpp"
#include "package_services.hpp"
#include "robot_option.hpp"
#include "scenario_file.hpp"

namespace autolife::app {

namespace {

constexpr const char* kSimulateHelp = R"(
The scenario (YAML, see docs/scenarios.md) names the robot, the packages
(folders or .pkg), inline activities (name, nature, condition, permissions,
run: {duration: S} | {until: "<condition>"} | {exec: [argv...]}), timed
steps (set, raise, people, world, call) and expectations (t with focused,
state, stack, suggestions).
Output: the seed, then one line per AutonomousLife event, activityTransition,
call result, activity failure, expectation, and package service event
(started, ready, output, stopped, failed, restarting: the packages'
<services> run as processes beside the engine; docs/packages.md); with
--json, JSON Lines such as
  {"t": 3.0, "event": "AutonomousLife/FocusedActivity", "value": "demo/greet"}
Identical lines in a row (a box polling in a loop) are folded: the first is
printed, then the last with xN, N the lines of the run; --all prints each
one (--json always does). An activity whose behavior went idle (no box
code running or due) keeps the focus, as on NAOqi, and an idle line says
why: what its boxes still wait for, or where its flow stopped.
--seed N seeds everything random (rand() in conditions, the simulated world,
box scripts' random): the same seed prints the same output, byte for byte.
--explain adds, at every Launchpad decision and at the end, why each
activity that is not focused is not:
  why-not  pkg/act lost-priority: other/act was focused less recently
  {"t": 12.0, "why-not": "pkg/act", "reason": "lost-priority", "message": "..."}
Reasons: condition-false (the sub-expression that holds it false), nature,
permission, relaunch-delay, lost-priority, state, stacked, problem,
no-trigger, pending (docs/scenarios.md).
--record FILE records the day (the seed, the robot, the packages with their
files' hash, every input in engine time): `autolife replay FILE` prints this
same timeline again, or what changes with other packages (docs/replay.md).
--boxes adds every box event of the activities' behaviors (a box started,
stopped, failed, an input reached it, it fired an output, a breakpoint holds
it: Autolife.setBreakpoint in a call step, Autolife.resume; its timeline's
frame; a Dialog box's lines):
  box  pkg/act  Say Hello  start
  {"t": 3.0, "activity": "pkg/act", "box": "Say Hello", "event": "start", "detail": ""}
--robot nao|pepper overrides the scenario's robot; --robot tcp://HOST:PORT
sends the services' calls to a robot over qi (time stays virtual: a call
takes no engine time, the robot's memory is not mirrored; docs/qi.md).
Exit status: 0 ok; 1 an expectation failed (its diff is printed); 2 the
scenario cannot be read (file:line:column on stderr), a bad option, or a
robot that cannot be reached.)";

struct SimulateOptions {
  std::string scenario;
  bool json = false;
  bool all = false;
  std::string until;
  std::optional<std::uint64_t> seed;
  bool explain = false;
  bool boxes = false;
  std::optional<double> turnLimit;
  std::string robot;
  std::string record;  // --record FILE: the day, for `autolife replay`
};

int runSimulate(const SimulateOptions& o) {
  const auto loaded = readScenario(o.scenario);
  if (!loaded) return 2;
  const auto& scenario = *loaded;
  sim::SimulationOptions options;
  options.seed = o.seed;
  options.explain = o.explain;
  options.textOnly = !o.json;
  options.boxes = o.boxes;
  if (!turnLimitFrom(o.turnLimit, "simulate", options.turnLimit)) return 2;
  std::optional<RobotChoice> robot(RobotChoice{});
  if (!o.robot.empty() && !(robot = chooseRobot("simulate", o.robot, false))) return 2;
  if (robot->model && !robot->link) options.model = robot->model;  // a connected robot: the scenario's world
  SimulatedPackageServices packageServices;  // the packages' <services>, beside the engine
  options.hooks = packageServices.hooks(robot->hooks());
  std::unique_ptr<replay::Recorder> recorder;
  if (!o.record.empty()) {
    replay::RecordingOptions recording;
    recording.source = "simulate";
    recording.scenarioFile = scenario.file;
    recording.expectations = scenario.expectations;
    recording.report = [](const std::string& problem) { std::cerr << "autolife simulate: " << problem << '\n'; };
    try {
      recorder = std::make_unique<replay::Recorder>(o.record, std::move(recording));
    } catch (const std::exception& e) {
      std::cerr << "autolife simulate: --record " << e.what() << '\n';
      return 2;
    }
    options.hooks = recorder->hooks(options.hooks);
  }
  if (!o.until.empty()) {
    options.until = sim::parseDuration(o.until);
    if (!options.until) {
      std::cerr << "autolife simulate: --until must be seconds or like 90s, 30m, 2h, 1h30m, 1d\n";
      return 2;
    }
  }
  FoldedLines plain(std::cout, !o.all);
  auto result = sim::simulate(scenario, options, [&](const sim::Record& r) {
    if (o.json) std::cout << core::jsonLine(r.json) << '\n';
    else plain.write(r);
  });
  plain.finish();
  if (!o.json) std::cout << timelineEnd(result) << '\n';
  return result.failedExpectations ? 1 : 0;
}

}  // namespace

void addSimulateCommand(CLI::App& app, int& status) {
  auto options = std::make_shared<SimulateOptions>();
  auto* cmd = app.add_subcommand("simulate", "Run a scenario (a robot's day) in virtual time");
  cmd->add_option("SCENARIO", options->scenario, "The scenario file (YAML)")->required();
  cmd->add_flag("--json", options->json, "JSON Lines output, one object per event");
  cmd->add_flag("--all", options->all, "Print every record: identical ones in a row are not folded into one (xN)");
  cmd->add_option("--until", options->until, "Stop at this time (seconds, or 90s, 30m, 2h, 1d)");
  addSeedOption(cmd, options->seed, "the scenario's, else 0");
  cmd->add_flag("--explain", options->explain,
                "At each Launchpad decision and at the end, why each activity not focused is not");
  cmd->add_flag("--boxes", options->boxes,
                "Every box event of the behaviors: {\"activity\", \"box\", \"event\", \"detail\"}");
  addTurnLimitOption(cmd, options->turnLimit);
  cmd->add_option("--robot", options->robot,
                  "nao or pepper (default: the scenario's); tcp://HOST:PORT: its calls go to a robot over qi");
  cmd->add_option("--record", options->record, "Record the day into this file, for `autolife replay` (docs/replay.md)");
  cmd->footer(kSimulateHelp);
  cmd->callback([options, &status] { status = runSimulate(*options); });
}

}  // namespace autolife::app
