// `autolife play BEHAVIOR.xar|FOLDER [--json] [--all] [--boxes] [--virtual|--realtime]
// [--until T] [--seed N] [--robot nao|pepper|tcp://HOST:PORT]`: one behavior on the
// simulated robot, or on a remote one; what the robot did, one line per
// service call, box logs and errors, and how the behavior ended.
#include <iostream>
#include <memory>
#include <optional>

#include "autolife/core/json_line.hpp"
#include "autolife/runtime/behavior_runner.hpp"
#include "autolife/sim/animated_robot.hpp"
#include "autolife/sim/installed_app.hpp"
#include "autolife/sim/play.hpp"
#include "autolife/sim/scenario.hpp"
#include "commands.hpp"
#include "folded_lines.hpp"
#include "package_services.hpp"
#include "robot_option.hpp"

namespace autolife::app {

namespace {

constexpr const char* kPlayHelp = R"(
Runs a Choregraphe behavior (a .xar file, or a folder written by autolife
convert) on the simulated robot, in virtual time unless --realtime: a box's
time.sleep and every robot action take engine time, and nothing really waits.
Output: one line per service call, box log, box error and missing service,
then how the behavior ended; with --json, JSON Lines such as
  {"t": 0.0, "service": "ALTextToSpeech", "method": "say", "args": ["Hello"]}
  {"t": 2.1, "end": "finished"}
Identical records in a row (a box polling in a loop) are folded: the first
is printed, then the last with xN, N the records of the run; --all prints
each one (--json always does).
With --boxes, every box event too: a box started, stopped, failed, an input
reached it, it fired an output, a breakpoint holds it, its timeline's frame,
a Dialog box's lines ({"t", "box", "event", "detail"}; the box's path).
Ends: finished (the root box fired onStopped), error (a box raised: its
file:line and message), until (still running at --until, then stopped),
idle (virtual time: nothing left that could happen; it says why: what the
boxes still wait for, such as
  Stand Up: waits for 'All motors' (held by 'Animation')
  Speech Reco.: listens to ALMemory 'WordRecognized'
or where the flow stopped short of the behavior's output; in --json, "why"
and "waiting": [{"box", "for"}]). In real time an idle behavior goes on,
and an idle line says so.
A box that runs longer than --turn-limit seconds of wall time without
sleeping or calling the robot (a loop that never ends) stops virtual time;
it is interrupted and ends the behavior with an error naming its line.
Box scripts' `random` is seeded: each box draws from a stream of its own,
derived from --seed (default 0) and the box's place in the behavior, so two
runs with the same seed play alike.
When the behavior is part of a package whose manifest declares <services>,
the package is loaded in place and its services run beside the behavior, as
`simulate` runs them (their start, output and end are records too); they
stop when the behavior ends.
Without --robot, a behavior of a package plays on Pepper when its
manifest's requirements name a Pepper (<robotRequirement model="JULIETTE"/>)
and no NAO, on NAO when they name a NAO and no Pepper. When they name both,
or no manifest names a robot, the behavior's timelines choose: Pepper when
they were made for it (<ActuatorList model="juliette">) or move joints only
Pepper has (HipPitch, HipRoll, KneePitch), else NAO. A
package's behavior runs from the folder NAOqi installs packages in
(.../PackageManager/apps/<uuid>/, a link to the package's own folder), as
the stock boxes that find their app from their path expect.
With --robot tcp://HOST:PORT the behavior acts on a robot over qi (a NAOqi,
or an autolife serve): the robot's services replace the simulated ones,
the model is the robot's, and time is real (--virtual is refused). See
docs/qi.md, "Connecting to a robot".
Exit status: 0 finished, until or idle; 1 a box error; 2 the behavior
cannot be read (file:line:column on stderr), a bad option, or a robot that
cannot be reached.)";

struct PlayCommandOptions {
  std::string behavior;
  bool json = false;
  bool all = false;
  bool boxes = false;
  bool realtime = false;
  bool virtualTime = false;
  std::string until;
  std::string robot;  // none: the package's manifest says, else nao
  std::optional<double> turnLimit;
  std::uint64_t seed = 0;
};

// The robot a behavior is made for: the one its package's manifest's
// robotRequirements name (JULIETTE is Pepper), else, when they name both or
// none, what its timelines were animated for (decisions 1187, 1195); said
// when Pepper, nao otherwise.
std::string robotOfBehavior(const std::string& behavior) {
  const auto package = sim::packageOf(behavior);
  const auto required = package ? sim::robotRequiredBy(*package) : std::nullopt;
  if (required && !required->both) {
    if (required->model != launchpad::RobotModel::Pepper) return "nao";
    std::cerr << "autolife play: on Pepper, as the package's manifest requires (" << required->requirement
              << "); --robot chooses another\n";
    return "pepper";
  }
  const auto loaded = runtime::loadBehavior(behavior);  // play reports what cannot be read
  const auto animated = loaded.ok() ? sim::robotAnimatedBy(*loaded.behavior) : std::nullopt;
  if (!animated || animated->model != launchpad::RobotModel::Pepper) return "nao";
  std::cerr << "autolife play: on Pepper, as " << (required ? "the package runs on NAO and Pepper and " : "") << animated->why
            << "; --robot chooses another\n";
  return "pepper";
}

int runPlay(const PlayCommandOptions& o) {
  sim::PlayOptions options;
  options.behavior = o.behavior;
  options.realtime = o.realtime;
  options.seed = o.seed;
  options.boxes = o.boxes;
  if (!o.until.empty()) {
    options.until = sim::parseDuration(o.until);
    if (!options.until) {
      std::cerr << "autolife play: --until must be seconds or like 90s, 30m, 2h, 1h30m, 1d\n";
      return 2;
    }
  }
  if (!turnLimitFrom(o.turnLimit, "play", options.turnLimit)) return 2;
  if (o.virtualTime && o.robot.find("://") != std::string::npos) {
    std::cerr << "autolife play: --virtual cannot drive a real robot (with --robot URL, time is real)\n";
    return 2;
  }
  auto robot = chooseRobot("play", o.robot.empty() ? robotOfBehavior(o.behavior) : o.robot,
                           false);  // Life does not run: no trigger reads memory
  if (!robot) return 2;
  if (robot->link) options.realtime = true;
  options.model = *robot->model;
  // The behavior's package services run beside it, as simulate runs them
  // (not on a robot over qi: there, the robot runs its own).
  SimulatedPackageServices packageServices(!options.realtime);
  options.hooks = robot->hooks();
  if (!robot->link) {
    options.package = packageDeclaringServices(o.behavior);
    if (options.package) options.hooks = packageServices.hooks(options.hooks);
  }
  FoldedLines plain(std::cout, !o.all, true);
  auto result = sim::play(options, [&](const sim::Record& r) {
    if (o.json) std::cout << core::jsonLine(r.json) << std::endl;
    else plain.write(r);
  });
  plain.finish();
  if (result.end == sim::PlayResult::End::Unreadable) {
    for (const auto& p : result.problems) std::cerr << p.format() << '\n';
    if (result.problems.empty()) std::cerr << o.behavior << ": the behavior cannot be read\n";
    return 2;
  }
  for (const auto& w : result.problems) std::cerr << "warning: " << w.format() << '\n';
  return result.end == sim::PlayResult::End::Error ? 1 : 0;
}

}  // namespace

void addPlayCommand(CLI::App& app, int& status) {
  auto options = std::make_shared<PlayCommandOptions>();
  auto* cmd = app.add_subcommand("play", "Run a behavior (.xar or converted folder) on the simulated robot");
  cmd->add_option("BEHAVIOR", options->behavior, "behavior.xar, or a folder in the new format")->required();
  cmd->add_flag("--json", options->json, "JSON Lines output, one object per line");
  cmd->add_flag("--all", options->all, "Print every record: identical ones in a row are not folded into one (xN)");
  cmd->add_flag("--boxes", options->boxes, "Print every box event too: {\"t\", \"box\", \"event\", \"detail\"}");
  auto* realtime = cmd->add_flag("--realtime", options->realtime, "Run on the real clock");
  cmd->add_flag("--virtual", options->virtualTime, "Run in virtual time (the default)")->excludes(realtime);
  cmd->add_option("--until", options->until, "Stop the behavior at this time (seconds, or 90s, 30m, 2h, 1d)");
  cmd->add_option("--robot", options->robot,
                  "nao or pepper: the simulated robot (default: the one the package's manifest requires, else nao); "
                  "tcp://HOST:PORT: a robot over qi");
  addTurnLimitOption(cmd, options->turnLimit);
  addSeedOption(cmd, options->seed);
  cmd->footer(kPlayHelp);
  cmd->callback([options, &status] { status = runPlay(*options); });
}

}  // namespace autolife::app
