// ASCII case folding, for names that are ASCII by contract: file
// extensions, host names, robot models, a condition's keywords. What people
// say or write goes through the dialog's Unicode-aware folding instead
// (dialog/text.hpp). Locale-independent, unlike std::tolower.
#pragma once

#include <string>
#include <string_view>

namespace autolife::core {

inline std::string asciiLower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

}  // namespace autolife::core
