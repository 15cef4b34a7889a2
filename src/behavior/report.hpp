// Where the readers put what they find wrong while reading a behavior:
// errors (the behavior cannot be used) and warnings (advice).
#pragma once

#include <vector>

#include "autolife/core/diagnostic.hpp"

namespace autolife::behavior {

struct Report {
  std::vector<core::Diagnostic> errors;
  std::vector<core::Diagnostic> warnings;

  void error(core::Diagnostic d) { errors.push_back(std::move(d)); }
  void warning(core::Diagnostic d) { warnings.push_back(std::move(d)); }
  bool failed() const { return !errors.empty(); }
};

}  // namespace autolife::behavior
