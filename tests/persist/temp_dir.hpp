// A fresh folder under the system's temporary folder, removed with the object.
#pragma once

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>

namespace autolife::persisttest {

struct TempDir {
  TempDir()
      : path(std::filesystem::temp_directory_path() /
             ("autolife-persist-" + std::to_string(getpid()) + "-" + std::to_string(counter++))) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::permissions(path, std::filesystem::perms::owner_all, ignored);
    std::filesystem::remove_all(path, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::filesystem::path path;
  static inline std::atomic<int> counter = 0;
};

}  // namespace autolife::persisttest
