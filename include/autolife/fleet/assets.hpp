// The fleet page's files (src/fleet/web, docs/fleet.md), compiled into the
// binary, and the dashboard's shared.css and shared.js (the palette and
// header; h() and the JSON-RPC client), which the page loads too.
#pragma once

#include <optional>
#include <string_view>

#include "autolife/dashboard/assets.hpp"

namespace autolife::fleet {

std::optional<dashboard::Asset> findAsset(std::string_view path);

}  // namespace autolife::fleet
