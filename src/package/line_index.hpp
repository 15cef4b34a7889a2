// Where a byte offset lies in a text file, as people count: 1-based lines
// (a line ends at \n, \r\n or a lone \r, as XML says) and 1-based columns in
// characters (UTF-8 code points, a tab is one), like the conditions
// compiler's Diagnostics.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "autolife/core/diagnostic.hpp"
#include "autolife/core/text_lines.hpp"
#include "autolife/package/manifest.hpp"

namespace autolife::package {

class LineIndex {
public:
  explicit LineIndex(std::string_view text);

  TextPosition position(std::size_t offset) const;
  // The text of a 1-based line, without its line break.
  std::string_view line(int number) const;
  // A Diagnostic at `offset`, with the line as its excerpt.
  core::Diagnostic diagnostic(std::size_t offset, std::string file, std::string message) const;

private:
  core::TextLines lines_;
};

}  // namespace autolife::package
