// libFuzzer target for Choregraphe's project file (<name>.pml): the input is
// the file's text, given to package::parseProject as `autolife check` gives
// it. Parsing returns whatever the bytes; the robot never reads the file, so
// every problem must be a warning, located inside the text or about the
// whole file, and a file that is not a readable .pml must say why.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "autolife/package/project.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace autolife;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string file = "app.pml";
  const package::ProjectResult result = package::parseProject(text, file);
  for (const auto& p : result.problems) {
    if (p.isError()) fuzz::fail("a .pml problem that is an error", p.format());
    fuzz::checkLocatedIn(text, p.diagnostic, file);
  }
  if (!result.project && result.problems.empty()) fuzz::fail("no project and no warning", "");
  return 0;
}
