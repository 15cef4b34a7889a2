// libFuzzer target for Choregraphe behavior files (behavior.xar): the input
// is the file's text, given to behavior::parseXarText as the runtime and
// `autolife check` read a .xar (format 3, a box library, a bare Timeline,
// or format 4, whose box files come from the fixture format4 folder copied
// into this process's scratch folder once). Whatever the bytes: a behavior
// or located errors, nothing thrown. A behavior the parser accepts then
// takes the converter path (docs/behaviors.md): written as a new-format
// folder, loaded back with loadNewFormat, it must be the same behavior.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>

#include "autolife/behavior/converter.hpp"
#include "autolife/behavior/model_compare.hpp"
#include "autolife/behavior/new_format.hpp"
#include "autolife/behavior/xar_parser.hpp"
#include "fuzz_support.hpp"

namespace {

namespace fs = std::filesystem;
using namespace autolife;

const std::string kFileName = "behavior.xar";

// The box files a format-4 behavior.xar refers to, next to where it "lies".
const fs::path& boxFolder() {
  static const fs::path folder = [] {
    fs::path to = fuzz::scratchFolder("xar") / "format4";
    fs::create_directories(to);
    const fs::path from = fs::path(AUTOLIFE_SOURCE_DIR) / "tests" / "behavior" / "fixtures" / "format4";
    for (const auto& entry : fs::directory_iterator(from))
      if (entry.path().filename() != kFileName)
        fs::copy_file(entry.path(), to / entry.path().filename(), fs::copy_options::overwrite_existing);
    return to;
  }();
  return folder;
}

void checkDiagnostics(std::string_view text, const behavior::LoadResult& r) {
  for (const auto* list : {&r.errors, &r.warnings})
    for (const auto& d : *list) {
      // Format 4's errors may be about its box files; those are the fixture's.
      if (d.file == kFileName || d.line == 0) fuzz::checkLocatedIn(text, d, kFileName);
      else if (d.message.empty()) fuzz::fail("empty diagnostic message", d.format());
    }
}

// The one thing a .xar can say that the new format cannot: a link to a port
// whose name another port of its box shares (.xar links use port ids, the
// new format names). The converter refuses it at the link's place; any other
// refusal of a behavior the parser accepted is a converter bug.
void checkRefusal(std::string_view text, const std::vector<core::Diagnostic>& errors) {
  for (const auto& e : errors) {
    if (e.message.find("whose name is not unique in its box") == std::string::npos)
      fuzz::fail("the converter refused a behavior the parser accepted", e.format());
    fuzz::checkLocatedIn(text, e, kFileName);
  }
}

// xar -> new format -> model gives back the model the .xar gave.
void checkRoundTrip(std::string_view text, const behavior::Behavior& parsed) {
  const fs::path folder = fuzz::scratchFolder("xar") / "new_format";
  std::error_code ignored;
  fs::remove_all(folder, ignored);
  const behavior::ConvertResult written = behavior::writeNewFormat(parsed, folder);
  if (!written.ok()) return checkRefusal(text, written.errors);
  const behavior::LoadResult loaded = behavior::loadNewFormat(folder);
  if (!loaded.ok()) fuzz::fail("the new-format folder of a behavior does not load", loaded.report());
  if (auto difference = behavior::firstDifference(parsed.root, loaded.behavior->root))
    fuzz::fail("xar -> new format -> model changed the behavior", *difference);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  behavior::ParseOptions options;
  options.baseDirectory = boxFolder();
  const behavior::LoadResult result = behavior::parseXarText(text, kFileName, options);
  checkDiagnostics(text, result);
  if (!result.ok()) {
    if (result.errors.empty()) fuzz::fail("no behavior and no error", "");
    return 0;
  }
  if (!result.errors.empty()) fuzz::fail("a behavior with errors", result.report());
  checkRoundTrip(text, *result.behavior);
  return 0;
}
