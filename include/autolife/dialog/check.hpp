// `autolife check FILE.top`: a topic's syntax errors, then what loads but
// cannot work: concepts used and defined nowhere (the topic, the other
// topics checked with it, the built-in lexicon), bookmarks that do not
// exist, unknown functions.
#pragma once

#include <string>
#include <vector>

#include "autolife/core/problem.hpp"

namespace autolife::dialog {

// Checks the topic files together (an include or a package's topics may
// define concepts the others use).
std::vector<core::Problem> checkTopics(const std::vector<std::string>& paths);

}  // namespace autolife::dialog
