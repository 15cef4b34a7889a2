// Filesystem steps the package module needs, each reporting failure as a
// sentence instead of throwing: bad input or a full disk must never crash
// the engine.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "autolife/core/problem.hpp"

namespace autolife::package {

namespace fs = std::filesystem;

// The whole file, or nothing with `error` set (missing, unreadable, or
// larger than maxBytes).
std::optional<std::string> readFile(const fs::path& path, std::size_t maxBytes, std::string& error);

// The name a package folder or archive would go by: its last component
// (trailing slashes ignored; ".pkg" dropped for an archive).
std::string baseName(const fs::path& path);

// Creates a new, empty, uniquely named folder `<parent>/<prefix>XXXXXX`.
std::optional<fs::path> makeWorkFolder(const fs::path& parent, const std::string& prefix, std::string& error);

// Copies a package folder's regular files and folders into `to` (which
// exists). Symlinks and special files are refused: a link could make the
// installed package read files outside it.
std::vector<core::Problem> copyTree(const fs::path& from, const fs::path& to, const fs::path& displayRoot);

// Puts `staged` at `target`, atomically when the filesystem allows it:
// afterwards `staged` holds the previous `target` (if there was one), for
// the caller to delete. On failure nothing has moved.
bool swapInto(const fs::path& staged, const fs::path& target, std::string& error);

// Removes a folder tree, ignoring errors (used for work folders).
void removeQuietly(const fs::path& path);

// Is `inner` the same as, or inside, `outer` (after resolving both)?
bool isWithin(const fs::path& inner, const fs::path& outer);

}  // namespace autolife::package
