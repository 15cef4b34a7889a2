// The dashboard's files (src/dashboard/web, docs/dashboard.md), compiled into
// the binary: `autolife serve` serves them at / from wherever it runs.
#pragma once

#include <optional>
#include <string_view>

namespace autolife::dashboard {

struct Asset {
  std::string_view contentType;  // "text/html; charset=utf-8", ...
  std::string_view body;
};

// The file a GET of `path` (without its query) names: "/" is the page
// itself; nullopt for anything else.
std::optional<Asset> findAsset(std::string_view path);

}  // namespace autolife::dashboard
