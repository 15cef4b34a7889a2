// What Autonomous Life knows of an activity (REFERENCE §5, §6): its name,
// nature, launch trigger, permissions, loading responses, and how it runs.
// Built from a package's manifest or from a scenario's inline activity.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "autolife/core/diagnostic.hpp"
#include "autolife/core/time.hpp"

namespace autolife::life {

enum class Nature { Solitary, Interactive };
std::string_view natureName(Nature n);  // "solitary" | "interactive"

struct Permissions {
  bool canRunOnPod = false;    // may run while the robot is on its charging station
  bool canStandUp = false;     // may make the robot stand up (recorded, not enforced)
  bool canRunInSleep = false;  // may run while the robot sleeps
};

// How an activity runs once focused.
struct RunBehavior {  // its behavior.xar, through the behavior runtime
  std::string path;
};
struct RunFor {  // a scripted activity that ends by itself after a while
  core::Duration duration{0};
};
struct RunUntil {  // a scripted activity that ends when a condition becomes true
  std::string condition;
};
struct RunProgram {  // an external program; stopped with SIGTERM, then SIGKILL
  std::vector<std::string> argv;
};
struct RunForever {};  // runs until stopped (a package activity with no behavior yet)
using Run = std::variant<RunForever, RunBehavior, RunFor, RunUntil, RunProgram>;

struct Activity {
  std::string name;  // "<package-uuid>/<behavior-path>"
  Nature nature = Nature::Solitary;
  std::string launchTrigger;  // empty: no launch trigger (not autonomous)
  // Where the trigger text starts (manifest or scenario), for diagnostics.
  std::string triggerFile;
  int triggerLine = 1;
  int triggerColumn = 1;
  // Columns the text's later lines lost (a YAML block scalar's indentation).
  int triggerIndent = 0;
  Permissions permissions;
  std::vector<std::string> loadingResponses;
  core::Duration loadTime{0};  // how long loading takes (thinking expression meanwhile)
  Run run;
  // Set when the activity cannot run (a launch trigger that does not compile,
  // a broken behavior): it is reported, never focused.
  std::optional<core::Diagnostic> error;
};

}  // namespace autolife::life
