#include "text.hpp"

#include <algorithm>
#include <cstdint>

namespace autolife::dialog::text {

namespace {

// Length of the UTF-8 sequence starting at s[i], 1 for a stray byte.
std::size_t sequenceLength(std::string_view s, std::size_t i) {
  const auto b = static_cast<unsigned char>(s[i]);
  std::size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 1;
  if (i + n > s.size()) return 1;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 1;
  return n;
}

std::uint32_t codePoint(std::string_view seq) {
  const auto b0 = static_cast<unsigned char>(seq[0]);
  if (seq.size() == 1) return b0;
  std::uint32_t cp = seq.size() == 2 ? (b0 & 0x1F) : seq.size() == 3 ? (b0 & 0x0F) : (b0 & 0x07);
  for (std::size_t k = 1; k < seq.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(seq[k]) & 0x3F);
  return cp;
}

void append(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Case pairs where the capital is the even (or odd) code point of a range.
bool capitalOfPair(std::uint32_t cp, std::uint32_t first, std::uint32_t last) {
  return cp >= first && cp <= last && (cp - first) % 2 == 0;
}

// Lower case in the scripts NAOqi's dialog languages write (Latin with the
// letters of Czech, Polish, Turkish, Danish..., Greek, Cyrillic, fullwidth
// Latin); other scripts have no case. Final sigma compares as sigma.
std::uint32_t lowerCodePoint(std::uint32_t cp) {
  if (cp < 0x80) return cp >= 'A' && cp <= 'Z' ? cp + 32 : cp;
  if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) return cp + 32;  // À..Þ
  if (cp == 0x130) return 'i';                                  // İ
  if (capitalOfPair(cp, 0x100, 0x136) || capitalOfPair(cp, 0x139, 0x147) || capitalOfPair(cp, 0x14A, 0x176) ||
      capitalOfPair(cp, 0x179, 0x17D))
    return cp + 1;  // Ā..Ķ, Ĺ..Ň, Ŋ..Ŷ, Ź..Ž
  if (cp == 0x178) return 0xFF;  // Ÿ
  if (cp == 0x386) return 0x3AC;
  if (cp >= 0x388 && cp <= 0x38A) return cp + 37;
  if (cp == 0x38C) return 0x3CC;
  if (cp == 0x38E || cp == 0x38F) return cp + 63;
  if (cp >= 0x391 && cp <= 0x3AB && cp != 0x3A2) return cp + 32;  // Greek
  if (cp == 0x3C2) return 0x3C3;                                  // ς
  if (cp >= 0x400 && cp <= 0x40F) return cp + 80;                 // Ѐ..Џ
  if (cp >= 0x410 && cp <= 0x42F) return cp + 32;                 // Cyrillic
  if (capitalOfPair(cp, 0x460, 0x480) || capitalOfPair(cp, 0x48A, 0x4BE) || capitalOfPair(cp, 0x4D0, 0x4FE) ||
      capitalOfPair(cp, 0x1E00, 0x1E94) || capitalOfPair(cp, 0x1EA0, 0x1EFE))
    return cp + 1;
  if (cp >= 0xFF21 && cp <= 0xFF3A) return cp + 32;  // fullwidth Ａ..Ｚ
  return cp;
}

// Characters that separate words and are never part of one.
bool isPunctuation(std::uint32_t cp) {
  if (cp < 0x80) {
    const char c = static_cast<char>(cp);
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '\'' ||
                      c == '-' || c == '_' || c == '/' || c == '@' || c == '&' || c == '+';
    return !keep;
  }
  return cp == 0xA0 || cp == 0xA1 || cp == 0xAB || cp == 0xBB || cp == 0xBF || cp == 0xB7 ||
         cp == 0x37E || cp == 0x387 ||                                  // Greek question mark, ano teleia
         cp == 0x60C || cp == 0x61B || cp == 0x61F || cp == 0x6D4 ||    // Arabic comma, semicolon, question mark, full stop
         (cp >= 0x2000 && cp <= 0x206F && cp != 0x2019) ||  // general punctuation, spaces
         (cp >= 0x3000 && cp <= 0x303F) ||                  // CJK punctuation
         (cp >= 0xFF01 && cp <= 0xFF0F) || (cp >= 0xFF1A && cp <= 0xFF20) || (cp >= 0xFF3B && cp <= 0xFF40) ||
         (cp >= 0xFF5B && cp <= 0xFF65) || cp == 0xFEFF;
}

void flush(std::string& word, std::vector<std::string>& out) {
  std::size_t b = 0, e = word.size();
  while (b < e && (word[b] == '\'' || word[b] == '-')) ++b;
  while (e > b && (word[e - 1] == '\'' || word[e - 1] == '-')) --e;
  if (e > b) out.emplace_back(word.substr(b, e - b));
  word.clear();
}

}  // namespace

std::string sanitiseUtf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = sequenceLength(s, i);
    if (n == 1 && static_cast<unsigned char>(s[i]) >= 0x80) out += '?';
    else out.append(s.substr(i, n));
    i += n;
  }
  return out;
}

std::string lower(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = sequenceLength(s, i);
    if (n == 1) {
      const auto b = static_cast<unsigned char>(s[i]);
      out += static_cast<char>(b >= 'A' && b <= 'Z' ? b + 32 : b);
    } else {
      append(out, lowerCodePoint(codePoint(s.substr(i, n))));
    }
    i += n;
  }
  return out;
}

int compareNames(std::string_view a, std::string_view b) {
  const auto ascii = [](std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  };
  if (!ascii(a) || !ascii(b)) return lower(a).compare(lower(b));
  const auto lowerByte = [](char c) { return static_cast<unsigned char>(c >= 'A' && c <= 'Z' ? c + 32 : c); };
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i)
    if (const int d = lowerByte(a[i]) - lowerByte(b[i])) return d;
  return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
}

std::vector<std::string> words(std::string_view s, bool characters, bool keepCase) {
  std::vector<std::string> out;
  std::string word;
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = sequenceLength(s, i);
    std::uint32_t cp = codePoint(s.substr(i, n));
    i += n;
    if (n == 1 && cp >= 0x80) cp = '?';      // a stray byte is no letter
    if (cp == 0x2019 || cp == 0x2018) cp = '\'';  // typographic apostrophes
    if (cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r' || isPunctuation(cp)) {
      flush(word, out);
      continue;
    }
    if (!keepCase) cp = lowerCodePoint(cp);
    if (characters && cp >= 0x80) {
      flush(word, out);
      append(word, cp);
      flush(word, out);
      continue;
    }
    append(word, cp);
  }
  flush(word, out);
  return out;
}

std::string normalise(std::string_view s, bool characters) {
  std::string out;
  for (const auto& w : words(s, characters)) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

std::string squeeze(std::string_view s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

bool wordCharacterAt(std::string_view s, std::size_t i) {
  if (i >= s.size()) return false;
  const std::uint32_t cp = codePoint(s.substr(i, sequenceLength(s, i)));
  return !(cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r' || isPunctuation(cp));
}

bool wordCharacterBefore(std::string_view s, std::size_t i) {
  if (i == 0 || i > s.size()) return false;
  std::size_t start = i - 1;
  while (start > 0 && i - start < 4 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
  return sequenceLength(s, start) == i - start ? wordCharacterAt(s, start) : wordCharacterAt(s, i - 1);
}

std::string unquoted(std::string_view s) {
  std::string out = squeeze(s);
  if (out.size() >= 2 && (out.front() == '"' || out.front() == '\'') && out.back() == out.front())
    out = out.substr(1, out.size() - 2);
  return out;
}

}  // namespace autolife::dialog::text
