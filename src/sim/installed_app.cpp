#include "autolife/sim/installed_app.hpp"

#include <fstream>
#include <random>
#include <sstream>

#include "autolife/package/manifest.hpp"

namespace autolife::sim {

namespace fs = std::filesystem;

std::optional<PackageOf> packageOf(const fs::path& behavior) {
  std::error_code ec;
  fs::path folder = fs::absolute(behavior, ec).lexically_normal();
  if (ec) return std::nullopt;
  if (!fs::is_directory(folder, ec)) folder = folder.parent_path();
  for (int level = 0; level < 32 && !folder.empty(); ++level) {
    const fs::path manifest = folder / "manifest.xml";
    if (fs::is_regular_file(manifest, ec)) {
      if (fs::file_size(manifest, ec) > package::kMaxManifestBytes) return std::nullopt;
      std::ifstream in(manifest, std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      package::ManifestOptions options;
      options.fallbackUuid = folder.filename().string();
      auto parsed = package::parseManifest(text.str(), options);
      if (!parsed.manifest || !package::uuidProblem(parsed.manifest->uuid).empty()) return std::nullopt;
      return PackageOf{folder, parsed.manifest->uuid, parsed.manifest->requirements.robotModels};
    }
    if (folder == folder.root_path()) break;
    folder = folder.parent_path();
  }
  return std::nullopt;
}

// A package made for both robots is NAO's, marked `both`: `play` then lets
// each behavior's timelines choose (decision 1195), since some only a NAO
// can do (lying down) and others move Pepper's hips.
std::optional<RequiredRobot> robotRequiredBy(const PackageOf& package) {
  std::optional<RequiredRobot> nao, pepper;
  for (const auto& model : package.robotModels) {
    if (model.starts_with("NAO") && !nao) nao = RequiredRobot{launchpad::RobotModel::Nao, model};
    if (model.starts_with("JULIETTE") && !pepper) pepper = RequiredRobot{launchpad::RobotModel::Pepper, model};
  }
  if (nao) nao->both = pepper.has_value();
  return nao ? nao : pepper;
}

namespace {

fs::path freshTemporaryFolder() {
  std::random_device random;
  const fs::path base = fs::temp_directory_path();
  for (int attempt = 0; attempt < 16; ++attempt) {
    const fs::path candidate = base / ("autolife-play-" + std::to_string(random()));
    if (fs::create_directory(candidate)) return candidate;
  }
  throw fs::filesystem_error("no temporary folder could be made", base, std::make_error_code(std::errc::file_exists));
}

}  // namespace

InstalledApp::InstalledApp(const PackageOf& package) : temporary_(freshTemporaryFolder()), root_(package.root) {
  try {
    const fs::path apps = temporary_ / "PackageManager" / "apps";
    fs::create_directories(apps);
    folder_ = apps / package.uuid;
    fs::create_directory_symlink(package.root, folder_);
  } catch (...) {
    std::error_code ignored;
    fs::remove_all(temporary_, ignored);
    throw;
  }
}

// remove_all takes the link away, not what it points to.
InstalledApp::~InstalledApp() {
  std::error_code ignored;
  fs::remove_all(temporary_, ignored);
}

fs::path InstalledApp::installed(const fs::path& path) const {
  std::error_code ec;
  const fs::path absolute = fs::absolute(path, ec).lexically_normal();
  const fs::path relative = absolute.lexically_relative(root_);
  // The package's folder itself is the install folder (not ".../<uuid>/.").
  return relative.empty() || relative == "." ? folder_ : folder_ / relative;
}

std::string InstalledApp::asGiven(const std::string& location) const {
  const std::string prefix = folder_.string();
  if (!location.starts_with(prefix)) return location;
  const std::string rest = location.substr(prefix.size());
  if (!rest.empty() && rest.front() != '/' && rest.front() != ':') return location;  // another uuid's folder
  return root_.string() + rest;
}

}  // namespace autolife::sim
