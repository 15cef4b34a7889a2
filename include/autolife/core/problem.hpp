// What the package module reports about a package: a located Diagnostic
// (file:line:column + message) with a severity. Errors make `autolife check`
// fail and mark what they touch as unusable; warnings are advice.
#pragma once

#include <string>
#include <vector>

#include "autolife/core/diagnostic.hpp"

namespace autolife::core {

enum class Severity { Error, Warning };

struct Problem {
  Severity severity = Severity::Error;
  core::Diagnostic diagnostic;

  bool isError() const { return severity == Severity::Error; }
  // "file:line:column: error: message" (unknown parts left out).
  std::string format() const;
};

Problem error(core::Diagnostic d);
Problem warning(core::Diagnostic d);
// A problem about a whole file or path, without a line.
Problem fileError(std::string file, std::string message);
Problem fileWarning(std::string file, std::string message);

bool hasErrors(const std::vector<Problem>& problems);
std::size_t countErrors(const std::vector<Problem>& problems);

}  // namespace autolife::core
