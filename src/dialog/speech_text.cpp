// What a listener hears of an answer's text: its speech tags applied (a
// pause as "...", the others, which change how words sound, removed), for
// `autolife chat` and the other places that print what the robot says; and
// an answer's action as the topic wrote it.
#include "autolife/dialog/dialog.hpp"
#include "text.hpp"

namespace autolife::dialog {

std::string spokenText(std::string_view said) {
  std::string out;
  for (std::size_t i = 0; i < said.size();) {
    const std::size_t open = said.find('\\', i);
    const std::size_t close = open == std::string_view::npos ? open : said.find('\\', open + 1);
    if (close == std::string_view::npos) {
      out.append(said.substr(i));
      break;
    }
    out.append(said.substr(i, open - i));
    const std::string tag = text::lower(said.substr(open + 1, close - open - 1));
    if (tag.starts_with("pau=")) out += " ... ";
    else out += ' ';
    i = close + 1;
  }
  return text::squeeze(out);
}

std::string actionText(const Action& action) {
  std::string args;
  for (const auto& a : action.args) args += (args.empty() ? "" : ", ") + a;
  return "^" + action.name + "(" + args + ")";
}

}  // namespace autolife::dialog
