// The Timeline element and what it holds: behavior layers, keyframes and
// their diagrams, and the actuator curves (see xar_reader.hpp).
#include "attributes.hpp"
#include "xar_reader.hpp"

namespace autolife::behavior {

Timeline XarReader::timeline(pugi::xml_node element, int depth) {
  Timeline t = timelineAttributes(element);
  for (pugi::xml_node child : element.children()) {
    if (isElement(child, "BehaviorLayer")) t.layers.push_back(layer(child, depth));
    else if (isElement(child, "ActuatorList")) t.actuators = actuatorList(child);
  }
  return t;
}

Timeline XarReader::timelineAttributes(pugi::xml_node element) {
  Attributes a(file_, element);
  Timeline t;
  t.name = a.text("name");
  t.enable = a.flag("enable", true);
  t.fps = a.integer("fps", 25);
  t.startFrame = a.integer("start_frame", 0);
  t.endFrame = a.integer("end_frame", -1);
  t.size = a.integer("size", 0);
  t.resourcesAcquisition = a.resourcesAcquisition("resources_acquisition");
  t.scale = a.text("scale");
  t.source = file_.source(element);
  if (t.fps < 0) a.error("fps", "Timeline fps is " + std::to_string(t.fps) + "; it cannot be negative");
  return t;
}

BehaviorLayer XarReader::layer(pugi::xml_node element, int depth) {
  Attributes a(file_, element);
  BehaviorLayer l;
  l.name = a.text("name");
  l.mute = a.flag("mute", false);
  l.source = file_.source(element);
  // Choregraphe writes BehaviorKeyframe; libqicore's documentation spells it BehaviorKeyFrame.
  for (pugi::xml_node child : element.children())
    if (isElement(child, "BehaviorKeyframe") || isElement(child, "BehaviorKeyFrame"))
      l.keyframes.push_back(keyframe(child, depth));
  return l;
}

BehaviorKeyframe XarReader::keyframe(pugi::xml_node element, int depth) {
  Attributes a(file_, element);
  BehaviorKeyframe k;
  k.name = a.text("name");
  k.index = a.requiredInteger("index");
  k.bitmap = a.text("bitmap");
  k.source = file_.source(element);
  if (pugi::xml_node d = firstChild(element, "Diagram")) k.diagram = diagram(d, depth);
  else k.diagram.source = k.source;
  return k;
}

Diagram XarReader::diagram(pugi::xml_node element, int depth) {
  Diagram d;
  d.scale = Attributes(file_, element).text("scale");
  d.source = file_.source(element);
  for (pugi::xml_node child : element.children()) {
    if (isElement(child, "Box")) {
      if (auto b = box(child, depth + 1)) d.boxes.push_back(std::move(*b));
    } else if (isElement(child, "Link")) {
      d.links.push_back(link(child));
    }
  }
  return d;
}

Link XarReader::link(pugi::xml_node element) {
  Attributes a(file_, element);
  Link l;
  l.inputOwner = a.requiredInteger("inputowner");
  l.indexOfInput = a.requiredInteger("indexofinput");
  l.outputOwner = a.requiredInteger("outputowner");
  l.indexOfOutput = a.requiredInteger("indexofoutput");
  l.source = file_.source(element);
  return l;
}

ActuatorList XarReader::actuatorList(pugi::xml_node element) {
  ActuatorList list;
  list.model = Attributes(file_, element).text("model");
  list.source = file_.source(element);
  for (pugi::xml_node child : element.children())
    if (isElement(child, "ActuatorCurve")) list.curves.push_back(curve(child));
  return list;
}

ActuatorCurve XarReader::curve(pugi::xml_node element) {
  Attributes a(file_, element);
  ActuatorCurve c;
  c.name = a.text("name");
  c.actuator = a.text("actuator");
  c.recordable = a.flag("recordable", false);
  c.mute = a.flag("mute", false);
  c.unit = a.integer("unit", -1);
  c.source = file_.source(element);
  for (pugi::xml_node child : element.children())
    if (isElement(child, "Key")) c.keys.push_back(key(child));
  return c;
}

Key XarReader::key(pugi::xml_node element) {
  Attributes a(file_, element);
  Key k;
  k.frame = a.requiredInteger("frame");
  if (!a.has("value")) file_.error(element, "Key has no value attribute");
  k.value = a.number("value", 0);
  k.smooth = a.flag("smooth", false);
  k.symmetrical = a.flag("symmetrical", false);
  k.source = file_.source(element);
  for (pugi::xml_node child : element.children())
    if (isElement(child, "Tangent")) k.tangents.push_back(tangent(child));
  if (k.tangents.size() > 2) file_.error(element, "Key has " + std::to_string(k.tangents.size()) +
                                                      " tangents; a key has none, or a left and a right one");
  return k;
}

Tangent XarReader::tangent(pugi::xml_node element) {
  Attributes a(file_, element);
  Tangent t;
  t.side = a.tangentSide("side");
  t.interpolation = a.interpolation("interpType");
  t.abscissa = a.number("abscissaParam", 0);
  t.ordinate = a.number("ordinateParam", 0);
  t.source = file_.source(element);
  return t;
}

}  // namespace autolife::behavior
