#include "autolife/behavior/load_result.hpp"

namespace autolife::behavior {

namespace {

// "file:line:column: <kind>: message"; the kind goes after the location so
// that editors still jump to the place.
std::string line(const core::Diagnostic& d, const char* kind) {
  std::string where = d.location();
  return (where.empty() ? std::string() : where + ": ") + kind + ": " + d.message + "\n";
}

}  // namespace

std::string LoadResult::report() const {
  std::string out;
  for (const core::Diagnostic& d : errors) out += line(d, "error");
  for (const core::Diagnostic& d : warnings) out += line(d, "warning");
  return out;
}

}  // namespace autolife::behavior
