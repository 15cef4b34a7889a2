#include "autolife/runtime/check_behavior.hpp"

#include <algorithm>
#include <functional>
#include <set>

#include "autolife/python/python_box.hpp"
#include "autolife/runtime/behavior_runner.hpp"

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
  auto problem = [&](const python::BoxError& e) {
    core::Diagnostic d;
    d.file = e.file == path.string() ? shownAs : e.file;
    d.line = e.line;
    d.column = e.column;
    d.message = "box '" + e.box + "': " + e.message;
    problems.push_back(e.runs ? core::warning(d) : core::error(d));
  };
  // A Python 2 rewrite is said once per construct and script (a stock box
  // used ten times, once), as box logs say it.
  std::set<std::pair<std::string, std::string>> told;
  forEachBox(loaded.behavior->root, [&](const behavior::Box& box) {
    const auto& s = box.script;
    if (s.language != behavior::ScriptLanguage::Python || isBlank(s.content)) return;
    std::vector<python::BoxError> rewrites;
    auto e = python::checkScript({box.name, s.content, s.source.path(), s.source.line, std::max(1, s.source.column)},
                                 &rewrites);
    if (e && !e->runs) return problem(*e);
    for (const auto& r : rewrites)
      if (told.emplace(r.construct, s.content).second) problem(r);
  });
  return problems;
}

}  // namespace autolife::runtime
