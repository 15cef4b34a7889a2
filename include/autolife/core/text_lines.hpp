// Where a byte offset lies in a text, as people count: 1-based lines (a line
// ends at \n, \r\n or a lone \r, as XML says) and 1-based columns in
// characters (UTF-8 code points; a tab is one). Shared by every reader that
// reports file:line:column (manifests, behaviors).
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace autolife::core {

struct TextPosition {
  int line = 1;
  int column = 1;
};

class TextLines {
public:
  explicit TextLines(std::string_view text);

  TextPosition position(std::size_t offset) const;
  // A 1-based line without its line break ("" when out of range).
  std::string_view line(int number) const;

private:
  std::string_view text_;
  std::vector<std::size_t> starts_;  // offset of each line's first byte
};

}  // namespace autolife::core
