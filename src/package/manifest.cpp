#include "autolife/package/manifest.hpp"

#include <map>

#include "contents.hpp"
#include "services.hpp"
#include "xml_file.hpp"

namespace autolife::package {

namespace {

std::vector<std::string> languages(pugi::xml_node parent) {
  std::vector<std::string> out;
  for (pugi::xml_node language : parent.children("language")) out.push_back(textOf(language));
  return out;
}

Requirements readRequirements(pugi::xml_node element) {
  Requirements r;
  pugi::xml_node naoqi = element.child("naoqiRequirement");
  r.naoqiMinVersion = naoqi.attribute("minVersion").value();
  r.naoqiMaxVersion = naoqi.attribute("maxVersion").value();
  for (pugi::xml_node robot : element.children("robotRequirement")) r.robotModels.push_back(robot.attribute("model").value());
  return r;
}

// The uuid names the package and its install folder. Without one, real
// NAOqi tools use the folder or archive name; so do we, and say so.
bool readUuid(XmlFile& file, pugi::xml_node root, const ManifestOptions& options, Manifest& m) {
  m.uuid = root.attribute("uuid").value();
  if (m.uuid.empty()) {
    if (options.fallbackUuid.empty()) {
      file.report(core::Severity::Error, root, "<package> has no uuid attribute");
      return false;
    }
    m.uuid = options.fallbackUuid;
    m.uuidFromFallback = true;
    file.report(core::Severity::Warning, root, "<package> has no uuid attribute: using the folder or archive name " + inQuotes(m.uuid));
  }
  if (std::string why = uuidProblem(m.uuid); !why.empty()) {
    file.report(core::Severity::Error, root, "uuid " + inQuotes(m.uuid) + " cannot name a package: " + why);
    return false;
  }
  return true;
}

// Keeps the first behaviorContent of each folder; a second one is an error.
void addBehavior(XmlFile& file, pugi::xml_node element, std::map<std::string, int>& firstLine, Manifest& m) {
  std::optional<BehaviorContent> content = readBehaviorContent(file, element);
  if (!content) return;
  auto [first, isNew] = firstLine.emplace(normalizedBehaviorPath(content->path), content->position.line);
  if (!isNew) {
    file.report(core::Severity::Error, element,
                "behavior path " + inQuotes(content->path) + " is already used by the behaviorContent on line " +
                    std::to_string(first->second) + ": this one is ignored");
    return;
  }
  m.behaviors.push_back(std::move(*content));
}

void readContents(XmlFile& file, pugi::xml_node contents, Manifest& m) {
  std::map<std::string, int> firstLine;
  for (pugi::xml_node element : contents.children()) {
    std::string_view name = element.name();
    if (name == "behaviorContent") addBehavior(file, element, firstLine, m);
    else if (name == "dialogContent") m.dialogs.push_back(readDialogContent(file, element));
  }
}

std::optional<Manifest> readPackage(XmlFile& file, const ManifestOptions& options) {
  pugi::xml_node root = file.root();
  if (std::string_view(root.name()) != "package") {
    file.report(core::Severity::Error, root, "the root element is <" + std::string(root.name()) + ">, not <package>");
    return std::nullopt;
  }
  Manifest m;
  if (!readUuid(file, root, options, m)) return std::nullopt;
  m.version = root.attribute("version").value();
  if (m.version.empty()) file.report(core::Severity::Warning, root, "<package> has no version attribute");
  m.names = localizedTexts(root.child("names"));
  m.descriptions = localizedTexts(root.child("descriptions"));
  m.supportedLanguages = languages(root.child("supportedLanguages"));
  m.descriptionLanguages = languages(root.child("descriptionLanguages"));
  m.requirements = readRequirements(root.child("requirements"));
  readContents(file, root.child("contents"), m);
  // Documented under <package>; some packages put them in <contents>.
  readServices(file, root.child("services"), m);
  readServices(file, root.child("contents").child("services"), m);
  readExecutableFiles(root.child("executableFiles"), m);
  readExecutableFiles(root.child("services").child("executableFiles"), m);
  return m;
}

}  // namespace

std::string_view natureName(Nature n) {
  switch (n) {
    case Nature::Interactive: return "interactive";
    case Nature::Solitary: return "solitary";
    case Nature::None: break;
  }
  return "";
}

std::string uuidProblem(std::string_view uuid) {
  if (uuid.empty()) return "it is empty";
  if (uuid.size() > 255) return "it is longer than 255 bytes";
  // A leading dot is kept for the store's own work folders (and "." and "..").
  if (uuid.front() == '.') return "it starts with '.'";
  for (char c : uuid) {
    if (c == '/' || c == '\\') return "it contains a slash";
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) return "it contains a control character";
  }
  return {};
}

ManifestResult parseManifest(std::string_view xml, const ManifestOptions& options) {
  ManifestResult result;
  if (xml.size() > kMaxManifestBytes) {
    result.problems.push_back(core::fileError(options.fileName, "manifest.xml is larger than " +
                                                              std::to_string(kMaxManifestBytes >> 20) + " MiB"));
    return result;
  }
  // pugixml would convert UTF-16 to UTF-8 elsewhere, and every position
  // reported would be wrong; Choregraphe writes UTF-8.
  if (xml.starts_with("\xFF\xFE") || xml.starts_with("\xFE\xFF")) {
    result.problems.push_back(core::fileError(options.fileName, "manifest.xml is UTF-16: autolife reads UTF-8 manifests"));
    return result;
  }
  XmlFile file(xml, options.fileName);
  if (file.parse(core::Severity::Error)) result.manifest = readPackage(file, options);
  result.problems = std::move(file.problems());
  return result;
}

}  // namespace autolife::package
