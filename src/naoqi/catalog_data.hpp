// data/naoqi/catalog.json, compiled in (src/naoqi/CMakeLists.txt writes
// catalog_data.cpp from it).
#pragma once

#include <string>

namespace autolife::naoqi {

// The file's text.
std::string catalogText();

}  // namespace autolife::naoqi
