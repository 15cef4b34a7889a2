// The built-in lexicon concepts (~yes, ~no, ~hello...) of each language
// autolife knows, from the data files in lexicon/ compiled in.
#pragma once

#include <cstddef>
#include <string>

#include "autolife/dialog/topic.hpp"

namespace autolife::dialog {

struct LexiconFile {
  const char* name;  // "english", "french"
  const unsigned char* data;
  std::size_t size;
};
extern const LexiconFile kLexiconFiles[];
extern const std::size_t kLexiconFileCount;

// The lexicon topic of `language` ("English"), parsed once; null when
// autolife has none for it.
const Topic* lexicon(const std::string& language);

}  // namespace autolife::dialog
