// Where a topic's `include: file.top` is. The syntax page: an include is
// "just after the name" and lexicons and Basic Channel topics "can be
// included anywhere even if it is not located in the same folder";
// published packages include a topic of another of their Dialog folders by
// its file name alone (include: Concepts_enu.top from Greeting/).
#pragma once

#include <filesystem>
#include <string>

namespace autolife::dialog {

// Next to the topic; else relative to its package's folder (the nearest
// folder above it with a manifest.xml or a .pml); else the one file of that
// name in that package. Empty when none.
std::filesystem::path findInclude(const std::filesystem::path& topic, const std::string& include);

// lexicon_enu.top and the like: NAOqi's lexicons, built in (or known to be missing).
bool isLexiconInclude(const std::string& include);

}  // namespace autolife::dialog
