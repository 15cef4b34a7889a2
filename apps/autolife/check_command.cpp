// `autolife check PATH... [--scenario FILE]`: validates packages (a folder,
// its manifest.xml, a .pkg, or a folder of packages) the way installing
// them would, and prints every problem as `file:line:column: error|warning:
// message`, then a one-line summary. Warns about launch triggers that read
// a key nothing writes, or that hold while a key has no value. QiChat
// topics (.top, and every package's) are checked too.
#include <filesystem>
#include <iostream>
#include <memory>
#include <set>

#include "autolife/dialog/check.hpp"
#include "autolife/dialog/topic.hpp"
#include "autolife/engine/package_dialogs.hpp"
#include "autolife/package/check.hpp"
#include "autolife/package/package.hpp"
#include "autolife/runtime/check_behavior.hpp"
#include "commands.hpp"
#include "naoqi_keys.hpp"
#include "scenario_file.hpp"

namespace autolife::app {

namespace {

constexpr const char* kCheckHelp = R"(
Each PATH is a package folder, a manifest.xml, a .pkg archive (extracted
into a temporary folder, as installing it would), a folder of packages
(no manifest.xml of its own: each sub-folder and .pkg in it, as serve
--packages loads them), or a QiChat topic (.top: syntax, undefined
concepts, bookmarks that do not exist, unknown functions; a package's
topics are checked too). Checked: manifest.xml (XML, uuid, version,
natures, behavior paths, permissions), every launch trigger condition
(compiled; its errors are located in manifest.xml), that each behavior has
its behavior.xar, each behavior.xar (read as autolife play reads it; every
Python box script compiled, Python 2-only syntax reported as such), the
Choregraphe project file (.pml), and, for archives, every entry (none may
land outside the package folder).
Launch triggers get two warnings more: a comparison that is true while its
key has no value (Invalid compares as 0: 'UserSession/FocusedUser' >= 0 is
true before anyone is focused), and a key that nothing writes: no checked
package's files mention it, nor the scenario's steps (--scenario), and no
NAOqi module writes it (the trigger would read it as Invalid forever).
With --scenario and no PATH, the scenario's packages are checked.
Output, one problem per line, then a summary:
  app/manifest.xml:12:34: error: launch condition: expected a value, found ')'
  app/manifest.xml:16:9: warning: behavior greet has no behavior.xar (...)
  1 package checked: 1 error, 1 warning
Exit status: 1 if any error, 0 otherwise (warnings alone do not fail); 2 a
scenario that cannot be read (file:line:column on stderr).
See docs/packages.md.)";

struct CheckOptions {
  std::vector<std::string> paths;
  std::string scenario;
};

std::string plural(std::size_t n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// A package folder's QiChat topics, every language.
std::vector<std::string> packageTopics(const std::string& path) {
  std::vector<std::string> files;
  if (!std::filesystem::is_directory(path)) return files;
  auto loaded = package::loadPackage(path);
  if (!loaded.package) return files;
  for (const auto& language : dialog::languageNames())
    for (const auto& f : engine::dialogTopicsOf(*loaded.package, language)) files.push_back(f.string());
  return files;
}

// The packages the paths name: a folder of packages stands for each one in it.
std::vector<std::filesystem::path> packagesOf(const std::vector<std::string>& paths) {
  std::vector<std::filesystem::path> out;
  for (const std::string& path : paths) {
    if (!package::isFolderOfPackages(path)) {
      out.emplace_back(path);
      continue;
    }
    auto inside = package::packagesIn(path);
    if (inside.empty()) out.emplace_back(path);  // checked as a package: "manifest.xml does not exist"
    out.insert(out.end(), inside.begin(), inside.end());
  }
  return out;
}

// The keys a scenario writes: its steps' set and raise, and its calls of
// ALMemory's writing methods.
std::set<std::string> keysWrittenBy(const sim::Scenario& scenario) {
  std::set<std::string> keys;
  for (const auto& step : scenario.steps) {
    for (const auto& [key, value] : step.set) keys.insert(key);
    for (const auto& [key, value] : step.raise) keys.insert(key);
    if (!step.call || step.call->arguments.empty() || !step.call->arguments[0].isString()) continue;
    for (const char* writer : {"ALMemory.insertData", "ALMemory.raiseEvent", "ALMemory.raiseMicroEvent"})
      if (step.call->method == writer) keys.insert(step.call->arguments[0].asString());
  }
  return keys;
}

// The launch triggers' warnings: a key nothing writes (one per trigger
// that reads it), a comparison true while its key has no value (unless
// the key has one from the start, or a service feeds it).
std::vector<core::Problem> triggerWarnings(const package::CheckReport& report, const std::set<std::string>& scenarioKeys,
                                           bool withScenario) {
  std::vector<core::Problem> out;
  std::set<std::string> fedByServices;
  for (const auto& read : report.reads) {
    if (read.serviceOperand) fedByServices.insert(read.key);
    if (read.serviceOperand || report.mentioned.contains(read.key) || scenarioKeys.contains(read.key) ||
        naoqiWrites(read.key))
      continue;
    core::Diagnostic d = read.where;
    d.message = "launch condition: nothing writes '" + read.key + "' (no checked package mentions it" +
                (withScenario ? ", nor the scenario," : "") +
                " and no NAOqi module writes it): it reads Invalid, as 0 in comparisons";
    out.push_back(core::warning(std::move(d)));
  }
  for (const auto& hint : report.hints)
    if (!hasValueFromStart(hint.key) && !fedByServices.contains(hint.key)) out.push_back(core::warning(hint.where));
  return out;
}

// The topics of a package that exist (whether a listed file must exist is
// the package check's call: Choregraphe lists files it may not ship).
std::vector<std::string> presentTopics(const std::string& path) {
  std::vector<std::string> present;
  for (const auto& f : packageTopics(path))
    if (std::filesystem::exists(f)) present.push_back(f);
  return present;
}

// Every path checked, as one report.
package::CheckReport checkAll(const std::vector<std::filesystem::path>& packages) {
  package::CheckReport all;
  for (const auto& path : packages) {
    package::CheckReport report = package::checkPath(path, runtime::checkBehavior);
    all.problems.insert(all.problems.end(), report.problems.begin(), report.problems.end());
    for (auto& p : dialog::checkTopics(presentTopics(path.string()))) all.problems.push_back(std::move(p));
    all.reads.insert(all.reads.end(), report.reads.begin(), report.reads.end());
    all.hints.insert(all.hints.end(), report.hints.begin(), report.hints.end());
    all.mentioned.merge(report.mentioned);
  }
  return all;
}

int runCheck(const CheckOptions& o) {
  std::optional<sim::Scenario> scenario;
  if (!o.scenario.empty()) {
    scenario = readScenario(o.scenario);
    if (!scenario) return 2;
  }
  std::vector<std::string> paths, topics;
  for (const std::string& path : o.paths) (path.ends_with(".top") ? topics : paths).push_back(path);
  if (o.paths.empty() && scenario) paths = scenario->packages;
  const auto packages = packagesOf(paths);
  package::CheckReport all = checkAll(packages);
  // The topics given are checked together: static concepts are global
  // (dialog-syntax_full), one topic may use another's.
  for (auto& p : dialog::checkTopics(topics)) all.problems.push_back(std::move(p));
  const auto scenarioKeys = scenario ? keysWrittenBy(*scenario) : std::set<std::string>{};
  for (auto& p : triggerWarnings(all, scenarioKeys, scenario.has_value())) all.problems.push_back(std::move(p));
  package::sortProblems(all.problems);
  for (const core::Problem& problem : all.problems) std::cout << problem.format() << '\n';
  std::string checked = packages.empty() ? "" : plural(packages.size(), "package");
  if (!topics.empty()) checked += (checked.empty() ? "" : ", ") + plural(topics.size(), "topic");
  std::cout << checked << " checked: " << plural(all.errors(), "error") << ", " << plural(all.warnings(), "warning")
            << '\n';
  return all.errors() > 0 ? 1 : 0;
}

}  // namespace

void addCheckCommand(CLI::App& app, int& status) {
  auto options = std::make_shared<CheckOptions>();
  auto* cmd = app.add_subcommand("check", "Validate packages: manifest, launch conditions, behaviors, archives");
  cmd->add_option("PATH", options->paths, "A package folder, a manifest.xml, a .pkg archive, a folder of packages or a .top topic");
  cmd->add_option("--scenario", options->scenario,
                  "A scenario: the keys its steps write count as written (alone: check its packages)")
      ->check(CLI::ExistingFile);
  cmd->footer(kCheckHelp);
  cmd->callback([options, &status] {
    if (options->paths.empty() && options->scenario.empty()) {
      std::cerr << "autolife check: PATH is required (or --scenario FILE)\n";
      status = 2;
      return;
    }
    status = runCheck(*options);
  });
}

}  // namespace autolife::app
