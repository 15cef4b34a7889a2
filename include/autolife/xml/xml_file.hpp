// One XML file being read (manifest.xml, a .pml, a .xar, a format-4 box
// file, a new-format object): its text, the parsed document, and where a
// node or attribute lies in the text as people count (file:line:column), so
// that every reader locates what it reports the same way. pugixml is this
// module's vocabulary: the readers walk its nodes.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <pugixml.hpp>

#include "autolife/core/diagnostic.hpp"
#include "autolife/core/text_lines.hpp"

namespace autolife::xml {

class XmlFile {
public:
  XmlFile(std::string text, std::string fileName);
  XmlFile(const XmlFile&) = delete;
  XmlFile& operator=(const XmlFile&) = delete;

  // Parses the text as UTF-8. When it is not well-formed XML with a root
  // element, returns the error ("malformed XML: ...") at pugixml's offset.
  std::optional<core::Diagnostic> parse();

  pugi::xml_node root() const { return document_.document_element(); }
  const std::string& text() const { return text_; }
  const std::string& fileName() const { return fileName_; }

  // Where a node starts in the text: an element at its '<', text at its
  // first character.
  std::size_t offsetOf(pugi::xml_node node) const;
  // Where an attribute's name is in its element's start tag (the element's
  // '<' when not found).
  std::size_t offsetOf(pugi::xml_node element, std::string_view attribute) const;
  core::TextPosition positionAt(std::size_t offset) const { return lines_.position(offset); }
  core::TextPosition positionOf(pugi::xml_node node) const { return positionAt(offsetOf(node)); }
  // The source line `line` (1-based) as an excerpt for a message, or ""
  // when it is too long to help anyone.
  std::string excerpt(int line) const;
  // A diagnostic in this file at `offset`, with its line as the excerpt.
  core::Diagnostic diagnosticAt(std::size_t offset, std::string message) const;

private:
  std::string text_;
  std::string fileName_;
  core::TextLines lines_;
  pugi::xml_document document_;
};

// An element's name without its namespace prefix: files with or without
// Choregraphe's namespace read the same.
std::string_view localName(pugi::xml_node node);
bool isElement(pugi::xml_node node, std::string_view name);
// The first child element with that local name (null when none).
pugi::xml_node firstChild(pugi::xml_node parent, std::string_view name);
// An attribute by local name (null when absent).
pugi::xml_attribute attributeOf(pugi::xml_node element, std::string_view name);
// The element's text and CDATA children joined; text that is only the
// file's indentation around CDATA is left out.
std::string contentOf(pugi::xml_node element);
// The first child that contentOf() takes text from (null when none).
pugi::xml_node firstContentPart(pugi::xml_node element);
// contentOf(), without the spaces and line breaks around it.
std::string textOf(pugi::xml_node element);
std::string trimmed(std::string_view text);
// A name or value quoted for a message: on one line, control characters
// shown as '?', cut when long, so that hostile text cannot forge output.
std::string inQuotes(std::string_view text);

}  // namespace autolife::xml
