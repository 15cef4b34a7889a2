#include "autolife/package/project.hpp"

#include "xml_file.hpp"

namespace autolife::package {

namespace {

std::string attribute(pugi::xml_node node, const char* name) { return node.attribute(name).value(); }

template <class Item, class Read>
std::vector<Item> readList(pugi::xml_node parent, const char* childName, Read read) {
  std::vector<Item> items;
  for (pugi::xml_node child : parent.children(childName)) items.push_back(read(child));
  return items;
}

Project readProject(pugi::xml_node root) {
  Project p;
  p.name = attribute(root, "name");
  p.formatVersion = attribute(root, "format_version");
  p.manifestSrc = attribute(root.child("Manifest"), "src");
  p.behaviors = readList<ProjectBehavior>(root.child("BehaviorDescriptions"), "BehaviorDescription", [](pugi::xml_node n) {
    return ProjectBehavior{attribute(n, "name"), attribute(n, "src"), attribute(n, "xar")};
  });
  auto file = [](pugi::xml_node n) { return ProjectFile{attribute(n, "name"), attribute(n, "src")}; };
  p.dialogs = readList<ProjectFile>(root.child("Dialogs"), "Dialog", file);
  p.resources = readList<ProjectFile>(root.child("Resources"), "File", file);
  p.topics = readList<ProjectTopic>(root.child("Topics"), "Topic", [](pugi::xml_node n) {
    return ProjectTopic{attribute(n, "name"), attribute(n, "src"), attribute(n, "topicName"), attribute(n, "language")};
  });
  p.ignoredPaths = readList<std::string>(root.child("IgnoredPaths"), "Path", [](pugi::xml_node n) { return attribute(n, "src"); });
  p.translations = readList<ProjectTranslation>(root.child("Translations"), "Translation", [](pugi::xml_node n) {
    return ProjectTranslation{attribute(n, "name"), attribute(n, "src"), attribute(n, "language")};
  });
  return p;
}

}  // namespace

ProjectResult parseProject(std::string_view xml, const std::string& fileName) {
  ProjectResult result;
  XmlFile file(xml, fileName);
  if (file.parse(core::Severity::Warning)) {
    if (std::string_view(file.root().name()) == "Package") result.project = readProject(file.root());
    else file.report(core::Severity::Warning, file.root(), "not a Choregraphe project: the root element is not <Package>");
  }
  result.problems = std::move(file.problems());
  return result;
}

}  // namespace autolife::package
