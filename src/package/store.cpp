#include "autolife/package/store.hpp"

#include <algorithm>
#include <cstdio>

#include "files.hpp"
#include "xml_file.hpp"

namespace autolife::package {

namespace {

// Work folders live under the root (a rename is only atomic within one
// filesystem) and start with '.', which no uuid may.
constexpr const char* kInstallPrefix = ".install-";
constexpr const char* kRemovePrefix = ".removing-";

bool isWorkFolder(const std::string& name) { return name.starts_with(kInstallPrefix) || name.starts_with(kRemovePrefix); }

InstallResult refused(std::vector<core::Problem> problems) { return InstallResult{false, {}, std::move(problems)}; }
InstallResult refused(const fs::path& source, const std::string& message) {
  return refused({core::fileError(source.string(), message)});
}

}  // namespace

PackageStore::PackageStore(fs::path root, ArchiveLimits limits) : root_(std::move(root)), limits_(limits) {
  if (root_.empty()) return;
  std::error_code ec;
  fs::create_directories(root_, ec);
  if (ec) {
    skipped_[""].push_back(core::fileError(root_.string(), "cannot create the install folder: " + ec.message()));
    return;
  }
  loadInstalled();
}

void PackageStore::loadInstalled() {
  std::vector<fs::path> folders;
  std::error_code ec;
  for (fs::directory_iterator it(root_, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    // Left by an install or removal that was interrupted: never a package.
    if (isWorkFolder(name)) removeQuietly(it->path());
    else if (!name.starts_with('.') && it->is_directory(ec)) folders.push_back(it->path());
  }
  std::sort(folders.begin(), folders.end());
  for (const fs::path& folder : folders) loadInstalledFolder(folder);
}

void PackageStore::loadInstalledFolder(const fs::path& folder) {
  std::string name = folder.filename().string();
  LoadResult loaded = loadPackage(folder, LoadOptions{name, std::nullopt});
  if (!loaded.package) {
    skipped_[name] = std::move(loaded.problems);
    return;
  }
  const std::string& uuid = loaded.package->uuid();
  if (auto other = packages_.find(uuid); other != packages_.end()) {
    skipped_[name] = {core::fileError(folder.string(), "holds package " + inQuotes(uuid) + ", already loaded from " +
                                                     other->second->root.string() + ": skipped")};
    return;
  }
  if (uuid != name)
    loaded.package->problems.push_back(
        core::fileWarning(folder.string(), "the folder's name is not the uuid of the package it holds, " + inQuotes(uuid)));
  packages_[uuid] = std::move(loaded.package);
}

InstallResult PackageStore::install(const fs::path& source) {
  if (root_.empty()) return refused(source, "this package store has no install folder");
  std::string error;
  std::optional<fs::path> staging = makeWorkFolder(root_, kInstallPrefix, error);
  if (!staging) return refused(source, error);
  InstallResult result = installStaged(source, *staging);
  // After a swap, the staging folder holds the previous version.
  removeQuietly(*staging);
  if (result.installed) packageInstalled(result.uuid);
  return result;
}

std::vector<core::Problem> PackageStore::stage(const fs::path& source, const fs::path& staging) const {
  std::error_code ec;
  if (!fs::exists(source, ec)) return {core::fileError(source.string(), "no such file or folder")};
  if (isArchivePath(source) && fs::is_regular_file(source, ec)) return extractArchive(source, staging, limits_);
  if (!fs::is_directory(source, ec)) return {core::fileError(source.string(), "is not a package folder or a .pkg archive")};
  if (isWithin(root_, source)) return {core::fileError(source.string(), "contains the install folder itself")};
  return copyTree(source, staging, source);
}

InstallResult PackageStore::installStaged(const fs::path& source, const fs::path& staging) {
  if (auto problems = stage(source, staging); core::hasErrors(problems)) return refused(std::move(problems));
  LoadResult loaded = loadPackage(staging, LoadOptions{baseName(source), source});
  if (!loaded.package) return refused(std::move(loaded.problems));
  std::string uuid = loaded.package->uuid();
  fs::path target = root_ / uuid;
  moveTo(*loaded.package, target);

  fs::path previousRoot;
  {
    std::lock_guard lock(mutex_);
    std::string error;
    if (!swapInto(staging, target, error))
      return refused(source, "cannot move the package into " + target.string() + ": " + error);
    if (auto old = packages_.find(uuid); old != packages_.end() && !old->second->inPlace) previousRoot = old->second->root;
    packages_[uuid] = loaded.package;
    skipped_.erase(uuid);
  }
  // An earlier install under a folder not named after its uuid (copied by
  // hand): one package, one folder.
  if (!previousRoot.empty() && previousRoot != target) removeQuietly(previousRoot);
  return InstallResult{true, uuid, std::move(loaded.problems)};
}

InstallResult PackageStore::loadInPlace(const fs::path& folder) {
  LoadResult loaded = loadPackage(folder);
  if (!loaded.package) return refused(std::move(loaded.problems));
  loaded.package->inPlace = true;
  std::string uuid = loaded.package->uuid();
  {
    std::lock_guard lock(mutex_);
    packages_[uuid] = loaded.package;
  }
  packageInstalled(uuid);
  return InstallResult{true, uuid, std::move(loaded.problems)};
}

bool PackageStore::remove(const std::string& uuid) {
  fs::path doomed;
  {
    std::lock_guard lock(mutex_);
    if (auto it = packages_.find(uuid); it != packages_.end()) {
      if (!it->second->inPlace) doomed = it->second->root;
      packages_.erase(it);
    } else if (!uuid.empty() && skipped_.erase(uuid) > 0) {
      doomed = root_ / uuid;  // a broken install: removing it is how one fixes it
    } else {
      return false;
    }
    // Moved aside under the lock, so that an install of the same uuid that
    // follows never sees a half-deleted folder.
    std::string error;
    if (!doomed.empty()) {
      if (auto aside = makeWorkFolder(root_, kRemovePrefix, error); aside && std::rename(doomed.c_str(), aside->c_str()) == 0)
        doomed = *aside;
    }
  }
  if (!doomed.empty()) removeQuietly(doomed);
  packageRemoved(uuid);
  return true;
}

bool PackageStore::has(const std::string& uuid) const {
  std::lock_guard lock(mutex_);
  return packages_.contains(uuid);
}

std::shared_ptr<const Package> PackageStore::package(const std::string& uuid) const {
  std::lock_guard lock(mutex_);
  auto it = packages_.find(uuid);
  return it == packages_.end() ? nullptr : it->second;
}

std::vector<PackageInfo> PackageStore::packages() const {
  std::lock_guard lock(mutex_);
  std::vector<PackageInfo> out;
  for (const auto& [uuid, p] : packages_) out.push_back(infoOf(*p));
  return out;
}

std::vector<Behavior> PackageStore::behaviors() const {
  std::lock_guard lock(mutex_);
  std::vector<Behavior> out;
  for (const auto& [uuid, p] : packages_) out.insert(out.end(), p->behaviors.begin(), p->behaviors.end());
  return out;
}

std::vector<Behavior> PackageStore::activities() const {
  std::vector<Behavior> out = behaviors();
  std::erase_if(out, [](const Behavior& b) { return !b.isActivity(); });
  return out;
}

std::optional<Behavior> PackageStore::behavior(const std::string& name) const {
  std::lock_guard lock(mutex_);
  std::string uuid = name.substr(0, name.find('/'));
  auto it = packages_.find(uuid);
  if (it == packages_.end()) return std::nullopt;
  for (const Behavior& b : it->second->behaviors)
    if (b.name == name) return b;
  return std::nullopt;
}

std::vector<core::Problem> PackageStore::problems() const {
  std::lock_guard lock(mutex_);
  std::vector<core::Problem> out;
  for (const auto& [folder, problems] : skipped_) out.insert(out.end(), problems.begin(), problems.end());
  for (const auto& [uuid, p] : packages_) out.insert(out.end(), p->problems.begin(), p->problems.end());
  return out;
}

}  // namespace autolife::package
