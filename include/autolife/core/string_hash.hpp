// A hash for unordered containers keyed by std::string that are looked up
// with a string_view or a literal without building a std::string first
// (C++20's heterogeneous lookup: pair it with std::equal_to<>).
#pragma once

#include <cstddef>
#include <functional>
#include <string_view>

namespace autolife::core {

struct StringHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view text) const noexcept { return std::hash<std::string_view>{}(text); }
};

}  // namespace autolife::core
