// The built-in lexicon concepts (~yes, ~no, ~hello...) of each language
// autolife knows, from the data files in lexicon/ compiled in.
#pragma once

#include <cstddef>
#include <string>

#include "autolife/core/embedded_file.hpp"
#include "autolife/dialog/topic.hpp"

namespace autolife::dialog {

// lexicon/*.top, "/english.top"... (cmake/EmbedFiles.cmake).
extern const core::EmbeddedFile kEmbeddedFiles[];
extern const std::size_t kEmbeddedFileCount;

// The lexicon topic of `language` ("English"), parsed once; null when
// autolife has none for it.
const Topic* lexicon(const std::string& language);

}  // namespace autolife::dialog
