#include "validate.hpp"

#include <map>
#include <set>
#include <string>

#include "xml_file.hpp"

namespace autolife::behavior {

namespace {

// Keyframe entries (states x layers) a timeline may give; real timelines
// have a few layers and tens of keyframes.
constexpr std::size_t kMaxStateEntries = 2'000'000;

std::string boxName(const Box& box) { return "box " + inQuotes(box.name) + " (id " + std::to_string(box.id) + ")"; }

// What an id names in a box, for messages about a port of the wrong kind.
std::string whatIs(const Box& box, int id) {
  if (const Input* in = box.findInput(id)) return "; " + std::to_string(id) + " is its input " + inQuotes(in->name);
  if (const Output* out = box.findOutput(id))
    return "; " + std::to_string(id) + " is its output " + inQuotes(out->name);
  if (const Parameter* p = box.findParameter(id))
    return "; " + std::to_string(id) + " is its parameter " + inQuotes(p->name);
  return "";
}

void checkPortIds(const Box& box, Report& report) {
  std::map<int, std::string> seen;
  auto check = [&](int id, const std::string& what, const Source& at) {
    auto [it, fresh] = seen.emplace(id, what);
    if (!fresh)
      report.error(at.diagnostic(boxName(box) + ": " + what + " has id " + std::to_string(id) + ", already used by " +
                                 it->second + "; ids must be unique among a box's inputs, outputs and parameters"));
  };
  for (const Input& in : box.inputs) check(in.id, "input " + inQuotes(in.name), in.source);
  for (const Output& out : box.outputs) check(out.id, "output " + inQuotes(out.name), out.source);
  for (const Parameter& p : box.parameters) check(p.id, "parameter " + inQuotes(p.name), p.source);
}

void checkInheritance(const Box& box, const Box& parent, Report& report) {
  for (const Parameter& p : box.parameters)
    if (p.inheritsFromParent && !parent.findParameter(p.name))
      report.warning(p.source.diagnostic("parameter " + inQuotes(p.name) + " of " + boxName(box) +
                                         " inherits from its parent, but the parent box " + inQuotes(parent.name) +
                                         " has no parameter of that name; its own value is used"));
}

// The receiving end: a child's input, or the parent's output.
void checkInputEnd(const Link& link, const Diagram& diagram, const Box& parent, Report& report) {
  if (link.inputOwner == 0) {
    if (!parent.findOutput(link.indexOfInput))
      report.error(link.source.diagnostic("link to output " + std::to_string(link.indexOfInput) + " of the parent " +
                                          boxName(parent) + ", which has no output with that id" +
                                          whatIs(parent, link.indexOfInput)));
    return;
  }
  const Box* box = diagram.findBox(link.inputOwner);
  if (!box)
    report.error(link.source.diagnostic("link to box id " + std::to_string(link.inputOwner) +
                                        ", which is not in this diagram"));
  // A link into a parameter sets it (Choregraphe draws parameters as ports
  // a link can reach): the value the output carries becomes its value.
  else if (!box->findInput(link.indexOfInput) && !box->findParameter(link.indexOfInput))
    report.error(link.source.diagnostic("link to input " + std::to_string(link.indexOfInput) + " of " +
                                        boxName(*box) + ", which has no input with that id" +
                                        whatIs(*box, link.indexOfInput)));
}

// The sending end: a child's output, or the parent's input.
void checkOutputEnd(const Link& link, const Diagram& diagram, const Box& parent, Report& report) {
  if (link.outputOwner == 0) {
    if (!parent.findInput(link.indexOfOutput))
      report.error(link.source.diagnostic("link from input " + std::to_string(link.indexOfOutput) +
                                          " of the parent " + boxName(parent) + ", which has no input with that id" +
                                          whatIs(parent, link.indexOfOutput)));
    return;
  }
  const Box* box = diagram.findBox(link.outputOwner);
  if (!box)
    report.error(link.source.diagnostic("link from box id " + std::to_string(link.outputOwner) +
                                        ", which is not in this diagram"));
  else if (!box->findOutput(link.indexOfOutput))
    report.error(link.source.diagnostic("link from output " + std::to_string(link.indexOfOutput) + " of " +
                                        boxName(*box) + ", which has no output with that id" +
                                        whatIs(*box, link.indexOfOutput)));
}

void checkBoxIds(const Diagram& diagram, Report& report) {
  std::map<int, const Box*> seen;
  for (const Box& box : diagram.boxes) {
    if (box.id == 0) {
      report.error(box.source.diagnostic(boxName(box) + ": id 0 is reserved, links use it for the parent box"));
      continue;
    }
    auto [it, fresh] = seen.emplace(box.id, &box);
    if (!fresh)
      report.error(box.source.diagnostic(boxName(box) + ": id " + std::to_string(box.id) +
                                         " is already used in this diagram by box " + inQuotes(it->second->name) +
                                         " (line " + std::to_string(it->second->source.line) + ")"));
  }
}

void checkBox(const Box& box, const Box* parent, Report& report);

void checkDiagram(const Diagram& diagram, const Box& owner, Report& report) {
  checkBoxIds(diagram, report);
  for (const Link& link : diagram.links) {
    checkInputEnd(link, diagram, owner, report);
    checkOutputEnd(link, diagram, owner, report);
  }
  for (const Box& child : diagram.boxes) checkBox(child, &owner, report);
}

void checkLayer(const BehaviorLayer& layer, const Box& owner, Report& report) {
  std::map<int, const BehaviorKeyframe*> frames;
  for (const BehaviorKeyframe& keyframe : layer.keyframes) {
    auto [it, fresh] = frames.emplace(keyframe.index, &keyframe);
    if (!fresh)
      report.error(keyframe.source.diagnostic("layer " + inQuotes(layer.name) + " already has keyframe " +
                                              inQuotes(it->second->name) + " at frame " +
                                              std::to_string(keyframe.index) +
                                              "; keyframes of a layer start at distinct frames"));
    checkDiagram(keyframe.diagram, owner, report);
  }
}

// A state holds at most one keyframe per layer, and there is at most one
// state per start frame: their product bounds what the runtime will build.
void checkStateMachineSize(const Timeline& timeline, const Box& box, Report& report) {
  std::set<int> starts;
  for (const BehaviorLayer& layer : timeline.layers)
    for (const BehaviorKeyframe& keyframe : layer.keyframes) starts.insert(keyframe.index);
  if (starts.size() * timeline.layers.size() > kMaxStateEntries)
    report.error(timeline.source.diagnostic(
        "the timeline of box " + inQuotes(box.name) + " has " + std::to_string(timeline.layers.size()) +
        " layers and keyframes at " + std::to_string(starts.size()) +
        " different frames; its state machine would be too large to run"));
}

void checkBox(const Box& box, const Box* parent, Report& report) {
  checkPortIds(box, report);
  if (parent) checkInheritance(box, *parent, report);
  if (!box.timeline) return;
  checkStateMachineSize(*box.timeline, box, report);
  for (const BehaviorLayer& layer : box.timeline->layers) checkLayer(layer, box, report);
}

}  // namespace

void validateBehavior(const Box& root, Report& report) { checkBox(root, nullptr, report); }

}  // namespace autolife::behavior
