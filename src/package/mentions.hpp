// What a package's files (other than manifest.xml) might write to memory,
// for `autolife check`'s "a trigger key nothing writes": every quoted
// string in its scripts, behaviors and dialogs (`insertData("MyApp/Ready",
// 1)`, a Raise Event box's `value="MyApp/Ready"`) and every QiChat
// `$variable`. A textual approximation, on purpose generous: check runs no
// code, and a key merely mentioned is not worth a warning.
#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <string_view>

namespace autolife::package {

// The quoted strings and $variables in `text`.
void collectMentions(std::string_view text, std::set<std::string>& out);
// The same for every text file of the package under `root` (manifest.xml
// at its root excepted; files over a few MiB skipped).
void collectPackageMentions(const std::filesystem::path& root, std::set<std::string>& out);

}  // namespace autolife::package
