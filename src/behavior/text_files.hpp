// Script files next to a behavior (format 4's .py, the new format's .py):
// their text with line ends normalised as XML normalises a script inside a
// .xar, so a script reads the same from every format.
#pragma once

#include <string>
#include <string_view>

namespace autolife::behavior {

std::string normalizeNewlines(std::string_view text);

}  // namespace autolife::behavior
