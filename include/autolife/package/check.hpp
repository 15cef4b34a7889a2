// `autolife check`: validates a package folder, a manifest.xml or a .pkg
// and gathers every problem, located in the files the user named.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "autolife/core/problem.hpp"
#include "autolife/package/archive.hpp"

namespace autolife::package {

struct CheckReport {
  std::vector<core::Problem> problems;
  int packagesChecked = 0;  // packages whose manifest could be read

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

}  // namespace autolife::package
