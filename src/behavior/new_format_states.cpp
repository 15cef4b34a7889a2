// A folder that libqicore's converter wrote has no layers in its timeline
// file (often no timeline file at all): its keyframes are only known as
// states. Each state becomes a keyframe of one layer, at the state's first
// frame, named by its first label, holding the objects and links that no
// earlier state held (a keyframe spanning several states is listed in each
// of them). The boxes run as before; what is lost is which layer they were on.
#include "attributes.hpp"
#include "new_format_loader.hpp"

namespace autolife::behavior {

void NewFormatLoader::layersFromStates(Timeline& timeline, const Box& owner, const std::string& name, int depth) {
  const XmlFile* machine = openXml(name + "_state_machine.xml", owner.source, "StateMachine");
  if (!machine) return;
  BehaviorLayer layer{"behavior_layer1", false, {}, machine->source(machine->root())};
  std::set<std::string> objects, links;
  for (pugi::xml_node state : machine->root().children()) {
    if (!isElement(state, "State")) continue;
    std::string stateName = Attributes(*machine, state).text("Name");
    if (stateName.empty() || stateName.find_first_of("/\\") != std::string::npos) {
      machine->error(state, "state name " + inQuotes(stateName) + " is not a plain file name");
      continue;
    }
    if (const XmlFile* file = openXml(stateName + ".xml", machine->source(state), "State"))
      keyframeFromState(layer, *file, owner, name, depth, objects, links);
  }
  timeline.layers.push_back(std::move(layer));
}

void NewFormatLoader::keyframeFromState(BehaviorLayer& layer, const XmlFile& file, const Box& owner,
                                        const std::string& ownerName, int depth, std::set<std::string>& objects,
                                        std::set<std::string>& links) {
  pugi::xml_node root = file.root();
  BehaviorKeyframe keyframe;
  keyframe.source = file.source(root);
  keyframe.diagram.source = keyframe.source;
  if (pugi::xml_node interval = firstChild(root, "Interval"))
    keyframe.index = Attributes(file, interval).requiredInteger("begin");
  if (pugi::xml_node label = firstChild(root, "Label")) keyframe.name = Attributes(file, label).text("Name");
  std::vector<std::string> names = addObjects(keyframe.diagram, file, root, depth, &objects);
  DiagramScope scope{owner, ownerName, {}, unreadable_};
  for (std::size_t i = 0; i < names.size(); ++i) scope.boxes.emplace(names[i], &keyframe.diagram.boxes[i]);
  for (pugi::xml_node child : root.children()) {
    if (!isElement(child, "Link")) continue;
    std::string key;
    for (pugi::xml_attribute a : child.attributes()) key += std::string(a.name()) + "=" + a.value() + ";";
    if (links.insert(key).second)
      if (auto l = link(file, child, scope)) keyframe.diagram.links.push_back(*l);
  }
  layer.keyframes.push_back(std::move(keyframe));
}

}  // namespace autolife::behavior
