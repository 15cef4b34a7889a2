// ALLeds through the registry: NAO's and Pepper's LED devices and groups,
// immediate changes, fades over engine time, colours, what reaches memory
// and when, and refusals.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "robot_fixture.hpp"

namespace {

using namespace autolife;
using namespace autolife::robottest;
using ::testing::Contains;
using ::testing::Each;
using ::testing::HasSubstr;
using ::testing::Not;

const std::string kFaceRed = "Face/Led/Red/Left/0Deg/Actuator/Value";
const std::string kFaceGreen = "Face/Led/Green/Left/0Deg/Actuator/Value";
const std::string kFaceBlue = "Face/Led/Blue/Left/0Deg/Actuator/Value";
std::string memoryKey(const std::string& device) { return "Device/SubDeviceList/" + device; }

class Leds : public RobotFixture {
protected:
  double intensity(const std::string& led) { return call("ALLeds.getIntensity", {led}).get<double>(); }
  std::vector<double> intensities(const std::string& group) {
    return call("ALLeds.getIntensity", {group}).get<std::vector<double>>();
  }
  // Red, green, blue of the left eye's 0-degree LED.
  std::vector<double> eye() { return {intensity(kFaceRed), intensity(kFaceGreen), intensity(kFaceBlue)}; }
};

TEST_F(Leds, NaoDevicesAndTheirStartingState) {
  EXPECT_EQ(call("ALLeds.listLEDs").size(), 48u + 20u + 3u + 6u + 12u);
  EXPECT_EQ(call("ALLeds.listGroup", {"FaceLeds"}).size(), 48u);
  EXPECT_EQ(call("ALLeds.listGroup", {"EarLeds"}).size(), 20u);
  EXPECT_EQ(call("ALLeds.listGroup", {"LeftFaceLedsRed"}).size(), 8u);
  EXPECT_EQ(call("ALLeds.listGroup", {"BrainLeds"}).size(), 12u);
  EXPECT_EQ(call("ALLeds.listGroup", {"FeetLeds"}).size(), 6u);
  EXPECT_THAT(intensities("FaceLeds"), Each(1.0)) << "white eyes";
  EXPECT_THAT(intensities("FeetLeds"), Each(0.0));
  EXPECT_EQ(key(memoryKey(kFaceRed)), 1.0);
  EXPECT_EQ(key("Device/SubDeviceList/LFoot/Led/Red/Actuator/Value"), 0.0);
  EXPECT_EQ(key("Device/SubDeviceList/Ears/Led/Right/324Deg/Actuator/Value"), 1.0);
  EXPECT_EQ(key("Device/SubDeviceList/Head/Led/Rear/Left/2/Actuator/Value"), 0.0);
}

TEST_F(Leds, PepperHasNoFeetOrBrainLeds) {
  pepper();
  EXPECT_EQ(call("ALLeds.listLEDs").size(), 48u + 20u + 3u);
  EXPECT_EQ(refusal("ALLeds.on", {"FeetLeds"}), "unknown-led");
  EXPECT_THAT(message, HasSubstr("Pepper"));
  EXPECT_EQ(refusal("ALLeds.off", {"BrainLeds"}), "unknown-led");
  EXPECT_EQ(call("ALLeds.listGroup", {"EarLed3"}).size(), 2u);
  EXPECT_EQ(refusal("ALLeds.listGroup", {"EarLed3"}), "");
  make(RobotModel::Nao);
  EXPECT_EQ(refusal("ALLeds.listGroup", {"EarLed3"}), "unknown-led");
}

TEST_F(Leds, OnOffAndSetIntensityAreImmediate) {
  call("ALLeds.off", {"FaceLeds"});
  EXPECT_EQ(taken, core::Duration::zero());
  EXPECT_THAT(intensities("FaceLeds"), Each(0.0));
  EXPECT_EQ(key(memoryKey(kFaceRed)), 1.0) << "written by the robot's loop, at the same instant";
  settle();
  EXPECT_EQ(key(memoryKey(kFaceRed)), 0.0);
  call("ALLeds.setIntensity", {"LeftEarLeds", 0.3});
  EXPECT_THAT(intensities("LeftEarLeds"), Each(0.3));
  EXPECT_THAT(intensities("RightEarLeds"), Each(1.0));
  call("ALLeds.on", {"RightFaceLeds"});
  EXPECT_THAT(intensities("RightFaceLeds"), Each(1.0));
  EXPECT_THAT(intensities("LeftFaceLeds"), Each(0.0));
}

TEST_F(Leds, ASingleLedByDeviceOrMemoryName) {
  call("ALLeds.setIntensity", {"Face/Led/Red/Left/0Deg", 0.25});
  EXPECT_EQ(intensity(kFaceRed), 0.25);
  EXPECT_EQ(intensity(memoryKey(kFaceRed)), 0.25);
  EXPECT_EQ(intensity("Face/Led/Red/Left/45Deg/Actuator/Value"), 1.0);
  EXPECT_EQ(call("ALLeds.listLED", {"Face/Led/Red/Left/0Deg"}), json::array({kFaceRed}));
}

TEST_F(Leds, AFadeTakesItsDurationAndReachesMemoryAtItsEnd) {
  call("ALLeds.fade", {"ChestLeds", 0.0, 2.0});
  EXPECT_EQ(taken, core::fromSeconds(2.0));
  runTo(1.0);
  EXPECT_THAT(intensities("ChestLeds"), Each(0.5));
  EXPECT_EQ(key("Device/SubDeviceList/ChestBoard/Led/Green/Actuator/Value"), 1.0);
  runTo(2.0);
  EXPECT_THAT(intensities("ChestLeds"), Each(0.0));
  EXPECT_EQ(key("Device/SubDeviceList/ChestBoard/Led/Green/Actuator/Value"), 0.0);
}

TEST_F(Leds, FadeRgbTakesAnIntANameOrThreeIntensities) {
  callAndWait("ALLeds.fadeRGB", {"FaceLeds", 0xFF0000, 1.0});
  EXPECT_EQ(took, 1.0);
  EXPECT_EQ(eye(), (std::vector<double>{1.0, 0.0, 0.0}));
  EXPECT_EQ(key(memoryKey(kFaceGreen)), 0.0);
  callAndWait("ALLeds.fadeRGB", {"FaceLeds", "cyan", 0.5});
  EXPECT_EQ(eye(), (std::vector<double>{0.0, 1.0, 1.0}));
  callAndWait("ALLeds.fadeRGB", {"FaceLeds", 0.2, 0.4, 0.6, 1.0});
  EXPECT_EQ(eye(), (std::vector<double>{0.2, 0.4, 0.6}));
  callAndWait("ALLeds.fadeRGB", {"FaceLeds", 0x336699, 0.0});
  EXPECT_NEAR(intensity(kFaceGreen), 0x66 / 255.0, 1e-12);
}

TEST_F(Leds, AFadeOfNoDurationIsDoneWhenTheCallReturns) {
  call("ALLeds.fadeRGB", {"FaceLeds", "red", 0.0});
  EXPECT_EQ(taken, core::Duration::zero());
  EXPECT_EQ(eye(), (std::vector<double>{1.0, 0.0, 0.0})) << "read right after the call, before the clock runs";
  call("ALLeds.fade", {"ChestLeds", 0.0, 0});
  EXPECT_THAT(intensities("ChestLeds"), Each(0.0));
  settle();
  EXPECT_EQ(key(memoryKey(kFaceGreen)), 0.0);
  EXPECT_EQ(key("Device/SubDeviceList/ChestBoard/Led/Red/Actuator/Value"), 0.0);
}

TEST_F(Leds, FadeListRgbPassesThroughEachColour) {
  call("ALLeds.fadeListRGB", {"FaceLeds", json::array({0xFF0000, 0x0000FF}), json::array({1.0, 2.0})});
  EXPECT_EQ(taken, core::fromSeconds(2.0));
  runTo(1.0);
  EXPECT_EQ(eye(), (std::vector<double>{1.0, 0.0, 0.0}));
  runTo(1.5);
  EXPECT_EQ(eye(), (std::vector<double>{0.5, 0.0, 0.5}));
  runTo(2.0);
  EXPECT_EQ(eye(), (std::vector<double>{0.0, 0.0, 1.0}));
  EXPECT_EQ(key(memoryKey(kFaceBlue)), 1.0);
  EXPECT_EQ(key(memoryKey(kFaceRed)), 0.0);
}

TEST_F(Leds, ALaterChangeTakesItsLedsFromAFade) {
  call("ALLeds.fade", {"FaceLeds", 0.0, 2.0});
  runTo(1.0);
  call("ALLeds.setIntensity", {"LeftFaceLeds", 1.0});
  runTo(2.0);
  EXPECT_THAT(intensities("LeftFaceLeds"), Each(1.0));
  EXPECT_THAT(intensities("RightFaceLeds"), Each(0.0));
  EXPECT_EQ(key(memoryKey(kFaceRed)), 1.0);
  EXPECT_EQ(key("Device/SubDeviceList/Face/Led/Red/Right/0Deg/Actuator/Value"), 0.0);
}

TEST_F(Leds, ResetGoesBackToTheStartingState) {
  call("ALLeds.off", {"AllLeds"});
  call("ALLeds.on", {"FeetLeds"});
  call("ALLeds.reset", {"AllLeds"});
  EXPECT_THAT(intensities("FaceLeds"), Each(1.0));
  EXPECT_THAT(intensities("FeetLeds"), Each(0.0));
}

TEST_F(Leds, LightShows) {
  call("ALLeds.rotateEyes", {0x00FF00, 1.0, 3.0});
  EXPECT_EQ(taken, core::fromSeconds(3.0));
  wait(took);
  EXPECT_EQ(eye(), (std::vector<double>{0.0, 1.0, 0.0})) << "the eyes end in the colour";
  call("ALLeds.randomEyes", {2.0});
  EXPECT_EQ(taken, core::fromSeconds(2.0));
  wait(took);
  EXPECT_EQ(eye(), (std::vector<double>{0.0, 1.0, 0.0})) << "as they were";
  call("ALLeds.rasta", {1.5});
  EXPECT_EQ(taken, core::fromSeconds(1.5));
  callAndWait("ALLeds.earLedsSetAngle", {108, 1.0, true});
  EXPECT_EQ(intensity("Ears/Led/Left/108Deg/Actuator/Value"), 1.0);
  EXPECT_EQ(intensity("Ears/Led/Left/144Deg/Actuator/Value"), 0.0);
  EXPECT_EQ(intensity("Ears/Led/Right/0Deg/Actuator/Value"), 1.0);
}

TEST_F(Leds, EachFaceLedHasAShortNameNumberedForSymmetry) {
  // FaceLedLeft0 is LeftFaceLed1; FaceLedRight0 is RightFaceLed8 (NAOqi's ALLeds).
  EXPECT_EQ(call("ALLeds.listGroup", {"LeftFaceLed1"}), call("ALLeds.listGroup", {"FaceLedLeft0"}));
  EXPECT_EQ(call("ALLeds.listGroup", {"LeftFaceLed8"}), call("ALLeds.listGroup", {"FaceLedLeft7"}));
  EXPECT_EQ(call("ALLeds.listGroup", {"RightFaceLed8"}), call("ALLeds.listGroup", {"FaceLedRight0"}));
  EXPECT_EQ(call("ALLeds.listGroup", {"RightFaceLed1"}), call("ALLeds.listGroup", {"FaceLedRight7"}));
  EXPECT_EQ(call("ALLeds.listGroup", {"LeftFaceLed7"}).size(), 3u);
  call("ALLeds.fadeRGB", {"LeftFaceLed1", 0xff0000, 0.0});
  EXPECT_EQ(eye(), (std::vector<double>{1.0, 0.0, 0.0}));
  EXPECT_EQ(refusal("ALLeds.on", {"LeftFaceLed9"}), "unknown-led");
}

TEST_F(Leds, GroupsCanBeCreated) {
  call("ALLeds.createGroup", {"MyGroup", json::array({kFaceRed, "ChestLeds"})});
  EXPECT_EQ(call("ALLeds.listGroup", {"MyGroup"}).size(), 4u);
  EXPECT_THAT(call("ALLeds.listGroups").get<std::vector<std::string>>(), Contains("MyGroup"));
  call("ALLeds.off", {"MyGroup"});
  EXPECT_EQ(intensity(kFaceRed), 0.0);
  EXPECT_EQ(intensity(kFaceGreen), 1.0);
  EXPECT_EQ(refusal("ALLeds.createGroup", {"Bad", json::array({"NoSuchLed"})}), "unknown-led");
  EXPECT_THAT(call("ALLeds.listGroups").get<std::vector<std::string>>(), Not(Contains("Bad")));
  EXPECT_EQ(refusal("ALLeds.createGroup", {"", json::array({kFaceRed})}), "bad-argument");
}

TEST_F(Leds, Refusals) {
  EXPECT_EQ(refusal("ALLeds.on", {"Tail"}), "unknown-led");
  EXPECT_THAT(message, HasSubstr("Tail"));
  EXPECT_EQ(refusal("ALLeds.fadeRGB", {"FaceLeds", "purple", 1.0}), "bad-argument");
  EXPECT_THAT(message, HasSubstr("white, red"));
  EXPECT_EQ(refusal("ALLeds.fadeRGB", {"FaceLeds", -1, 1.0}), "bad-argument");
  EXPECT_EQ(refusal("ALLeds.fadeRGB", {"FaceLeds", 0x1000000, 1.0}), "bad-argument");
  EXPECT_EQ(refusal("ALLeds.fadeRGB", {"FaceLeds", 1.5, 1.0}), "bad-argument");
  EXPECT_EQ(refusal("ALLeds.fadeRGB", {"FaceLeds", 0xFF0000, -1.0}), "bad-argument");
  EXPECT_EQ(refusal("ALLeds.fadeRGB", {"FaceLeds", 1.0, 0.0, 2.0, 1.0}), "bad-argument");
  EXPECT_EQ(refusal("ALLeds.fade", {"FaceLeds", 1.5, 1.0}), "bad-argument");
  EXPECT_EQ(refusal("ALLeds.setIntensity", {"FaceLeds", -0.5}), "bad-argument");
  EXPECT_EQ(refusal("ALLeds.setIntensity", {"FaceLeds", "bright"}), "bad-argument");
  EXPECT_EQ(refusal("ALLeds.fadeListRGB", {"FaceLeds", json::array({0xFF0000}), json::array({1.0, 2.0})}), "bad-argument");
  EXPECT_EQ(refusal("ALLeds.fadeListRGB", {"FaceLeds", json::array({0xFF0000, 0x00FF00}), json::array({2.0, 1.0})}),
            "bad-argument");
  EXPECT_EQ(refusal("ALLeds.fadeListRGB", {"FaceLeds", json::array(), json::array()}), "bad-argument");
  EXPECT_EQ(refusal("ALLeds.rotateEyes", {0xFF0000, 0.0, 1.0}), "bad-argument");
  EXPECT_EQ(refusal("ALLeds.earLedsSetAngle", {400, 1.0, true}), "bad-argument");
  EXPECT_EQ(refusal("ALLeds.listGroup", {"Face/Led/Red/Left/0Deg"}), "unknown-led") << "a device is not a group";
  EXPECT_THAT(intensities("FaceLeds"), Each(1.0)) << "nothing refused changed an LED";
}

}  // namespace
