// The qi and naoqi modules for processes, as compiled into the binary
// (src/pkgservice/CMakeLists.txt), and the folder they are written to.
#pragma once

#include <cstddef>
#include <filesystem>

namespace autolife::pkgservice {

struct PythonFile {
  const char* path;  // relative: "qi/__init__.py", "naoqi.py"
  const char* text;
};
extern const PythonFile kPythonFiles[];
extern const std::size_t kPythonFileCount;

// A new folder (under the system's temporary folder) holding them; the
// caller removes it. std::runtime_error when it cannot be written.
std::filesystem::path writePythonModules();

}  // namespace autolife::pkgservice
