// The main.py a converted folder holds (libqicore's entry point: `python
// main.py IP PORT` ran the behavior on a robot): here it plays the folder
// with autolife.
#pragma once

#include <string>

namespace autolife::behavior {

// `root`: the root object's name (l0_...); `from`: the .xar it was converted from.
std::string mainScript(const std::string& root, const std::string& from);

}  // namespace autolife::behavior
