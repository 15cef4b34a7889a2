// Format 4 (see format4_reader.hpp). The model is the same as for version 3:
// a box with a flow diagram gets a disabled Timeline with one layer and one
// keyframe at frame 1 (what a version-3 file writes for it), a box with a
// behavior sequence gets one layer per sequence layer.
#include "format4_reader.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <vector>

#include "attributes.hpp"
#include "folder_paths.hpp"
#include "read_file.hpp"
#include "text_files.hpp"

namespace autolife::behavior {

namespace {

namespace fs = std::filesystem;

// Content types of a BoxInterface's <Contents>.
enum ContentType { kPython = 0, kQiChat = 1, kFlowDiagram = 2, kBehaviorSequence = 3, kAnimation = 4 };

bool isNumberLetter(char c) { return c == 'i' || c == 'I' || c == 'l' || c == 'L' || c == 'f' || c == 'd'; }

IoType scalarType(char c) {
  if (c == 's') return IoType::String;
  if (isNumberLetter(c) || c == 'b') return IoType::Number;
  return IoType::Dynamic;
}

// A port signature (qi type letters) as a version-3 type and size: "()" a
// bang, "s" a string, "(ss)" two strings, "i"/"d" a number, "_" dynamic.
void applySignature(std::string_view signature, IoType& type, int& typeSize) {
  typeSize = 1;
  if (signature == "()" || signature.empty()) {
    type = IoType::Bang;
  } else if (signature.size() == 1) {
    type = scalarType(signature[0]);
  } else if (signature.size() > 2 && signature.front() == '(' && signature.back() == ')' &&
             signature.find_first_not_of(signature[1], 1) == signature.size() - 1) {
    type = scalarType(signature[1]);
    typeSize = static_cast<int>(signature.size() - 2);
  } else {
    type = IoType::Dynamic;
  }
}

// A parameter's type letter as a version-3 content type.
std::optional<ParameterType> parameterType(std::string_view letter) {
  if (letter == "b") return ParameterType::Bool;
  if (letter == "i") return ParameterType::Int;
  if (letter == "d" || letter == "f") return ParameterType::Double;
  if (letter == "s") return ParameterType::String;
  if (letter.starts_with("s<Resource")) return ParameterType::Resource;
  return std::nullopt;
}

class Format4Reader {
public:
  Format4Reader(fs::path directory, BoxBudget& budget, Report& report)
      : directory_(std::move(directory)), budget_(budget), report_(report) {}

  std::optional<Box> instance(const XmlFile& file, pugi::xml_node element, int depth) {
    if (!budget_.admit(file, element, depth)) return std::nullopt;
    Attributes a(file, element);
    Box box;
    box.name = a.text("name");
    box.id = a.requiredInteger("id");
    box.x = a.integer("x", 0);
    box.y = a.integer("y", 0);
    box.source = file.source(element);
    box.script.source = box.source;
    const XmlFile* interface = openXml(file, element, "path", "BoxInterface");
    if (!interface) return box;
    readInterface(box, *interface);
    applyParameterValues(box, file, element);
    readContents(box, *interface, depth);
    return box;
  }

private:
  // The file named by `element`'s `attribute`, read once; null (reported) when it cannot be used.
  std::optional<std::pair<fs::path, std::string>> openText(const XmlFile& from, pugi::xml_node element,
                                                           const char* attribute) {
    std::string name = Attributes(from, element).text(attribute);
    Source at = from.source(element, attribute);
    std::string why;
    std::optional<fs::path> path = pathInFolder(directory_, name, why);
    if (!path) {
      from.error(at, "<" + std::string(localName(element)) + "> " + attribute + " " + inQuotes(name) + ": " + why);
      return std::nullopt;
    }
    std::string key = fs::path(name).lexically_normal().string();
    if (auto [it, fresh] = used_.emplace(key, at); !fresh) {
      from.error(at, inQuotes(name) + " is already used at line " + std::to_string(it->second.line) + " of " +
                         it->second.path() + "; each box of a format-4 behavior has its own files");
      return std::nullopt;
    }
    FileText text = readFileText(*path, budget_.limits.maxFileBytes);
    if (!text.text) {
      from.error(at, "cannot read " + inQuotes(name) + " (" + path->string() + "): " + text.error +
                         "; format 4 keeps each box's parts in files next to the behavior");
      return std::nullopt;
    }
    return std::make_pair(*path, std::move(*text.text));
  }

  const XmlFile* openXml(const XmlFile& from, pugi::xml_node element, const char* attribute,
                         std::string_view rootName) {
    auto text = openText(from, element, attribute);
    if (!text) return nullptr;
    files_.push_back(std::make_unique<XmlFile>(std::move(text->second), text->first.string(), report_));
    XmlFile& file = *files_.back();
    if (!file.parse()) return nullptr;
    if (localName(file.root()) != rootName) {
      file.error(file.root(), "expected a <" + std::string(rootName) + "> file, found <" +
                                  std::string(file.root().name()) + ">");
      return nullptr;
    }
    return &file;
  }

  void readInterface(Box& box, const XmlFile& file) {
    pugi::xml_node root = file.root();
    Attributes a(file, root);
    if (box.name.empty()) box.name = a.text("name");
    box.tooltip = a.text("tooltip");
    box.localization = a.text("localization");
    box.plugin = a.text("plugin");
    XarReader parts(file, budget_);
    for (pugi::xml_node child : root.children()) {
      std::string_view name = localName(child);
      if (name == "Bitmap") box.bitmaps.push_back(Attributes(file, child).text("path"));
      else if (name == "Input") box.inputs.push_back(input(parts, file, child));
      else if (name == "Output") box.outputs.push_back(output(parts, file, child));
      else if (name == "Parameter") box.parameters.push_back(parameter(parts, file, child));
      else if (name == "Resource") box.resources.push_back(parts.resource(child));
    }
  }

  Input input(XarReader& parts, const XmlFile& file, pugi::xml_node element) {
    Input in = parts.input(element);
    if (auto signature = Attributes(file, element).optionalText("signature"))
      applySignature(*signature, in.type, in.typeSize);
    return in;
  }

  Output output(XarReader& parts, const XmlFile& file, pugi::xml_node element) {
    Output out = parts.output(element);
    if (auto signature = Attributes(file, element).optionalText("signature"))
      applySignature(*signature, out.type, out.typeSize);
    return out;
  }

  Parameter parameter(XarReader& parts, const XmlFile& file, pugi::xml_node element) {
    Parameter p = parts.parameter(element);
    Attributes a(file, element);
    if (auto letter = a.optionalText("type"); letter && !a.has("content_type")) {
      if (auto type = parameterType(*letter)) p.type = *type;
      else a.error("type", "parameter type " + inQuotes(*letter) + " is not b, i, d, s or s<Resource>");
    }
    return p;
  }

  // <ParameterValue id="5" value="100"/> in the instance sets the value.
  void applyParameterValues(Box& box, const XmlFile& file, pugi::xml_node instance) {
    for (pugi::xml_node child : instance.children()) {
      if (!isElement(child, "ParameterValue")) continue;
      Attributes a(file, child);
      int id = a.requiredInteger("id");
      auto it = std::find_if(box.parameters.begin(), box.parameters.end(), [&](const Parameter& p) { return p.id == id; });
      if (it == box.parameters.end())
        file.error(child, "ParameterValue for id " + std::to_string(id) + ", but box " + inQuotes(box.name) +
                              " has no parameter with that id");
      else
        it->value = a.text("value", it->defaultValue);
    }
  }

  void readContents(Box& box, const XmlFile& file, int depth) {
    pugi::xml_node contents = firstChild(file.root(), "Contents");
    std::optional<Diagram> flow;
    std::optional<Timeline> sequence, animation;
    for (pugi::xml_node content : contents.children()) {
      if (!isElement(content, "Content")) continue;
      int type = Attributes(file, content).requiredInteger("type");
      if (type == kPython || type == kQiChat) box.script = script(file, content, type);
      else if (type == kFlowDiagram) flow = flowDiagram(file, content, depth);
      else if (type == kBehaviorSequence) sequence = behaviorSequence(file, content, depth);
      else if (type == kAnimation) animation = animationOf(file, content);
      else file.warning(content, "content type " + std::to_string(type) + " is not known; it is ignored");
    }
    box.timeline = assemble(file, contents, std::move(flow), std::move(sequence), std::move(animation));
  }

  // Which timeline the contents make: a sequence (with the animation's
  // curves), an animation alone, or a flow diagram in a disabled timeline.
  std::optional<Timeline> assemble(const XmlFile& file, pugi::xml_node contents, std::optional<Diagram> flow,
                                   std::optional<Timeline> sequence, std::optional<Timeline> animation) {
    if (flow && sequence) file.warning(contents, "a box has both a flow diagram and a behavior sequence; the "
                                                 "sequence is used");
    std::optional<Timeline> timeline = sequence ? std::move(sequence) : std::move(animation);
    if (timeline && sequence && animation) timeline->actuators = std::move(animation->actuators);
    if (!timeline && flow) {
      timeline = Timeline{};
      timeline->enable = false;
      timeline->source = flow->source;
      BehaviorLayer layer{"behavior_layer1", false, {}, flow->source};
      layer.keyframes.push_back(BehaviorKeyframe{"keyframe1", 1, "", std::move(*flow), layer.source});
      timeline->layers.push_back(std::move(layer));
    }
    return timeline;
  }

  Script script(const XmlFile& from, pugi::xml_node content, int type) {
    Script script;
    script.language = type == kPython ? ScriptLanguage::Python : ScriptLanguage::QiChat;
    script.source = from.source(content);
    if (auto text = openText(from, content, "path")) {
      script.content = normalizeNewlines(text->second);
      script.source = Source{std::make_shared<const std::string>(text->first.string()), 1, 1};
    }
    return script;
  }

  Diagram flowDiagram(const XmlFile& from, pugi::xml_node element, int depth) {
    Diagram diagram;
    diagram.source = from.source(element);
    const XmlFile* file = openXml(from, element, "path", "FlowDiagram");
    if (!file) return diagram;
    diagram.scale = Attributes(*file, file->root()).text("scale");
    diagram.source = file->source(file->root());
    XarReader parts(*file, budget_);
    for (pugi::xml_node child : file->root().children()) {
      if (isElement(child, "BoxInstance")) {
        if (auto box = instance(*file, child, depth + 1)) diagram.boxes.push_back(std::move(*box));
      } else if (isElement(child, "Link")) {
        diagram.links.push_back(parts.link(child));
      }
    }
    return diagram;
  }

  std::optional<Timeline> behaviorSequence(const XmlFile& from, pugi::xml_node element, int depth) {
    const XmlFile* file = openXml(from, element, "path", "BehaviorSequence");
    if (!file) return std::nullopt;
    Timeline timeline = XarReader(*file, budget_).timelineAttributes(file->root());
    timeline.enable = true;
    for (pugi::xml_node child : file->root().children())
      if (isElement(child, "BehaviorLayer")) timeline.layers.push_back(layer(*file, child, depth));
    return timeline;
  }

  BehaviorLayer layer(const XmlFile& file, pugi::xml_node element, int depth) {
    Attributes a(file, element);
    BehaviorLayer layer{a.text("name"), a.flag("mute", false), {}, file.source(element)};
    for (pugi::xml_node child : element.children()) {
      if (!isElement(child, "BehaviorKeyframe") && !isElement(child, "BehaviorKeyFrame")) continue;
      Attributes k(file, child);
      BehaviorKeyframe keyframe{k.text("name"), k.requiredInteger("index"), k.text("bitmap"), {}, file.source(child)};
      keyframe.diagram = flowDiagram(file, child, depth);
      layer.keyframes.push_back(std::move(keyframe));
    }
    return layer;
  }

  std::optional<Timeline> animationOf(const XmlFile& from, pugi::xml_node element) {
    const XmlFile* file = openXml(from, element, "path", "Animation");
    if (!file) return std::nullopt;
    XarReader parts(*file, budget_);
    Timeline timeline = parts.timelineAttributes(file->root());
    timeline.enable = true;
    if (pugi::xml_node list = firstChild(file->root(), "ActuatorList")) timeline.actuators = parts.actuatorList(list);
    return timeline;
  }

  fs::path directory_;
  BoxBudget& budget_;
  Report& report_;
  std::map<std::string, Source> used_;  // file → where it was first named
  std::vector<std::unique_ptr<XmlFile>> files_;
};

}  // namespace

std::optional<Box> readFormat4(const XmlFile& xar, pugi::xml_node instance, const std::filesystem::path& directory,
                               BoxBudget& budget) {
  return Format4Reader(directory, budget, xar.report()).instance(xar, instance, 0);
}

}  // namespace autolife::behavior
