#include "number_text.hpp"

#include <array>
#include <charconv>

namespace autolife::behavior {

std::string numberText(double value) {
  std::array<char, 32> buffer{};
  auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  if (ec != std::errc()) return "0";
  return std::string(buffer.data(), end);
}

}  // namespace autolife::behavior
