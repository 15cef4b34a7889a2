// How QiChat compares what is said with what is written: case and
// punctuation ignored (REFERENCE §11), typographic apostrophes as plain
// ones, and, for languages written without spaces, one character per word.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace autolife::dialog::text {

// The words of `s`, lower-cased, without punctuation. With `characters`,
// every non-ASCII character is a word of its own (Japanese, Chinese).
std::vector<std::string> words(std::string_view s, bool characters = false, bool keepCase = false);
// words() joined by single spaces.
std::string normalise(std::string_view s, bool characters = false);
// Lower-cases the capitals of Latin (with its accented letters), Greek, Cyrillic and fullwidth Latin.
std::string lower(std::string_view s);
// Collapses runs of whitespace into one space and trims the ends.
std::string squeeze(std::string_view s);
// QiChat compares the names of concepts, tags and variables without case
// (decision 1004): as lower() makes them, without allocating when both are
// ASCII (the matcher and the renderer compare names on every step).
// compareNames is <0, 0 or >0 as lower(a) is before, equal to or after lower(b).
int compareNames(std::string_view a, std::string_view b);
// NameLess orders them so.
struct NameLess {
  bool operator()(std::string_view a, std::string_view b) const { return compareNames(a, b) < 0; }
  using is_transparent = void;
};
inline bool sameName(std::string_view a, std::string_view b) { return compareNames(a, b) == 0; }
// Valid UTF-8 only: invalid bytes become '?'.
std::string sanitiseUtf8(std::string_view s);
// Whether the character starting at byte `i`, or the one ending just
// before it, is part of a word (not a space, not punctuation); false out
// of range.
bool wordCharacterAt(std::string_view s, std::size_t i);
bool wordCharacterBefore(std::string_view s, std::size_t i);
// An argument as written, trimmed, without the quotes around it ("x", 'x').
std::string unquoted(std::string_view s);

}  // namespace autolife::dialog::text
