// The entries of a manifest's <contents>: behaviorContent (a behavior, an
// activity when it has a nature) and dialogContent (a dialog topic).
#pragma once

#include <optional>

#include <pugixml.hpp>

#include "autolife/package/manifest.hpp"
#include "xml_file.hpp"

namespace autolife::package {

// Empty when the entry cannot name a behavior (no path, or a path that
// leaves the package folder); problems are reported to `file`.
std::optional<BehaviorContent> readBehaviorContent(XmlFile& file, pugi::xml_node element);
DialogContent readDialogContent(XmlFile& file, pugi::xml_node element);

// A behavior path as a comparable key: "behavior_1/", "./behavior_1" and
// "behavior_1" are the same folder; "" and "." are the root.
std::string normalizedBehaviorPath(std::string_view path);

}  // namespace autolife::package
