// `autolife check` for behaviors: a behavior.xar (or a new-format folder)
// read as the runtime would read it, and every Python box script compiled
// (syntax errors, Python 2-only syntax) without running it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "autolife/core/problem.hpp"

namespace autolife::runtime {

// Problems name `shownAs` instead of `path` (an archive's "app.pkg/x/behavior.xar").
std::vector<core::Problem> checkBehavior(const std::filesystem::path& path, const std::string& shownAs);

}  // namespace autolife::runtime
