// Behaviors written in the tests: a root box whose diagram holds Python
// boxes and links, played on the simulated robot in virtual time.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../sim/sim_support.hpp"
#include "autolife/sim/play.hpp"

namespace autolife::runtimetest {

// The four ports every standard box has: onLoad 1, onStart 2, onStop 3, onStopped 4.
inline std::string standardPorts() {
  return "<Input name=\"onLoad\" type=\"1\" type_size=\"1\" nature=\"0\" inner=\"1\" id=\"1\" />\n"
         "<Input name=\"onStart\" type=\"1\" type_size=\"1\" nature=\"2\" inner=\"0\" id=\"2\" />\n"
         "<Input name=\"onStop\" type=\"1\" type_size=\"1\" nature=\"3\" inner=\"0\" id=\"3\" />\n"
         "<Output name=\"onStopped\" type=\"1\" type_size=\"1\" nature=\"1\" inner=\"0\" id=\"4\" />\n";
}

// A Python box; `body` is the class's methods, indented by four spaces.
inline std::string pythonBox(const std::string& name, int id, const std::string& body, const std::string& more = "") {
  return "<Box name=\"" + name + "\" id=\"" + std::to_string(id) +
         "\">\n<script language=\"4\"><content><![CDATA[class MyClass(GeneratedClass):\n"
         "    def __init__(self):\n        GeneratedClass.__init__(self)\n" +
         body + "]]></content></script>\n" + standardPorts() + more + "</Box>\n";
}

inline std::string link(int inputOwner, int input, int outputOwner, int output) {
  return "<Link inputowner=\"" + std::to_string(inputOwner) + "\" indexofinput=\"" + std::to_string(input) +
         "\" outputowner=\"" + std::to_string(outputOwner) + "\" indexofoutput=\"" + std::to_string(output) + "\" />\n";
}

// The root's onStart (2) into box `first`'s onStart, box `last`'s onStopped into the root's onStopped (4).
inline std::string chain(int first, int last) { return link(first, 2, 0, 2) + link(0, 4, last, 4); }

// A behavior whose root box runs `diagram` (its boxes and links).
inline std::string behaviorXar(const std::string& diagram, const std::string& rootTimeline = "") {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<ChoregrapheProject xar_version=\"3\">\n"
         "<Box name=\"root\" id=\"-1\">\n" +
         standardPorts() +
         (rootTimeline.empty() ? "<Timeline enable=\"0\"><BehaviorLayer name=\"behavior_layer1\">"
                                 "<BehaviorKeyframe name=\"keyframe1\" index=\"1\"><Diagram>\n" +
                                     diagram + "</Diagram></BehaviorKeyframe></BehaviorLayer></Timeline>\n"
                               : rootTimeline) +
         "</Box>\n</ChoregrapheProject>\n";
}

struct Played {
  sim::PlayResult result;
  std::vector<sim::Record> records;

  // The calls made, as "Service.method".
  std::vector<std::string> calls() const {
    std::vector<std::string> out;
    for (const auto& r : records)
      if (r.json.contains("service") && !r.json.contains("missing"))
        out.push_back(r.json["service"].get<std::string>() + "." + r.json["method"].get<std::string>());
    return out;
  }
  std::vector<nlohmann::ordered_json> having(const std::string& field) const {
    std::vector<nlohmann::ordered_json> out;
    for (const auto& r : records)
      if (r.json.contains(field)) out.push_back(r.json);
    return out;
  }
  nlohmann::ordered_json firstCall(const std::string& service, const std::string& method) const {
    for (const auto& r : records)
      if (r.json.value("service", "") == service && r.json.value("method", "") == method) return r.json;
    ADD_FAILURE() << "no call to " << service << "." << method;
    return {};
  }
  double endTime() const { return core::toSeconds(result.endedAt); }
};

inline Played playWith(const sim::PlayOptions& options) {
  Played p;
  p.result = sim::play(options, [&](const sim::Record& r) { p.records.push_back(r); });
  return p;
}

inline Played playPath(const std::filesystem::path& path, std::optional<core::Time> until = std::nullopt) {
  sim::PlayOptions options;
  options.behavior = path;
  options.until = until;
  return playWith(options);
}

// Writes the behavior into a fresh folder and plays it.
inline Played play(const std::string& xar, std::optional<core::Time> until = std::nullopt) {
  simtest::TempDir dir;
  return playPath(dir.write("behavior.xar", xar), until);
}

// The same with options (options.behavior is the file written).
inline Played play(const std::string& xar, sim::PlayOptions options) {
  simtest::TempDir dir;
  options.behavior = dir.write("behavior.xar", xar);
  return playWith(options);
}

}  // namespace autolife::runtimetest
