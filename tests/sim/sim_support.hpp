// Helpers for the simulator's tests: parse a scenario written in the test,
// run it and keep its records, write package folders into a temporary
// directory. Everything runs in virtual time.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "autolife/core/diagnostic.hpp"
#include "autolife/sim/scenario.hpp"
#include "autolife/sim/simulator.hpp"
#include "files.hpp"

namespace autolife::simtest {

// 2026-01-05T09:00:00Z, the default wall clock at t=0 (docs/life.md).
inline constexpr std::int64_t kDefaultStart = 1767603600;

inline std::string formatAll(const std::vector<core::Diagnostic>& problems) {
  std::string all;
  for (const auto& d : problems) all += d.format() + "\n";
  return all;
}

// A scenario that must load; a test failure (with the problems) otherwise.
inline sim::Scenario parse(const std::string& yaml, const std::string& file = "/scenarios/test.yaml",
                           const std::string& base = "/scenarios") {
  auto loaded = sim::parseScenario(yaml, file, base);
  if (auto* problems = std::get_if<std::vector<core::Diagnostic>>(&loaded)) {
    ADD_FAILURE() << "the scenario did not load:\n" << formatAll(*problems) << "---\n" << yaml;
    return {};
  }
  return std::get<sim::Scenario>(loaded);
}

// The problems of a scenario that must not load (empty, with a test
// failure, if it loads).
inline std::vector<core::Diagnostic> problems(const std::string& yaml, const std::string& file = "/scenarios/bad.yaml") {
  auto loaded = sim::parseScenario(yaml, file, "/scenarios");
  if (std::holds_alternative<sim::Scenario>(loaded)) {
    ADD_FAILURE() << "the scenario loaded, a problem was expected:\n" << yaml;
    return {};
  }
  return std::get<std::vector<core::Diagnostic>>(loaded);
}

// "line:column" of each problem.
inline std::vector<std::string> places(const std::vector<core::Diagnostic>& problems) {
  std::vector<std::string> out;
  for (const auto& d : problems) out.push_back(std::to_string(d.line) + ":" + std::to_string(d.column));
  return out;
}

struct Outcome {
  sim::SimulationResult result;
  std::vector<sim::Record> records;

  // Each record as the JSON line --json prints (compact).
  std::vector<std::string> lines() const {
    std::vector<std::string> out;
    for (const auto& r : records) out.push_back(r.json.dump());
    return out;
  }
  // The records that have `field` (event, signal, call, activity, problem, expect).
  std::vector<nlohmann::ordered_json> having(const std::string& field) const {
    std::vector<nlohmann::ordered_json> out;
    for (const auto& r : records)
      if (r.json.contains(field)) out.push_back(r.json);
    return out;
  }
  std::vector<std::string> linesHaving(const std::string& field) const {
    std::vector<std::string> out;
    for (const auto& j : having(field)) out.push_back(j.dump());
    return out;
  }
  // The records at time t (seconds).
  std::vector<std::string> linesAt(double t) const {
    std::vector<std::string> out;
    for (const auto& r : records)
      if (r.json["t"].get<double>() == t) out.push_back(r.json.dump());
    return out;
  }
  // The result of the only call to `method` at time t.
  nlohmann::ordered_json callAt(double t, const std::string& method) const {
    for (const auto& r : records)
      if (r.json.contains("call") && r.json["call"] == method && r.json["t"].get<double>() == t) return r.json;
    ADD_FAILURE() << "no call to " << method << " at t=" << t;
    return {};
  }
};

inline Outcome run(const sim::Scenario& scenario, sim::SimulationOptions options = {}) {
  Outcome o;
  o.result = sim::simulate(scenario, options, [&](const sim::Record& r) { o.records.push_back(r); });
  return o;
}

inline Outcome run(const std::string& yaml, sim::SimulationOptions options = {}) { return run(parse(yaml), options); }

using autolife::test::TempDir;

// One behaviorContent of a manifest.
struct BehaviorSpec {
  std::string path = ".";
  std::string nature = "solitary";  // "" for a plain behavior
  std::string condition;            // "" for none
  bool canRunOnPod = false;
};

inline std::string manifest(const std::string& uuid, const std::vector<BehaviorSpec>& behaviors) {
  std::string m = "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<package uuid=\"" + uuid +
                  "\" version=\"1.0.0\">\n    <names><name lang=\"en_US\">" + uuid + "</name></names>\n    <contents>\n";
  for (const auto& b : behaviors) {
    m += "        <behaviorContent path=\"" + b.path + "\">\n";
    m += "            <nature>" + b.nature + "</nature>\n";
    if (!b.condition.empty())
      m += "            <autonomous><condition purpose=\"launchTrigger\"><![CDATA[" + b.condition +
           "]]></condition></autonomous>\n";
    if (b.canRunOnPod) m += "            <permissions><canRunOnPod/></permissions>\n";
    m += "        </behaviorContent>\n";
  }
  m += "    </contents>\n</package>\n";
  return m;
}

// A behavior that runs until it is stopped: a root box whose onStart leads nowhere.
inline const char* kUntilStoppedXar =
    "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<ChoregrapheProject xar_version=\"3\">\n"
    "<Box name=\"root\" id=\"-1\">\n"
    "<Input name=\"onLoad\" type=\"1\" type_size=\"1\" nature=\"0\" inner=\"1\" id=\"1\" />\n"
    "<Input name=\"onStart\" type=\"1\" type_size=\"1\" nature=\"2\" inner=\"0\" id=\"2\" />\n"
    "<Input name=\"onStop\" type=\"1\" type_size=\"1\" nature=\"3\" inner=\"0\" id=\"3\" />\n"
    "<Output name=\"onStopped\" type=\"1\" type_size=\"1\" nature=\"1\" inner=\"0\" id=\"4\" />\n"
    "</Box>\n</ChoregrapheProject>\n";

// Writes a package folder `<dir>/<folder>/` with its manifest and, in each
// behavior's folder, a behavior.xar that runs until stopped; returns the folder.
inline std::filesystem::path writePackage(const TempDir& dir, const std::string& folder, const std::string& uuid,
                                          const std::vector<BehaviorSpec>& behaviors) {
  dir.write(folder + "/manifest.xml", manifest(uuid, behaviors));
  for (const auto& b : behaviors)
    dir.write(folder + "/" + (b.path == "." ? std::string() : b.path + "/") + "behavior.xar",
              kUntilStoppedXar);
  return dir.path() / folder;
}

// Zips a package folder's contents (manifest at the archive's root) into `pkg`.
inline void zipFolder(const std::filesystem::path& folder, const std::filesystem::path& pkg) {
  const std::string command = "cd '" + folder.string() + "' && zip -q -r '" + pkg.string() + "' . >/dev/null 2>&1";
  if (std::system(command.c_str()) != 0) throw std::runtime_error("zip failed: " + command);
}

}  // namespace autolife::simtest
