#include "helpers.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "autolife/behavior/xar_parser.hpp"

namespace autolife::behavior::testing {

fs::path fixture(const std::string& name) { return fs::path(AUTOLIFE_SOURCE_DIR) / "tests/behavior/fixtures" / name; }

Behavior parseFixture(const std::string& name) {
  LoadResult r = parseXarFile(fixture(name));
  EXPECT_TRUE(r.ok()) << r.report();
  if (!r.ok()) throw std::runtime_error("fixture " + name + " does not parse");
  return std::move(*r.behavior);
}

const Diagram& firstDiagram(const Box& box) {
  if (!box.timeline || box.timeline->layers.empty() || box.timeline->layers[0].keyframes.empty())
    throw std::runtime_error("box " + box.name + " has no keyframe");
  return box.timeline->layers[0].keyframes[0].diagram;
}

const Box& boxNamed(const Diagram& diagram, const std::string& name) {
  for (const Box& box : diagram.boxes)
    if (box.name == name) return box;
  throw std::runtime_error("no box named " + name);
}

bool mentions(const std::vector<core::Diagnostic>& diagnostics, const std::string& text) {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [&](const core::Diagnostic& d) { return d.message.find(text) != std::string::npos; });
}

std::string xarWithDiagram(const std::string& diagram) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n"                                             // 1
         "<ChoregrapheProject xar_version=\"3\">\n"                                                   // 2
         "<Box name=\"root\" id=\"-1\">\n"                                                            // 3
         "<Input name=\"onLoad\" type=\"1\" type_size=\"1\" nature=\"0\" inner=\"1\" id=\"1\" />\n"   // 4
         "<Input name=\"onStart\" type=\"1\" type_size=\"1\" nature=\"2\" inner=\"0\" id=\"2\" />\n"  // 5
         "<Input name=\"onStop\" type=\"1\" type_size=\"1\" nature=\"3\" inner=\"0\" id=\"3\" />\n"   // 6
         "<Output name=\"onStopped\" type=\"1\" type_size=\"1\" nature=\"1\" inner=\"0\" id=\"4\" />\n"  // 7
         "<Timeline enable=\"0\">\n"                                                                  // 8
         "<BehaviorLayer name=\"behavior_layer1\">\n"                                                 // 9
         "<BehaviorKeyframe name=\"keyframe1\" index=\"1\">\n"                                        // 10
         "<Diagram>\n" +                                                                              // 11
         diagram +
         "</Diagram>\n"
         "</BehaviorKeyframe>\n"
         "</BehaviorLayer>\n"
         "</Timeline>\n"
         "</Box>\n"
         "</ChoregrapheProject>\n";
}

std::string simpleBox(const std::string& name, int id, const std::string& inner) {
  return "<Box name=\"" + name + "\" id=\"" + std::to_string(id) + "\">\n" +
         "<Input name=\"onStart\" type=\"1\" type_size=\"1\" nature=\"2\" inner=\"0\" id=\"1\" />\n"
         "<Output name=\"onStopped\" type=\"1\" type_size=\"1\" nature=\"1\" inner=\"0\" id=\"2\" />\n" +
         inner + "</Box>\n";
}

}  // namespace autolife::behavior::testing
