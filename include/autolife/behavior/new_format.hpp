// Reading a new-format folder (what writeNewFormat() writes, see
// converter.hpp) back into the model, so that the runtime runs a converted
// folder exactly as the .xar it came from.
//
// The root object is the folder's one l0_<name>.xml whose element is <Box>.
// From it, only the objects the behavior uses are read (as libqicore's
// loader does): each box's <name>.xml and script, its <name>_timeline.xml
// (layers, keyframes with their objects and links, actuator curves) and,
// for a folder libqicore wrote (no layers in the timeline file), its
// <name>_state_machine.xml and states, one keyframe per state.
// Errors are located in the file they concern; an object used twice, a
// missing file, a name that is not a plain file name, and links to unknown
// objects or ports are errors.
#pragma once

#include <filesystem>

#include "autolife/behavior/load_result.hpp"

namespace autolife::behavior {

LoadResult loadNewFormat(const std::filesystem::path& folder, const LoadLimits& limits = {});

}  // namespace autolife::behavior
