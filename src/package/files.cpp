#include "files.hpp"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <system_error>

namespace autolife::package {

std::optional<std::string> readFile(const fs::path& path, std::size_t maxBytes, std::string& error) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) {
    error = fs::exists(path, ec) ? "is not a regular file" : "does not exist";
    return std::nullopt;
  }
  auto size = fs::file_size(path, ec);
  if (ec || size > maxBytes) {
    error = ec ? ec.message() : "is larger than " + std::to_string(maxBytes) + " bytes";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  std::string text(static_cast<std::size_t>(size), '\0');
  if (!in.read(text.data(), static_cast<std::streamsize>(size))) {
    error = "cannot be read";
    return std::nullopt;
  }
  return text;
}

std::string baseName(const fs::path& path) {
  fs::path normal = fs::absolute(path).lexically_normal();
  if (!normal.has_filename()) normal = normal.parent_path();
  std::string name = normal.filename().string();
  std::string ext = normal.extension().string();
  if (ext.size() == 4 && (ext == ".pkg" || ext == ".PKG" || ext == ".Pkg")) name.resize(name.size() - 4);
  return name;
}

std::optional<fs::path> makeWorkFolder(const fs::path& parent, const std::string& prefix, std::string& error) {
  std::string pattern = (parent / (prefix + "XXXXXX")).string();
  if (!mkdtemp(pattern.data())) {
    error = "cannot create a work folder in " + parent.string() + ": " + std::strerror(errno);
    return std::nullopt;
  }
  return fs::path(pattern);
}

namespace {

std::string describe(fs::file_type type) {
  return type == fs::file_type::symlink ? "a symbolic link" : "a special file (not a regular file or folder)";
}

}  // namespace

std::vector<core::Problem> copyTree(const fs::path& from, const fs::path& to, const fs::path& displayRoot) {
  std::vector<core::Problem> problems;
  std::error_code ec;
  fs::recursive_directory_iterator it(from, fs::directory_options::none, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    fs::path relative = it->path().lexically_relative(from);
    fs::file_type type = it->symlink_status(ec).type();
    if (type == fs::file_type::directory) {
      fs::create_directory(to / relative, ec);
    } else if (type == fs::file_type::regular) {
      fs::copy_file(it->path(), to / relative, ec);
    } else {
      problems.push_back(core::fileError((displayRoot / relative).string(), describe(type) + " cannot be installed"));
    }
    if (ec) break;
  }
  if (ec) problems.push_back(core::fileError(displayRoot.string(), "cannot copy the package: " + ec.message()));
  return problems;
}

bool swapInto(const fs::path& staged, const fs::path& target, std::string& error) {
  // RENAME_EXCHANGE swaps two existing folders in one step: at every
  // instant one complete package is at `target`.
  if (renameat2(AT_FDCWD, staged.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE) == 0) return true;
  if (errno == ENOENT && !fs::exists(target)) {
    if (rename(staged.c_str(), target.c_str()) == 0) return true;
    error = std::strerror(errno);
    return false;
  }
  // A filesystem without exchange: move the old one aside, then the new one
  // in, and put the old one back if that fails.
  std::string aside = staged.string() + ".old";
  if (rename(target.c_str(), aside.c_str()) != 0) {
    error = std::strerror(errno);
    return false;
  }
  if (rename(staged.c_str(), target.c_str()) != 0) {
    error = std::strerror(errno);
    rename(aside.c_str(), target.c_str());
    return false;
  }
  // Hand the old package back to the caller at `staged`, as exchange does.
  if (rename(aside.c_str(), staged.c_str()) != 0) removeQuietly(aside);
  return true;
}

void removeQuietly(const fs::path& path) {
  std::error_code ec;
  fs::remove_all(path, ec);
}

namespace {

// The components of a resolved path, without the empty one a trailing
// slash leaves.
std::vector<fs::path> components(const fs::path& path) {
  std::error_code ec;
  fs::path resolved = fs::weakly_canonical(fs::absolute(path), ec);
  std::vector<fs::path> parts;
  for (const auto& part : resolved)
    if (!part.empty()) parts.push_back(part);
  return parts;
}

}  // namespace

bool isWithin(const fs::path& inner, const fs::path& outer) {
  std::vector<fs::path> a = components(inner);
  std::vector<fs::path> b = components(outer);
  return b.size() <= a.size() && std::equal(b.begin(), b.end(), a.begin());
}

}  // namespace autolife::package
