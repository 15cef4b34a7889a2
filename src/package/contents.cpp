#include "contents.hpp"

#include <filesystem>

#include "launch_trigger.hpp"

namespace autolife::package {

namespace {

// Why a behavior path cannot be used, or empty when it can. A path is
// relative to the package root and must stay inside it.
std::string pathProblem(std::string_view path) {
  if (path.empty()) return "has no path attribute";
  std::filesystem::path p{std::string(path)};
  if (p.is_absolute() || path.starts_with('\\')) return "has an absolute path " + inQuotes(path);
  for (const auto& part : p)
    if (part == "..") return "has a path that leaves the package folder: " + inQuotes(path);
  return {};
}

void readNature(XmlFile& file, pugi::xml_node element, BehaviorContent& content) {
  pugi::xml_node nature = element.child("nature");
  if (!nature) return;  // no <nature>: a plain behavior
  content.natureText = textOf(nature);
  if (content.natureText == "interactive") {
    content.nature = Nature::Interactive;
  } else if (content.natureText == "solitary") {
    content.nature = Nature::Solitary;
  } else if (!content.natureText.empty()) {
    pugi::xml_node text = nature.first_child();
    file.report(core::Severity::Error, text ? text : nature,
                "unknown nature " + inQuotes(content.natureText) + ": expected interactive, solitary or nothing");
  }
}

void readPermissions(XmlFile& file, pugi::xml_node permissions, Permissions& out) {
  for (pugi::xml_node p : permissions.children()) {
    if (p.type() != pugi::node_element) continue;
    std::string_view name = p.name();
    if (name == "canRunOnPod") out.canRunOnPod = true;
    else if (name == "canStandUp") out.canStandUp = true;
    else if (name == "canRunInSleep") out.canRunInSleep = true;
    else file.report(core::Severity::Warning, p, "unknown permission <" + std::string(name) + "> is ignored");
  }
}

}  // namespace

std::optional<BehaviorContent> readBehaviorContent(XmlFile& file, pugi::xml_node element) {
  BehaviorContent content;
  content.path = element.attribute("path").value();
  content.position = file.positionOf(element);
  if (std::string why = pathProblem(content.path); !why.empty()) {
    file.report(core::Severity::Error, element, "behaviorContent " + why + ": it is ignored");
    return std::nullopt;
  }
  readNature(file, element, content);
  content.userRequestable = static_cast<bool>(element.child("userRequestable"));
  content.names = localizedTexts(element.child("names"));
  content.descriptions = localizedTexts(element.child("descriptions"));
  content.triggerSentences = localizedLists(element.child("triggerSentences"));
  content.loadingResponses = localizedLists(element.child("loadingResponses"));
  content.launchTrigger = readLaunchTrigger(file, element.child("autonomous"));
  readPermissions(file, element.child("permissions"), content.permissions);
  return content;
}

DialogContent readDialogContent(XmlFile& file, pugi::xml_node element) {
  DialogContent dialog;
  dialog.topicName = element.attribute("topicName").value();
  dialog.path = element.attribute("path").value();
  dialog.typeVersion = element.attribute("typeVersion").value();
  dialog.position = file.positionOf(element);
  for (pugi::xml_node topic : element.children("topic"))
    dialog.topics.push_back(DialogTopic{topic.attribute("language").value(), topic.attribute("path").value()});
  if (dialog.topicName.empty()) file.report(core::Severity::Warning, element, "dialogContent has no topicName");
  return dialog;
}

std::string normalizedBehaviorPath(std::string_view path) {
  std::string normal = std::filesystem::path(std::string(path)).lexically_normal().generic_string();
  while (normal.size() > 1 && normal.back() == '/') normal.pop_back();
  return normal.empty() ? "." : normal;
}

}  // namespace autolife::package
