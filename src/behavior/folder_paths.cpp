#include "folder_paths.hpp"

namespace autolife::behavior {

std::optional<std::filesystem::path> pathInFolder(const std::filesystem::path& directory, std::string_view name,
                                                  std::string& why) {
  if (name.empty()) {
    why = "the path is empty";
    return std::nullopt;
  }
  if (name.find('\0') != std::string_view::npos) {
    why = "the path holds a NUL character";
    return std::nullopt;
  }
  std::filesystem::path relative(name);
  if (relative.is_absolute() || relative.has_root_name() || relative.has_root_directory()) {
    why = "the path is absolute; it must be relative to the behavior's folder";
    return std::nullopt;
  }
  for (const auto& part : relative) {
    if (part == "..") {
      why = "the path leaves the behavior's folder (\"..\")";
      return std::nullopt;
    }
  }
  return directory / relative;
}

}  // namespace autolife::behavior
