#include "autolife/dashboard/assets.hpp"

#include "embedded_files.hpp"

namespace autolife::dashboard {

namespace {

std::string_view contentTypeOf(std::string_view path) {
  if (path.ends_with(".html")) return "text/html; charset=utf-8";
  if (path.ends_with(".css")) return "text/css; charset=utf-8";
  if (path.ends_with(".js")) return "text/javascript; charset=utf-8";
  return "application/octet-stream";
}

}  // namespace

std::optional<Asset> findAsset(std::string_view path) {
  if (path == "/") path = "/index.html";
  for (std::size_t i = 0; i < kEmbeddedFileCount; ++i) {
    const auto& file = kEmbeddedFiles[i];
    if (path != file.path) continue;
    return Asset{contentTypeOf(path), {reinterpret_cast<const char*>(file.bytes), file.size}};
  }
  return std::nullopt;
}

}  // namespace autolife::dashboard
