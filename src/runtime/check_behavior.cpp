#include "autolife/runtime/check_behavior.hpp"

#include <algorithm>
#include <functional>

#include "autolife/python/python_box.hpp"
#include "autolife/runtime/behavior_runner.hpp"
#include "dlg_file.hpp"

namespace autolife::runtime {

namespace {

void forEachBox(const behavior::Box& box, const std::function<void(const behavior::Box&)>& visit) {
  visit(box);
  if (!box.timeline) return;
  for (const auto& layer : box.timeline->layers)
    for (const auto& keyframe : layer.keyframes)
      for (const auto& child : keyframe.diagram.boxes) forEachBox(child, visit);
}

bool isBlank(const std::string& text) { return text.find_first_not_of(" \t\r\n") == std::string::npos; }

// A Dialog box's .dlg: each language it lists without its .top is a robot
// speaking that language whose dialog does not start (issue 32).
void checkDialogBox(const behavior::Box& box, const std::filesystem::path& path, const std::filesystem::path& folder,
                    const std::string& shownAs, std::vector<core::Problem>& problems) {
  if (box.dialogFile.empty()) return;
  const std::filesystem::path dlg = (folder / box.dialogFile).lexically_normal();
  const std::string& file = box.source.path();
  core::Diagnostic d{file.empty() || file == path.string() ? shownAs : file, box.source.line,
                     std::max(1, box.source.column), {}, {}};
  if (!std::filesystem::exists(dlg)) {
    d.message = "Dialog box '" + box.name + "': " + box.dialogFile + " does not exist: the box cannot start its dialog";
    problems.push_back(core::error(d));
    return;
  }
  for (const auto& t : detail::readDlg(dlg)) {
    if (std::filesystem::exists(t.file) && !t.language.empty()) continue;
    d.message = "Dialog box '" + box.name + "': " + dlg.filename().string() + " lists " + t.code + ":" +
                t.file.filename().string() +
                (t.language.empty() ? ", a language NAOqi does not know"
                                    : ", which does not exist: on a robot speaking " + t.language + " the dialog does not start");
    problems.push_back(core::warning(d));
  }
}

}  // namespace

std::vector<core::Problem> checkBehavior(const std::filesystem::path& path, const std::string& shownAs) {
  std::vector<core::Problem> problems;
  auto shown = [&](core::Diagnostic d) {
    if (d.file == path.string()) d.file = shownAs;
    return d;
  };
  auto loaded = loadBehavior(path);
  for (const auto& e : loaded.errors) problems.push_back(core::error(shown(e)));
  for (const auto& w : loaded.warnings) problems.push_back(core::warning(shown(w)));
  if (!loaded.ok()) return problems;
  const std::filesystem::path folder =
      loaded.behavior->format == behavior::SourceFormat::NewFormat ? path : path.parent_path();
  forEachBox(loaded.behavior->root, [&](const behavior::Box& box) {
    checkDialogBox(box, path, folder, shownAs, problems);
    const auto& s = box.script;
    if (s.language != behavior::ScriptLanguage::Python || isBlank(s.content)) return;
    if (auto e = python::checkScript({box.name, s.content, s.source.path(), s.source.line, std::max(1, s.source.column)})) {
      core::Diagnostic d;
      d.file = e->file == path.string() ? shownAs : e->file;
      d.line = e->line;
      d.column = e->column;
      d.message = "box '" + e->box + "': " + e->message;
      problems.push_back(e->runs ? core::warning(d) : core::error(d));
    }
  });
  return problems;
}

}  // namespace autolife::runtime
