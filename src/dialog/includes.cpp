#include "includes.hpp"

#include <system_error>

namespace autolife::dialog {

namespace fs = std::filesystem;

namespace {

// The package a topic belongs to: the nearest folder above it holding a
// manifest.xml or a Choregraphe project (.pml), at most 6 levels up.
fs::path packageFolder(const fs::path& topic) {
  std::error_code ec;
  fs::path folder = topic.parent_path();
  for (int up = 0; up < 6 && !folder.empty(); ++up, folder = folder.parent_path()) {
    if (fs::exists(folder / "manifest.xml", ec)) return folder;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
      if (it->path().extension() == ".pml") return folder;
    if (folder == folder.parent_path()) break;
  }
  return {};
}

// The file named `name` under `root`, if exactly one (a bounded walk).
fs::path uniqueFileNamed(const fs::path& root, const fs::path& name) {
  std::error_code ec;
  fs::path found;
  int seen = 0;
  for (fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
       !ec && it != end && seen < 5000; it.increment(ec), ++seen) {
    if (!it->is_regular_file(ec) || it->path().filename() != name) continue;
    if (!found.empty()) return {};  // two of that name: which one is not for us to guess
    found = it->path();
  }
  return found;
}

}  // namespace

fs::path findInclude(const fs::path& topic, const std::string& include) {
  std::error_code ec;
  const fs::path next = topic.parent_path() / include;
  if (fs::exists(next, ec)) return next;
  const fs::path package = packageFolder(topic);
  if (package.empty()) return {};
  if (fs::exists(package / include, ec)) return package / include;
  return uniqueFileNamed(package, fs::path(include).filename());
}

bool isLexiconInclude(const std::string& include) { return fs::path(include).filename().string().starts_with("lexicon"); }

}  // namespace autolife::dialog
