#include "python_modules.hpp"

#include <stdlib.h>

#include <fstream>
#include <stdexcept>
#include <string>

namespace autolife::pkgservice {

std::filesystem::path writePythonModules() {
  std::string pattern = (std::filesystem::temp_directory_path() / "autolife-python-XXXXXX").string();
  if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot make a folder for the qi modules in " + pattern);
  const std::filesystem::path folder(pattern);
  for (std::size_t i = 0; i < kPythonFileCount; ++i) {
    const auto path = folder / kPythonFiles[i].path;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary);
    out << kPythonFiles[i].text;
    if (!out) throw std::runtime_error("cannot write " + path.string());
  }
  return folder;
}

}  // namespace autolife::pkgservice
