// What reading a behavior gives: the behavior, or the reasons it cannot be
// used. Every error is located (file:line:column) and says why in one
// sentence; any error means no behavior. Warnings never block.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "autolife/behavior/xar_model.hpp"
#include "autolife/core/diagnostic.hpp"

namespace autolife::behavior {

struct LoadResult {
  std::optional<Behavior> behavior;
  std::vector<core::Diagnostic> errors;
  std::vector<core::Diagnostic> warnings;

  bool ok() const { return behavior.has_value(); }
  // Errors then warnings, one per line, as "file:line:column: error: message".
  std::string report() const;
};

// Limits that bound the work hostile input can cause. Real behaviors are far
// below them (Choregraphe's deepest libraries nest about ten boxes).
struct LoadLimits {
  int maxBoxDepth = 64;                            // root = depth 0
  std::size_t maxFileBytes = 64u * 1024u * 1024u;  // any one file read
  std::size_t maxBoxes = 100000;                   // boxes in one behavior
};

}  // namespace autolife::behavior
