// Helpers for the package tests: fixtures, temporary folders, and .pkg
// archives built at test time with libzip (hostile ones included).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "autolife/core/problem.hpp"

namespace autolife::package::testing {

namespace fs = std::filesystem;

// tests/package/fixtures/<name>
fs::path fixture(const std::string& name);

// A fresh folder, removed with the object.
class TempDir {
public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }
  fs::path operator/(const std::string& name) const { return path_ / name; }

private:
  fs::path path_;
};

struct ZipEntry {
  enum class Kind { File, Directory, Symlink };
  std::string name;
  std::string content;  // a file's bytes, or a symlink's target
  Kind kind = Kind::File;
};

// Writes a zip holding exactly these entries, names as given (libzip does
// not check them: that is how hostile archives are made).
void writeZip(const fs::path& path, const std::vector<ZipEntry>& entries);
// The entries for every file and folder of a package folder.
std::vector<ZipEntry> entriesOf(const fs::path& folder);

std::string readText(const fs::path& path);
void writeText(const fs::path& path, const std::string& text);
// Every path under `folder`, relative, sorted ("a", "a/b.txt", ...).
std::vector<std::string> listTree(const fs::path& folder);

// The formatted problems, one per line, for failure messages.
std::string describe(const std::vector<core::Problem>& problems);
// Does some problem's message contain `text`?
bool mentions(const std::vector<core::Problem>& problems, const std::string& text);

}  // namespace autolife::package::testing
