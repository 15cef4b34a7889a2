#include "autolife/engine/package_dialogs.hpp"

#include <algorithm>

#include "autolife/dialog/topic.hpp"

namespace autolife::engine {

std::vector<std::filesystem::path> dialogTopicsOf(const package::Package& p, const std::string& language) {
  std::vector<std::filesystem::path> out;
  auto add = [&](const std::string& lang, const std::string& src) {
    if (dialog::languageName(lang) != language || src.empty()) return;
    std::filesystem::path path = (p.root / src).lexically_normal();
    if (std::find(out.begin(), out.end(), path) == out.end()) out.push_back(path);
  };
  for (const auto& d : p.manifest.dialogs)
    for (const auto& t : d.topics) add(t.language, t.path);
  if (p.project)
    for (const auto& t : p.project->topics) add(t.language, t.src);
  return out;
}

std::string defaultDialogLanguage(const package::Package& p) {
  for (const auto& l : p.manifest.supportedLanguages)
    if (!dialog::languageName(l).empty()) return dialog::languageName(l);
  for (const auto& d : p.manifest.dialogs)
    for (const auto& t : d.topics)
      if (!dialog::languageName(t.language).empty()) return dialog::languageName(t.language);
  if (p.project)
    for (const auto& t : p.project->topics)
      if (!dialog::languageName(t.language).empty()) return dialog::languageName(t.language);
  return "English";
}

}  // namespace autolife::engine
