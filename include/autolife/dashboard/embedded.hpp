// Web files compiled into the binary as bytes (core::EmbeddedFile): the
// dashboard's (src/dashboard/web) and the fleet page's (src/fleet/web).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

#include "autolife/core/embedded_file.hpp"
#include "autolife/dashboard/assets.hpp"

namespace autolife::dashboard {

using core::EmbeddedFile;

// The file of `files` a GET of `path` names ("/" is "/index.html"), typed
// by its extension; nullopt when there is none.
std::optional<Asset> findIn(std::span<const EmbeddedFile> files, std::string_view path);

}  // namespace autolife::dashboard
