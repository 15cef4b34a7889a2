#include "autolife/package/package.hpp"

#include <algorithm>
#include <set>

#include "autolife/package/archive.hpp"
#include "contents.hpp"
#include "files.hpp"

namespace autolife::package {

namespace {

// How problems name a file of the package.
std::string displayName(const LoadOptions& options, const fs::path& folder, const std::string& relative) {
  fs::path root = options.displayRoot ? *options.displayRoot : folder;
  return (root / relative).string();
}

// The first .pml at the root, in name order (Choregraphe writes one).
std::optional<fs::path> findProjectFile(const fs::path& folder) {
  std::error_code ec;
  std::vector<fs::path> found;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".pml" && it->is_regular_file(ec)) found.push_back(it->path());
  if (found.empty()) return std::nullopt;
  return *std::min_element(found.begin(), found.end());
}

// Returns the project file's display name when there is one.
std::optional<std::string> readProject(const fs::path& folder, const LoadOptions& options, Package& package) {
  std::optional<fs::path> path = findProjectFile(folder);
  if (!path) return std::nullopt;
  std::string name = displayName(options, folder, path->filename().string());
  std::string error;
  std::optional<std::string> text = readFile(*path, kMaxManifestBytes, error);
  if (!text) {
    package.problems.push_back(core::fileWarning(name, "the project file " + error));
    return name;
  }
  ProjectResult result = parseProject(*text, name);
  package.project = std::move(result.project);
  package.problems.insert(package.problems.end(), result.problems.begin(), result.problems.end());
  return name;
}

core::Diagnostic at(const std::string& file, TextPosition position, std::string message) {
  core::Diagnostic d;
  d.file = file;
  d.line = position.line;
  d.column = position.column;
  d.message = std::move(message);
  return d;
}

Behavior resolve(const Package& package, const BehaviorContent& content) {
  Behavior b;
  b.name = package.uuid() + "/" + content.path;
  b.packageUuid = package.uuid();
  b.content = content;
  b.packageRoot = package.root;
  b.behaviorFile = behaviorFileOf(package.root, content.path);
  bool unknownNature = content.nature == Nature::None && !content.natureText.empty();
  bool badTrigger = content.launchTrigger && !content.launchTrigger->valid();
  b.valid = !unknownNature && !badTrigger;
  return b;
}

// A missing behavior.xar is worth a warning, not a refusal: the package's
// other activities are fine, and a scenario may give this one a `run:`;
// focused as it is, it fails ("its behavior cannot be loaded").
void checkBehaviorFile(const Behavior& b, const std::string& manifestName, Package& package) {
  std::error_code ec;
  if (fs::is_regular_file(b.behaviorFile, ec)) return;
  std::string expected = (fs::path(b.path()) / "behavior.xar").lexically_normal().string();
  package.problems.push_back(core::warning(at(manifestName, b.content.position,
                                        "behavior " + b.path() + " has no behavior.xar (expected at " + expected + ")")));
}

// A .pml behavior the manifest does not list is one the robot will never see.
void checkProjectBehaviors(const std::string& projectName, Package& package) {
  if (!package.project) return;
  std::set<std::string> listed;
  for (const Behavior& b : package.behaviors) listed.insert(normalizedBehaviorPath(b.path()));
  for (const ProjectBehavior& pb : package.project->behaviors)
    if (!listed.contains(normalizedBehaviorPath(pb.src)))
      package.problems.push_back(core::fileWarning(projectName, "the project lists behavior " + pb.src +
                                                              " but manifest.xml has no behaviorContent for it"));
}

}  // namespace

fs::path behaviorFileOf(const fs::path& packageRoot, const std::string& path) {
  // Only the manifest's part is normalised: the root is kept as given
  // ("a/../b" may not be "b" when "a" is a symlink).
  fs::path relative = fs::path(path).lexically_normal();
  if (relative == ".") return packageRoot / "behavior.xar";
  return packageRoot / relative / "behavior.xar";
}

void moveTo(Package& package, const fs::path& root) {
  package.root = root;
  for (Behavior& b : package.behaviors) {
    b.packageRoot = root;
    b.behaviorFile = behaviorFileOf(root, b.path());
  }
}

PackageInfo infoOf(const Package& p) {
  return PackageInfo{p.uuid(), p.manifest.version, p.manifest.names, p.manifest.descriptions, p.root, p.inPlace};
}

LoadResult loadPackage(const fs::path& folder, const LoadOptions& options) {
  LoadResult result;
  std::string manifestName = displayName(options, folder, "manifest.xml");
  std::string error;
  std::optional<std::string> text = readFile(folder / "manifest.xml", kMaxManifestBytes, error);
  if (!text) {
    result.problems.push_back(core::fileError(manifestName, "manifest.xml " + error));
    return result;
  }
  std::string fallback = options.fallbackUuid.empty() ? baseName(folder) : options.fallbackUuid;
  ManifestResult parsed = parseManifest(*text, ManifestOptions{manifestName, fallback});
  result.problems = std::move(parsed.problems);
  if (!parsed.manifest) return result;

  auto package = std::make_shared<Package>();
  package->manifest = std::move(*parsed.manifest);
  package->root = folder;
  package->problems = std::move(result.problems);
  std::optional<std::string> projectName = readProject(folder, options, *package);
  for (const BehaviorContent& content : package->manifest.behaviors) {
    package->behaviors.push_back(resolve(*package, content));
    checkBehaviorFile(package->behaviors.back(), manifestName, *package);
  }
  if (projectName) checkProjectBehaviors(*projectName, *package);
  result.problems = package->problems;
  result.package = std::move(package);
  return result;
}

}  // namespace autolife::package

namespace autolife::package {

std::vector<fs::path> packagesIn(const fs::path& folder) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    if (p.filename().string().starts_with(".")) continue;
    if (it->is_directory(ec) || isArchivePath(p)) out.push_back(p);
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool isFolderOfPackages(const fs::path& folder) {
  std::error_code ec;
  return fs::is_directory(folder, ec) && !fs::exists(folder / "manifest.xml", ec);
}

}  // namespace autolife::package
