// Files that a behavior names by a relative path (format 4's box files, the
// new format's objects): the path must stay inside the behavior's folder
// (relative, no ".."), so a hostile file cannot make us read elsewhere.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace autolife::behavior {

// `directory / name` when `name` is a plain relative path; otherwise empty,
// with the reason in `why`.
std::optional<std::filesystem::path> pathInFolder(const std::filesystem::path& directory, std::string_view name,
                                                  std::string& why);

}  // namespace autolife::behavior
