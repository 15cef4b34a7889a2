// The data folder of `serve`, `fleet` and `replay` when --data is not given:
// $XDG_DATA_HOME/autolife, else ~/.local/share/autolife (the token,
// installed packages, autolife.db; docs/persistence.md).
#pragma once

#include <cstdlib>
#include <filesystem>

namespace autolife::app {

inline std::filesystem::path defaultDataDir() {
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "autolife";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::filesystem::path(home) / ".local/share/autolife";
  return std::filesystem::temp_directory_path() / "autolife";
}

}  // namespace autolife::app
