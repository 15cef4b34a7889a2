#include "autolife/core/text_lines.hpp"

#include <algorithm>

namespace autolife::core {

namespace {

bool isContinuationByte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// A UTF-8 byte order mark is not a character anyone sees on line 1.
std::size_t bomLength(std::string_view text) { return text.starts_with("\xEF\xBB\xBF") ? 3 : 0; }

}  // namespace

TextLines::TextLines(std::string_view text) : text_(text) {
  starts_.push_back(0);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      starts_.push_back(i + 1);
    } else if (text[i] == '\r') {
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
      starts_.push_back(i + 1);
    }
  }
}

TextPosition TextLines::position(std::size_t offset) const {
  offset = std::min(offset, text_.size());
  // The \n of a \r\n is part of one line break: it is where the \r is.
  if (offset > 0 && offset < text_.size() && text_[offset] == '\n' && text_[offset - 1] == '\r') --offset;
  auto next = std::upper_bound(starts_.begin(), starts_.end(), offset);
  std::size_t index = static_cast<std::size_t>(next - starts_.begin()) - 1;
  std::size_t begin = starts_[index];
  if (index == 0) begin = std::min(offset, bomLength(text_));
  int column = 1;
  for (std::size_t i = begin; i < offset; ++i)
    if (!isContinuationByte(text_[i])) ++column;
  return TextPosition{static_cast<int>(index) + 1, column};
}

std::string_view TextLines::line(int number) const {
  if (number < 1 || static_cast<std::size_t>(number) > starts_.size()) return {};
  std::size_t index = static_cast<std::size_t>(number) - 1;
  std::size_t begin = index == 0 ? bomLength(text_) : starts_[index];
  std::size_t end = index + 1 < starts_.size() ? starts_[index + 1] : text_.size();
  while (end > begin && (text_[end - 1] == '\n' || text_[end - 1] == '\r')) --end;
  return text_.substr(begin, end - begin);
}

}  // namespace autolife::core
