// The Autolife service's behavior methods (docs/api.md, "Behaviors"): the
// diagram from the file's own coordinates, box states, the log of runs (the
// latest 20 per activity, run 0 the latest), breakpoints and faults and
// their refusals, the boxEvent signal. In virtual time, on the behavior
// view's fixture (tests/dashboard/behavior_fixture).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>

#include "autolife/behavior/converter.hpp"
#include "engine_fixture.hpp"

namespace {

using namespace autolife;
using autolife::simtest::EngineFixture;
using nlohmann::json;
using testing::HasSubstr;

const std::string kActivity = "view-fixture/sequence";

class BehaviorService : public EngineFixture {
protected:
  void SetUp() override {
    start();
    auto installed = engine().loadPackage(std::string(AUTOLIFE_SOURCE_DIR) + "/tests/dashboard/behavior_fixture/view-fixture");
    ASSERT_TRUE(installed.installed);
    engine().addActivity(simtest::activity({"demo/scripted", life::Nature::Solitary, "", {}, life::RunForever{}}));
  }
  // Focuses the activity at `t` and lets it run to its end.
  void runOnceAt(double t) {
    at(t, [&] { call("ALAutonomousLife.switchFocus", {kActivity}); });
    runTo(t + 1);
  }
};

TEST_F(BehaviorService, TheDiagramIsTheFilesBoxesAtTheirOwnPlaces) {
  auto d = call("Autolife.behaviorDiagram", {kActivity});
  EXPECT_EQ(d["format"], "xar3");
  EXPECT_THAT(d["file"].get<std::string>(), HasSubstr("sequence/behavior.xar"));
  const auto& root = d["root"];
  EXPECT_EQ(root["path"], "");
  const auto& top = root["timeline"]["layers"][0]["keyframes"][0]["diagram"];
  ASSERT_EQ(top["boxes"].size(), 4u);
  EXPECT_EQ(top["boxes"][0]["name"], "First");
  EXPECT_EQ(top["boxes"][0]["x"], 120);
  EXPECT_EQ(top["boxes"][0]["y"], 60);
  EXPECT_EQ(top["boxes"][0]["python"], true);
  EXPECT_EQ(top["boxes"][0]["inputs"][1], json({{"id", 2}, {"name", "onStart"}, {"nature", "onStart"}, {"inner", false}, {"tooltip", ""}}));
  EXPECT_EQ(top["links"][1], json({{"from", {1, 4}}, {"to", {3, 2}}}));
  const auto& group = top["boxes"][1];
  EXPECT_EQ(group["timeline"]["enable"], false);
  EXPECT_EQ(group["timeline"]["layers"][0]["keyframes"][0]["diagram"]["boxes"][0]["path"], "Group/Inner");
  const auto& wave = top["boxes"][3]["timeline"];
  EXPECT_EQ(wave["fps"], 25);
  EXPECT_EQ(wave["layers"][0]["keyframes"][1]["index"], 60);
  EXPECT_EQ(wave["curves"][0], json({{"actuator", "HeadYaw"}, {"mute", false}, {"frames", {25, 75}}}));
}

// The same boxes, places and links from libqicore's new format (the
// fixture converted) and from a split .xar of format 4.
TEST_F(BehaviorService, EveryFormatTheRuntimeReadsIsDrawnFromItsOwnCoordinates) {
  test::TempDir dir;
  const std::string xar = std::string(AUTOLIFE_SOURCE_DIR) + "/tests/dashboard/behavior_fixture/view-fixture/sequence/behavior.xar";
  ASSERT_TRUE(behavior::convertXar(xar, dir.path() / "converted").ok());
  engine().addActivity(simtest::activity({"test/converted", life::Nature::Solitary, "", {}, life::RunBehavior{(dir.path() / "converted").string()}}));
  engine().addActivity(simtest::activity({"test/format4", life::Nature::Solitary, "", {},
                                          life::RunBehavior{std::string(AUTOLIFE_SOURCE_DIR) + "/tests/behavior/fixtures/format4/behavior.xar"}}));
  // Every box's name, path, place and ports, and every link, diagram by diagram.
  std::function<json(const json&)> drawn = [&](const json& box) {
    json out = {box["name"], box["path"], box["x"], box["y"], box["inputs"], box["outputs"]};
    if (box["timeline"].is_null()) return out;
    for (const auto& layer : box["timeline"]["layers"])
      for (const auto& k : layer["keyframes"]) {
        out.push_back(k["diagram"]["links"]);
        for (const auto& b : k["diagram"]["boxes"]) out.push_back(drawn(b));
      }
    return out;
  };
  auto fromXar = call("Autolife.behaviorDiagram", {kActivity});
  auto fromNew = call("Autolife.behaviorDiagram", {"test/converted"});
  EXPECT_EQ(fromNew["format"], "new");
  EXPECT_EQ(drawn(fromNew["root"]), drawn(fromXar["root"]));
  auto format4 = call("Autolife.behaviorDiagram", {"test/format4"});
  EXPECT_EQ(format4["format"], "xar4");
  std::vector<std::string> places;
  std::function<void(const json&)> walk = [&](const json& box) {
    if (box["path"] != "") places.push_back(box["path"].get<std::string>() + "@" + box["x"].dump() + "," + box["y"].dump());
    if (!box["timeline"].is_null())
      for (const auto& layer : box["timeline"]["layers"])
        for (const auto& k : layer["keyframes"])
          for (const auto& b : k["diagram"]["boxes"]) walk(b);
  };
  walk(format4["root"]);
  EXPECT_THAT(places, testing::IsSupersetOf({"Say hello@100,70", "Say bye@100,70"}));
}

TEST_F(BehaviorService, StatesBeforeAnyRunThenTheLastRunsAndItsLog) {
  EXPECT_EQ(call("Autolife.behaviorState", {kActivity}),
            json({{"run", 0}, {"paused", false},
                  {"boxes", {{"First", "idle"}, {"Group", "idle"}, {"Group/Inner", "idle"}, {"Second", "idle"}, {"Wave", "idle"}}}}));
  EXPECT_EQ(refusal("Autolife.behaviorLog", {kActivity, 0}), "unknown-run");
  runOnceAt(1);
  auto state = call("Autolife.behaviorState", {kActivity});
  EXPECT_EQ(state["run"], 1);
  EXPECT_EQ(state["boxes"]["Second"], "idle");
  auto log = call("Autolife.behaviorLog", {kActivity, 0});
  ASSERT_FALSE(log.empty());
  EXPECT_EQ(log[0], json({{"t", 1.0}, {"box", ""}, {"event", "input"}, {"detail", "onStart"}}));
  std::vector<std::string> starts;
  for (const auto& e : log)
    if (e["event"] == "start" && e["box"] != "") starts.push_back(e["box"]);
  EXPECT_EQ(starts, (std::vector<std::string>{"First", "Wave", "Group", "Group/Inner", "Second"}));
  EXPECT_EQ(call("Autolife.behaviorLog", {kActivity, 1}), log) << "run 1 is the latest";
}

TEST_F(BehaviorService, TheLatest20RunsAreKept) {
  for (int i = 0; i < 22; ++i) runOnceAt(1 + 2 * i);
  auto runs = call("Autolife.behaviorRuns", {kActivity});
  ASSERT_EQ(runs.size(), 20u);
  EXPECT_EQ(runs[0]["run"], 22);
  EXPECT_EQ(runs[0]["end"], "finished");
  EXPECT_EQ(runs[19]["run"], 3);
  EXPECT_EQ(refusal("Autolife.behaviorLog", {kActivity, 2}), "unknown-run");
  EXPECT_EQ(call("Autolife.behaviorLog", {kActivity, 3})[0]["t"], 5.0);
}

TEST_F(BehaviorService, RefusalsSayWhy) {
  EXPECT_EQ(refusal("Autolife.behaviorState", {"nobody/here"}), "unknown-activity");
  EXPECT_EQ(refusal("Autolife.setBreakpoint", {"nobody/here", "First", "onStart"}), "unknown-activity");
  EXPECT_EQ(refusal("Autolife.setBreakpoint", {kActivity, "Nowhere", "onStart"}), "unknown-box");
  EXPECT_EQ(refusal("Autolife.setBreakpoint", {kActivity, "", "onStart"}), "unknown-box") << "the root is no box";
  EXPECT_EQ(refusal("Autolife.setBreakpoint", {kActivity, "First", "onGo"}), "unknown-input");
  EXPECT_EQ(refusal("Autolife.clearBreakpoint", {kActivity, "Inner", "onStart"}), "unknown-box") << "a path, not a name";
  EXPECT_EQ(refusal("Autolife.injectFault", {kActivity, "First", "explode"}), "unknown-fault");
  EXPECT_EQ(refusal("Autolife.injectFault", {kActivity, "Group/Nothing", "skip"}), "unknown-box");
  EXPECT_EQ(refusal("Autolife.resume", {kActivity}), "not-paused");
  EXPECT_EQ(refusal("Autolife.behaviorDiagram", {"demo/scripted"}), "not-a-behavior");
  try {
    call("Autolife.setBreakpoint", {kActivity, "First", "onGo"});
    ADD_FAILURE() << "an unknown input is refused";
  } catch (const service::CallError& e) {
    EXPECT_THAT(e.what(), HasSubstr("box 'First' has no input 'onGo' (its inputs: 'onLoad', 'onStart', 'onStop')"));
  }
}

TEST_F(BehaviorService, BreakpointsAndFaultsAreListedAndKeptForTheNextRuns) {
  EXPECT_EQ(call("Autolife.setBreakpoint", {kActivity, "Group/Inner", "onStart"}), true);
  EXPECT_EQ(call("Autolife.injectFault", {kActivity, "Second", "skip"}), true);
  EXPECT_EQ(call("Autolife.behaviorControls", {kActivity}),
            json({{"paused", false},
                  {"breakpoints", {{{"box", "Group/Inner"}, {"input", "onStart"}}}},
                  {"faults", {{{"box", "Second"}, {"kind", "skip"}}}}}));
  runOnceAt(1);
  auto state = call("Autolife.behaviorState", {kActivity});
  EXPECT_EQ(state["paused"], true);
  EXPECT_EQ(state["boxes"]["Group/Inner"], "paused");
  EXPECT_EQ(state["boxes"]["Group"], "running");
  EXPECT_EQ(call("Autolife.behaviorControls", {kActivity})["paused"], true);
  EXPECT_EQ(call("Autolife.clearBreakpoint", {kActivity, "Group/Inner", "onStart"}), true);
  EXPECT_EQ(call("Autolife.clearBreakpoint", {kActivity, "Group/Inner", "onStart"}), false) << "none any more";
  std::vector<json> events;
  engine().services.find("Autolife")->emitted.connect([&](const std::string& name, const service::Any& v) {
    if (name == "boxEvent") events.push_back(test::jsonOf(v));
  });
  at(3, [&] { call("Autolife.resume", {kActivity}); });
  runTo(4);
  EXPECT_EQ(events.at(0), json({kActivity, "Group/Inner", "input", "onStart"}));
  EXPECT_THAT(events, testing::Contains(json({kActivity, "Second", "output", "onStopped"}))) << "skipped";
  EXPECT_EQ(call("Autolife.behaviorControls", {kActivity})["faults"], json::array()) << "taken";
  EXPECT_EQ(call("Autolife.behaviorState", {kActivity})["paused"], false);
  EXPECT_EQ(focused(), "") << "the behavior ended";
}

}  // namespace
