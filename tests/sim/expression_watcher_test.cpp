// ALExpressionWatcher on the conditions engine (docs/conditions.md,
// "ALExpressionWatcher"; src/engine/expression_watcher.cpp): add(expression,
// report_mode) hands out an object whose signal reports as the mode says, in
// virtual time, with the launch triggers' language and service operands.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "autolife/service/object.hpp"
#include "engine_fixture.hpp"

namespace autolife::simtest {
namespace {

using nlohmann::json;

class ExpressionWatcher : public EngineFixture {
protected:
  // ALExpressionWatcher.add through the registry, as a box or a qi client
  // calls it; every report recorded as "t:value".
  std::shared_ptr<service::Service> add(const std::string& expression, int mode) {
    auto object = service::objectOf(engine().services.call("ALExpressionWatcher", "add", {expression, mode}));
    EXPECT_TRUE(object) << "add hands out an object";
    object->emitted.connect([this](const std::string& signal, const service::Any& v) {
      if (signal == "signal") reports.push_back(seconds() + ":" + test::jsonOf(v).dump());
    });
    return object;
  }
  std::string seconds() {
    const double t = core::toSeconds(engine().clock.now());
    return json(t).dump();
  }
  void set(double t, const std::string& key, const json& value) {
    at(t, [&] { engine().memory.insertData(key, test::anyOf(value)); });
  }
  std::vector<std::string> reports;
};

using Reports = std::vector<std::string>;

TEST_F(ExpressionWatcher, AnyChangeReportsEveryNewValue) {
  start();
  set(0, "k", 0);
  auto watch = add("'k' * 10", 0);
  set(1, "k", 1);
  set(2, "k", 1);  // the same value: no change
  set(3, "k", 2);
  EXPECT_EQ(reports, (Reports{"1.0:10", "3.0:20"}));
  EXPECT_EQ(test::jsonOf(watch->call("getValue", {})), 20);
  EXPECT_EQ(test::jsonOf(watch->call("getExpression", {})), "'k' * 10");
  EXPECT_EQ(test::jsonOf(watch->call("getReportMode", {})), 0);
}

TEST_F(ExpressionWatcher, AnyEdgeReportsChangesOfTruthOnly) {
  start();
  set(0, "k", 1);
  auto watch = add("'k' > 5", 1);
  set(1, "k", 7);
  set(2, "k", 8);  // still true
  set(3, "k", 2);
  EXPECT_EQ(reports, (Reports{"1.0:true", "3.0:false"}));
}

TEST_F(ExpressionWatcher, RisingEdgeReportsBecomingTrueAtTheTimeOperatorsInstant) {
  start();
  set(0, "LeftBumperPressed", 0);
  // The SDK's sample: held 5 s, then let go (seen 0.1 s later).
  auto watch = add("!'LeftBumperPressed' && ('LeftBumperPressed' ~ 5 @ 0.1)", 2);
  set(1, "LeftBumperPressed", 1);
  set(3, "LeftBumperPressed", 0);  // held 2 s only
  set(4, "LeftBumperPressed", 1);
  set(10, "LeftBumperPressed", 0);  // held 6 s
  runTo(20);
  EXPECT_EQ(reports, (Reports{"10.0:true"}));
}

TEST_F(ExpressionWatcher, AnExpressionAlreadyTrueIsNoRisingEdge) {
  start();
  set(0, "k", 1);
  auto watch = add("'k' == 1", 2);
  set(1, "k", 1);
  EXPECT_TRUE(reports.empty());
  set(2, "k", 0);
  set(3, "k", 1);
  EXPECT_EQ(reports, (Reports{"3.0:true"}));
}

TEST_F(ExpressionWatcher, ABangReportsItsPulseInEachMode) {
  start();
  auto change = add("bang('myEvent')", 0);
  auto rising = add("bang('myEvent')", 2);
  at(1, [&] { engine().memory.raiseEvent("myEvent", 1); });
  // true then false at the same instant for any change; once for a rising edge.
  EXPECT_EQ(reports, (Reports{"1.0:true", "1.0:true", "1.0:false"}));
}

TEST_F(ExpressionWatcher, ABadExpressionIsRefusedWithWhereAndWhy) {
  start();
  const auto loaded = engine().monitor.size();
  try {
    engine().services.call("ALExpressionWatcher", "add", {"'k' >", 0});
    FAIL() << "refused";
  } catch (const service::CallError& e) {
    EXPECT_EQ(e.reason(), "bad-expression");
    const std::string what = e.what();
    EXPECT_TRUE(what.starts_with("ALExpressionWatcher.add: 1:6: ")) << what;
    EXPECT_NE(what.find("\n  'k' >\n       ^"), std::string::npos) << what;
  }
  EXPECT_EQ(refusal("ALExpressionWatcher.add", {"'k' > 1", 3}), "bad-argument");
  EXPECT_EQ(engine().monitor.size(), loaded) << "nothing was loaded for either";
  EXPECT_TRUE(call("ALExpressionWatcher.watched").empty());
}

TEST_F(ExpressionWatcher, ItIsExplainedLikeATrigger) {
  start();
  set(0, "k", 1);
  auto watch = add("('k' == 1) ~ 3", 2);
  runTo(1);
  const json explained = test::jsonOf(watch->call("explain", {}));
  EXPECT_EQ(explained["value"], false);
  EXPECT_NE(explained["tree"]["note"].get<std::string>().find("of 3 s"), std::string::npos) << explained.dump();
  const json watched = call("ALExpressionWatcher.watched");
  ASSERT_EQ(watched.size(), 1u);
  EXPECT_EQ(watched[0]["expression"], "('k' == 1) ~ 3");
  EXPECT_EQ(watched[0]["reportModeName"], "rising edge");
  EXPECT_EQ(watched[0]["explanation"]["tree"]["note"], explained["tree"]["note"]);
  runTo(3);
  EXPECT_EQ(reports, (Reports{"3.0:true"}));
}

TEST_F(ExpressionWatcher, DroppingTheObjectStopsTheWatch) {
  start();
  const auto loaded = engine().monitor.size();
  auto watch = add("'k'", 0);
  EXPECT_EQ(engine().monitor.size(), loaded + 1);
  watch.reset();
  EXPECT_EQ(engine().monitor.size(), loaded);
  set(1, "k", 5);
  EXPECT_TRUE(reports.empty());
  EXPECT_TRUE(call("ALExpressionWatcher.watched").empty());
}

TEST_F(ExpressionWatcher, ALMoodAttentionFollowsTheSimulatedPeople) {
  start(launchpad::RobotModel::Pepper);
  // The SDK's Empathetic Listener sample's condition.
  auto watch = add("(ALMood.attention == \"fullyEngaged\") ~ 3", 2);
  launchpad::Person alice;
  alice.id = "alice";
  alice.distance = 1.0;
  at(1, [&] { engine().world.setPeople({alice}); });
  EXPECT_EQ(call("ALMood.attention"), "semiEngaged");
  alice.looking = true;
  at(2, [&] { engine().world.setPeople({alice}); });
  EXPECT_EQ(key("ALMood.attention"), "fullyEngaged");
  runTo(10);
  EXPECT_EQ(reports, (Reports{"5.0:true"}));
}

}  // namespace
}  // namespace autolife::simtest
