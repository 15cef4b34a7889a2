#include "xml_file.hpp"

#include <cctype>

namespace autolife::package {

XmlFile::XmlFile(std::string_view text, std::string fileName)
    : text_(text), fileName_(std::move(fileName)), lines_(text) {}

bool XmlFile::parse(core::Severity severity) {
  // The encoding is forced to UTF-8 so that pugixml's offsets are offsets
  // into our text (no conversion copies it elsewhere).
  pugi::xml_parse_result result =
      document_.load_buffer(text_.data(), text_.size(), pugi::parse_default, pugi::encoding_utf8);
  if (result) return true;
  std::string description = result.description();
  if (!description.empty()) description[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(description[0])));
  std::size_t offset = result.offset < 0 ? 0 : static_cast<std::size_t>(result.offset);
  reportAt(severity, offset, "malformed XML: " + description);
  return false;
}

std::size_t XmlFile::offsetOf(pugi::xml_node node) const {
  std::ptrdiff_t offset = node.offset_debug();
  if (offset < 0) return 0;
  auto at = static_cast<std::size_t>(offset);
  // pugixml gives an element's name; people expect its '<'.
  if (node.type() == pugi::node_element && at > 0 && at <= text_.size() && text_[at - 1] == '<') --at;
  return at;
}

void XmlFile::report(core::Severity severity, pugi::xml_node node, std::string message) {
  reportAt(severity, offsetOf(node), std::move(message));
}

void XmlFile::reportAt(core::Severity severity, std::size_t offset, std::string message) {
  problems_.push_back(core::Problem{severity, lines_.diagnostic(offset, fileName_, std::move(message))});
}

std::string trimmed(std::string_view text) {
  const char* space = " \t\r\n";
  std::size_t begin = text.find_first_not_of(space);
  if (begin == std::string_view::npos) return {};
  std::size_t end = text.find_last_not_of(space);
  return std::string(text.substr(begin, end - begin + 1));
}

std::string textOf(pugi::xml_node element) {
  std::string text;
  for (pugi::xml_node child : element.children())
    if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata) text += child.value();
  return trimmed(text);
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

std::string inQuotes(std::string_view text) {
  constexpr std::size_t kMax = 120;
  std::string out = "'";
  std::size_t i = 0;
  // Cut at kMax bytes, but never inside a UTF-8 character.
  for (; i < text.size() && (i < kMax || (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    out += c < 0x20 || c == 0x7F ? '?' : static_cast<char>(c);
  }
  if (i < text.size()) out += "...";
  return out + "'";
}

}  // namespace autolife::package
