#include "autolife/core/diagnostic.hpp"

#include <algorithm>
#include <vector>

namespace autolife::core {

std::string Diagnostic::location() const {
  std::string out = file;
  if (line > 0) {
    if (!out.empty()) out += ':';
    out += std::to_string(line);
    if (column > 0) out += ':' + std::to_string(column);
  }
  return out;
}

std::string Diagnostic::format() const {
  std::string where = location();
  return where.empty() ? message : where + ": " + message;
}

namespace {

// A long line (a one-line CDATA condition) is cut to this many characters
// around the column, with "..." where it was cut, so the caret stays on
// screen.
constexpr std::size_t kExcerptWidth = 100;

// Byte offsets of the characters of a UTF-8 line.
std::vector<std::size_t> characterStarts(const std::string& line) {
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < line.size(); ++i)
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) starts.push_back(i);
  return starts;
}

}  // namespace

std::string Diagnostic::formatWithExcerpt() const {
  std::string out = format();
  if (sourceLine.empty() || column <= 0) return out;
  const auto starts = characterStarts(sourceLine);
  const std::size_t chars = starts.size();
  const std::size_t caret = std::min(static_cast<std::size_t>(column - 1), chars);  // 0-based
  std::size_t first = 0, last = chars;
  if (chars > kExcerptWidth) {
    first = std::min(caret > kExcerptWidth / 2 ? caret - kExcerptWidth / 2 : 0, chars - kExcerptWidth);
    last = first + kExcerptWidth;
  }
  const std::size_t begin = starts.empty() ? 0 : starts[first];
  const std::size_t end = last < chars ? starts[last] : sourceLine.size();
  out += "\n  " + std::string(first > 0 ? "..." : "") + sourceLine.substr(begin, end - begin) +
         (last < chars ? "..." : "") + "\n  " + (first > 0 ? "   " : "");
  // Pad with the line's own tabs so the caret lines up.
  for (std::size_t c = first; c < caret && c < last; ++c) out += sourceLine[starts[c]] == '\t' ? '\t' : ' ';
  out += '^';
  return out;
}

}  // namespace autolife::core
