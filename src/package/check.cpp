#include "autolife/package/check.hpp"

#include <algorithm>
#include <tuple>

#include "autolife/package/package.hpp"
#include "files.hpp"
#include "mentions.hpp"

namespace autolife::package {

namespace {

// What the triggers read and may get wrong while a key has no value.
void checkTriggers(const Package& package, CheckReport& report) {
  for (const auto& b : package.behaviors) {
    const LaunchTrigger* trigger = b.launchTrigger();
    if (!trigger || !trigger->valid()) continue;
    report.hints.insert(report.hints.end(), trigger->hints.begin(), trigger->hints.end());
    const condition::Program& p = *trigger->program;
    for (std::size_t k = 0; k < p.keys.size(); ++k) {
      const bool operand = std::any_of(p.serviceOperands.begin(), p.serviceOperands.end(),
                                       [k](const condition::ServiceOperand& o) { return o.key == k; });
      report.reads.push_back({p.keys[k], b.name, trigger->keyReads[k], operand});
    }
  }
}

void checkFolder(const fs::path& folder, const LoadOptions& options, const BehaviorCheck& behaviors,
                 CheckReport& report) {
  LoadResult loaded = loadPackage(folder, options);
  report.problems.insert(report.problems.end(), loaded.problems.begin(), loaded.problems.end());
  if (loaded.package) {
    checkTriggers(*loaded.package, report);
    collectPackageMentions(folder, report.mentioned);
  }
  if (!behaviors || !loaded.package) return;
  const fs::path shownRoot = options.displayRoot ? *options.displayRoot : folder;
  for (const auto& b : loaded.package->behaviors) {
    std::error_code ec;
    if (!fs::is_regular_file(b.behaviorFile, ec)) continue;  // the loader warned
    auto found = behaviors(b.behaviorFile, (shownRoot / b.behaviorFile.lexically_relative(folder)).string());
    report.problems.insert(report.problems.end(), found.begin(), found.end());
  }
}

// An archive is checked as what installing it would give: extracted (into
// a temporary folder), then loaded.
void checkArchive(const fs::path& archive, const ArchiveLimits& limits, const BehaviorCheck& behaviors,
                  CheckReport& report) {
  std::string error;
  std::optional<fs::path> work = makeWorkFolder(fs::temp_directory_path(), "autolife-check-", error);
  if (!work) {
    report.problems.push_back(core::fileError(archive.string(), error));
    return;
  }
  std::vector<core::Problem> refused = extractArchive(archive, *work, limits);
  if (refused.empty()) checkFolder(*work, LoadOptions{baseName(archive), archive}, behaviors, report);
  else report.problems.insert(report.problems.end(), refused.begin(), refused.end());
  removeQuietly(*work);
}

}  // namespace

void sortProblems(std::vector<core::Problem>& problems) {
  std::stable_sort(problems.begin(), problems.end(), [](const core::Problem& a, const core::Problem& b) {
    const core::Diagnostic& x = a.diagnostic;
    const core::Diagnostic& y = b.diagnostic;
    return std::tie(x.file, x.line, x.column) < std::tie(y.file, y.line, y.column);
  });
}

CheckReport checkPath(const fs::path& path, const ArchiveLimits& limits) { return checkPath(path, {}, limits); }

CheckReport checkPath(const fs::path& path, const BehaviorCheck& behaviors, const ArchiveLimits& limits) {
  CheckReport report;
  report.packagesChecked = 1;
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    report.problems.push_back(core::fileError(path.string(), "no such file or folder"));
  } else if (fs::is_directory(path, ec)) {
    checkFolder(path, LoadOptions{}, behaviors, report);
  } else if (path.filename() == "manifest.xml") {
    fs::path folder = path.parent_path();
    checkFolder(folder.empty() ? fs::path(".") : folder, LoadOptions{{}, folder}, behaviors, report);
  } else if (isArchivePath(path)) {
    checkArchive(path, limits, behaviors, report);
  } else {
    report.problems.push_back(core::fileError(path.string(), "is not a package folder, a manifest.xml or a .pkg archive"));
  }
  sortProblems(report.problems);
  return report;
}

}  // namespace autolife::package
