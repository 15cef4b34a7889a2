// Helpers for the behavior tests: fixtures and short ways to reach into a
// parsed behavior (temporary folders and files: tests/support/files.hpp).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "autolife/behavior/load_result.hpp"
#include "autolife/behavior/xar_model.hpp"
#include "files.hpp"

namespace autolife::behavior::testing {

namespace fs = std::filesystem;

// tests/behavior/fixtures/<name>
fs::path fixture(const std::string& name);

using autolife::test::fileNames;
using autolife::test::readText;
using autolife::test::TempDir;
using autolife::test::writeText;

// Parses a fixture; fails the test (with the report) when it has errors.
Behavior parseFixture(const std::string& name);
// The root box's first keyframe diagram (the flow diagram of most behaviors).
const Diagram& firstDiagram(const Box& box);
// The box of that name in a diagram; fails the test when there is none.
const Box& boxNamed(const Diagram& diagram, const std::string& name);
// Does some error (or warning) say `text`?
bool mentions(const std::vector<core::Diagnostic>& diagnostics, const std::string& text);

// A xar file: the prologue, a root box with the usual four ports, `diagram`
// (boxes and links) in its one keyframe, and the epilogue. Line 12 is the
// first line of `diagram`.
std::string xarWithDiagram(const std::string& diagram);
// A box element with ports onStart (id 1) and onStopped (id 2).
std::string simpleBox(const std::string& name, int id, const std::string& inner = "");

}  // namespace autolife::behavior::testing
