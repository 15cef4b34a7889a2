#include "xml_file.hpp"

namespace autolife::package {

bool XmlFile::parse(core::Severity severity) {
  std::optional<core::Diagnostic> malformed = file_.parse();
  if (malformed) problems_.push_back(core::Problem{severity, std::move(*malformed)});
  return !malformed;
}

TextPosition XmlFile::positionAt(std::size_t offset) const {
  core::TextPosition at = file_.positionAt(offset);
  return {at.line, at.column};
}

Localized localizedTexts(pugi::xml_node parent) {
  Localized texts;
  for (pugi::xml_node child : parent.children())
    if (child.type() == pugi::node_element) texts.emplace(child.attribute("lang").value(), textOf(child));
  return texts;
}

LocalizedList localizedLists(pugi::xml_node parent) {
  LocalizedList lists;
  for (pugi::xml_node child : parent.children())
    if (child.type() == pugi::node_element) lists[child.attribute("lang").value()].push_back(textOf(child));
  return lists;
}

}  // namespace autolife::package
