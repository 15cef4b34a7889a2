// Format 4 of behavior.xar (Choregraphe's split format): the .xar holds a
// <BoxInstance path="root1.xml"> whose BoxInterface file describes the box
// (ports use signatures, parameters type letters) and lists its contents:
// a Python script (.py), a flow diagram (.fld, BoxInstances and Links), a
// behavior sequence (.bhs, layers whose keyframes name .fld files) and an
// animation (.anim, the actuator curves). Every file is looked for in the
// .xar's folder; a missing one is an error at the element that names it.
// Each file may be used by one box only (so a file cannot include itself).
#pragma once

#include <filesystem>
#include <optional>

#include <pugixml.hpp>

#include "autolife/behavior/xar_model.hpp"
#include "xar_reader.hpp"
#include "xml_file.hpp"

namespace autolife::behavior {

// `instance` is the project's <BoxInstance> (in `xar`).
std::optional<Box> readFormat4(const XmlFile& xar, pugi::xml_node instance, const std::filesystem::path& directory,
                               BoxBudget& budget);

}  // namespace autolife::behavior
