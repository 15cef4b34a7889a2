#include "new_format_loader.hpp"

#include "attributes.hpp"
#include "read_file.hpp"
#include "text_files.hpp"

namespace autolife::behavior {

namespace {

namespace fs = std::filesystem;

// Entries looked at when searching the root object: far more than any
// behavior has, few enough that a hostile folder costs little.
constexpr std::size_t kMaxFolderEntries = 200'000;

// Object and file names must name a file of the folder, nothing else.
bool isPlainName(std::string_view name) {
  return !name.empty() && name != "." && name != ".." && name.find_first_of("/\\") == std::string_view::npos &&
         name.find('\0') == std::string_view::npos;
}

Source fileSource(const fs::path& path) { return Source{std::make_shared<const std::string>(path.string()), 0, 0}; }

}  // namespace

bool NewFormatLoader::exists(const std::string& fileName) const {
  std::error_code ec;
  return fs::is_regular_file(folder_ / fileName, ec);
}

const XmlFile* NewFormatLoader::openXml(const std::string& fileName, const Source& usedAt, std::string_view rootName,
                                        bool optional) {
  fs::path path = folder_ / fileName;
  if (optional && !exists(fileName)) return nullptr;
  FileText text = readFileText(path, budget_.limits.maxFileBytes);
  if (!text.text) {
    report_.error(usedAt.diagnostic("cannot read " + inQuotes(fileName) + " (" + path.string() + "): " + text.error));
    return nullptr;
  }
  files_.push_back(std::make_unique<XmlFile>(std::move(*text.text), path.string(), report_));
  XmlFile& file = *files_.back();
  if (!file.parse()) return nullptr;
  // A file probed for (a box's timeline or state machine) may be another
  // box's description: a box "Walk timeline" next to a box "Walk" without a
  // timeline both make l1_Walk_timeline.xml. Then the probed file is absent.
  if (optional && localName(file.root()) == "Box" && rootName != "Box") {
    files_.pop_back();
    return nullptr;
  }
  if (localName(file.root()) != rootName) {
    file.error(file.root(), "expected a <" + std::string(rootName) + "> file, found <" + std::string(file.root().name()) +
                                ">");
    return nullptr;
  }
  return &file;
}

std::optional<std::string> NewFormatLoader::findRoot() {
  std::vector<std::string> roots;
  std::error_code ec;
  std::size_t entries = 0;
  for (fs::directory_iterator it(folder_, ec), end; !ec && it != end; it.increment(ec)) {
    if (++entries > kMaxFolderEntries) break;
    std::string file = it->path().filename().string();
    if (!file.starts_with("l0_") || !file.ends_with(".xml") || !it->is_regular_file(ec)) continue;
    // Only a box description's element is <Box> (not a timeline's, a state's...).
    Report ignored;
    FileText text = readFileText(it->path(), budget_.limits.maxFileBytes);
    XmlFile candidate(text.text.value_or(""), file, ignored);
    if (text.text && candidate.parse() && localName(candidate.root()) == "Box") roots.push_back(file.substr(0, file.size() - 4));
  }
  Source folder = fileSource(folder_);
  if (ec) report_.error(folder.diagnostic("cannot list the folder: " + ec.message()));
  else if (entries > kMaxFolderEntries)
    report_.error(folder.diagnostic("the folder has more than " + std::to_string(kMaxFolderEntries) + " entries"));
  else if (roots.empty())
    report_.error(folder.diagnostic("no root object: the folder has no l0_<name>.xml describing a <Box>; is it a "
                                    "behavior converted to the new format?"));
  else if (roots.size() > 1)
    report_.error(folder.diagnostic("several root objects (" + inQuotes(roots[0]) + ", " + inQuotes(roots[1]) +
                                    "); a behavior has one l0_ box"));
  if (report_.failed() || roots.size() != 1) return std::nullopt;
  return roots.front();
}

std::optional<Box> NewFormatLoader::load() {
  std::optional<std::string> root = findRoot();
  if (!root) return std::nullopt;
  return object(*root, fileSource(folder_), 0);
}

std::optional<Box> NewFormatLoader::object(const std::string& name, const Source& usedAt, int depth) {
  if (!isPlainName(name)) {
    report_.error(usedAt.diagnostic("object name " + inQuotes(name) + " is not a plain file name"));
    return std::nullopt;
  }
  // Too deep: reported where the object is named, before reading anything.
  if (depth > budget_.limits.maxBoxDepth) {
    budget_.admit(usedAt, depth, report_);
    return std::nullopt;
  }
  if (auto [it, fresh] = used_.emplace(name, usedAt); !fresh) {
    report_.error(usedAt.diagnostic("object " + inQuotes(name) + " is already used at " + it->second.path() + ":" +
                                    std::to_string(it->second.line) + "; an object belongs to one diagram"));
    return std::nullopt;
  }
  const XmlFile* file = openXml(name + ".xml", usedAt, "Box");
  if (!file) return std::nullopt;
  std::optional<Box> box = XarReader(*file, budget_).box(file->root(), depth);
  if (!box) return std::nullopt;
  // Written as children; libqicore's folders have the attribute only.
  if (box->bitmaps.empty() && !Attributes(*file, file->root()).text("bitmap").empty())
    box->bitmaps.push_back(Attributes(*file, file->root()).text("bitmap"));
  readScript(*box, *file, name);
  readTimeline(*box, name, depth);
  return box;
}

void NewFormatLoader::readScript(Box& box, const XmlFile& file, const std::string& name) {
  Attributes a(file, file.root());
  box.script.language = a.code("language", ScriptLanguage::Python);
  std::string script = a.text("content", name + ".py");
  box.script.source = file.source(file.root(), "content");
  if (!isPlainName(script)) {
    a.error("content", "script file " + inQuotes(script) + " is not a plain file name");
  } else if (!exists(script)) {
    if (box.script.language != ScriptLanguage::None)
      a.error("content", "the script file " + inQuotes(script) + " does not exist");
  } else {
    FileText text = readFileText(folder_ / script, budget_.limits.maxFileBytes);
    if (!text.text) a.error("content", "cannot read the script file " + inQuotes(script) + ": " + text.error);
    box.script.content = normalizeNewlines(text.text.value_or(""));
    box.script.source = Source{std::make_shared<const std::string>((folder_ / script).string()), 1, 1};
  }
}

void NewFormatLoader::readTimeline(Box& box, const std::string& name, int depth) {
  const XmlFile* file = openXml(name + "_timeline.xml", box.source, "Timeline", true);
  bool hasMachine = exists(name + "_state_machine.xml");
  if (!file && !hasMachine) return;
  Timeline timeline;
  timeline.source = box.source;
  if (file) {
    XarReader reader(*file, budget_);
    timeline = reader.timelineAttributes(file->root());
    for (pugi::xml_node child : file->root().children()) {
      if (isElement(child, "BehaviorLayer")) timeline.layers.push_back(layer(*file, child, box, name, depth));
      else if (isElement(child, "ActuatorList")) timeline.actuators = reader.actuatorList(child);
    }
  }
  if (timeline.layers.empty() && hasMachine) {
    layersFromStates(timeline, box, name, depth);
    // Without a timeline file, one state is a flow diagram, several a timeline.
    if (!file) timeline.enable = !timeline.layers.empty() && timeline.layers.front().keyframes.size() > 1;
  }
  box.timeline = std::move(timeline);
}

BehaviorLayer NewFormatLoader::layer(const XmlFile& file, pugi::xml_node element, const Box& owner,
                                     const std::string& ownerName, int depth) {
  Attributes a(file, element);
  BehaviorLayer layer{a.text("name"), a.flag("mute", false), {}, file.source(element)};
  for (pugi::xml_node child : element.children()) {
    if (!isElement(child, "BehaviorKeyframe") && !isElement(child, "BehaviorKeyFrame")) continue;
    Attributes k(file, child);
    BehaviorKeyframe keyframe{k.text("name"), k.requiredInteger("index"), k.text("bitmap"), {}, file.source(child)};
    if (pugi::xml_node d = firstChild(child, "Diagram")) keyframe.diagram = diagram(file, d, owner, ownerName, depth);
    else keyframe.diagram.source = keyframe.source;
    layer.keyframes.push_back(std::move(keyframe));
  }
  return layer;
}

Diagram NewFormatLoader::diagram(const XmlFile& file, pugi::xml_node element, const Box& owner,
                                 const std::string& ownerName, int depth) {
  Diagram d;
  d.scale = Attributes(file, element).text("scale");
  d.source = file.source(element);
  std::vector<std::string> names = addObjects(d, file, element, depth);
  DiagramScope scope{owner, ownerName, {}, unreadable_};
  for (std::size_t i = 0; i < names.size(); ++i) scope.boxes.emplace(names[i], &d.boxes[i]);
  for (pugi::xml_node child : element.children())
    if (isElement(child, "Link"))
      if (auto l = link(file, child, scope)) d.links.push_back(*l);
  return d;
}

std::vector<std::string> NewFormatLoader::addObjects(Diagram& diagram, const XmlFile& file, pugi::xml_node element,
                                                     int depth, std::set<std::string>* seen) {
  std::vector<std::string> names;
  for (pugi::xml_node child : element.children()) {
    if (!isElement(child, "Object")) continue;
    std::string name = Attributes(file, child).text("Name");
    if (seen && !seen->insert(name).second) continue;
    if (auto box = object(name, file.source(child), depth + 1)) {
      diagram.boxes.push_back(std::move(*box));
      names.push_back(name);
    } else {
      unreadable_.insert(name);
    }
  }
  return names;
}

}  // namespace autolife::behavior
