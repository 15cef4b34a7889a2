// One XML file being read (a .xar, a format-4 box file, a new-format
// object): its text, the parsed document, and how to locate a node for a
// message. Element names are compared without their namespace prefix, so
// files with or without the Choregraphe namespace read the same.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include <pugixml.hpp>

#include "autolife/behavior/xar_model.hpp"
#include "report.hpp"
#include "autolife/core/text_lines.hpp"

namespace autolife::behavior {

class XmlFile {
public:
  XmlFile(std::string text, std::string fileName, Report& report);
  XmlFile(const XmlFile&) = delete;
  XmlFile& operator=(const XmlFile&) = delete;

  // Parses the text as UTF-8; when it is not well-formed XML, reports an
  // error at pugixml's offset and returns false.
  bool parse();

  pugi::xml_node root() const { return document_.document_element(); }
  const std::string& text() const { return text_; }
  const std::shared_ptr<const std::string>& fileName() const { return fileName_; }
  Report& report() const { return report_; }

  // Where a node starts: an element at its '<', text at its first character.
  std::size_t offsetOf(pugi::xml_node node) const;
  Source sourceAt(std::size_t offset) const;
  Source source(pugi::xml_node node) const { return sourceAt(offsetOf(node)); }
  // Where an attribute's name is in its element's start tag (the element
  // itself when not found).
  Source source(pugi::xml_node element, const char* attribute) const;

  void error(const Source& at, std::string message) const;
  void error(pugi::xml_node node, std::string message) const { error(source(node), std::move(message)); }
  void warning(const Source& at, std::string message) const;
  void warning(pugi::xml_node node, std::string message) const { warning(source(node), std::move(message)); }

private:
  core::Diagnostic diagnostic(const Source& at, std::string message) const;

  std::string text_;
  std::shared_ptr<const std::string> fileName_;
  core::TextLines lines_;
  pugi::xml_document document_;
  Report& report_;
};

// An element's name without its namespace prefix.
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
// A value quoted for a message: one line, control characters shown as '?',
// cut when long, so that hostile text cannot forge output.
std::string inQuotes(std::string_view text);

}  // namespace autolife::behavior
