#include "version.hpp"

namespace autolife::app {

extern const char* const kCommit;  // build/.../commit.cpp (cmake/commit.cmake)

std::string versionText() { return std::string("autolife ") + AUTOLIFE_VERSION + " (commit " + kCommit + ")"; }

}  // namespace autolife::app
