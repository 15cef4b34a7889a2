// Runs a scenario in virtual time on a whole engine and reports what life
// did: the seed first, then every AutonomousLife event, activityTransition,
// call result, activity failure and expectation (and, with explain, why
// each activity not focused is not), in time order. A simulated day runs
// in seconds, and the same seed gives the same output, byte for byte.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "autolife/engine/engine.hpp"
#include "autolife/runtime/behavior_run.hpp"
#include "autolife/service/service.hpp"
#include "autolife/sim/scenario.hpp"

namespace autolife::sim {

// One output record: the JSON object `--json` prints (its "t" first) and
// the line of the readable timeline.
struct Record {
  core::Time time{0};
  nlohmann::ordered_json json;
  std::string text;
};

// A remote robot on the engine (`--robot tcp://HOST:PORT`, src/remote):
// `attach` is called with the engine once its packages are loaded, before
// anything runs; `detach` once it has run, before it goes.
// Package services (src/pkgservice) come the same way: `observe` is given
// what reports a record (its JSON body, its label and its text), after
// attach; `settle`, once the time is up, waits for what is still to come
// (a service's end), whose records then close the timeline.
// `built` is called first, with the engine as soon as it is built, before
// its packages load: what hears its inputs (a day's recorder, src/replay)
// attaches there.
using RecordReport = std::function<void(nlohmann::ordered_json body, const std::string& label, const std::string& text)>;
struct EngineHooks {
  std::function<void(engine::Engine&)> built;
  std::function<void(engine::Engine&)> attach;
  std::function<void()> detach;
  std::function<void(engine::Engine&, RecordReport)> observe;
  std::function<void()> settle;
};

// Inputs fed beside the scenario's steps, one at a time (a recorded day's,
// src/replay): each runs at its time in the Input phase, ordered among the
// tasks of its instant as the steps are (as though scheduled all at once,
// once the engine started), so that a day replays as it was simulated.
class InputFeed {
public:
  virtual ~InputFeed() = default;
  // At most how many inputs will be fed (the orders reserved for them).
  virtual std::size_t size() const = 0;
  // The next input's time; none when there is no more.
  virtual std::optional<core::Time> next() = 0;
  // Applies the next input: its outcome as applyStep gives it ({"call",
  // "result"}, {"call", "error"}, {"hear", ...}), reported as a step's.
  virtual std::optional<nlohmann::ordered_json> apply(engine::Engine& engine) = 0;
};

struct SimulationOptions {
  std::optional<core::Time> until;     // overrides the scenario's
  std::optional<std::uint64_t> seed;   // overrides the scenario's
  // Wall time a box may keep its thread in one go (EngineOptions::turnLimit).
  std::optional<std::chrono::milliseconds> turnLimit;
  std::optional<launchpad::RobotModel> model;  // overrides the scenario's
  EngineHooks hooks;
  // `--explain`: after each Launchpad decision and at the end, why each
  // activity that is not focused is not ({"why-not", "reason", "message"}).
  bool explain = false;
  // Only the readable timeline is wanted: each record's `json` is left
  // empty (building it is a tenth of a replayed day's time).
  bool textOnly = false;
  // Inputs beyond the scenario's steps (a recorded day's); none: the steps only.
  InputFeed* feed = nullptr;
  // `--boxes`: every box event of the activities' behaviors
  // ({"activity", "box", "event", "detail"}).
  bool boxes = false;
};

struct SimulationResult {
  int failedExpectations = 0;
  int problems = 0;  // package or activity problems reported (they do not stop the run)
  core::Time endedAt{0};
};

// The end time: --until, else the scenario's until, else its last step or
// expectation.
core::Time endOf(const Scenario& scenario, const SimulationOptions& options);

SimulationResult simulate(const Scenario& scenario, const SimulationOptions& options,
                          const std::function<void(const Record&)>& output);

// "0:00:04.000"
std::string clockText(core::Time t);
// A call's arguments as text output shows them: JSON, long ones cut (--json has them whole).
std::string argumentsText(const service::Arguments& args);
// A value as the output's JSON carries it (an object reference, which JSON
// cannot carry, as null), and a call's arguments as a JSON array.
nlohmann::ordered_json outputJson(const service::Any& value);
nlohmann::ordered_json argumentsJson(const service::Arguments& args);
// What an idle behavior waits for, as the output's JSON: [{"box", "for"}].
nlohmann::ordered_json waitingJson(const std::vector<runtime::Waiting>& waiting);

// What simulate() and `autolife serve --scenario` share: the scenario's
// packages and inline activities loaded into an engine (each problem
// reported, none stopping), and one step's inputs applied, with a call's
// outcome ({"call", "result"} or {"call", "error": {reason, message}}).
void prepare(engine::Engine& engine, const Scenario& scenario, const std::function<void(const std::string&)>& problem);
std::optional<nlohmann::ordered_json> applyStep(engine::Engine& engine, const Step& step);
// The same, without waiting for a call's method that answers later (a
// robot's): `outcome` gets the call's record then, on whatever thread it
// answers (`serve` in real time; simulate awaits it in applyStep).
void applyStepAsync(engine::Engine& engine, const Step& step, std::function<void(nlohmann::ordered_json)> outcome);
// A call's record from its outcome.
nlohmann::ordered_json callOutcome(const std::string& method, const service::Outcome& outcome);

}  // namespace autolife::sim
