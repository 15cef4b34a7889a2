// The services that read what a robot's extractors write in memory
// (ALPeoplePerception, ALFaceDetection, ALEngagementZones, ALMood,
// ALUserSession), the touch sensors as inputs, the cameras' synthetic
// images and the notifications (docs/robot.md).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "robot_fixture.hpp"

namespace {

using namespace autolife;
using namespace autolife::robottest;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

class Perception : public RobotFixture {
protected:
  // What the world (or a robot) writes when person 7 stands in front, looking or not.
  void personSeen(bool looking) {
    memory().insertData("PeoplePerception/Person/7/AnglesYawPitch", core::Value(core::Value::Array{0.1, -0.05}));
    memory().insertData("PeoplePerception/Person/7/Distance", 1.2);
    memory().insertData("PeoplePerception/Person/7/IsLookingAtRobot", looking);
    memory().insertData("PeoplePerception/VisiblePeopleList", core::Value(core::Value::Array{7}));
    settle();
  }
  void nobodySeen() {
    memory().insertData("PeoplePerception/VisiblePeopleList", core::Value(core::Value::Array{}));
    settle();
  }
};

TEST_F(Perception, MoodFollowsWhoIsVisibleAndLooking) {
  EXPECT_EQ(call("ALMood.attention"), "unengaged");
  personSeen(false);
  EXPECT_EQ(call("ALMood.attention"), "semiEngaged");
  personSeen(true);
  EXPECT_EQ(call("ALMood.attention"), "fullyEngaged");
  EXPECT_EQ(call("ALMood.currentPersonState")["attention"]["value"], 1.0);
  EXPECT_EQ(call("ALMood.valence"), "neutral");
}

TEST_F(Perception, FaceDetectedIsRaisedWhileSubscribed) {
  watch("FaceDetected");
  personSeen(true);
  EXPECT_TRUE(seen.empty()) << "nobody subscribed: the extractor does not run";
  call("ALFaceDetection.subscribe", {"box"});
  nobodySeen();
  EXPECT_TRUE(seen.empty()) << "no face was seen: nothing is lost";
  personSeen(true);
  ASSERT_EQ(seen.size(), 1u);
  const json faces = seen[0].value[1];
  ASSERT_EQ(faces.size(), 2u) << "one face, then the time-filtered recognition";
  EXPECT_DOUBLE_EQ(faces[0][0][1].get<double>(), 0.1);
  EXPECT_EQ(faces[0][1][0], 7);
  nobodySeen();
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[1].value, json::array()) << "an empty value when the last face goes";
  nobodySeen();
  EXPECT_EQ(seen.size(), 2u) << "once";
  call("ALFaceDetection.unsubscribe", {"box"});
  personSeen(true);
  EXPECT_EQ(seen.size(), 2u) << "unsubscribed: the extractor stopped";
  EXPECT_EQ(refusal("ALFaceDetection.unsubscribe", {"box"}), "not-subscribed");
}

TEST_F(Perception, LearntFaces) {
  EXPECT_EQ(call("ALFaceDetection.learnFace", {"Ada"}), true);
  EXPECT_EQ(call("ALFaceDetection.getLearnedFacesList"), json::array({"Ada"}));
  EXPECT_EQ(call("ALFaceDetection.forgetPerson", {"Bob"}), false);
  EXPECT_EQ(call("ALFaceDetection.forgetPerson", {"Ada"}), true);
}

TEST_F(Perception, EngagementZonesOfTheModel) {
  EXPECT_EQ(call("ALEngagementZones.getFirstLimitDistance"), 1.5);
  EXPECT_EQ(call("ALEngagementZones.computeEngagementZone", {1.0, 0.0, 1.0}), 1);
  EXPECT_EQ(call("ALEngagementZones.computeEngagementZone", {2.0, 0.0, 1.0}), 2);
  EXPECT_EQ(call("ALEngagementZones.computeEngagementZone", {0.5, 1.0, 1.0}), 2) << "beside the robot: out of the front sector";
  EXPECT_EQ(call("ALEngagementZones.computeEngagementZone", {3.0, 0.0, 1.0}), 3);
  watch("EngagementZones/FirstLimitDistanceUpdated");
  call("ALEngagementZones.setFirstLimitDistance", {1.0});
  settle();
  EXPECT_EQ(seen.size(), 1u);
  pepper();
  EXPECT_EQ(call("ALEngagementZones.getFirstLimitDistance"), json(static_cast<float>(0.8)));
}

TEST_F(Perception, PeoplePerceptionSettingsAndSubscriptions) {
  EXPECT_EQ(call("ALPeoplePerception.getMaximumDetectionRange"), 3.5);
  call("ALPeoplePerception.setMaximumDetectionRange", {2.0});
  EXPECT_EQ(call("ALPeoplePerception.getMaximumDetectionRange"), 2.0);
  EXPECT_EQ(call("ALPeoplePerception.isProcessing"), false);
  call("ALPeoplePerception.subscribe", {"me", 500, 0.0});
  EXPECT_EQ(call("ALPeoplePerception.isProcessing"), true);
  EXPECT_THAT(call("ALPeoplePerception.getEventList").get<std::vector<std::string>>(),
              ::testing::Contains("PeoplePerception/JustArrived"));
}

TEST_F(Perception, UserSessionsArePeopleWithTheFocusedUser) {
  personSeen(true);
  EXPECT_EQ(call("ALUserSession.getOpenUserSessions"), json::array({7}));
  EXPECT_EQ(call("ALUserSession.doesUserExist", {7}), true);
  EXPECT_EQ(call("ALUserSession.getFocusedUser"), -1);
  memory().insertData("UserSession/FocusedUser", 7);
  EXPECT_EQ(call("ALUserSession.getFocusedUser"), 7);
  EXPECT_EQ(call("ALUserSession.getUsidFromPpid", {7}), 7);
}

// ---- touch -------------------------------------------------------------------------

TEST_F(Perception, ATouchRaisesItsEventThenReleases) {
  watch("FrontTactilTouched");
  watch("TouchChanged");
  EXPECT_TRUE(robot().devices().press("FrontTactil", 0.5));
  settle();
  EXPECT_EQ(key("Device/SubDeviceList/Head/Touch/Front/Sensor/Value"), 1.0);
  EXPECT_EQ(call("ALTouch.getStatus")[0], json::array({"Head/Touch/Front", true, json::array()}));
  wait(0.5);
  ASSERT_EQ(seenOf("FrontTactilTouched").size(), 2u);
  EXPECT_EQ(seenOf("FrontTactilTouched")[0].value, 1.0);
  EXPECT_EQ(seenOf("FrontTactilTouched")[1].value, 0.0);
  EXPECT_EQ(seenOf("FrontTactilTouched")[1].t, 0.5);
  EXPECT_EQ(seenOf("TouchChanged")[0].value, json::array({json::array({"Head/Touch/Front", true})}));
  EXPECT_TRUE(robot().devices().press("HandRightBackTouched", 0));
  EXPECT_TRUE(robot().devices().press("LHand/Touch/Left", 0)) << "NAO's hands have three sensors";
  EXPECT_FALSE(robot().devices().press("BackBumper", 0)) << "NAO has no back bumper";
  pepper();
  EXPECT_TRUE(robot().devices().press("BackBumper", 0));
  EXPECT_THAT(call("ALTouch.getSensorList").get<std::vector<std::string>>(), ::testing::Contains("Bumper/Back"));
}

// ---- cameras -----------------------------------------------------------------------

TEST_F(Perception, CameraImagesHaveTheSizeAndColourSpaceAsked) {
  const json handle = call("ALVideoDevice.subscribeCamera", {"box", 0, 1, 11, 5});  // QVGA, RGB
  EXPECT_EQ(handle, "box");
  EXPECT_EQ(call("ALVideoDevice.subscribeCamera", {"box", 1, 0, 0, 5}), "box_0") << "a second subscriber gets a name of its own";
  const json image = call("ALVideoDevice.getImageRemote", {handle});
  EXPECT_EQ(image[0], 320);
  EXPECT_EQ(image[1], 240);
  EXPECT_EQ(image[2], 3);
  EXPECT_EQ(image[3], 11);
  EXPECT_EQ(image[6].get<std::string>().size(), 320u * 240 * 3);
  const json yuv = call("ALVideoDevice.getImageRemote", {"box_0"});
  EXPECT_EQ(yuv[6].get<std::string>().size(), 160u * 120);
  call("ALVideoDevice.setColorSpace", {"box", 9});  // YUV422: 2 bytes a pixel
  EXPECT_EQ(call("ALVideoDevice.getImageRemote", {"box"})[6].get<std::string>().size(), 320u * 240 * 2);
  EXPECT_EQ(refusal("ALVideoDevice.subscribeCamera", {"bad", 0, 99, 11, 5}), "bad-argument");
  EXPECT_EQ(refusal("ALVideoDevice.getImageRemote", {"nobody"}), "unknown-subscriber");
  EXPECT_EQ(call("ALVideoDevice.unsubscribe", {"box"}), true);
}

TEST_F(Perception, PhotosAreRecordedWithTheirPaths) {
  call("ALPhotoCapture.setPictureFormat", {"png"});
  EXPECT_EQ(call("ALPhotoCapture.takePicture", {"/home/nao/recordings/cameras/", "shot"}),
            json::array({"/home/nao/recordings/cameras/shot.png"}));
  EXPECT_EQ(call("ALPhotoCapture.takePictures", {3, "/pics", "burst"}).size(), 3u);
  EXPECT_EQ(took, 0.4) << "two capture intervals of 200 ms";
  EXPECT_EQ(refusal("ALPhotoCapture.setResolution", {42}), "bad-argument");
}

// ---- notifications -----------------------------------------------------------------

TEST_F(Perception, NotificationsAreAddedListedAndRemoved) {
  watch("notificationAdded");
  const json id = call("ALNotificationManager.add", {json{{"message", "Battery low"}, {"severity", "warning"}}});
  EXPECT_EQ(id, 1);
  settle();
  EXPECT_EQ(seen.size(), 1u);
  const json n = call("ALNotificationManager.notification", {id});
  EXPECT_EQ(n[1], json::array({"message", "Battery low"}));
  EXPECT_EQ(call("ALNotificationManager.notifications").size(), 1u);
  call("ALNotificationManager.remove", {id});
  EXPECT_EQ(call("ALNotificationManager.notifications"), json::array());
  EXPECT_EQ(refusal("ALNotificationManager.remove", {id}), "unknown-notification");
  EXPECT_EQ(refusal("ALNotificationManager.add", {json::object()}), "bad-argument");
}

}  // namespace
