// .pkg archives: a zip of a package folder, manifest.xml at its root.
// Extraction is the one place hostile input can write files, so every entry
// is checked before anything is written: an entry that would land outside
// the destination (absolute path, `..`, a symlink), a special file, or an
// archive that costs too much (entries, sizes) is refused as a whole.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "autolife/core/problem.hpp"

namespace autolife::package {

struct ArchiveLimits {
  std::uint64_t maxEntries = 10'000;
  std::uint64_t maxTotalBytes = std::uint64_t{1} << 30;  // uncompressed, all entries
  std::uint64_t maxEntryBytes = std::uint64_t{1} << 30;  // uncompressed, one entry
};

// Does the path name a .pkg archive (by its extension, case-insensitive)?
bool isArchivePath(const std::filesystem::path& path);

// Extracts `archive` into `destination`, an existing empty folder. Returns
// the problems (errors; each names the entry at fault); empty on success.
// On failure `destination` may hold part of the archive, never anything
// outside it; the caller removes it.
std::vector<core::Problem> extractArchive(const std::filesystem::path& archive, const std::filesystem::path& destination,
                                    const ArchiveLimits& limits = {});

}  // namespace autolife::package
