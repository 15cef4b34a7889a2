// A behavior as the dashboard's behavior view draws it (Autolife.
// behaviorDiagram, docs/api.md): every box at its own x, y with its name,
// path and ports, every diagram's links, timelines with their layers,
// keyframes and curves' key frames. Read from the model, whatever file the
// behavior came from: nothing is laid out here.
#pragma once

#include "autolife/behavior/xar_model.hpp"
#include "autolife/core/value.hpp"

namespace autolife::engine {

core::Value behaviorDiagram(const behavior::Behavior& behavior);

}  // namespace autolife::engine
