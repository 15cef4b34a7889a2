// A scenario: a robot's day (or minute) in virtual time — which robot,
// which packages and activities, what happens in the world and when, and
// what life must have done by then. Loaded from YAML (docs/scenarios.md);
// every problem is reported with file:line:column.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "autolife/core/diagnostic.hpp"
#include "autolife/core/time.hpp"
#include "autolife/core/value.hpp"
#include "autolife/launchpad/world.hpp"
#include "autolife/life/activity.hpp"
#include "autolife/robot/simulated_world.hpp"

namespace autolife::voice {
struct Audio;
}

namespace autolife::sim {

struct Call {
  std::string method;  // "Service.method"
  std::vector<core::Value> arguments;  // service::Arguments: maps allowed
};

// A touch sensor or bumper pressed (`touch:`), released `seconds` later.
struct Touch {
  std::string sensor;  // "FrontTactil", "FrontTactilTouched" or "Head/Touch/Front"...
  double seconds = 0.2;
};

// What a person says to the robot (`hear:`), as the recogniser heard it,
// or as audio the recogniser hears (`hear: {audio: FILE.wav}`).
struct Hear {
  std::string text;
  double confidence = 1.0;
  std::string audio;  // a sound file (resolved against the scenario's folder); then text is unused
  // A replayed day's: the samples heard then, which `audio` only names.
  std::shared_ptr<const voice::Audio> recorded;
};

struct Step {
  core::Time time{0};
  int line = 0;
  // Applied in this order when a step has several.
  std::optional<robot::WorldUpdate> world;
  std::optional<std::vector<launchpad::Person>> people;
  std::vector<std::pair<std::string, core::Value>> set;
  std::vector<std::pair<std::string, core::Value>> raise;
  std::optional<Call> call;
  std::optional<Touch> touch;
  std::optional<Hear> hear;
};

struct Expectation {
  core::Time time{0};
  int line = 0;
  std::optional<std::string> focused;
  std::optional<std::string> state;
  std::optional<std::vector<std::string>> stack;
  std::optional<std::vector<std::string>> suggestions;
};

struct InlineActivity {
  life::Activity activity;
  int line = 0;
  // Only a `run:` (and load:) for an activity a package already provides.
  bool overridesRun = false;
};

struct Scenario {
  std::string file;
  std::string robot = "nao";  // nao | pepper
  std::uint64_t seed = 0;
  std::optional<core::Time> until;
  std::optional<std::chrono::system_clock::time_point> start;  // wall clock at t=0
  std::vector<std::string> packages;  // resolved paths (folders or .pkg)
  std::vector<InlineActivity> activities;
  std::vector<Step> steps;            // sorted by time, file order kept at equal times
  std::vector<Expectation> expectations;
};

// Loads a scenario file, or the problems found in it (all of them, not just
// the first).
std::variant<Scenario, std::vector<core::Diagnostic>> loadScenario(const std::string& path);
std::variant<Scenario, std::vector<core::Diagnostic>> parseScenario(const std::string& text, const std::string& file,
                                                                    const std::string& baseDirectory);

// "90", "1.5", "90s", "30m", "2h", "1h30m", "1d": seconds as engine time.
std::optional<core::Time> parseDuration(const std::string& text);

}  // namespace autolife::sim
