#include "autolife/behavior/box_paths.hpp"

#include <map>

namespace autolife::behavior {

void forEachDiagram(const Box& box, const std::function<void(const Diagram& diagram)>& visit) {
  if (!box.timeline) return;
  for (const auto& layer : box.timeline->layers)
    for (const auto& keyframe : layer.keyframes) visit(keyframe.diagram);
}

namespace {

void visitChildren(const Box& parent, const std::string& parentPath,
                   const std::function<void(const Box&, const std::string&, const Box*)>& visit) {
  std::map<std::string, int> seen;  // names among the siblings so far
  forEachDiagram(parent, [&](const Diagram& diagram) {
    for (const auto& child : diagram.boxes) {
      const int n = ++seen[child.name];
      std::string name = n == 1 ? child.name : child.name + "#" + std::to_string(n);
      const std::string path = parentPath.empty() ? name : parentPath + "/" + name;
      visit(child, path, &parent);
      visitChildren(child, path, visit);
    }
  });
}

}  // namespace

void forEachBox(const Behavior& behavior,
                const std::function<void(const Box& box, const std::string& path, const Box* parent)>& visit) {
  visit(behavior.root, "", nullptr);
  visitChildren(behavior.root, "", visit);
}

std::unordered_map<const Box*, std::string> boxPaths(const Behavior& behavior) {
  std::unordered_map<const Box*, std::string> paths;
  forEachBox(behavior, [&](const Box& box, const std::string& path, const Box*) { paths.emplace(&box, path); });
  return paths;
}

const Box* findBoxByPath(const Behavior& behavior, std::string_view path) {
  const Box* found = nullptr;
  forEachBox(behavior, [&](const Box& box, const std::string& p, const Box*) {
    if (!found && p == path) found = &box;
  });
  return found;
}

}  // namespace autolife::behavior
