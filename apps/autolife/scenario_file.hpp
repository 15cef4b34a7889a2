// A scenario file named on the command line (simulate, serve --scenario,
// check --scenario): loaded, or each of its problems said on stderr.
#pragma once

#include <iostream>
#include <optional>
#include <string>
#include <variant>

#include "autolife/sim/scenario.hpp"

namespace autolife::app {

// Nothing when it cannot be read, after printing every problem as
// file:line:column: message (the command then exits 2).
inline std::optional<sim::Scenario> readScenario(const std::string& path) {
  auto loaded = sim::loadScenario(path);
  if (auto* problems = std::get_if<std::vector<core::Diagnostic>>(&loaded)) {
    for (const auto& p : *problems) std::cerr << p.format() << '\n';
    return std::nullopt;
  }
  return std::get<sim::Scenario>(std::move(loaded));
}

}  // namespace autolife::app
