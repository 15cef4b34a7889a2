// `autolife check PATH...`: validates packages (a folder, its manifest.xml
// or a .pkg) the way installing them would, and prints every problem as
// `file:line:column: error|warning: message`, then a one-line summary.
#include <filesystem>
#include <iostream>
#include <memory>

#include "autolife/dialog/check.hpp"
#include "autolife/dialog/topic.hpp"
#include "autolife/engine/package_dialogs.hpp"
#include "autolife/package/check.hpp"
#include "autolife/runtime/check_behavior.hpp"
#include "commands.hpp"

namespace autolife::app {

namespace {

constexpr const char* kCheckHelp = R"(
Each PATH is a package folder, a manifest.xml, a .pkg archive, or a QiChat
topic (.top: syntax, undefined concepts, bookmarks that do not exist,
unknown functions; a package's topics are checked too) (extracted
into a temporary folder, as installing it would). Checked: manifest.xml (XML,
uuid, version, natures, behavior paths, permissions), every launch trigger
condition (compiled; its errors are located in manifest.xml), that each
behavior has its behavior.xar, each behavior.xar (read as autolife play reads
it; every Python box script compiled, Python 2-only syntax reported as
such), the Choregraphe project file (.pml), and, for
archives, every entry (none may land outside the package folder).
Output, one problem per line, then a summary:
  app/manifest.xml:12:34: error: launch condition: expected a value, found ')'
  app/manifest.xml:16:9: warning: behavior greet has no behavior.xar (...)
  1 package checked: 1 error, 1 warning
Exit status: 1 if any error, 0 otherwise (warnings alone do not fail).
See docs/packages.md.)";

std::string plural(std::size_t n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// A package folder's QiChat topics, every language.
std::vector<std::string> packageTopics(const std::string& path) {
  std::vector<std::string> files;
  if (!std::filesystem::is_directory(path)) return files;
  auto loaded = package::loadPackage(path);
  if (!loaded.package) return files;
  for (const char* language : {"English", "French", "Japanese", "Chinese", "German", "Spanish", "Italian"})
    for (const auto& f : engine::dialogTopicsOf(*loaded.package, language)) files.push_back(f.string());
  return files;
}

int runCheck(const std::vector<std::string>& paths) {
  std::size_t errors = 0, warnings = 0;
  std::size_t packages = 0, topics = 0;
  auto report = [&](const std::vector<core::Problem>& problems) {
    for (const core::Problem& problem : problems) {
      std::cout << problem.format() << '\n';
      (problem.isError() ? errors : warnings) += 1;
    }
  };
  // The topics given are checked together: static concepts are global
  // (dialog-syntax_full), one topic may use another's.
  std::vector<std::string> topicFiles;
  for (const std::string& path : paths) {
    if (path.ends_with(".top")) {
      ++topics;
      topicFiles.push_back(path);
      continue;
    }
    ++packages;
    report(package::checkPath(path, runtime::checkBehavior).problems);
    // Its topics that exist (whether a listed file must exist is the
    // package check's call: Choregraphe lists files it may not ship).
    const auto files = packageTopics(path);
    std::vector<std::string> present;
    for (const auto& f : files)
      if (std::filesystem::exists(f)) present.push_back(f);
    report(dialog::checkTopics(present));
  }
  if (!topicFiles.empty()) report(dialog::checkTopics(topicFiles));
  std::string checked = packages ? plural(packages, "package") : "";
  if (topics) checked += (checked.empty() ? "" : ", ") + plural(topics, "topic");
  std::cout << checked << " checked: " << plural(errors, "error") << ", "
            << plural(warnings, "warning") << '\n';
  return errors > 0 ? 1 : 0;
}

}  // namespace

void addCheckCommand(CLI::App& app, int& status) {
  auto paths = std::make_shared<std::vector<std::string>>();
  auto* cmd = app.add_subcommand("check", "Validate packages: manifest, launch conditions, behaviors, archives");
  cmd->add_option("PATH", *paths, "A package folder, a manifest.xml, a .pkg archive or a .top topic")->required();
  cmd->footer(kCheckHelp);
  cmd->callback([paths, &status] { status = runCheck(*paths); });
}

}  // namespace autolife::app
