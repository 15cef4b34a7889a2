// Diagnostic: "file:line:column: message", and the offending line with a caret
// under the column (columns count characters, not bytes).
#include "autolife/core/diagnostic.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

using autolife::core::Diagnostic;

namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

Diagnostic make(std::string file, int line, int column, std::string message, std::string source = {}) {
  Diagnostic d;
  d.file = std::move(file);
  d.line = line;
  d.column = column;
  d.message = std::move(message);
  d.sourceLine = std::move(source);
  return d;
}

// The caret's column in characters, measured from where the source text starts
// on the line above (whatever indentation the excerpt uses).
struct Excerpt {
  std::string header, source, caret;
};

Excerpt excerptOf(const Diagnostic& d) {
  auto l = lines(d.formatWithExcerpt());
  EXPECT_EQ(l.size(), 3u) << d.formatWithExcerpt();
  if (l.size() != 3) return {};
  return {l[0], l[1], l[2]};
}

TEST(Diagnostic, FormatWithFullLocation) {
  EXPECT_EQ(make("cond.txt", 3, 14, "unknown function 'foo'").format(), "cond.txt:3:14: unknown function 'foo'");
  EXPECT_EQ(make("cond.txt", 3, 14, "x").location(), "cond.txt:3:14");
}

TEST(Diagnostic, FormatLeavesOutUnknownParts) {
  EXPECT_EQ(make("", 1, 5, "unexpected ')'").format(), "1:5: unexpected ')'");
  EXPECT_EQ(make("a.txt", 2, 0, "bad").format(), "a.txt:2: bad");
  EXPECT_EQ(make("a.txt", 0, 0, "unreadable").format(), "a.txt: unreadable");
  EXPECT_EQ(make("", 0, 0, "just a message").format(), "just a message");
  EXPECT_EQ(make("", 0, 0, "m").location(), "");
}

TEST(Diagnostic, ExcerptStartsWithFormatThenSourceThenCaret) {
  Diagnostic d = make("c.txt", 1, 5, "unexpected '+'", "a + + b");
  Excerpt e = excerptOf(d);
  EXPECT_EQ(e.header, d.format());
  auto at = e.source.find(d.sourceLine);
  ASSERT_NE(at, std::string::npos);
  EXPECT_EQ(e.source.substr(at), d.sourceLine);
  EXPECT_EQ(e.caret.find_first_not_of(' '), at + 4) << "caret under column 5";
  EXPECT_EQ(e.caret.back(), '^');
  EXPECT_EQ(e.caret.substr(0, at + 4), std::string(at + 4, ' '));
}

TEST(Diagnostic, CaretUnderFirstColumn) {
  Diagnostic d = make("", 1, 1, "m", "xyz");
  Excerpt e = excerptOf(d);
  auto at = e.source.find("xyz");
  ASSERT_NE(at, std::string::npos);
  EXPECT_EQ(e.caret, std::string(at, ' ') + "^");
}

TEST(Diagnostic, CaretColumnCountsUtf8Characters) {
  // h é l l o ␠ w ö r l d : 'r' is character 9 (byte offset 10).
  Diagnostic d = make("", 1, 9, "m", "héllo wörld");
  Excerpt e = excerptOf(d);
  auto at = e.source.find(d.sourceLine);
  ASSERT_NE(at, std::string::npos);
  EXPECT_EQ(e.caret, std::string(at + 8, ' ') + "^");
}

TEST(Diagnostic, CaretUnderMultibyteCharacter) {
  Diagnostic d = make("", 1, 3, "m", "→→✗x");  // the column of ✗
  Excerpt e = excerptOf(d);
  auto at = e.source.find(d.sourceLine);
  ASSERT_NE(at, std::string::npos);
  EXPECT_EQ(e.caret, std::string(at + 2, ' ') + "^");
}

TEST(Diagnostic, CaretKeepsTabsOfTheSourceLineToLineUp) {
  Diagnostic d = make("", 1, 3, "m", "\t\tx");
  Excerpt e = excerptOf(d);
  auto at = e.source.find(d.sourceLine);
  ASSERT_NE(at, std::string::npos);
  EXPECT_EQ(e.caret, std::string(at, ' ') + "\t\t^");
}

TEST(Diagnostic, CaretMayPointJustPastTheEnd) {
  Diagnostic d = make("", 1, 4, "unexpected end", "a +");
  Excerpt e = excerptOf(d);
  auto at = e.source.find(d.sourceLine);
  ASSERT_NE(at, std::string::npos);
  EXPECT_EQ(e.caret, std::string(at + 3, ' ') + "^");
}

TEST(Diagnostic, ALongLineIsCutAroundTheColumn) {
  // 300 characters, the error at column 210: about 100 characters around it
  // are shown, "..." where cut, and the caret still under column 210.
  std::string source = std::string(200, 'a') + "0123456789" + std::string(90, 'b');
  Excerpt e = excerptOf(make("", 1, 210, "expected a value", source));
  EXPECT_EQ(e.source.find("..."), 2u) << e.source;
  EXPECT_EQ(e.source.size(), 2u + 3 + 100 + 3) << e.source;
  EXPECT_EQ(e.source.substr(e.source.size() - 3), "...");
  EXPECT_EQ(e.caret.size(), e.source.find('9') + 1) << e.source << "\n" << e.caret;
  EXPECT_EQ(e.caret.back(), '^');
}

TEST(Diagnostic, ALongLineCutAtItsEndsKeepsTheCaretInPlace) {
  std::string source = "x" + std::string(299, 'b');
  Excerpt start = excerptOf(make("", 1, 1, "m", source));
  EXPECT_EQ(start.source.substr(0, 3), "  x");
  EXPECT_EQ(start.caret, "  ^");
  Excerpt end = excerptOf(make("", 1, 301, "m", source));  // just past the end
  EXPECT_EQ(end.source.substr(0, 5), "  ...");
  EXPECT_EQ(end.caret.size(), end.source.size() + 1);
}

TEST(Diagnostic, NoExcerptWithoutSourceOrColumn) {
  Diagnostic noSource = make("f", 1, 2, "m");
  EXPECT_EQ(noSource.formatWithExcerpt(), noSource.format());
  Diagnostic noColumn = make("f", 1, 0, "m", "text");
  EXPECT_EQ(noColumn.formatWithExcerpt(), noColumn.format());
}

}  // namespace
