// The subcommands of the `autolife` tool. Each registers itself on the app
// and returns the exit status through `status`.
#pragma once

#include <CLI/CLI.hpp>

namespace autolife::app {

void addEvalCommand(CLI::App& app, int& status);
void addCheckCommand(CLI::App& app, int& status);
void addSimulateCommand(CLI::App& app, int& status);
void addConvertCommand(CLI::App& app, int& status);
void addPlayCommand(CLI::App& app, int& status);
void addServeCommand(CLI::App& app, int& status);

}  // namespace autolife::app
