#include "lexicon.hpp"

#include <map>
#include <mutex>
#include <string_view>

#include "text.hpp"

namespace autolife::dialog {

const Topic* lexicon(const std::string& language) {
  static std::once_flag once;
  static std::map<std::string, Topic, std::less<>> topics;
  std::call_once(once, [] {
    for (std::size_t i = 0; i < kEmbeddedFileCount; ++i) {
      const auto& f = kEmbeddedFiles[i];
      std::string_view source(reinterpret_cast<const char*>(f.bytes), f.size);
      ParseResult r = parseTopic(source, std::string("lexicon") + f.path);
      if (r.topic) topics.emplace(r.topic->language, std::move(*r.topic));
    }
  });
  auto it = topics.find(language);
  return it == topics.end() ? nullptr : &it->second;
}

bool hasBuiltInLexicon(const std::string& language) { return lexicon(language) != nullptr; }

}  // namespace autolife::dialog
