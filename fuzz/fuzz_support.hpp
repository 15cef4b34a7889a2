// What the fuzz targets share: how a failed check ends the run (an abort,
// which libFuzzer reports as a crash and the regression suite as a failed
// test), the check that a Diagnostic points inside the text it is about,
// and a scratch folder for targets whose parser reads or writes files.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>

#include "autolife/core/diagnostic.hpp"
#include "autolife/core/text_lines.hpp"

namespace autolife::fuzz {

[[noreturn]] inline void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz check failed: %s\n%s\n", what, detail.c_str());
  std::abort();
}

// A located Diagnostic names `file`, and its line:column lies inside `text`
// (a column may be one past the line's last character). Unknown parts (0)
// are allowed: a problem about the whole file has no line.
inline void checkLocatedIn(std::string_view text, const core::Diagnostic& d, std::string_view file) {
  if (d.message.empty()) fail("empty diagnostic message", d.format());
  if (d.line < 0 || d.column < 0) fail("negative line or column", d.format());
  if (d.line == 0) {
    if (d.column != 0) fail("a column without a line", d.format());
    return;
  }
  if (d.file != file) fail("diagnostic about another file", d.format() + "\nexpected file: " + std::string(file));
  const core::TextLines lines(text);
  // TextLines::line() is "" past the end; an empty last line is fine.
  const auto last = lines.position(text.size());
  if (d.line > last.line) fail("diagnostic line past the end of the text", d.format());
  int characters = 0;
  for (unsigned char c : lines.line(d.line))
    if ((c & 0xC0) != 0x80) ++characters;
  if (d.column > characters + 1) fail("diagnostic column past the end of its line", d.format());
  (void)d.formatWithExcerpt();
}

// A folder of this process's own under the system's temporary folder,
// created on first use and removed at exit (a crashed run leaves it behind:
// autolife-fuzz-<name>-<pid>).
inline const std::filesystem::path& scratchFolder(const char* name) {
  static const std::filesystem::path folder = [name] {
    auto path = std::filesystem::temp_directory_path() /
                ("autolife-fuzz-" + std::string(name) + "-" + std::to_string(::getpid()));
    std::filesystem::create_directories(path);
    return path;
  }();
  static const bool removedAtExit = [] {
    std::atexit([] {
      std::error_code ignored;
      std::filesystem::remove_all(folder, ignored);
    });
    return true;
  }();
  (void)removedAtExit;
  return folder;
}

}  // namespace autolife::fuzz
