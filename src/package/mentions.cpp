#include "mentions.hpp"

#include <array>
#include <cctype>
#include <fstream>
#include <sstream>

namespace autolife::package {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kLongestMention = 512;
constexpr std::uintmax_t kLargestFile = 8u << 20;

// The files a behavior's code or dialog lives in (not images or sounds).
bool isTextFile(const fs::path& p) {
  static const std::array<std::string_view, 11> kinds = {".xar", ".py", ".top", ".dlg", ".xml", ".pml",
                                                         ".json", ".js", ".html", ".txt", ".ini"};
  const std::string ext = p.extension().string();
  for (auto k : kinds)
    if (ext == k) return true;
  return false;
}

bool isVariableChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '/' || c == '-' || c == '.';
}

}  // namespace

void collectMentions(std::string_view text, std::set<std::string>& out) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"' || c == '\'') {
      const std::size_t end = text.find_first_of(std::string{c, '\n'}, i + 1);
      if (end == std::string_view::npos || text[end] != c) continue;
      if (end - i - 1 <= kLongestMention && end > i + 1) out.emplace(text.substr(i + 1, end - i - 1));
      i = end;
    } else if (c == '$') {
      std::size_t end = i + 1;
      while (end < text.size() && isVariableChar(text[end])) ++end;
      if (end > i + 1) out.emplace(text.substr(i + 1, end - i - 1));
      i = end - 1;
    }
  }
}

void collectPackageMentions(const fs::path& root, std::set<std::string>& out) {
  std::error_code ec;
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    if (!it->is_regular_file(ec) || !isTextFile(p)) continue;
    if (p.parent_path() == root && p.filename() == "manifest.xml") continue;
    if (it->file_size(ec) > kLargestFile || ec) continue;
    std::ifstream in(p, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    collectMentions(text.str(), out);
  }
}

}  // namespace autolife::package
