// The QiChat topics a package brings: its manifest's <dialogContent>
// topics and its project's (.pml) <Topics>, per language, as the robot
// loads them (docs/dialog.md).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "autolife/package/package.hpp"

namespace autolife::engine {

// The package's topic files in `language` ("English"), each once, in
// manifest then project order.
std::vector<std::filesystem::path> dialogTopicsOf(const package::Package& p, const std::string& language);
// The language a package's dialogs run in by default: the first it
// supports (manifest <supportedLanguages>, then its topics), else English.
std::string defaultDialogLanguage(const package::Package& p);

}  // namespace autolife::engine
