// The XML documents of the new format, one per file (see converter.hpp):
// a box's description, its timeline, its state machine and each state.
// Links are written by object and port names; a port whose name is not
// unique among its kind in its box cannot be named, which is an error.
#pragma once

#include <vector>

#include <pugixml.hpp>

#include "autolife/behavior/object_names.hpp"
#include "autolife/behavior/state_machine.hpp"
#include "autolife/behavior/xar_model.hpp"
#include "autolife/core/diagnostic.hpp"

namespace autolife::behavior {

class NewFormatXml {
public:
  NewFormatXml(const ObjectNames& names, std::vector<core::Diagnostic>& errors) : names_(names), errors_(errors) {}

  void box(pugi::xml_document& doc, const Box& box) const;
  void timeline(pugi::xml_document& doc, const Box& box) const;
  void stateMachine(pugi::xml_document& doc, const Box& box, const StateMachine& machine) const;
  void state(pugi::xml_document& doc, const Box& box, const State& state) const;

private:
  void ports(pugi::xml_node node, const Box& box) const;
  void keyframe(pugi::xml_node node, const BehaviorKeyframe& keyframe, const Box& owner) const;
  void actuators(pugi::xml_node node, const ActuatorList& list) const;
  void link(pugi::xml_node parent, const Link& link, const Diagram& diagram, const Box& owner) const;
  void report(const Source& at, const char* message) const;

  const ObjectNames& names_;
  std::vector<core::Diagnostic>& errors_;
};

// "<?xml version="1.0" encoding="UTF-8" ?>" then the root element.
pugi::xml_node startDocument(pugi::xml_document& doc, const char* rootName);

}  // namespace autolife::behavior
