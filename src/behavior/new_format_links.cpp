// Links of the new format name their ends: an object (the diagram's owner
// for its own ports) and a port; here they become ids again.
#include "attributes.hpp"
#include "new_format_loader.hpp"

namespace autolife::behavior {

namespace {

struct LinkAttributes {
  const char* inputObject;
  const char* inputPort;
  const char* outputObject;
  const char* outputPort;
};
// The seed's names, and those libqicore's converter wrote.
constexpr LinkAttributes kSeedLink{"inputowner", "indexofinput", "outputowner", "indexofoutput"};
constexpr LinkAttributes kLibqicoreLink{"InputObject", "InputName", "OutputObject", "OutputName"};

template <typename Port>
const Port* named(const std::vector<Port>& ports, const std::string& name) {
  for (const Port& port : ports)
    if (port.name == name) return &port;
  return nullptr;
}

// One end of a link as (owner id, port id); empty (reported) when the
// object or the port is unknown. A link enters a child's input or the
// owner's output, and leaves a child's output or the owner's input.
std::optional<std::pair<int, int>> linkEnd(const Attributes& a, const char* objectAttribute,
                                           const char* portAttribute, bool receiving, const DiagramScope& scope) {
  std::string object = a.text(objectAttribute);
  std::string port = a.text(portAttribute);
  const char* direction = receiving ? "link to " : "link from ";
  const Box* box = &scope.owner;
  if (object != scope.ownerName) {
    auto it = scope.boxes.find(object);
    if (it == scope.boxes.end()) {
      if (scope.unreadable.contains(object)) return std::nullopt;
      a.error(objectAttribute, direction + std::string("object ") + inQuotes(object) + ", which is not in this diagram");
      return std::nullopt;
    }
    box = it->second;
  }
  int owner = box == &scope.owner ? 0 : box->id;
  bool input = receiving == (owner != 0);
  const int* id = nullptr;
  if (const Input* in = input ? named(box->inputs, port) : nullptr) id = &in->id;
  if (const Output* out = input ? nullptr : named(box->outputs, port)) id = &out->id;
  if (!id) {
    const char* kind = input ? "input" : "output";
    a.error(portAttribute, direction + std::string(kind) + " " + inQuotes(port) + " of object " + inQuotes(object) +
                               ", which has no " + kind + " of that name");
    return std::nullopt;
  }
  return std::make_pair(owner, *id);
}

}  // namespace

std::optional<Link> NewFormatLoader::link(const XmlFile& file, pugi::xml_node element, const DiagramScope& scope) {
  Attributes a(file, element);
  const LinkAttributes& names = a.has(kSeedLink.inputObject) ? kSeedLink : kLibqicoreLink;
  auto to = linkEnd(a, names.inputObject, names.inputPort, true, scope);
  auto from = linkEnd(a, names.outputObject, names.outputPort, false, scope);
  if (!to || !from) return std::nullopt;
  return Link{to->first, to->second, from->first, from->second, file.source(element)};
}

}  // namespace autolife::behavior
