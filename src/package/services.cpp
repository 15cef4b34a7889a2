// <services> and <executableFiles> of manifest.xml (docs/packages.md
// "Package services").
#include "services.hpp"

#include <set>

namespace autolife::package {

std::vector<std::string> splitCommand(std::string_view text, std::string& error) {
  std::vector<std::string> out;
  std::string word;
  bool inWord = false;
  char quote = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote == '\'') {
      if (c == '\'') quote = 0;
      else word += c;
    } else if (c == '\\' && i + 1 < text.size()) {
      word += text[++i];
      inWord = true;
    } else if (quote == '"') {
      if (c == '"') quote = 0;
      else word += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      inWord = true;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (inWord) out.push_back(std::move(word));
      word.clear();
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) {
    error = std::string("a ") + (quote == '"' ? "double" : "single") + " quote is not closed";
    return {};
  }
  if (inWord) out.push_back(std::move(word));
  if (out.empty()) error = "there is nothing to run";
  return out;
}

namespace {

bool readAutorun(XmlFile& file, pugi::xml_node element) {
  const std::string value = trimmed(element.attribute("autorun").value());
  if (value.empty() || value == "false" || value == "0") return false;
  if (value == "true" || value == "1") return true;
  file.report(core::Severity::Warning, element, "autorun=" + inQuotes(value) + " is neither true nor false: read as false");
  return false;
}

std::optional<ServiceContent> readService(XmlFile& file, pugi::xml_node element) {
  ServiceContent service;
  service.name = trimmed(element.attribute("name").value());
  service.execStart = element.attribute("execStart").value();
  service.position = file.positionOf(element);
  if (service.name.empty()) {
    file.report(core::Severity::Error, element, "a service without a name: ignored");
    return std::nullopt;
  }
  std::string error;
  service.command = splitCommand(service.execStart, error);
  if (!error.empty()) {
    file.report(core::Severity::Error, element, "service " + inQuotes(service.name) + ": execStart " +
                                                    inQuotes(service.execStart) + " cannot run: " + error);
    return std::nullopt;
  }
  service.autorun = readAutorun(file, element);
  return service;
}

}  // namespace

void readServices(XmlFile& file, pugi::xml_node services, Manifest& m) {
  std::set<std::string> names;
  for (const auto& s : m.services) names.insert(s.name);
  for (pugi::xml_node element : services.children("service")) {
    auto service = readService(file, element);
    if (!service) continue;
    if (!names.insert(service->name).second) {
      file.report(core::Severity::Error, element, "a second service named " + inQuotes(service->name) + ": ignored");
      continue;
    }
    m.services.push_back(std::move(*service));
  }
}

void readExecutableFiles(pugi::xml_node files, Manifest& m) {
  for (pugi::xml_node file : files.children("file"))
    if (std::string path = file.attribute("path").value(); !path.empty()) m.executableFiles.push_back(std::move(path));
}

}  // namespace autolife::package
