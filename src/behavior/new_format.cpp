#include "autolife/behavior/new_format.hpp"

#include "new_format_loader.hpp"
#include "validate.hpp"

namespace autolife::behavior {

LoadResult loadNewFormat(const std::filesystem::path& folder, const LoadLimits& limits) {
  Report report;
  std::optional<Box> root;
  std::error_code ec;
  if (!std::filesystem::is_directory(folder, ec)) {
    core::Diagnostic d;
    d.file = folder.string();
    d.message = "not a folder: a new-format behavior is a folder of objects";
    report.error(std::move(d));
  } else {
    root = NewFormatLoader(folder, limits, report).load();
  }
  if (root && !report.failed()) validateBehavior(*root, report);
  LoadResult result;
  if (root && !report.failed()) result.behavior = Behavior{std::move(*root), folder, SourceFormat::NewFormat};
  result.errors = std::move(report.errors);
  result.warnings = std::move(report.warnings);
  return result;
}

}  // namespace autolife::behavior
