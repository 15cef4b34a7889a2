// The simulated robot's touch sensors and cameras, and its notifications
// (docs/robot.md): ALTouch (a touch is a scenario input: press()), the
// cameras of ALVideoDevice and ALPhotoCapture (synthetic mid-grey images of
// the resolution and colour space asked), and ALNotificationManager.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "autolife/robot/robot_core.hpp"
#include "autolife/service/service.hpp"

namespace autolife::robot {

class Devices {
public:
  explicit Devices(RobotCore& core);

  std::shared_ptr<service::Service> makeTouch();
  std::shared_ptr<service::Service> makeVideoDevice();
  std::shared_ptr<service::Service> makePhotoCapture();
  std::shared_ptr<service::Service> makeNotificationManager();

  // The touch sensors of this model ("Head/Touch/Front", "Bumper/Back"...).
  std::vector<std::string> touchSensors() const;
  // Presses a sensor now and releases it `seconds` later: its Device key,
  // its event (FrontTactilTouched, HandRightBackTouched, RightBumperPressed...
  // 1.0 then 0.0) and TouchChanged. `sensor` is a sensor's name, its event
  // or the event's name without Touched/Pressed ("FrontTactil"). False for
  // a sensor this model does not have.
  bool press(const std::string& sensor, double seconds);
  // Every name press() understands, for messages; the same for any model.
  std::vector<std::string> touchNames() const;
  static std::vector<std::string> touchNamesOfEveryModel();

  // Bytes per pixel of a colour space (vision_definitions), 0 if unknown;
  // the size of a resolution, nullopt if unknown.
  static int layers(int colorSpace);
  static std::optional<std::pair<int, int>> size(int resolution);

private:
  struct Subscription {
    int camera = 0;
    int resolution = 0;
    int colorSpace = 0;
    int fps = 5;
  };
  struct TouchSensor {
    std::string name;   // "Head/Touch/Front"
    std::string event;  // "FrontTactilTouched"
  };
  std::vector<TouchSensor> sensors() const;
  static std::vector<TouchSensor> sensorsOf(bool pepper);
  std::optional<TouchSensor> findSensor(const std::string& name) const;
  // The next two: the robot's lock held.
  service::Any image(const Subscription& s) const;
  Subscription& subscription(const std::string& handle);

  RobotCore& core_;
  std::map<std::string, bool> pressed_;
  std::map<std::string, Subscription> subscriptions_;
  int activeCamera_ = 0;
  std::map<std::string, int> photo_ = {{"camera", 0}, {"resolution", 2}, {"colorSpace", 11}, {"interval", 200}};
  std::string pictureFormat_ = "jpg";
  std::vector<std::string> pictures_;
  std::map<int, service::Any> notifications_;
  int nextNotification_ = 1;
};

}  // namespace autolife::robot
