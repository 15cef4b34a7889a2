// Reading a Choregraphe behavior file (behavior.xar) into the model.
//
// Accepted roots:
//   <ChoregrapheProject xar_version="3"> with one root <Box>;
//   <ChoregrapheBox xar_version="3"> with one <Box> (a box library export);
//   a bare <Timeline> (wrapped in a standard root box, see docs/behaviors.md);
//   <ChoregrapheProject format_version="4"> with a <BoxInstance>, whose box
//   files (BoxInterface .xml, .py, .fld, .bhs, .anim) must lie next to the
//   .xar; a missing one is an error that names it.
// The Choregraphe namespace may be there or not (any prefix is ignored).
// Unknown elements and attributes are ignored; known attributes with bad
// values, links to missing boxes or ports, and nesting beyond the limits
// are errors at their line.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "autolife/behavior/load_result.hpp"

namespace autolife::behavior {

struct ParseOptions {
  LoadLimits limits;
  // Where format 4's box files are looked for; parseXarFile uses the
  // file's folder when this is empty. parseXarText without it refuses
  // format 4.
  std::filesystem::path baseDirectory;
};

LoadResult parseXarFile(const std::filesystem::path& path, const ParseOptions& options = {});
// `fileName` is used in locations only.
LoadResult parseXarText(std::string_view text, const std::string& fileName, const ParseOptions& options = {});

}  // namespace autolife::behavior
