// The Python modules of src/python/modules, compiled into the binary
// (CMake generates embedded_modules.cpp from them): their dotted name,
// whether each is a package (its __init__.py), and its text.
#pragma once

#include <cstddef>

namespace autolife::python {

struct EmbeddedModule {
  const char* name;  // "qi", "qi.path", "_autolife_box.futures"
  bool package;
  const char* source;
};

extern const EmbeddedModule kEmbeddedModules[];
extern const std::size_t kEmbeddedModuleCount;

}  // namespace autolife::python
