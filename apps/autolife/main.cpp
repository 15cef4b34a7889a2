#include <iostream>

#include "commands.hpp"
#include "version.hpp"

int main(int argc, char** argv) {
  CLI::App app{"autolife: an open Autonomous Life engine for NAO and Pepper robots"};
  app.require_subcommand(1);
  app.set_version_flag("--version", autolife::app::versionText(), "Print the version and the commit, then exit");
  int status = 0;
  autolife::app::addEvalCommand(app, status);
  autolife::app::addCheckCommand(app, status);
  autolife::app::addSimulateCommand(app, status);
  autolife::app::addConvertCommand(app, status);
  autolife::app::addPlayCommand(app, status);
  autolife::app::addServeCommand(app, status);
  autolife::app::addChatCommand(app, status);
  autolife::app::addReplayCommand(app, status);
  autolife::app::addFleetCommand(app, status);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  return status;
}
