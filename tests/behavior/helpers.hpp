// Helpers for the behavior tests: fixtures, temporary folders, files, and
// short ways to reach into a parsed behavior.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "autolife/behavior/load_result.hpp"
#include "autolife/behavior/xar_model.hpp"

namespace autolife::behavior::testing {

namespace fs = std::filesystem;

// tests/behavior/fixtures/<name>
fs::path fixture(const std::string& name);

// A fresh folder, removed with the object.
class TempDir {
public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }
  fs::path operator/(const std::string& name) const { return path_ / name; }

private:
  fs::path path_;
};

std::string readText(const fs::path& path);
void writeText(const fs::path& path, const std::string& text);
// The names of the files in a folder, sorted.
std::vector<std::string> fileNames(const fs::path& folder);

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
