// `--robot nao|pepper|tcp://HOST:PORT|tcps://HOST:PORT`, as play, serve and simulate read it
// (docs/qi.md, "Connecting to a robot").
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "autolife/remote/robot_link.hpp"
#include "autolife/sim/simulator.hpp"

namespace autolife::app {

struct RobotChoice {
  std::optional<launchpad::RobotModel> model;  // a model named, or the connected robot's
  std::unique_ptr<remote::RobotLink> link;     // connected, for a URL

  // The hooks that put the link on an engine (nothing without a link).
  sim::EngineHooks hooks();
};

// Parses `text` and, for a URL, connects (sending $AUTOLIFE_ROBOT_USER and
// $AUTOLIFE_ROBOT_TOKEN, if set, as auth_user and auth_token). `serving`
// (serve): the robot's perception and mirrored keys feed life, and a lost
// robot is reconnected to; otherwise (play, simulate) calls fail fast once
// it is gone. Nothing, after printing "autolife COMMAND: why" on stderr,
// when the value is wrong or the robot cannot be reached.
std::optional<RobotChoice> chooseRobot(const std::string& command, const std::string& text, bool serving);

}  // namespace autolife::app
