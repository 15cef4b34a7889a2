#include "autolife/core/diagnostic.hpp"

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

std::string Diagnostic::formatWithExcerpt() const {
  std::string out = format();
  if (sourceLine.empty() || column <= 0) return out;
  out += "\n  " + sourceLine + "\n  ";
  // Column counts characters; pad with the line's own tabs so the caret lines up.
  int col = 1;
  for (std::size_t i = 0; i < sourceLine.size() && col < column; ++i) {
    unsigned char c = static_cast<unsigned char>(sourceLine[i]);
    if ((c & 0xC0) == 0x80) continue;  // UTF-8 continuation byte
    out += c == '\t' ? '\t' : ' ';
    ++col;
  }
  out += '^';
  return out;
}

}  // namespace autolife::core
