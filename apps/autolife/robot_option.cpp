#include "robot_option.hpp"

#include <cstdlib>
#include <iostream>

namespace autolife::app {

sim::EngineHooks RobotChoice::hooks() {
  if (!link) return {};
  auto* l = link.get();
  sim::EngineHooks hooks;
  hooks.attach = [l](engine::Engine& engine) { l->attach(engine); };
  hooks.detach = [l] { l->detach(); };
  return hooks;
}

std::optional<RobotChoice> chooseRobot(const std::string& command, const std::string& text, bool serving) {
  const std::string prefix = "autolife " + command + ": ";
  auto parsed = remote::parseRobotArgument(text);
  if (const auto* error = std::get_if<std::string>(&parsed)) {
    std::cerr << prefix << "--robot " << *error << '\n';
    return std::nullopt;
  }
  auto& argument = std::get<remote::RobotArgument>(parsed);
  RobotChoice choice;
  if (argument.model) {
    choice.model = argument.model;
    return choice;
  }
  remote::LinkOptions options;
  options.connection.url = argument.url;
  if (const char* user = std::getenv("AUTOLIFE_ROBOT_USER")) options.connection.user = user;
  if (const char* token = std::getenv("AUTOLIFE_ROBOT_TOKEN")) options.connection.token = token;
  options.mirrorMemory = serving;
  options.connection.reconnect = serving;  // play and simulate fail fast
  options.report = [prefix](const std::string& problem) { std::cerr << prefix << problem << std::endl; };
  try {
    choice.link = std::make_unique<remote::RobotLink>(options);
  } catch (const service::CallError& e) {
    std::cerr << prefix << e.what() << '\n';
    return std::nullopt;
  }
  choice.model = choice.link->model();
  return choice;
}

}  // namespace autolife::app
