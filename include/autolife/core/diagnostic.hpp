// An error that says where and why: "file:line:column: message", with the
// offending source line and a caret under the column when the text is known.
#pragma once

#include <string>

namespace autolife::core {

struct Diagnostic {
  std::string file;     // may be empty (e.g. an expression on the command line)
  int line = 0;         // 1-based; 0 when unknown
  int column = 0;       // 1-based, in characters; 0 when unknown
  std::string message;  // one sentence, no location
  std::string sourceLine;  // the offending line of text, when known

  // "file:line:column: message" (parts that are unknown are left out).
  std::string location() const;
  std::string format() const;
  // format() followed by the source line and a caret under the column.
  std::string formatWithExcerpt() const;
};

}  // namespace autolife::core
