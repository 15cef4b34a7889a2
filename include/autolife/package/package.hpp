// A package folder, loaded: its manifest, its .pml when there is one, and
// each behaviorContent resolved against the folder. An activity is a
// behavior with a nature (REFERENCE §6); its name is "<uuid>/<path>".
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "autolife/core/problem.hpp"
#include "autolife/package/manifest.hpp"
#include "autolife/package/project.hpp"

namespace autolife::package {

// One behaviorContent of a loaded package.
struct Behavior {
  std::string name;         // "<uuid>/<path>", e.g. "my-app/behavior_1" or "my-app/."
  std::string packageUuid;
  BehaviorContent content;  // everything the manifest says (nature, trigger, permissions…)
  std::filesystem::path packageRoot;
  std::filesystem::path behaviorFile;  // <packageRoot>/<path>/behavior.xar
  // False when the manifest gives it something unusable (a launch condition
  // that does not compile, an unknown nature): listed, never launched.
  bool valid = true;

  bool isActivity() const { return content.nature != Nature::None; }
  Nature nature() const { return content.nature; }
  const std::string& path() const { return content.path; }
  const LaunchTrigger* launchTrigger() const { return content.launchTrigger ? &*content.launchTrigger : nullptr; }
};

struct Package {
  Manifest manifest;
  std::optional<Project> project;  // the first <name>.pml at the root, if any
  std::filesystem::path root;      // the folder the package lives in
  std::vector<Behavior> behaviors;  // in manifest order, duplicates dropped
  std::vector<core::Problem> problems;
  bool inPlace = false;  // loaded where it lies (not copied under a store's root)

  const std::string& uuid() const { return manifest.uuid; }
};

// Summary of a package, for listings (PackageManager.packages).
struct PackageInfo {
  std::string uuid;
  std::string version;
  Localized names;
  Localized descriptions;
  std::filesystem::path path;
  bool inPlace = false;
};
PackageInfo infoOf(const Package& p);

struct LoadOptions {
  // The uuid used (with a warning) when the manifest has none; default: the
  // folder's name.
  std::string fallbackUuid;
  // How problems name the folder (e.g. "app.pkg" while checking an archive
  // extracted elsewhere; an empty path names files alone); default: the
  // folder itself.
  std::optional<std::filesystem::path> displayRoot;
};

struct LoadResult {
  // Null when the package cannot be used at all: no manifest.xml, bad XML,
  // no usable uuid. A package with lesser errors loads (its bad activities
  // are marked invalid) and keeps its problems in `package->problems`.
  // Not yet shared with anyone: the caller may adjust it (the store sets
  // inPlace, or the root it moved the folder to) before publishing it.
  std::shared_ptr<Package> package;
  std::vector<core::Problem> problems;  // all of them, whether it loaded or not
};

// Points the package and its behaviors at the folder it now lives in.
void moveTo(Package& package, const std::filesystem::path& root);

// Where a behavior's file is: <packageRoot>/<path>/behavior.xar ("." is the root).
std::filesystem::path behaviorFileOf(const std::filesystem::path& packageRoot, const std::string& path);

// Reads and validates the package in `folder` (nothing is copied).
LoadResult loadPackage(const std::filesystem::path& folder, const LoadOptions& options = {});

// A folder of packages, as `serve --packages` and `check` take it: each
// sub-folder and each .pkg in it, sorted by name; hidden entries (.git...)
// are not packages.
std::vector<std::filesystem::path> packagesIn(const std::filesystem::path& folder);
// Whether `folder` is a folder of packages rather than a package: a folder
// without manifest.xml.
bool isFolderOfPackages(const std::filesystem::path& folder);

}  // namespace autolife::package
