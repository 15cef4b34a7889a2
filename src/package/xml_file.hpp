// One XML file being read (manifest.xml, a .pml): the parsed document, the
// positions of its nodes in the original text, and the problems found so
// far. Shared by the manifest and project readers so that every problem is
// located the same way.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <pugixml.hpp>

#include "autolife/core/problem.hpp"
#include "autolife/package/manifest.hpp"
#include "line_index.hpp"

namespace autolife::package {

class XmlFile {
public:
  // `text` must outlive this object: node offsets refer to it.
  XmlFile(std::string_view text, std::string fileName);
  XmlFile(const XmlFile&) = delete;
  XmlFile& operator=(const XmlFile&) = delete;

  // Parses the text as UTF-8. When it is not well-formed XML, reports one
  // problem of `severity` at pugixml's error offset and returns false.
  bool parse(core::Severity severity);

  pugi::xml_node root() const { return document_.document_element(); }
  std::string_view text() const { return text_; }
  const std::string& fileName() const { return fileName_; }
  const LineIndex& lines() const { return lines_; }

  // Where a node starts in the text: an element at its '<', text at its
  // first character.
  std::size_t offsetOf(pugi::xml_node node) const;
  TextPosition positionOf(pugi::xml_node node) const { return lines_.position(offsetOf(node)); }

  void report(core::Severity severity, pugi::xml_node node, std::string message);
  void reportAt(core::Severity severity, std::size_t offset, std::string message);
  std::vector<core::Problem>& problems() { return problems_; }

private:
  std::string_view text_;
  std::string fileName_;
  LineIndex lines_;
  pugi::xml_document document_;
  std::vector<core::Problem> problems_;
};

// Text helpers for reading elements.
std::string trimmed(std::string_view text);
// The element's own text (its text and CDATA children, joined), trimmed.
std::string textOf(pugi::xml_node element);
// <parent><child lang="en_US">text</child>…</parent> → {"en_US": "text"};
// the first text of a language wins.
Localized localizedTexts(pugi::xml_node parent);
// The same with several texts per language, in order.
LocalizedList localizedLists(pugi::xml_node parent);
// A name or value quoted for a message: on one line, control characters
// shown as '?', cut when long, so that hostile text cannot forge output.
std::string inQuotes(std::string_view text);

}  // namespace autolife::package
