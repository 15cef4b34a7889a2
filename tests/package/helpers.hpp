// Helpers for the package tests: fixtures and .pkg archives built at test
// time with libzip (hostile ones included); temporary folders and files are
// tests/support/files.hpp.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "autolife/core/problem.hpp"
#include "files.hpp"

namespace autolife::package::testing {

namespace fs = std::filesystem;

// tests/package/fixtures/<name>
fs::path fixture(const std::string& name);

using autolife::test::listTree;
using autolife::test::readText;
using autolife::test::TempDir;
using autolife::test::writeText;

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

// The formatted problems, one per line, for failure messages.
std::string describe(const std::vector<core::Problem>& problems);
// Does some problem's message contain `text`?
bool mentions(const std::vector<core::Problem>& problems, const std::string& text);

}  // namespace autolife::package::testing
