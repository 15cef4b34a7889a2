// libFuzzer target for scenario files (docs/scenarios.md): the input is the
// YAML text, given to sim::parseScenario as `autolife simulate` gives it
// (loadScenario reads the file and calls it). Parsing only: running a
// scenario starts programs (`run: {exec: ...}`) and plays behaviors.
// Whatever the bytes, it returns a Scenario or problems, never throws; each
// problem is located inside the text; a scenario's steps are in time order.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "autolife/sim/scenario.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace autolife;

void checkScenario(const sim::Scenario& s) {
  for (std::size_t i = 1; i < s.steps.size(); ++i)
    if (s.steps[i].time < s.steps[i - 1].time) fuzz::fail("steps out of time order", std::to_string(i));
  if (s.robot != "nao" && s.robot != "pepper") fuzz::fail("an unknown robot accepted", s.robot);
  for (const auto& a : s.activities)
    if (a.activity.name.empty()) fuzz::fail("an activity without a name accepted", std::to_string(a.line));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::string file = "scenario.yaml";
  // A folder that does not exist: package paths are resolved against it, not read.
  const auto parsed = sim::parseScenario(text, file, "/nonexistent/autolife-fuzz");
  if (const auto* problems = std::get_if<std::vector<core::Diagnostic>>(&parsed)) {
    if (problems->empty()) fuzz::fail("no scenario and no problem", "");
    for (const auto& d : *problems) fuzz::checkLocatedIn(text, d, file);
    return 0;
  }
  checkScenario(std::get<sim::Scenario>(parsed));
  return 0;
}
