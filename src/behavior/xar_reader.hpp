// Reads the elements of a xar (version 3) file into the model: Box and what
// it holds (script, ports, parameters, resources, Timeline, Diagram, links,
// actuator curves). Reading never stops at the first error: every bad value
// is reported, with a usable default in its place, so one run shows them all.
// Nesting deeper than the limits is reported once and not descended into.
#pragma once

#include <cstddef>
#include <optional>

#include <pugixml.hpp>

#include "autolife/behavior/load_result.hpp"
#include "autolife/behavior/xar_model.hpp"
#include "xml_file.hpp"

namespace autolife::behavior {

// How many boxes may still be read, shared by every file of one behavior.
struct BoxBudget {
  LoadLimits limits;
  std::size_t boxes = 0;
  bool reportedCount = false;

  // Counts a box at `depth`; false (reported) when it lies beyond the limits.
  bool admit(const XmlFile& file, pugi::xml_node element, int depth);
  bool admit(const Source& at, int depth, Report& report);
};

class XarReader {
public:
  XarReader(const XmlFile& file, BoxBudget& budget) : file_(file), budget_(budget) {}

  // `depth` is the box's level: 0 for the root. Empty when the box lies
  // beyond the limits (already reported).
  std::optional<Box> box(pugi::xml_node element, int depth);
  // The timeline of a box at `depth` (its diagrams' boxes are one deeper).
  Timeline timeline(pugi::xml_node element, int depth);
  // A Timeline's own attributes (also those of format 4's sequence and animation files).
  Timeline timelineAttributes(pugi::xml_node element);
  ActuatorList actuatorList(pugi::xml_node element);
  Diagram diagram(pugi::xml_node element, int depth);
  Link link(pugi::xml_node element);

  // Box parts, shared with the format-4 reader.
  Script script(pugi::xml_node element);
  Input input(pugi::xml_node element);
  Output output(pugi::xml_node element);
  Parameter parameter(pugi::xml_node element);
  Resource resource(pugi::xml_node element);

private:
  void readBoxChild(Box& box, pugi::xml_node child, int depth);
  BehaviorLayer layer(pugi::xml_node element, int depth);
  BehaviorKeyframe keyframe(pugi::xml_node element, int depth);
  ActuatorCurve curve(pugi::xml_node element);
  Key key(pugi::xml_node element);
  Tangent tangent(pugi::xml_node element);

  const XmlFile& file_;
  BoxBudget& budget_;
};

// <pluginContent>'s children as raw XML.
std::string rawChildren(pugi::xml_node element);

}  // namespace autolife::behavior
