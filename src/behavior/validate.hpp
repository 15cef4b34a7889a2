// Checks that hold across elements, once a behavior is read (from any
// format): port ids unique in a box, box ids unique and non-zero in a
// diagram, keyframe frames distinct in a layer, every link pointing at an
// existing box and port of the right kind. Inherited parameters whose
// parent has no parameter of that name are warnings.
#pragma once

#include "autolife/behavior/xar_model.hpp"
#include "report.hpp"

namespace autolife::behavior {

void validateBehavior(const Box& root, Report& report);

}  // namespace autolife::behavior
