// What the dashboard's World and Box logs panels and its cards read (issue
// 32, "Say what is happening"), in virtual time: the world placed by hand
// as a scenario places it (people, battery, charging, a touch), refused for
// bad input; the boxes' logs (self.logger, ALLogger) and the idle note,
// kept and signalled; an activity's app name and its idle behavior.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "../runtime/runtime_support.hpp"
#include "engine_fixture.hpp"

namespace {

using namespace autolife;
using autolife::simtest::EngineFixture;
using nlohmann::json;
using ::testing::HasSubstr;

class DashboardPanels : public EngineFixture {};

TEST_F(DashboardPanels, TheWorldIsPlacedByHandAsAScenarioPlacesIt) {
  start();
  at(1, [&] {
    auto w = call("Autolife.setPeople", {json::array({{{"id", "ann"}, {"distance", 0.8}, {"angle", 30}, {"looking", true}}})});
    EXPECT_EQ(w["people"][0]["id"], "ann");
    EXPECT_EQ(w["people"][0]["distance"], 0.8);
  });
  EXPECT_EQ(key("Launchpad/NumPeopleZone1"), 1);
  at(2, [&] { call("Autolife.setWorld", {{{"battery", 20}, {"charging", true}}}); });
  EXPECT_EQ(call("ALBattery.getBatteryCharge"), 20);
  EXPECT_EQ(key("Launchpad/BatteryIsCharging"), true);
  auto w = call("Autolife.world");
  EXPECT_EQ(w["battery"], 20.0);
  EXPECT_EQ(w["charging"], true);
  EXPECT_EQ(w["onPod"], false);
  EXPECT_EQ(w["simulated"], true);
  EXPECT_THAT(w["touchSensors"].dump(), HasSubstr("Head/Touch/Front"));
  at(3, [&] { EXPECT_EQ(call("Autolife.touch", {"FrontTactil", 0.5}), true); });
  EXPECT_EQ(key("FrontTactilTouched"), 1.0);
  runTo(3.5);
  EXPECT_EQ(key("FrontTactilTouched"), 0.0);
  EXPECT_EQ(call("Autolife.touch", {"BackBumper", 0.5}), false) << "a NAO has no back bumper";
  // Bad input is refused with the reason, and changes nothing.
  EXPECT_EQ(refusal("Autolife.setPeople", {json::array({{{"distance", 1}}})}), "bad-argument");
  EXPECT_EQ(refusal("Autolife.setWorld", {{{"battery", 120}}}), "bad-argument");
  EXPECT_EQ(refusal("Autolife.setWorld", {{{"posture", "Sit"}}}), "bad-argument");
  EXPECT_EQ(refusal("Autolife.touch", {"FrontTactil", 0}), "bad-argument");
  EXPECT_EQ(call("Autolife.world")["people"].size(), 1u);
}

// A package whose activity logs (self.logger, ALLogger) and then idles,
// waiting for a touch.
const std::string kLogsThenIdles = runtimetest::behaviorXar(
    runtimetest::pythonBox("Wait", 1,
                           "    def onInput_onStart(self):\n"
                           "        self.logger.info(\"waiting for a touch\")\n"
                           "        ALProxy(\"ALLogger\").error(\"Sensors\", \"nothing to read\")\n"
                           "        ALProxy(\"ALMemory\").subscribeToEvent(\"FrontTactilTouched\", self.getName(), \"onTouch\")\n"
                           "    def onTouch(self, key, value, message):\n"
                           "        pass\n") +
    runtimetest::link(1, 2, 0, 2));

TEST_F(DashboardPanels, BoxLogsAndAnIdleBehaviorAreKeptSignalledAndOnTheCard) {
  simtest::TempDir dir;
  simtest::writePackage(dir, "pk", "pk", {{".", "solitary", "'go' == 1"}});
  dir.write("pk/behavior.xar", kLogsThenIdles);
  start();
  ASSERT_TRUE(engine().loadPackage(dir.path() / "pk").installed);
  std::vector<json> signalled;
  engine().services.find("Autolife")->emitted.connect([&](const std::string& name, const service::Any& v) {
    if (name == "log") signalled.push_back(test::jsonOf(v));
  });
  auto card = [&] { return call("Autolife.activities")[0]; };
  EXPECT_EQ(card()["app"], "pk");
  EXPECT_EQ(card()["behavior"], true) << "its behavior.xar: the card links to the behavior view";
  EXPECT_TRUE(card()["idle"].is_null()) << "not running";
  at(1, [&] { call("ALMemory.insertData", {"go", 1}); });
  runTo(2);
  ASSERT_EQ(focused(), "pk/.");
  auto logs = call("Autolife.logs");
  ASSERT_EQ(logs.size(), 3u) << logs.dump();
  EXPECT_EQ(logs[0]["activity"], "pk/.");
  EXPECT_EQ(logs[0]["box"], "Wait");
  EXPECT_EQ(logs[0]["level"], "info");
  EXPECT_EQ(logs[0]["message"], "waiting for a touch");
  EXPECT_EQ(logs[1]["box"], "Sensors");  // ALLogger's module
  EXPECT_EQ(logs[1]["level"], "error");
  EXPECT_EQ(logs[2]["level"], "warning");
  EXPECT_THAT(logs[2]["message"].get<std::string>(), HasSubstr("idle: no box runs; still waiting: Wait: listens to "
                                                                "ALMemory 'FrontTactilTouched'"));
  EXPECT_EQ(signalled, std::vector<json>(logs.begin(), logs.end()));
  const auto idle = card()["idle"];
  ASSERT_FALSE(idle.is_null());
  EXPECT_EQ(idle["waiting"], json::parse(R"([{"box": "Wait", "for": "listens to ALMemory 'FrontTactilTouched'"}])"));
  // Touched: its callback runs, and it is idle again, waiting for the same: nothing new is said.
  at(3, [&] { call("Autolife.touch", {"FrontTactil", 0.2}); });
  runTo(4);
  EXPECT_EQ(call("Autolife.logs").size(), 3u);
  EXPECT_FALSE(card()["idle"].is_null());
}

}  // namespace
