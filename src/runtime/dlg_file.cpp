#include "dlg_file.hpp"

#include <fstream>

#include "autolife/dialog/topic.hpp"

namespace autolife::runtime::detail {

std::vector<DlgTopic> readDlg(const std::filesystem::path& dlg) {
  std::vector<DlgTopic> out;
  if (dlg.extension() == ".top") {
    const std::string language = dialog::defaultTopicLanguage(dlg.string(), {});
    return {{dialog::languageCode(language), language, dlg}};
  }
  std::ifstream in(dlg);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon), value = line.substr(colon + 1);
    key.erase(0, key.find_first_not_of(" \t"));
    key.erase(key.find_last_not_of(" \t") + 1);
    value.erase(0, value.find_first_not_of(" \t"));
    value.erase(value.find_last_not_of(" \t") + 1);
    if (key == "multilanguage" || value.empty()) continue;
    out.push_back({key, dialog::languageName(key), dlg.parent_path() / value});
  }
  return out;
}

}  // namespace autolife::runtime::detail
