// The simulated robot as a whole, through the registry: which services it
// registers, that every call is recorded with the time it takes, that no
// argument of any method crashes it or escapes as anything but a clear
// refusal, and that a registry outliving the robot refuses cleanly.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <limits>

#include "files.hpp"
#include "robot_fixture.hpp"

namespace {

using namespace autolife;
using namespace autolife::robottest;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsSupersetOf;

using SimulatedRobot = RobotFixture;

std::string arguments_dump(const service::Arguments& a) {
  json out = json::array();
  for (const auto& v : a) out.push_back(v.isObject() ? json() : test::jsonOf(v));
  return out.dump(-1, ' ', false, json::error_handler_t::replace);
}

// The modelled services, and a stub of every other NAOqi module but the
// engine's own (ALMemory, ALAutonomousLife...).
TEST_F(SimulatedRobot, ItRegistersEveryCatalogServiceButTheEngines) {
  EXPECT_THAT(registry().names(), IsSupersetOf({"ALAnimatedSpeech", "ALAudioPlayer", "ALBasicAwareness", "ALLeds", "ALMotion",
                                                "ALRobotPosture", "ALTextToSpeech", "ALTabletService", "DCM"}));
  EXPECT_EQ(registry().names().size(), robot::SimulatedRobot::serviceNames().size() + robot::SimulatedRobot::engineServiceNames().size())
      << "the engine's own, stubbed here";
  try {
    robot().registerServices(registry());
    FAIL() << "registering twice must be refused";
  } catch (const service::CallError& e) {
    EXPECT_EQ(e.reason(), "service-exists");
  }
}

TEST_F(SimulatedRobot, EveryCallIsRecordedWithTheTimeItTakes) {
  call("ALTextToSpeech.say", {"Hello"});
  call("ALMotion.setAngles", {"HeadYaw", 0.5, 0.5});
  refusal("ALRobotPosture.goToPosture", {"Handstand", 1.0});
  ASSERT_EQ(calls.size(), 3u);
  EXPECT_EQ(calls[0].service, "ALTextToSpeech");
  EXPECT_EQ(calls[0].method, "say");
  ASSERT_EQ(calls[0].arguments.size(), 1u);
  EXPECT_EQ(test::jsonOf(calls[0].arguments[0]), "Hello");
  EXPECT_EQ(calls[0].takes, core::fromSeconds(0.2 + 5 / 14.0));
  EXPECT_TRUE(calls[0].errorReason.empty());
  EXPECT_EQ(calls[1].takes, core::Duration::zero());
  EXPECT_EQ(calls[2].errorReason, "unknown-posture");
  EXPECT_THAT(calls[2].errorMessage, HasSubstr("ALRobotPosture.goToPosture"));
  EXPECT_TRUE(calls[2].result.isInvalid());
}

TEST_F(SimulatedRobot, RefusalsNameTheMethod) {
  refusal("ALMotion.setAngles", {"Tail", 0.1, 0.5});
  EXPECT_THAT(message, HasSubstr("ALMotion.setAngles: "));
  refusal("ALLeds.fade", {"FaceLeds", 2.0, 1.0});
  EXPECT_THAT(message, HasSubstr("ALLeds.fade: "));
  EXPECT_THAT(message, HasSubstr("intensity"));
}

TEST_F(SimulatedRobot, AMissingServiceOrMethodIsRefused) {
  EXPECT_EQ(refusal("ALTeleporter.beam", {"hi"}), "no-such-service");
  EXPECT_EQ(refusal("ALDialog.sayHello", {"hi"}), "no-such-method") << "a known service, an unknown method";
  EXPECT_EQ(refusal("ALMotion.fly", {}), "no-such-method");
  EXPECT_EQ(refusal("ALMotion.wakeUp", {1}), "wrong-arity");
}

// Every method of every service, every arity it has, with arguments of
// every wrong shape: each call either succeeds or is refused with a reason
// of the robot's own (never "error", which is what an unexpected exception
// from inside a handler becomes). Beyond JSON's shapes, those qi brings:
// a tuple, raw bytes, an integer beyond int64.
TEST_F(SimulatedRobot, NoArgumentCrashesAMethodOrEscapesUnexplained) {
  // Methods that write files (sayToFile) write them here, not where the test runs.
  const test::TempDir scratch;
  const std::filesystem::path before = std::filesystem::current_path();
  std::filesystem::current_path(scratch.path());
  struct Back {
    std::filesystem::path to;
    ~Back() { std::filesystem::current_path(to); }
  } back{before};
  std::vector<service::Any> shapes;
  for (const json& j : std::initializer_list<json>{
      nullptr,
      true,
      -1,
      std::numeric_limits<std::int64_t>::max(),
      -1e300,
      std::numeric_limits<double>::quiet_NaN(),
      "",
      "Body",
      json::array(),
      json::array({json::array()}),
      json::array({nullptr, "x", 1.5}),
      json::array({json::array({1.0, json::array({"x"})})}),
      json::object(),
      json{{"bodyLanguageMode", json::array()}},
  })
    shapes.push_back(test::anyOf(j));
  shapes.push_back(core::Value::Tuple{{"Line", core::Value::Tuple{{1.0, 2.0}}}});
  shapes.push_back(core::Value::Bytes{std::string("\0\xff", 2)});
  shapes.push_back(std::numeric_limits<std::uint64_t>::max());
  for (const RobotModel model : {RobotModel::Nao, RobotModel::Pepper}) {
    make(model);
    std::size_t refused = 0, accepted = 0;
    for (const auto& name : registry().names()) {
      const auto service = registry().find(name);
      for (const auto& method : service->methods()) {
        const std::size_t n = method.parameters.size();
        for (std::size_t k = 0; k < shapes.size(); ++k) {
          // All arguments of one shape, then every argument a different one.
          for (const bool mixed : {false, true}) {
            service::Arguments arguments;
            for (std::size_t i = 0; i < n; ++i) arguments.push_back(shapes[mixed ? (k + i) % shapes.size() : k]);
            const std::string what = name + "." + method.name + arguments_dump(arguments);
            try {
              registry().call(name, method.name, arguments);
              ++accepted;
            } catch (const service::CallError& e) {
              ++refused;
              EXPECT_NE(e.reason(), "error") << what << ": " << e.what();
              EXPECT_THAT(e.what(), HasSubstr(name)) << what << " is refused without naming the service";
            }
            settle();
          }
        }
      }
    }
    EXPECT_GT(refused, 1000u);
    EXPECT_GT(accepted, 10u);
    runTo(now() + 1000);  // whatever was started ends without trouble
  }
}

TEST_F(SimulatedRobot, ARegistryThatOutlivesTheRobotRefusesItsMethods) {
  service::Registry longLived;
  auto clock = std::make_unique<core::VirtualClock>();
  auto memory = std::make_unique<memory::Memory>(*clock);
  {
    robot::SimulatedRobot shortLived(*memory, *clock, RobotModel::Nao);
    shortLived.registerServices(longLived);
    longLived.call("ALTextToSpeech.say", {"goodbye"});
    longLived.call("ALMotion.setAngles", {"HeadYaw", 1.0, 0.1});
    longLived.call("ALLeds.fade", {"FaceLeds", 0.0, 5.0});
    clock->runUntil(clock->now());
  }
  clock->runUntil(core::fromSeconds(60));  // the gone robot's pending tasks do nothing
  try {
    longLived.call("ALTextToSpeech.say", {"hello?"});
    FAIL() << "the robot is gone";
  } catch (const service::CallError& e) {
    EXPECT_EQ(e.reason(), "no-such-service");
    EXPECT_THAT(e.what(), HasSubstr("ALTextToSpeech.say"));
  }
  EXPECT_EQ(core::valueToJson(memory->getData("ALTextToSpeech/TextDone")), 0)
      << "the sentence never ended: its robot is gone";
}

TEST_F(SimulatedRobot, NaoAndPepperDiffer) {
  EXPECT_EQ(robot().model(), RobotModel::Nao);
  EXPECT_EQ(call("ALMotion.getBodyNames", {"Body"}).size(), 26u);
  EXPECT_EQ(call("ALRobotPosture.getPostureList").size(), 8u);
  EXPECT_EQ(refusal("ALLeds.on", {"FeetLeds"}), "");
  call("ALMotion.moveTo", {0.35, 0.0, 0.0});
  EXPECT_NEAR(took, 3.5, 1e-9);
  pepper();
  EXPECT_EQ(robot().model(), RobotModel::Pepper);
  EXPECT_EQ(call("ALMotion.getBodyNames", {"Body"}).size(), 17u);
  EXPECT_EQ(call("ALRobotPosture.getPostureList").size(), 4u);
  EXPECT_EQ(refusal("ALLeds.on", {"FeetLeds"}), "unknown-led");
  call("ALMotion.moveTo", {0.35, 0.0, 0.0});
  EXPECT_NEAR(took, 1.0, 1e-9);
}

}  // namespace
