// Whether two behaviors are the same, whatever files they were read from:
// every field of the model is compared except where it was read (Source).
// Used to check that xar -> new format -> model gives back what the .xar
// gave, and handy to the runtime to tell whether a reload changed anything.
#pragma once

#include <optional>
#include <string>

#include "autolife/behavior/xar_model.hpp"

namespace autolife::behavior {

// The first difference, as a path and the two values, e.g.
// "root/Say (id 1)/parameter 'Speed (%)'/value: '100' vs '90'"; empty when equal.
std::optional<std::string> firstDifference(const Box& a, const Box& b);

}  // namespace autolife::behavior
