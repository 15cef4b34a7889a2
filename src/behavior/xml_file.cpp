#include "xml_file.hpp"

namespace autolife::behavior {

XmlFile::XmlFile(std::string text, std::string fileName, Report& report)
    : file_(std::move(text), fileName), fileName_(std::make_shared<const std::string>(std::move(fileName))),
      report_(report) {}

bool XmlFile::parse() {
  std::optional<core::Diagnostic> malformed = file_.parse();
  if (malformed) report_.error(std::move(*malformed));
  return !malformed;
}

Source XmlFile::sourceAt(std::size_t offset) const {
  core::TextPosition at = file_.positionAt(offset);
  return Source{fileName_, at.line, at.column};
}

core::Diagnostic XmlFile::diagnostic(const Source& at, std::string message) const {
  core::Diagnostic d = at.diagnostic(std::move(message));
  // A Source of another file (a box's script) has no excerpt from this one.
  if (at.file == fileName_) d.sourceLine = file_.excerpt(at.line);
  return d;
}

void XmlFile::error(const Source& at, std::string message) const {
  report_.error(diagnostic(at, std::move(message)));
}

void XmlFile::warning(const Source& at, std::string message) const {
  report_.warning(diagnostic(at, std::move(message)));
}

}  // namespace autolife::behavior
