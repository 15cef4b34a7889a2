// `autolife --version`: the release and the commit it was built from.
#pragma once

#include <string>

namespace autolife::app {

// "autolife 0.1.0 (commit 0123456789ab)", as help2man reads it.
std::string versionText();

}  // namespace autolife::app
