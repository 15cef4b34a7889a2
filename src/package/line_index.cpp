#include "line_index.hpp"

namespace autolife::package {

namespace {

// Excerpts of enormous lines help nobody and cost memory in every copy.
constexpr std::size_t kMaxExcerpt = 200;

}  // namespace

LineIndex::LineIndex(std::string_view text) : lines_(text) {}

TextPosition LineIndex::position(std::size_t offset) const {
  core::TextPosition at = lines_.position(offset);
  return {at.line, at.column};
}

std::string_view LineIndex::line(int number) const { return lines_.line(number); }

core::Diagnostic LineIndex::diagnostic(std::size_t offset, std::string file, std::string message) const {
  core::Diagnostic d;
  d.file = std::move(file);
  TextPosition at = position(offset);
  d.line = at.line;
  d.column = at.column;
  d.message = std::move(message);
  std::string_view excerpt = line(at.line);
  if (excerpt.size() <= kMaxExcerpt) d.sourceLine = std::string(excerpt);
  return d;
}

}  // namespace autolife::package
