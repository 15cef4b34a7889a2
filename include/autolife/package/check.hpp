// `autolife check`: validates a package folder, a manifest.xml or a .pkg
// and gathers every problem, located in the files the user named.
#pragma once

#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "autolife/core/problem.hpp"
#include "autolife/package/archive.hpp"
#include "autolife/package/manifest.hpp"

namespace autolife::package {

// A memory key a launch trigger reads, and where.
struct TriggerRead {
  std::string key;
  std::string activity;
  core::Diagnostic where;       // in manifest.xml, as problems name it
  bool serviceOperand = false;  // `ALBattery.charge`: fed from a service, nobody writes it
};

struct CheckReport {
  std::vector<core::Problem> problems;
  int packagesChecked = 0;  // packages whose manifest could be read
  // Every key the launch triggers read, in manifest order.
  std::vector<TriggerRead> reads;
  // Their comparisons true while a key has no value (a warning unless
  // the key always has one: the caller knows which do).
  std::vector<LaunchTrigger::Hint> hints;
  // What the packages' files might write to memory: every quoted string
  // and QiChat $variable in them (manifest.xml aside). A key in none of
  // them, the scenario or NAOqi's keys is read by nothing's writing.
  std::set<std::string> mentioned;

  std::size_t errors() const { return core::countErrors(problems); }
  std::size_t warnings() const { return problems.size() - errors(); }
};

// Checks one path: a package folder, its manifest.xml, or a .pkg (extracted
// into a temporary folder, removed afterwards; problems name the archive,
// e.g. "app.pkg/manifest.xml:12:5"). A missing path is an error.
CheckReport checkPath(const std::filesystem::path& path, const ArchiveLimits& limits = {});

// Checks each behavior's behavior.xar too (the behavior runtime provides it;
// `shownAs` is how problems name the file).
using BehaviorCheck =
    std::function<std::vector<core::Problem>(const std::filesystem::path& behaviorXar, const std::string& shownAs)>;
CheckReport checkPath(const std::filesystem::path& path, const BehaviorCheck& behaviors,
                      const ArchiveLimits& limits = {});

// Problems in file order, then by position, as a compiler prints them.
void sortProblems(std::vector<core::Problem>& problems);

}  // namespace autolife::package
