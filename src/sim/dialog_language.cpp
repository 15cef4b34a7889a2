// The language `play` runs a behavior's dialogs in: the robot speaks its
// package's (decision 1015), as `chat` does for a package.
#include "autolife/sim/play.hpp"

#include "autolife/engine/package_dialogs.hpp"
#include "autolife/package/package.hpp"

namespace autolife::sim {

std::string packageDialogLanguage(const std::filesystem::path& behavior) {
  std::error_code ec;
  auto folder = std::filesystem::absolute(behavior, ec);
  if (ec) return {};
  if (!std::filesystem::is_directory(folder, ec)) folder = folder.parent_path();
  for (int up = 0; up < 8 && !folder.empty(); ++up, folder = folder.parent_path()) {
    if (std::filesystem::is_regular_file(folder / "manifest.xml", ec)) {
      const auto loaded = package::loadPackage(folder);
      return loaded.package ? engine::defaultDialogLanguage(*loaded.package) : std::string();
    }
    if (folder == folder.root_path()) break;
  }
  return {};
}

}  // namespace autolife::sim
