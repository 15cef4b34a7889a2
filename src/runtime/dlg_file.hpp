// A Choregraphe Dialog box's .dlg file: the topic of each language
// ("enu:greet_enu.top"), next to it. Read by the box when it starts and by
// `autolife check`.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace autolife::runtime::detail {

struct DlgTopic {
  std::string code;      // as written: "enu"
  std::string language;  // "English"; "" when NAOqi knows no such language
  std::filesystem::path file;
};

// The topics a .dlg lists, in its order (none when it cannot be read). A
// .top given instead of a .dlg is its own one topic.
std::vector<DlgTopic> readDlg(const std::filesystem::path& dlg);

}  // namespace autolife::runtime::detail
