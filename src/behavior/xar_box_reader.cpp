// The Box element and what it holds directly (see xar_reader.hpp).
#include <sstream>

#include "attributes.hpp"
#include "text_files.hpp"
#include "xar_reader.hpp"

namespace autolife::behavior {

bool BoxBudget::admit(const XmlFile& file, pugi::xml_node element, int depth) {
  return admit(file.source(element), depth, file.report());
}

bool BoxBudget::admit(const Source& at, int depth, Report& report) {
  if (depth > limits.maxBoxDepth) {
    // Reported where the limit is crossed; what lies deeper is not read.
    report.error(at.diagnostic("boxes are nested more than " + std::to_string(limits.maxBoxDepth) +
                               " levels deep; this box and what it holds are not read"));
    return false;
  }
  if (++boxes > limits.maxBoxes) {
    if (!reportedCount)
      report.error(at.diagnostic("the behavior has more than " + std::to_string(limits.maxBoxes) +
                                 " boxes; the rest is not read"));
    reportedCount = true;
    return false;
  }
  return true;
}

std::optional<Box> XarReader::box(pugi::xml_node element, int depth) {
  if (!budget_.admit(file_, element, depth)) return std::nullopt;
  Attributes a(file_, element);
  Box box;
  box.name = a.text("name");
  box.id = a.requiredInteger("id");
  box.tooltip = a.text("tooltip");
  box.localization = a.text("localization");
  box.plugin = a.text("plugin");
  box.robot = a.text("robot");
  box.bitmapExpanded = a.text("bitmap_expanded");
  box.x = a.integer("x", 0);
  box.y = a.integer("y", 0);
  box.source = file_.source(element);
  box.script.source = box.source;
  for (pugi::xml_node child : element.children())
    if (child.type() == pugi::node_element) readBoxChild(box, child, depth);
  return box;
}

void XarReader::readBoxChild(Box& box, pugi::xml_node child, int depth) {
  std::string_view name = localName(child);
  if (name == "bitmap") box.bitmaps.push_back(contentOf(child));
  else if (name == "script") box.script = script(child);
  else if (name == "Input") box.inputs.push_back(input(child));
  else if (name == "Output") box.outputs.push_back(output(child));
  else if (name == "Parameter") box.parameters.push_back(parameter(child));
  else if (name == "Resource") box.resources.push_back(resource(child));
  else if (name == "dialogFile") box.dialogFile = contentOf(child);
  else if (name == "pluginContent") box.pluginContent = rawChildren(child);
  else if (name == "Timeline") {
    if (box.timeline) file_.error(child, "box " + inQuotes(box.name) + " has a second Timeline");
    else box.timeline = timeline(child, depth);
  }
}

Script XarReader::script(pugi::xml_node element) {
  Script script;
  script.language = Attributes(file_, element).code("language", ScriptLanguage::None);
  script.source = file_.source(element);
  pugi::xml_node content = firstChild(element, "content");
  if (!content) return script;
  // XML turns a raw line end into '\n' but keeps a character reference's
  // '\r' (&#x0D;): normalised as the other formats' script files are, a
  // script reads the same from every format (Python reads '\r' as a line
  // end anyway).
  script.content = normalizeNewlines(contentOf(content));
  script.source = file_.source(content);
  // The script starts where its first text or CDATA section starts.
  if (pugi::xml_node first = firstContentPart(content)) script.source = file_.source(first);
  return script;
}

Input XarReader::input(pugi::xml_node element) {
  Attributes a(file_, element);
  Input in;
  in.name = a.text("name");
  in.type = a.code("type", IoType::Bang);
  in.typeSize = a.integer("type_size", 1);
  in.nature = a.code("nature", InputNature::Undefined);
  in.stmValueName = a.text("stm_value_name");
  in.inner = a.flag("inner", false);
  in.tooltip = a.text("tooltip");
  in.id = a.requiredInteger("id");
  in.source = file_.source(element);
  return in;
}

Output XarReader::output(pugi::xml_node element) {
  Attributes a(file_, element);
  Output out;
  out.name = a.text("name");
  out.type = a.code("type", IoType::Bang);
  out.typeSize = a.integer("type_size", 1);
  out.nature = a.code("nature", OutputNature::Undefined);
  out.inner = a.flag("inner", false);
  out.tooltip = a.text("tooltip");
  out.id = a.requiredInteger("id");
  out.source = file_.source(element);
  return out;
}

Parameter XarReader::parameter(pugi::xml_node element) {
  Attributes a(file_, element);
  Parameter p;
  p.name = a.text("name");
  p.inheritsFromParent = a.flag("inherits_from_parent", false);
  p.type = a.code("content_type", ParameterType::String);
  p.defaultValue = a.text("default_value");
  p.value = a.text("value", p.defaultValue);
  p.min = a.optionalText("min");
  p.max = a.optionalText("max");
  p.tooltip = a.text("tooltip");
  p.id = a.requiredInteger("id");
  p.customChoice = a.flag("custom_choice", false);
  p.password = a.flag("password", false);
  for (pugi::xml_node choice : element.children())
    if (isElement(choice, "Choice")) p.choices.push_back(Attributes(file_, choice).text("value"));
  p.source = file_.source(element);
  return p;
}

Resource XarReader::resource(pugi::xml_node element) {
  Attributes a(file_, element);
  Resource r;
  r.name = a.text("name");
  // Format 4 calls the type lock_type.
  r.type = a.resourceType(a.has("type") ? "type" : "lock_type");
  r.timeout = a.number("timeout", 0);
  r.source = file_.source(element);
  return r;
}

std::string rawChildren(pugi::xml_node element) {
  std::ostringstream out;
  for (pugi::xml_node child : element.children()) child.print(out, "", pugi::format_raw);
  return out.str();
}

}  // namespace autolife::behavior
