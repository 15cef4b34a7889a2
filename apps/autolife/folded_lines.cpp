#include "folded_lines.hpp"

namespace autolife::app {

void FoldedLines::write(const sim::Record& record) {
  const std::string clock = sim::clockText(record.time);
  const std::string body = record.text.starts_with(clock) ? record.text.substr(clock.size()) : record.text;
  if (fold_ && repeats_ > 0 && body == body_) {
    ++repeats_;
    held_ = record.text;
    return;
  }
  finish();
  body_ = body;
  repeats_ = 1;
  print(record.text);
}

void FoldedLines::finish() {
  if (repeats_ > 1) print(held_ + "  x" + std::to_string(repeats_));
  repeats_ = 0;
  held_.clear();
  body_.clear();
}

void FoldedLines::print(const std::string& text) {
  out_ << text << '\n';
  if (flush_) out_.flush();
}

}  // namespace autolife::app
