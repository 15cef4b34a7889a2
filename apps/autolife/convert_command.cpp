// `autolife convert BEHAVIOR.xar OUTDIR [--force]`: writes a Choregraphe
// behavior as libqicore's "new format" (one .xml and .py per box, state
// machines, main.py); problems go to stderr as file:line:column: message.
#include <iostream>
#include <memory>

#include "autolife/behavior/converter.hpp"
#include "commands.hpp"

namespace autolife::app {

namespace {

constexpr const char* kConvertHelp = R"(
BEHAVIOR.xar is a Choregraphe behavior (xar version 3, or format 4 with its
box files next to it). OUTDIR is created; it must be empty unless --force.
Written: l<level>_<name>.xml and .py for every box (a name used twice gets
_1, _2...), <name>_timeline.xml, <name>_state_machine.xml and
<name>_state_<n>.xml for boxes with a timeline, and main.py (python3
OUTDIR/main.py [IP [PORT]] plays the folder with autolife, on the robot at
that address or on the simulated one).
Output: one line "converted ..." on success; every error or warning on
stderr as  file:line:column: error: message
Exit status: 0 converted; 1 the behavior has errors or OUTDIR cannot be
written (nothing is written then). See docs/behaviors.md.)";

struct ConvertOptions {
  std::string xar;
  std::string folder;
  bool force = false;
};

void print(const std::vector<core::Diagnostic>& diagnostics, const char* kind) {
  for (const core::Diagnostic& d : diagnostics) {
    std::string where = d.location();
    std::cerr << (where.empty() ? "" : where + ": ") << kind << ": " << d.message << '\n';
  }
}

int runConvert(const ConvertOptions& o) {
  behavior::ConvertOptions options;
  options.overwrite = o.force;
  behavior::ConvertResult result = behavior::convertXar(o.xar, o.folder, options);
  print(result.errors, "error");
  print(result.warnings, "warning");
  if (!result.ok()) return 1;
  std::size_t objects = 0;
  for (const auto& file : result.files)
    if (file.extension() == ".py" && file.filename() != "main.py") ++objects;
  std::cout << "converted " << o.xar << ": " << objects << (objects == 1 ? " box, " : " boxes, ")
            << result.files.size() << " files in " << o.folder << '\n';
  return 0;
}

}  // namespace

void addConvertCommand(CLI::App& app, int& status) {
  auto options = std::make_shared<ConvertOptions>();
  auto* cmd = app.add_subcommand("convert", "Convert a behavior.xar to libqicore's new format (a folder of objects)");
  cmd->add_option("BEHAVIOR", options->xar, "The behavior file (.xar)")->required();
  cmd->add_option("OUTDIR", options->folder, "The folder to write")->required();
  cmd->add_flag("--force", options->force, "Write into OUTDIR even when it is not empty");
  cmd->footer(kConvertHelp);
  cmd->callback([options, &status] { status = runConvert(*options); });
}

}  // namespace autolife::app
