// The installed packages (PackageManager's store): one folder per package
// under an install root, `<root>/<uuid>/`, plus packages loaded in place
// (a folder used where it lies, as the simulator does with examples).
//
// Thread-safe: every method may be called from any thread. Listings return
// copies taken under the lock. Installation extracts or copies outside the
// lock, then swaps the new folder in; a failed install leaves the old one.
// A broken package never stops the others from loading: it is skipped and
// its problems are kept (problems()).
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "autolife/core/signal.hpp"
#include "autolife/package/archive.hpp"
#include "autolife/package/package.hpp"

namespace autolife::package {

struct InstallResult {
  bool installed = false;
  std::string uuid;               // when known
  std::vector<core::Problem> problems;  // why it was refused, or what the package still has wrong
};

class PackageStore {
public:
  // Loads every package already installed under `root` (created if
  // missing). An empty root makes a store that only loads in place.
  explicit PackageStore(std::filesystem::path root = {}, ArchiveLimits limits = {});
  PackageStore(const PackageStore&) = delete;
  PackageStore& operator=(const PackageStore&) = delete;

  // Installs a package folder or a .pkg into <root>/<uuid>/, replacing an
  // installed package with the same uuid. Refused (nothing changes) when
  // the package is unusable or the archive hostile; a package with lesser
  // errors installs, its bad activities marked invalid.
  InstallResult install(const std::filesystem::path& source);
  // Registers the package in `folder` without copying it. Replaces any
  // package with the same uuid in the listings (the installed copy, if
  // any, stays on disk).
  InstallResult loadInPlace(const std::filesystem::path& folder);
  // Uninstalls: deletes <root>/<uuid>/ for an installed package; only
  // forgets a package loaded in place (its folder is not ours to delete).
  bool remove(const std::string& uuid);

  bool has(const std::string& uuid) const;
  std::shared_ptr<const Package> package(const std::string& uuid) const;
  std::vector<PackageInfo> packages() const;    // sorted by uuid
  std::vector<Behavior> behaviors() const;      // every behaviorContent, activity or not
  std::vector<Behavior> activities() const;     // behaviors with a nature
  std::optional<Behavior> behavior(const std::string& name) const;  // by "<uuid>/<path>"
  // Problems of the packages found under the root that could not be
  // loaded, then those of every loaded package.
  std::vector<core::Problem> problems() const;

  const std::filesystem::path& root() const { return root_; }

  // Emitted after the lock is released, with the uuid.
  core::Signal<const std::string&> packageInstalled;
  core::Signal<const std::string&> packageRemoved;

private:
  void loadInstalled();
  void loadInstalledFolder(const std::filesystem::path& folder);
  std::vector<core::Problem> stage(const std::filesystem::path& source, const std::filesystem::path& staging) const;
  InstallResult installStaged(const std::filesystem::path& source, const std::filesystem::path& staging);

  std::filesystem::path root_;
  ArchiveLimits limits_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const Package>> packages_;
  // Folders under the root that did not load, by folder name, with why.
  std::map<std::string, std::vector<core::Problem>> skipped_;
};

}  // namespace autolife::package
