// Entry points of the xar parser: which root the file has, and what to read
// from it (see xar_parser.hpp).
#include "autolife/behavior/xar_parser.hpp"

#include "attributes.hpp"
#include "format4_reader.hpp"
#include "read_file.hpp"
#include "report.hpp"
#include "validate.hpp"
#include "xar_reader.hpp"
#include "xml_file.hpp"

namespace autolife::behavior {

namespace {

Input standardInput(const char* name, InputNature nature, int id, const Source& at) {
  Input in;
  in.name = name;
  in.type = IoType::Bang;
  in.nature = nature;
  in.inner = nature == InputNature::OnLoad;
  in.id = id;
  in.source = at;
  return in;
}

// A bare <Timeline> file is the timeline of a root box that the file does
// not write; this is the root box Choregraphe would give it, so that the
// runtime starts it with onStart and sees it end with onStopped.
Box standardRootBox(Timeline timeline) {
  Box root;
  root.name = "root";
  root.id = -1;
  root.source = timeline.source;
  root.script.language = ScriptLanguage::Python;
  root.script.source = timeline.source;
  root.inputs = {standardInput("onLoad", InputNature::OnLoad, 1, root.source),
                 standardInput("onStart", InputNature::OnStart, 2, root.source),
                 standardInput("onStop", InputNature::OnStop, 3, root.source)};
  Output stopped;
  stopped.name = "onStopped";
  stopped.nature = OutputNature::Stopped;
  stopped.id = 4;
  stopped.source = root.source;
  root.outputs = {stopped};
  root.timeline = std::move(timeline);
  return root;
}

std::vector<pugi::xml_node> childrenNamed(pugi::xml_node parent, std::string_view name) {
  std::vector<pugi::xml_node> out;
  for (pugi::xml_node child : parent.children())
    if (isElement(child, name)) out.push_back(child);
  return out;
}

void checkVersion(const XmlFile& file, pugi::xml_node top) {
  Attributes a(file, top);
  if (auto version = a.optionalText("xar_version"); version && *version != "3")
    file.warning(file.source(top, "xar_version"),
                 "xar_version is " + inQuotes(*version) + "; autolife knows version 3 and reads the file as such");
}

class RootReader {
public:
  RootReader(const XmlFile& file, const ParseOptions& options) : file_(file), budget_{options.limits}, options_(options) {}

  std::optional<Box> read(SourceFormat& format) {
    pugi::xml_node top = file_.root();
    std::string_view name = localName(top);
    XarReader reader(file_, budget_);
    if (name == "ChoregrapheProject" || name == "ChoregrapheBox") return project(top, format);
    if (name == "Timeline") return standardRootBox(reader.timeline(top, 0));
    if (name == "Box") return reader.box(top, 0);
    file_.error(top, "not a Choregraphe behavior: the root element is <" + std::string(top.name()) +
                         ">; expected <ChoregrapheProject>, <ChoregrapheBox> or <Timeline>");
    return std::nullopt;
  }

private:
  std::optional<Box> project(pugi::xml_node top, SourceFormat& format) {
    checkVersion(file_, top);
    std::vector<pugi::xml_node> boxes = childrenNamed(top, "Box");
    std::vector<pugi::xml_node> instances = childrenNamed(top, "BoxInstance");
    XarReader reader(file_, budget_);
    if (boxes.size() > 1)
      file_.error(boxes[1], "<" + std::string(localName(top)) + "> holds a second root <Box>; a behavior has one");
    if (!boxes.empty()) return reader.box(boxes[0], 0);
    if (!instances.empty()) {
      format = SourceFormat::Xar4;
      return format4(instances);
    }
    // A box library export may be the box itself.
    if (localName(top) == "ChoregrapheBox" && (firstChild(top, "Input") || firstChild(top, "script")))
      return reader.box(top, 0);
    file_.error(top, "<" + std::string(localName(top)) + "> holds no root <Box>");
    return std::nullopt;
  }

  std::optional<Box> format4(const std::vector<pugi::xml_node>& instances) {
    if (instances.size() > 1)
      file_.error(instances[1], "<ChoregrapheProject> holds a second <BoxInstance>; a behavior has one root box");
    if (options_.baseDirectory.empty()) {
      file_.error(instances[0], "this is a format-4 behavior, whose boxes are in separate files; read it from its "
                                "file so that they can be found next to it");
      return std::nullopt;
    }
    return readFormat4(file_, instances[0], options_.baseDirectory, budget_);
  }

  const XmlFile& file_;
  BoxBudget budget_;
  const ParseOptions& options_;
};

LoadResult finish(Report& report, std::optional<Box> root, std::filesystem::path path, SourceFormat format) {
  if (root && !report.failed()) validateBehavior(*root, report);
  LoadResult result;
  if (root && !report.failed()) result.behavior = Behavior{std::move(*root), std::move(path), format};
  result.errors = std::move(report.errors);
  result.warnings = std::move(report.warnings);
  return result;
}

}  // namespace

LoadResult parseXarText(std::string_view text, const std::string& fileName, const ParseOptions& options) {
  Report report;
  XmlFile file(std::string(text), fileName, report);
  std::optional<Box> root;
  SourceFormat format = SourceFormat::Xar3;
  if (text.size() > options.limits.maxFileBytes)
    file.error(Source{file.fileName(), 1, 1}, "the file is too large (" + std::to_string(text.size()) +
                                                  " bytes; the limit is " +
                                                  std::to_string(options.limits.maxFileBytes) + ")");
  else if (file.parse())
    root = RootReader(file, options).read(format);
  return finish(report, std::move(root), fileName, format);
}

LoadResult parseXarFile(const std::filesystem::path& path, const ParseOptions& options) {
  FileText file = readFileText(path, options.limits.maxFileBytes);
  if (!file.text) {
    LoadResult result;
    core::Diagnostic d;
    d.file = path.string();
    d.message = "cannot read the behavior: " + file.error;
    result.errors.push_back(std::move(d));
    return result;
  }
  ParseOptions withFolder = options;
  if (withFolder.baseDirectory.empty())
    withFolder.baseDirectory = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  LoadResult result = parseXarText(*file.text, path.string(), withFolder);
  if (result.behavior) result.behavior->path = path;
  return result;
}

}  // namespace autolife::behavior
