// A behaviorContent's launch condition: its text gathered from the
// <condition purpose="launchTrigger"> element, compiled, and any compile
// error moved from the condition's own line:column to manifest.xml's.
#pragma once

#include <optional>

#include <pugixml.hpp>

#include "autolife/package/manifest.hpp"
#include "xml_file.hpp"

namespace autolife::package {

// Reads <autonomous> (the first launchTrigger condition; others are
// reported). Empty when there is none or its text is blank.
std::optional<LaunchTrigger> readLaunchTrigger(XmlFile& file, pugi::xml_node autonomous);

}  // namespace autolife::package
