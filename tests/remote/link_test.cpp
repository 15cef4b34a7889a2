// RobotLink on an engine in this process, the robot a served autolife in
// another: the robot's services replace the simulated ones, the engine's
// own stay, the model is the robot's, and the memory keys the launch
// triggers read are mirrored, until the robot goes.
#include <algorithm>
#include <gmock/gmock.h>

#include "autolife/core/value_json.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/remote/robot_link.hpp"
#include "autolife/robot/simulated_robot.hpp"
#include "autolife/service/service.hpp"
#include "remote_support.hpp"

namespace autolife::remotetest {
namespace {

using nlohmann::json;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

remote::LinkOptions linkTo(const std::string& url, bool mirror, std::function<void(const std::string&)> report = {}) {
  remote::LinkOptions o;
  o.connection.url = url;
  o.mirrorMemory = mirror;
  o.report = std::move(report);
  return o;
}

// The names a robot's own services replace: every service the simulated
// robot registers, modelled or a catalog stub, and none of the engine's own.
TEST(RobotLink, TheSimulatedRobotsServiceNamesAreItsServices) {
  core::VirtualClock clock;
  engine::Engine engine(clock);
  const auto& names = robot::SimulatedRobot::serviceNames();
  for (const auto& s : engine.robot.makeServices())
    EXPECT_NE(std::find(names.begin(), names.end(), s->name()), names.end()) << s->name();
  for (const auto& name : names) EXPECT_NE(engine.services.find(name), nullptr) << name;
  for (const auto& own : robot::SimulatedRobot::engineServiceNames())
    EXPECT_EQ(std::find(names.begin(), names.end(), own), names.end()) << own;
}

TEST(RobotLink, TheRobotsServicesReplaceTheSimulatedOnesAndTheLifeStaysOurs) {
  RemoteServe served({"--robot", "pepper"});
  remote::RobotLink link(linkTo(served.url(), false));
  EXPECT_EQ(link.model(), launchpad::RobotModel::Pepper);
  core::VirtualClock clock;
  engine::Engine engine(clock);
  link.attach(engine);
  const auto proxies = link.proxies();
  EXPECT_THAT(proxies, Contains("ALTextToSpeech"));
  EXPECT_THAT(proxies, Contains("ALMotion"));
  EXPECT_THAT(proxies, Contains("RobotALMemory"));
  EXPECT_THAT(proxies, Contains("RobotALAutonomousLife"));
  EXPECT_THAT(proxies, Not(Contains("ServiceDirectory")));
  EXPECT_THAT(proxies, Not(Contains("ALMemory")));

  // ALTextToSpeech is the robot's: what it says is in the robot's memory.
  engine.services.call("ALTextToSpeech", "say", {"Said on the robot"});
  EXPECT_EQ(eventuallyEqual([&] { return link.connection().call("ALMemory", "getData", {"ALTextToSpeech/CurrentSentence"}); },
                            "Said on the robot"),
            "Said on the robot");
  EXPECT_EQ(test::jsonOf(engine.services.call("RobotALMemory", "getData", {"ALTextToSpeech/CurrentSentence"})),
            "Said on the robot");
  // ALMemory and ALAutonomousLife are the engine's own.
  engine.services.call("ALMemory", "insertData", {"Local/Only", 1});
  EXPECT_EQ(core::valueToJson(engine.memory.getData("Local/Only")), 1);
  EXPECT_EQ(test::jsonOf(link.connection().call("ALMemory", "getDataList", {"Local/Only"})), json::array());
  engine.services.call("RobotALAutonomousLife", "setState", {"disabled"});
  EXPECT_EQ(test::jsonOf(link.connection().call("ALAutonomousLife", "getState", test::argsOf({}))), "disabled");
  EXPECT_NE(test::jsonOf(engine.services.call("ALAutonomousLife", "getState", test::argsOf({}))), "disabled");
  link.detach();
}

TEST(RobotLink, TheKeysTheTriggersReadAreMirroredFromTheRobot) {
  RemoteServe served;
  std::mutex mutex;
  std::vector<std::string> reports;
  remote::RobotLink link(linkTo(served.url(), true, [&](const std::string& r) {
    std::lock_guard lock(mutex);
    reports.push_back(r);
  }));
  link.connection().call("ALMemory", "insertData", {"Remote/Preset", 5});
  core::RealClock clock;
  {
    engine::Engine engine(clock);
    life::Activity greet;
    greet.name = "remote/greet";
    // The Launchpad's keys are the engine's own: not mirrored.
    greet.launchTrigger = "('Remote/Visitor' == 1 && 'Remote/Preset' > 0) || 'Launchpad/BatteryLevel' > 100";
    ASSERT_FALSE(engine.addActivity(greet));
    link.attach(engine);
    EXPECT_THAT(link.mirroredKeys(), ElementsAre("Remote/Preset", "Remote/Visitor"));

    // Read once at attach, then followed.
    EXPECT_TRUE(eventually([&] { return engine.memory.getDataList("Remote/Preset").size() == 1; }));
    EXPECT_EQ(core::valueToJson(engine.memory.getData("Remote/Preset")), 5);
    link.connection().call("ALMemory", "insertData", {"Remote/Visitor", 1});
    EXPECT_TRUE(eventually([&] {
      return !engine.memory.getDataList("Remote/Visitor").empty() &&
             core::valueToJson(engine.memory.getData("Remote/Visitor")) == 1;
    }));
    // The launch trigger reads the robot's values.
    auto explained = engine.life.explainLaunchTrigger("remote/greet");
    ASSERT_TRUE(explained);
    EXPECT_TRUE(explained->value.truthy()) << explained->text();

    // The robot goes: said once, and life keeps the last values.
    served.process().stop(SIGKILL);
    EXPECT_TRUE(eventually([&] {
      std::lock_guard lock(mutex);
      return !reports.empty();
    }));
    {
      std::lock_guard lock(mutex);
      ASSERT_EQ(reports.size(), 1u);
      EXPECT_THAT(reports[0], HasSubstr("lost the robot at " + served.url()));
    }
    EXPECT_EQ(core::valueToJson(engine.memory.getData("Remote/Visitor")), 1);
    try {
      engine.services.call("ALTextToSpeech", "say", {"anyone?"});
      ADD_FAILURE() << "the call went through";
    } catch (const service::CallError& e) {
      EXPECT_EQ(e.reason(), "robot-unreachable");
    }
    link.detach();
    clock.stop();
  }
}

}  // namespace
}  // namespace autolife::remotetest
