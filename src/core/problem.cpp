#include "autolife/core/problem.hpp"

#include <algorithm>

namespace autolife::core {

std::string Problem::format() const {
  std::string where = diagnostic.location();
  std::string label = isError() ? "error: " : "warning: ";
  return where.empty() ? label + diagnostic.message : where + ": " + label + diagnostic.message;
}

Problem error(core::Diagnostic d) { return Problem{Severity::Error, std::move(d)}; }
Problem warning(core::Diagnostic d) { return Problem{Severity::Warning, std::move(d)}; }

Problem fileError(std::string file, std::string message) {
  core::Diagnostic d;
  d.file = std::move(file);
  d.message = std::move(message);
  return error(std::move(d));
}

Problem fileWarning(std::string file, std::string message) {
  Problem p = fileError(std::move(file), std::move(message));
  p.severity = Severity::Warning;
  return p;
}

bool hasErrors(const std::vector<Problem>& problems) { return countErrors(problems) > 0; }

std::size_t countErrors(const std::vector<Problem>& problems) {
  return static_cast<std::size_t>(std::count_if(problems.begin(), problems.end(), [](const Problem& p) { return p.isError(); }));
}

}  // namespace autolife::core
