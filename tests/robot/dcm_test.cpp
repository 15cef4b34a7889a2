// DCM through the registry: its clock, timed commands to LED devices (the
// Choice box's brain animation), the update types, devices it does not
// model, and refusals.
#include <gtest/gtest.h>

#include <limits>

#include "robot_fixture.hpp"

namespace {

using namespace autolife;
using namespace autolife::robottest;

const std::string kBrain = "Head/Led/Front/Right/0/Actuator/Value";

class Dcm : public RobotFixture {
protected:
  int dcmTime(int offset = 0) { return call("DCM.getTime", {offset}).get<int>(); }
  void set(const std::string& device, const std::string& update, const json& commands) {
    call("DCM.set", {json::array({device, update, commands})});
  }
  double brain() { return call("ALLeds.getIntensity", {kBrain}).get<double>(); }
  bool lastCallModelled() const { return !calls.empty() && !calls.back().notModelled; }
};

TEST_F(Dcm, TimeIsMillisecondsSinceTheRobotStartedPlusTheOffset) {
  EXPECT_EQ(dcmTime(), 0);
  EXPECT_EQ(dcmTime(250), 250);
  runTo(1.5);
  EXPECT_EQ(dcmTime(), 1500);
  EXPECT_EQ(dcmTime(-500), 1000);
  EXPECT_TRUE(lastCallModelled());
}

// The origin is the robot's start, not the clock's.
TEST(DcmClock, CountsFromWhenTheRobotStarted) {
  core::VirtualClock clock;
  clock.runUntil(core::fromSeconds(5));
  memory::Memory memory(clock);
  service::Registry registry;
  robot::SimulatedRobot robot(memory, clock, RobotModel::Nao);
  robot.registerServices(registry);
  EXPECT_EQ(service::fromAny<int>(registry.call("DCM.getTime", {service::Any(100)})), 100);
}

TEST_F(Dcm, TimesBeyondAnIntAreRefused) {
  EXPECT_EQ(refusal("DCM.set", {json::array({kBrain, "Merge", json::array({json::array({1.0, 1e300})})})}), "bad-argument");
  EXPECT_NE(message.find("an int"), std::string::npos) << message;
  EXPECT_EQ(refusal("DCM.set", {json::array({kBrain, "Merge", json::array({json::array({1.0, -1e12})})})}), "bad-argument");
  runTo(2.0);
  EXPECT_EQ(refusal("DCM.getTime", {std::numeric_limits<int>::max()}), "bad-argument");
  EXPECT_NE(message.find("does not fit an int"), std::string::npos) << message;
}

TEST_F(Dcm, AnLedMovesLinearlyToEachTimedValueAndMemoryFollowsAtTheEnd) {
  runTo(2.0);
  set(kBrain, "Merge", json::array({json::array({1.0, dcmTime(1000)}), json::array({0.2, dcmTime(2000)})}));
  EXPECT_TRUE(lastCallModelled());
  EXPECT_EQ(taken, core::Duration::zero()) << "DCM.set returns at once; the device follows the commands";
  EXPECT_EQ(brain(), 0.0);
  runTo(2.5);
  EXPECT_DOUBLE_EQ(brain(), 0.5);
  runTo(3.0);
  EXPECT_DOUBLE_EQ(brain(), 1.0);
  runTo(3.5);
  EXPECT_DOUBLE_EQ(brain(), 0.6);
  EXPECT_EQ(key("Device/SubDeviceList/" + kBrain), 0.0) << "written when the last command is reached";
  runTo(4.0);
  EXPECT_DOUBLE_EQ(brain(), 0.2);
  EXPECT_DOUBLE_EQ(key("Device/SubDeviceList/" + kBrain).get<double>(), 0.2);
}

// What the Choice box does: a rise, then a fall merged after it.
TEST_F(Dcm, MergeKeepsThePendingCommandsAndClearAllDropsThem) {
  const int rise = dcmTime(400);
  set(kBrain, "Merge", json::array({json::array({1.0, rise})}));
  set(kBrain, "Merge", json::array({json::array({0.0, rise + 100})}));
  runTo(0.4);
  EXPECT_DOUBLE_EQ(brain(), 1.0);
  runTo(0.5);
  EXPECT_DOUBLE_EQ(brain(), 0.0);

  set(kBrain, "Merge", json::array({json::array({1.0, dcmTime(1000)})}));
  set(kBrain, "ClearAll", json::array({json::array({0.5, dcmTime(100)})}));
  runTo(0.6);
  EXPECT_DOUBLE_EQ(brain(), 0.5);
  runTo(2.0);
  EXPECT_DOUBLE_EQ(brain(), 0.5) << "the pending rise to 1.0 was cleared";
}

TEST_F(Dcm, ClearAllWithNoCommandStopsWhereTheLedIs) {
  set(kBrain, "Merge", json::array({json::array({1.0, 1000})}));
  runTo(0.5);
  set(kBrain, "ClearAll", json::array());
  runTo(2.0);
  EXPECT_DOUBLE_EQ(brain(), 0.5);
  EXPECT_DOUBLE_EQ(key("Device/SubDeviceList/" + kBrain).get<double>(), 0.5);
}

// An ALLeds fade running on the LED is the commands DCM.set merges with.
TEST_F(Dcm, MergeAddsToARunningFade) {
  call("ALLeds.fade", {kBrain, 1.0, 1.0});
  set(kBrain, "Merge", json::array({json::array({0.0, 2000})}));
  runTo(1.0);
  EXPECT_DOUBLE_EQ(brain(), 1.0);
  runTo(1.5);
  EXPECT_DOUBLE_EQ(brain(), 0.5);
  runTo(2.0);
  EXPECT_DOUBLE_EQ(brain(), 0.0);
}

TEST_F(Dcm, ClearAfterAndClearBeforeDropPendingCommandsOnTheirSide) {
  set(kBrain, "Merge", json::array({json::array({1.0, 1000}), json::array({0.0, 3000})}));
  set(kBrain, "ClearAfter", json::array({json::array({0.5, 2000})}));
  runTo(3.0);
  EXPECT_DOUBLE_EQ(brain(), 0.5) << "the command at 3 s came after the new one";

  set(kBrain, "Merge", json::array({json::array({1.0, 4000}), json::array({0.0, 6000})}));
  set(kBrain, "ClearBefore", json::array({json::array({0.25, 5000})}));
  runTo(4.0);
  EXPECT_DOUBLE_EQ(brain(), 0.375) << "the command at 4 s came before the new one: halfway from 0.5 to 0.25";
  runTo(6.0);
  EXPECT_DOUBLE_EQ(brain(), 0.0);
}

TEST_F(Dcm, ACommandAlreadyDueIsTheValueNowAndValuesAreClamped) {
  runTo(1.0);
  set("Device/SubDeviceList/ChestBoard/Led/Red/Actuator/Value", "ClearAll", json::array({json::array({1.7, 0})}));
  EXPECT_EQ(call("ALLeds.getIntensity", {"ChestBoard/Led/Red"}), 1.0);
  settle();
  EXPECT_EQ(key("Device/SubDeviceList/ChestBoard/Led/Red/Actuator/Value"), 1.0);
}

TEST_F(Dcm, OtherDevicesAreNotModelledAndNotRefused) {
  set("HeadYaw/Position/Actuator/Value", "ClearAll", json::array({json::array({0.5, dcmTime(1000)})}));
  EXPECT_FALSE(lastCallModelled());
  pepper();
  set(kBrain, "Merge", json::array({json::array({1.0, dcmTime(100)})}));
  EXPECT_FALSE(lastCallModelled()) << "Pepper has no brain LEDs";
  EXPECT_FALSE(calls.empty());
}

TEST_F(Dcm, MalformedCommandsAreRefusedWithWhy) {
  EXPECT_EQ(refusal("DCM.set", {json::array({kBrain, "Merge"})}), "bad-argument");
  EXPECT_NE(message.find("[device, update type, [[value, time], ...]]"), std::string::npos) << message;
  EXPECT_EQ(refusal("DCM.set", {json::array({kBrain, "Blend", json::array()})}), "bad-argument");
  EXPECT_NE(message.find("Merge, ClearAll, ClearAfter or ClearBefore"), std::string::npos) << message;
  EXPECT_EQ(refusal("DCM.set", {json::array({kBrain, "Merge", json::array({json::array({1.0})})})}), "bad-argument");
  EXPECT_EQ(refusal("DCM.set", {json::array({kBrain, "Merge", json::array({json::array({"on", 100})})})}), "bad-argument");
  EXPECT_EQ(refusal("DCM.set", {json::array({kBrain, "Merge", 3})}), "bad-argument");
  EXPECT_EQ(refusal("DCM.set", {json::array({kBrain, "Merge", json::array({json::array({1.0, 100})})})}), "");
}

}  // namespace
