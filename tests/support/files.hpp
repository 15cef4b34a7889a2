// Files for tests: a fresh temporary folder removed with the object, and
// whole-file reads and writes. Shared by every suite (tests/support).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace autolife::test {

namespace fs = std::filesystem;

// A fresh folder under the system's temporary folder (mkdtemp: unique even
// when several test programs run at once), removed with the object, even
// when a test made parts of it read-only.
class TempDir {
public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const fs::path& path() const { return path_; }
  std::string str() const { return path_.string(); }
  fs::path operator/(const std::string& relative) const { return path_ / relative; }
  // Writes `relative` (creating its folders) and returns its full path.
  fs::path write(const std::string& relative, const std::string& contents) const;

private:
  fs::path path_;
};

std::string readText(const fs::path& path);
// Writes the file, creating its folders.
void writeText(const fs::path& path, const std::string& text);
// The names of the entries of a folder, sorted.
std::vector<std::string> fileNames(const fs::path& folder);
// Every path under `folder`, relative, sorted ("a", "a/b.txt", ...).
std::vector<std::string> listTree(const fs::path& folder);

}  // namespace autolife::test
