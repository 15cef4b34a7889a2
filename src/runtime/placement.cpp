// Where a behavior sits in its package (self.packageUid(),
// self.behaviorRelativePath()): the nearest folder above it with a
// manifest.xml is the package's root, its uuid the package's uid.
#include <fstream>
#include <sstream>

#include "autolife/package/manifest.hpp"
#include "parts.hpp"

namespace autolife::runtime::detail {

namespace {

// What Choregraphe names a behavior it runs from outside a package.
constexpr const char* kUnpackaged = ".lastUploadedChoregrapheBehavior";
constexpr int kMostLevels = 16;

std::string uuidIn(const std::filesystem::path& manifest) {
  std::ifstream in(manifest, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (text.str().size() > package::kMaxManifestBytes) return {};
  package::ManifestOptions options;
  options.fallbackUuid = manifest.parent_path().filename().string();
  auto parsed = package::parseManifest(text.str(), options);
  return parsed.manifest ? parsed.manifest->uuid : options.fallbackUuid;
}

bool holdsProject(const std::filesystem::path& folder) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
    if (entry.path().extension() == ".pml") return true;
  return false;
}

// "" for the root itself (not "."): scripts cut it out of the absolute path.
std::string relativeTo(const std::filesystem::path& folder, const std::filesystem::path& root) {
  const std::string r = folder.lexically_relative(root).generic_string();
  return r == "." ? std::string() : r;
}

}  // namespace

Placement placementOf(const std::filesystem::path& behaviorFolder) {
  std::error_code ec;
  const auto folder = std::filesystem::weakly_canonical(behaviorFolder, ec);
  const auto& start = ec ? behaviorFolder : folder;
  std::filesystem::path project;  // the nearest folder with a .pml, for a behavior outside a package
  auto at = start;
  for (int level = 0; level < kMostLevels && !at.empty(); ++level) {
    if (std::filesystem::is_regular_file(at / "manifest.xml", ec))
      return {uuidIn(at / "manifest.xml"), relativeTo(start, at)};
    if (project.empty() && holdsProject(at)) project = at;
    if (at == at.root_path()) break;
    at = at.parent_path();
  }
  const auto root = project.empty() ? start.parent_path() : project;
  return {kUnpackaged, relativeTo(start, root)};
}

}  // namespace autolife::runtime::detail
