// One XML file of a package being read (manifest.xml, a .pml):
// xml::XmlFile, with the problems found so far. Shared by the manifest and
// project readers so that every problem is located the same way.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "autolife/core/problem.hpp"
#include "autolife/package/manifest.hpp"
#include "autolife/xml/xml_file.hpp"

namespace autolife::package {

using xml::inQuotes;
using xml::textOf;
using xml::trimmed;

class XmlFile {
public:
  XmlFile(std::string_view text, std::string fileName) : file_(std::string(text), std::move(fileName)) {}

  // Parses the text as UTF-8. When it is not well-formed XML, reports one
  // problem of `severity` where the parser stopped and returns false.
  bool parse(core::Severity severity);

  pugi::xml_node root() const { return file_.root(); }
  std::string_view text() const { return file_.text(); }
  const std::string& fileName() const { return file_.fileName(); }

  std::size_t offsetOf(pugi::xml_node node) const { return file_.offsetOf(node); }
  TextPosition positionAt(std::size_t offset) const;
  TextPosition positionOf(pugi::xml_node node) const { return positionAt(offsetOf(node)); }

  void report(core::Severity severity, pugi::xml_node node, std::string message) {
    reportAt(severity, offsetOf(node), std::move(message));
  }
  void reportAt(core::Severity severity, std::size_t offset, std::string message) {
    problems_.push_back(core::Problem{severity, file_.diagnosticAt(offset, std::move(message))});
  }
  std::vector<core::Problem>& problems() { return problems_; }
  // A diagnostic at `offset`, reported or not (`check`'s trigger hints).
  core::Diagnostic diagnosticAt(std::size_t offset, std::string message) const {
    return file_.diagnosticAt(offset, std::move(message));
  }

private:
  xml::XmlFile file_;
  std::vector<core::Problem> problems_;
};

// <parent><child lang="en_US">text</child>…</parent> → {"en_US": "text"};
// the first text of a language wins.
Localized localizedTexts(pugi::xml_node parent);
// The same with several texts per language, in order.
LocalizedList localizedLists(pugi::xml_node parent);

}  // namespace autolife::package
