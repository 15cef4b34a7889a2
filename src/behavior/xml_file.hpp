// One XML file of a behavior being read (a .xar, a format-4 box file, a
// new-format object): xml::XmlFile, with what it finds reported into the
// behavior's Report and located as the model's Sources (which share the
// file's name).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "autolife/behavior/xar_model.hpp"
#include "autolife/xml/xml_file.hpp"
#include "report.hpp"

namespace autolife::behavior {

using xml::attributeOf;
using xml::contentOf;
using xml::firstChild;
using xml::firstContentPart;
using xml::inQuotes;
using xml::isElement;
using xml::localName;

class XmlFile {
public:
  XmlFile(std::string text, std::string fileName, Report& report);

  // Parses the text; when it is not well-formed XML, reports the error and
  // returns false.
  bool parse();

  pugi::xml_node root() const { return file_.root(); }
  const std::string& text() const { return file_.text(); }
  const std::shared_ptr<const std::string>& fileName() const { return fileName_; }
  Report& report() const { return report_; }

  std::size_t offsetOf(pugi::xml_node node) const { return file_.offsetOf(node); }
  Source sourceAt(std::size_t offset) const;
  Source source(pugi::xml_node node) const { return sourceAt(offsetOf(node)); }
  Source source(pugi::xml_node element, const char* attribute) const {
    return sourceAt(file_.offsetOf(element, attribute));
  }

  void error(const Source& at, std::string message) const;
  void error(pugi::xml_node node, std::string message) const { error(source(node), std::move(message)); }
  void warning(const Source& at, std::string message) const;
  void warning(pugi::xml_node node, std::string message) const { warning(source(node), std::move(message)); }

private:
  core::Diagnostic diagnostic(const Source& at, std::string message) const;

  xml::XmlFile file_;
  std::shared_ptr<const std::string> fileName_;
  Report& report_;
};

}  // namespace autolife::behavior
