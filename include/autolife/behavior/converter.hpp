// The converter: a behavior written as libqicore's "new format", one folder
// of small files (seed 004, "New format documentation"):
//
//   <object>.xml / <object>.py   every box: its description (Box element:
//                                attributes, Input, Output, Parameter,
//                                Resource) and its script, verbatim;
//   <object>_timeline.xml        a box's Timeline: attributes, the behavior
//                                layers and keyframes (each keyframe's
//                                Diagram lists its boxes as <Object Name>
//                                and its links by object and port names),
//                                and the ActuatorList;
//   <object>_state_machine.xml   the state machine of its keyframes (State,
//                                InitialState, FinalState, Transition);
//   <object>_state_<n>.xml       each state: Object, Interval, Label, Link;
//   main.py                      the entry point.
//
// Object names are ObjectNames' (object_names.hpp); states are
// buildStateMachine's (state_machine.hpp). Everything the model holds is
// written, so that loadNewFormat() gives back an equivalent behavior; the
// additions to libqicore's files are listed in docs/behaviors.md.
#pragma once

#include <filesystem>
#include <vector>

#include "autolife/behavior/xar_model.hpp"
#include "autolife/core/diagnostic.hpp"

namespace autolife::behavior {

struct ConvertOptions {
  // Write into a folder that already holds files (files of the same name are
  // replaced, others are left). By default a non-empty folder is refused, so
  // that stale objects of an earlier conversion cannot mix with new ones.
  bool overwrite = false;
};

struct ConvertResult {
  std::vector<std::filesystem::path> files;  // written, in order
  std::vector<core::Diagnostic> errors;      // the behavior's, or writing's
  std::vector<core::Diagnostic> warnings;    // the behavior's
  bool ok() const { return errors.empty(); }
};

ConvertResult writeNewFormat(const Behavior& behavior, const std::filesystem::path& folder,
                             const ConvertOptions& options = {});
// Reads `xar` (parseXarFile) and writes it; nothing is written when the
// behavior has errors.
ConvertResult convertXar(const std::filesystem::path& xar, const std::filesystem::path& folder,
                         const ConvertOptions& options = {});

}  // namespace autolife::behavior
