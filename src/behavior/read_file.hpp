// Reading a whole file into memory, refusing files larger than a limit so
// that a hostile path (a device, a huge file) cannot exhaust memory.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace autolife::behavior {

struct FileText {
  std::optional<std::string> text;
  std::string error;  // one sentence when `text` is empty
};

FileText readFileText(const std::filesystem::path& path, std::size_t maxBytes);

}  // namespace autolife::behavior
