// What runs for a package service's execStart (docs/packages.md "Package
// services"): a Python interpreter, whichever it names (python, python2,
// /usr/bin/python2.7, the package's ./python wrapper), is Debian's Python 3
// through qi._launcher; anything else runs as written, from the package's
// folder. Either way the environment tells the engine's qi address.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "autolife/package/manifest.hpp"

namespace autolife::pkgservice {

struct Command {
  std::vector<std::string> argv;
  std::vector<std::pair<std::string, std::string>> environment;
  bool python = false;
};

// "python", "python2", "python2.7", "python3", "/usr/bin/python2", "./python".
bool namesPython(std::string_view program);

Command commandFor(const std::vector<std::string>& execStart, const std::filesystem::path& packageRoot,
                   const std::string& qiUrl, const std::string& python, const std::filesystem::path& pythonPath);

}  // namespace autolife::pkgservice
