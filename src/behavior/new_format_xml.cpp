#include "new_format_xml.hpp"

#include <algorithm>
#include <string>

#include "number_text.hpp"
#include "xml_file.hpp"

namespace autolife::behavior {

namespace {

void set(pugi::xml_node node, const char* name, const char* value) { node.append_attribute(name).set_value(value); }
void set(pugi::xml_node node, const char* name, const std::string& value) { set(node, name, value.c_str()); }
void set(pugi::xml_node node, const char* name, int value) { set(node, name, std::to_string(value)); }
void set(pugi::xml_node node, const char* name, bool value) { set(node, name, value ? "1" : "0"); }
void setNumber(pugi::xml_node node, const char* name, double value) { set(node, name, numberText(value)); }
template <typename Enum>
void setCode(pugi::xml_node node, const char* name, Enum value) {
  set(node, name, static_cast<int>(value));
}

void textChild(pugi::xml_node parent, const char* name, const std::string& text) {
  parent.append_child(name).append_child(pugi::node_pcdata).set_value(text.c_str());
}

void input(pugi::xml_node node, const Input& in) {
  set(node, "name", in.name);
  setCode(node, "type", in.type);
  set(node, "type_size", in.typeSize);
  setCode(node, "nature", in.nature);
  if (!in.stmValueName.empty()) set(node, "stm_value_name", in.stmValueName);
  set(node, "inner", in.inner);
  set(node, "tooltip", in.tooltip);
  set(node, "id", in.id);
}

void output(pugi::xml_node node, const Output& out) {
  set(node, "name", out.name);
  setCode(node, "type", out.type);
  set(node, "type_size", out.typeSize);
  setCode(node, "nature", out.nature);
  set(node, "inner", out.inner);
  set(node, "tooltip", out.tooltip);
  set(node, "id", out.id);
}

void parameter(pugi::xml_node node, const Parameter& p) {
  set(node, "name", p.name);
  set(node, "inherits_from_parent", p.inheritsFromParent);
  setCode(node, "content_type", p.type);
  set(node, "value", p.value);
  set(node, "default_value", p.defaultValue);
  if (p.min) set(node, "min", *p.min);
  if (p.max) set(node, "max", *p.max);
  set(node, "tooltip", p.tooltip);
  set(node, "id", p.id);
  set(node, "custom_choice", p.customChoice);
  if (p.password) set(node, "password", true);
  for (const std::string& choice : p.choices) set(node.append_child("Choice"), "value", choice);
}

void resource(pugi::xml_node node, const Resource& r) {
  set(node, "name", r.name);
  set(node, "type", std::string(resourceTypeName(r.type)));
  setNumber(node, "timeout", r.timeout);
}

// The raw XML kept from <pluginContent>, parsed back into the document.
void pluginContent(pugi::xml_node box, const std::string& raw) {
  if (raw.empty()) return;
  pugi::xml_node node = box.append_child("pluginContent");
  if (!node.append_buffer(raw.data(), raw.size(), pugi::parse_default, pugi::encoding_utf8))
    node.append_child(pugi::node_pcdata).set_value(raw.c_str());
}

void key(pugi::xml_node node, const Key& k) {
  set(node, "frame", k.frame);
  setNumber(node, "value", k.value);
  if (k.smooth) set(node, "smooth", true);
  if (k.symmetrical) set(node, "symmetrical", true);
  for (const Tangent& t : k.tangents) {
    pugi::xml_node tangent = node.append_child("Tangent");
    set(tangent, "side", std::string(tangentSideName(t.side)));
    set(tangent, "interpType", std::string(interpolationName(t.interpolation)));
    setNumber(tangent, "abscissaParam", t.abscissa);
    setNumber(tangent, "ordinateParam", t.ordinate);
  }
}

std::string stateName(const std::string& owner, std::size_t index) {
  return owner + "_state_" + std::to_string(index);
}

// The name of the port with that id (null when none); `unique` becomes
// false when another port of the same kind has the same name.
template <typename Port>
const std::string* portName(const std::vector<Port>& ports, int id, bool& unique) {
  auto it = std::find_if(ports.begin(), ports.end(), [&](const Port& p) { return p.id == id; });
  if (it == ports.end()) return nullptr;
  auto sameName = [&](const Port& p) { return p.name == it->name; };
  if (std::count_if(ports.begin(), ports.end(), sameName) > 1) unique = false;
  return &it->name;
}

}  // namespace

pugi::xml_node startDocument(pugi::xml_document& doc, const char* rootName) {
  pugi::xml_node declaration = doc.append_child(pugi::node_declaration);
  set(declaration, "version", std::string("1.0"));
  set(declaration, "encoding", std::string("UTF-8"));
  return doc.append_child(rootName);
}

void NewFormatXml::box(pugi::xml_document& doc, const Box& box) const {
  pugi::xml_node node = startDocument(doc, "Box");
  const std::string& name = names_.of(box);
  set(node, "name", box.name);
  set(node, "id", box.id);
  set(node, "localization", box.localization);
  set(node, "tooltip", box.tooltip);
  set(node, "robot", box.robot);
  set(node, "bitmap", box.bitmaps.empty() ? std::string() : box.bitmaps.front());
  set(node, "bitmap_expanded", box.bitmapExpanded);
  set(node, "plugin", box.plugin);
  set(node, "x", box.x);
  set(node, "y", box.y);
  set(node, "content", name + ".py");
  setCode(node, "language", box.script.language);
  for (const std::string& bitmap : box.bitmaps) textChild(node, "bitmap", bitmap);
  if (!box.dialogFile.empty()) textChild(node, "dialogFile", box.dialogFile);
  pluginContent(node, box.pluginContent);
  ports(node, box);
}

void NewFormatXml::ports(pugi::xml_node node, const Box& box) const {
  for (const Input& in : box.inputs) input(node.append_child("Input"), in);
  for (const Output& out : box.outputs) output(node.append_child("Output"), out);
  for (const Parameter& p : box.parameters) parameter(node.append_child("Parameter"), p);
  for (const Resource& r : box.resources) resource(node.append_child("Resource"), r);
}

void NewFormatXml::timeline(pugi::xml_document& doc, const Box& box) const {
  const Timeline& t = *box.timeline;
  pugi::xml_node node = startDocument(doc, "Timeline");
  if (!t.name.empty()) set(node, "name", t.name);
  set(node, "enable", t.enable);
  set(node, "fps", t.fps);
  setCode(node, "resources_acquisition", t.resourcesAcquisition);
  set(node, "size", t.size);
  set(node, "start_frame", t.startFrame);
  set(node, "end_frame", t.endFrame);
  set(node, "scale", t.scale);
  for (const BehaviorLayer& l : t.layers) {
    pugi::xml_node layer = node.append_child("BehaviorLayer");
    set(layer, "name", l.name);
    set(layer, "mute", l.mute);
    for (const BehaviorKeyframe& k : l.keyframes) keyframe(layer.append_child("BehaviorKeyframe"), k, box);
  }
  actuators(node.append_child("ActuatorList"), t.actuators);
}

void NewFormatXml::keyframe(pugi::xml_node node, const BehaviorKeyframe& k, const Box& owner) const {
  set(node, "name", k.name);
  set(node, "index", k.index);
  set(node, "bitmap", k.bitmap);
  pugi::xml_node diagram = node.append_child("Diagram");
  set(diagram, "scale", k.diagram.scale);
  for (const Box& child : k.diagram.boxes) set(diagram.append_child("Object"), "Name", names_.of(child));
  for (const Link& l : k.diagram.links) link(diagram, l, k.diagram, owner);
}

void NewFormatXml::actuators(pugi::xml_node node, const ActuatorList& list) const {
  set(node, "model", list.model);
  for (const ActuatorCurve& c : list.curves) {
    pugi::xml_node curve = node.append_child("ActuatorCurve");
    set(curve, "name", c.name);
    set(curve, "actuator", c.actuator);
    set(curve, "recordable", c.recordable);
    set(curve, "mute", c.mute);
    set(curve, "unit", c.unit);
    for (const Key& k : c.keys) key(curve.append_child("Key"), k);
  }
}

void NewFormatXml::stateMachine(pugi::xml_document& doc, const Box& box, const StateMachine& machine) const {
  pugi::xml_node node = startDocument(doc, "StateMachine");
  const std::string& owner = names_.of(box);
  for (std::size_t i = 0; i < machine.states.size(); ++i) set(node.append_child("State"), "Name", stateName(owner, i));
  set(node.append_child("InitialState"), "Name", stateName(owner, machine.initial));
  set(node.append_child("FinalState"), "Name", stateName(owner, machine.final));
  for (const Transition& t : machine.transitions) {
    pugi::xml_node transition = node.append_child("Transition");
    set(transition, "From", stateName(owner, t.from));
    set(transition, "To", stateName(owner, t.to));
    set(transition, "TimeOut", t.timeoutMs);
  }
}

void NewFormatXml::state(pugi::xml_document& doc, const Box& box, const State& state) const {
  pugi::xml_node node = startDocument(doc, "State");
  const Timeline& t = *box.timeline;
  for (const KeyframeRef& ref : state.keyframes)
    for (const Box& child : t.layers[ref.layer].keyframes[ref.keyframe].diagram.boxes)
      set(node.append_child("Object"), "Name", names_.of(child));
  pugi::xml_node interval = node.append_child("Interval");
  set(interval, "begin", state.begin);
  set(interval, "end", state.end);
  for (const std::string& label : state.labels) set(node.append_child("Label"), "Name", label);
  for (const KeyframeRef& ref : state.keyframes) {
    const Diagram& diagram = t.layers[ref.layer].keyframes[ref.keyframe].diagram;
    for (const Link& l : diagram.links) link(node, l, diagram, box);
  }
}

// inputowner/outputowner: object names (the owner box for 0);
// indexofinput/indexofoutput: port names (an output of the owner box for a
// link into 0, an input of it for a link from 0).
void NewFormatXml::link(pugi::xml_node parent, const Link& l, const Diagram& diagram, const Box& owner) const {
  const Box* to = l.inputOwner == 0 ? &owner : diagram.findBox(l.inputOwner);
  const Box* from = l.outputOwner == 0 ? &owner : diagram.findBox(l.outputOwner);
  bool unique = true;
  const std::string* inName = !to ? nullptr
                              : l.inputOwner == 0 ? portName(to->outputs, l.indexOfInput, unique)
                                                  : portName(to->inputs, l.indexOfInput, unique);
  const std::string* outName = !from ? nullptr
                               : l.outputOwner == 0 ? portName(from->inputs, l.indexOfOutput, unique)
                                                    : portName(from->outputs, l.indexOfOutput, unique);
  if (!inName || !outName || !unique) {
    report(l.source, !unique ? "link to or from a port whose name is not unique in its box; the new format names "
                               "ports, so it cannot be written"
                             : "link between missing boxes or ports; it cannot be written");
    return;
  }
  pugi::xml_node node = parent.append_child("Link");
  set(node, "inputowner", names_.of(*to));
  set(node, "indexofinput", *inName);
  set(node, "outputowner", names_.of(*from));
  set(node, "indexofoutput", *outName);
}

// A link is written in its keyframe and in every state holding it: its
// error is reported once.
void NewFormatXml::report(const Source& at, const char* message) const {
  for (const core::Diagnostic& d : errors_)
    if (d.file == at.path() && d.line == at.line && d.column == at.column) return;
  errors_.push_back(at.diagnostic(message));
}

}  // namespace autolife::behavior
