#include "read_file.hpp"

#include <fstream>
#include <system_error>

namespace autolife::behavior {

FileText readFileText(const std::filesystem::path& path, std::size_t maxBytes) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return {std::nullopt, "the file does not exist"};
  if (!std::filesystem::is_regular_file(path, ec)) return {std::nullopt, "it is not a regular file"};
  auto size = std::filesystem::file_size(path, ec);
  if (ec) return {std::nullopt, "cannot read it: " + ec.message()};
  if (size > maxBytes)
    return {std::nullopt, "the file is too large (" + std::to_string(size) + " bytes; the limit is " +
                              std::to_string(maxBytes) + ")"};
  std::ifstream in(path, std::ios::binary);
  if (!in) return {std::nullopt, "cannot open it"};
  std::string text(static_cast<std::size_t>(size), '\0');
  in.read(text.data(), static_cast<std::streamsize>(size));
  // The file may have shrunk since file_size(); keep what was read.
  text.resize(static_cast<std::size_t>(in.gcount()));
  return {std::move(text), {}};
}

}  // namespace autolife::behavior
