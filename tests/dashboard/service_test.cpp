// The `Autolife` service the dashboard reads (docs/api.md, docs/dashboard.md):
// every activity with its launch trigger explained at the instant of the
// call and why it is not focused, a failed run's problem, memory as key,
// type, value and time, and the snapshot of everything. In virtual time.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/engine/autolife_service.hpp"
#include "engine_fixture.hpp"

namespace {

using namespace autolife;
using autolife::simtest::ActivitySpec;
using autolife::simtest::EngineFixture;
using nlohmann::json;

class AutolifeService : public EngineFixture {
protected:
  json activity(const std::string& name) {
    for (const auto& a : call("Autolife.activities"))
      if (a["name"] == name) return a;
    ADD_FAILURE() << "no activity " << name;
    return {};
  }
};

TEST_F(AutolifeService, ListsEveryActivityWithWhatLifeKnowsOfIt) {
  start(launchpad::RobotModel::Nao, {{"demo/visit", life::Nature::Interactive, "'Visitor' >= 1", {}, life::RunForever{}},
                                     {"demo/manual", life::Nature::Solitary, "", {}, life::RunForever{}}});
  auto list = call("Autolife.activities");
  ASSERT_EQ(list.size(), 2u);
  auto visit = activity("demo/visit");
  EXPECT_EQ(visit["nature"], "interactive");
  EXPECT_EQ(visit["launchTrigger"], "'Visitor' >= 1");
  EXPECT_TRUE(visit["problem"].is_null());
  EXPECT_EQ(visit["suggested"], false);
  EXPECT_EQ(visit["focused"], false);
  EXPECT_EQ(visit["stacked"], false);
  EXPECT_EQ(visit["violations"], json::array());
  EXPECT_EQ(visit["unresolved"], json::array()) << "no service operand";
  EXPECT_EQ(visit["behavior"], false) << "it runs no behavior: no behavior view";
  EXPECT_TRUE(activity("demo/manual")["explanation"].is_null()) << "no trigger, nothing to explain";
}

TEST_F(AutolifeService, ExplainsTheTriggerNowWithEverySubExpression) {
  start(launchpad::RobotModel::Nao, {{"demo/visit", life::Nature::Solitary, "'Visitor' >= 1 && 'Door' == \"open\"", {}, life::RunForever{}}});
  at(1, [&] { call("ALMemory.insertData", {"Visitor", 2}); });
  auto e = activity("demo/visit")["explanation"];
  EXPECT_EQ(e["value"], false);
  EXPECT_DOUBLE_EQ(e["t"].get<double>(), 1.0);
  const auto& tree = e["tree"];
  ASSERT_EQ(tree["children"].size(), 2u);
  EXPECT_EQ(tree["children"][0]["expression"], "'Visitor' >= 1");
  EXPECT_EQ(tree["children"][0]["value"], true);
  EXPECT_EQ(tree["children"][1]["value"], false);

  at(2, [&] { call("ALMemory.insertData", {"Door", "open"}); });
  auto now = activity("demo/visit");
  EXPECT_EQ(now["explanation"]["value"], true);
  EXPECT_EQ(now["focused"], true);
  EXPECT_EQ(now["suggested"], true);
}

TEST_F(AutolifeService, ShowsATimeOperatorsProgress) {
  start(launchpad::RobotModel::Nao, {{"demo/wait", life::Nature::Solitary, "('Visitor' >= 1) ~ 3", {}, life::RunForever{}}});
  at(1, [&] { call("ALMemory.insertData", {"Visitor", 1}); });
  runTo(2.5);
  auto tree = call("Autolife.explainLaunchTrigger", {"demo/wait"})["tree"];
  ASSERT_TRUE(tree.contains("temporal")) << tree.dump();
  EXPECT_EQ(tree["temporal"]["operator"], "~");
  EXPECT_DOUBLE_EQ(tree["temporal"]["held"].get<double>(), 1.5);
  EXPECT_DOUBLE_EQ(tree["temporal"]["remaining"].get<double>(), 1.5);
  EXPECT_THAT(tree["note"].get<std::string>(), ::testing::HasSubstr("true for 1.5 s of 3 s"));
  EXPECT_EQ(focused(), "");
  runTo(4);
  EXPECT_EQ(focused(), "demo/wait");
}

TEST_F(AutolifeService, AnUnknownActivityIsRefused) {
  start();
  EXPECT_EQ(refusal("Autolife.explainLaunchTrigger", {"nobody/here"}), "unknown-activity");
}

TEST_F(AutolifeService, MemoryGivesKeyTypeValueAndTimeOfTheKeysMatchingTheFilter) {
  start();
  at(1.5, [&] {
    call("ALMemory.insertData", {"Dashboard/Count", 1.0});
    call("ALMemory.raiseEvent", {"Dashboard/Touched", "head"});
  });
  auto list = call("Autolife.memory", {"Dashboard/"});
  ASSERT_EQ(list.size(), 2u) << list.dump();
  EXPECT_EQ(list[0], json::parse(R"({"key": "Dashboard/Count", "type": "Data", "value": 1.0, "t": 1.5})"));
  EXPECT_EQ(list[0]["value"].dump(), "1.0") << "a float stays a float";
  EXPECT_EQ(list[1]["type"], "Event");
  EXPECT_EQ(list[1]["value"], "head");
  EXPECT_GT(call("Autolife.memory", {""}).size(), 2u) << "an empty filter lists every key";
}

TEST_F(AutolifeService, WhyNotAnswersAsSimulateExplainPrintsIt) {
  start(launchpad::RobotModel::Nao, {{"pkg/act", life::Nature::Solitary, "'go'", {}, life::RunForever{}},
                                     {"other/act", life::Nature::Solitary, "'go'", {}, life::RunForever{}}});
  at(1, [&] { call("ALAutonomousLife.switchFocus", {"pkg/act"}); });
  at(2, [&] { call("ALAutonomousLife.stopFocus"); });
  at(3, [&] { call("ALMemory.insertData", {"go", true}); });
  ASSERT_EQ(focused(), "other/act");
  EXPECT_EQ(call("Autolife.whyNot", {"pkg/act"}),
            json::parse(R"({"t": 3.0, "why-not": "pkg/act", "reason": "lost-priority",
                            "message": "other/act has never been focused", "focused": "other/act",
                            "rule": "least-recently-focused"})"));
  EXPECT_TRUE(call("Autolife.whyNot", {"other/act"}).is_null()) << "the focused activity has no why-not";
  EXPECT_EQ(activity("pkg/act")["whyNot"]["reason"], "lost-priority");
  EXPECT_TRUE(activity("other/act")["whyNot"].is_null());
  EXPECT_EQ(refusal("Autolife.whyNot", {"nobody/here"}), "unknown-activity");
}

TEST_F(AutolifeService, AFailedRunIsTheActivitysProblemUntilARunEndsWell) {
  start(launchpad::RobotModel::Nao, {{"demo/broken", life::Nature::Solitary, "'go'", {}, life::RunUntil{"(("}}});
  at(2, [&] { call("ALMemory.insertData", {"go", true}); });
  auto a = activity("demo/broken");
  ASSERT_TRUE(a["failure"].is_object()) << a.dump();
  EXPECT_DOUBLE_EQ(a["failure"]["t"].get<double>(), 2.0);
  EXPECT_THAT(a["failure"]["message"].get<std::string>(), ::testing::StartsWith("its run condition does not compile"));
  EXPECT_EQ(a["problem"], "its last run failed at t=2.0: " + a["failure"]["message"].get<std::string>());
  EXPECT_EQ(a["whyNot"]["reason"], "relaunch-delay");
  EXPECT_EQ(lastStop(), "demo/broken/error");
  EXPECT_EQ(transitions.back()["PreviousActivityError"], a["failure"]["message"]);
}

TEST_F(AutolifeService, TheSnapshotHoldsEveryPanelAtOneInstant) {
  start(launchpad::RobotModel::Nao, {{"demo/visit", life::Nature::Solitary, "'Visitor' >= 1", {}, life::RunForever{}}});
  at(1, [&] { call("ALMemory.insertData", {"Visitor", 1}); });
  auto s = call("Autolife.snapshot", {"Visitor"});
  EXPECT_DOUBLE_EQ(s["t"].get<double>(), 1.0);
  EXPECT_EQ(s["lifeTime"], call("ALAutonomousLife.getLifeTime"));
  EXPECT_EQ(s["state"], "solitary");
  EXPECT_EQ(s["focused"], "demo/visit");
  EXPECT_EQ(s["stack"], json::array());
  EXPECT_EQ(s["suggestions"], json::array({"demo/visit"}));
  EXPECT_EQ(s["abilities"], call("ALAutonomousLife.getAutonomousAbilitiesStatus"));
  EXPECT_EQ(s["safeguards"].size(), 5u);
  EXPECT_EQ(s["safeguards"]["RobotFell"], true);
  EXPECT_EQ(s["activities"], call("Autolife.activities"));
  EXPECT_EQ(s["stateHistory"], call("ALAutonomousLife.getStateHistory"));
  EXPECT_EQ(s["focusHistory"], call("ALAutonomousLife.getFocusHistory"));
  EXPECT_EQ(s["statistics"], call("ALAutonomousLife.getActivityStatistics"));
  EXPECT_EQ(s["packages"], call("PackageManager.packages"));
  EXPECT_EQ(s["memory"], call("Autolife.memory", {"Visitor"}));
  ASSERT_EQ(s["transitions"].size(), 1u);
  EXPECT_EQ(s["transitions"][0], transitions.back());
}

TEST_F(AutolifeService, TheSnapshotKeepsTheLatestTransitionsOldestFirst) {
  start(launchpad::RobotModel::Nao, {{"demo/a", life::Nature::Solitary, "", {}, life::RunForever{}}});
  for (int i = 0; i < 60; ++i) {
    at(i + 1, [&] { call("ALAutonomousLife.switchFocus", {"demo/a"}); });
    at(i + 1.5, [&] { call("ALAutonomousLife.stopFocus"); });
  }
  auto kept = call("Autolife.snapshot", {""})["transitions"];
  ASSERT_EQ(kept.size(), engine::kTransitionsKept);
  EXPECT_EQ(kept.back(), transitions.back());
  EXPECT_EQ(kept.front(), transitions[transitions.size() - engine::kTransitionsKept]);
}

}  // namespace
