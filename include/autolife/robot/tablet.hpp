// ALTabletService, simulated: what the tablet shows (a web view and its
// URL, an image, a video, a dialog), kept as its current state and as a
// history of everything shown, with the signals a tablet emits when a page
// loads, an image is shown or a video starts and ends. A touch on the
// screen is a scenario input (touchScreen). The simulated NAO has one too,
// so that Pepper applications run on either model (decision 205).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "autolife/robot/robot_core.hpp"
#include "autolife/service/service.hpp"

namespace autolife::robot {

class Tablet {
public:
  // The robot's address as the tablet sees it (NAOqi's documentation uses it).
  static constexpr const char* kRobotIp = "198.18.0.1";

  explicit Tablet(RobotCore& core);

  std::shared_ptr<service::Service> makeService();

  // What the screen shows now.
  struct Screen {
    bool on = true;
    bool webviewShown = false;
    std::string url;                   // the page loaded (shown or not)
    std::optional<std::string> image;  // shown over the web view
    std::optional<std::string> video;  // playing or paused
    bool videoPaused = false;
    std::optional<std::string> dialog;  // an input or alert dialog's title
    std::string backgroundColor = "#000000";
  };
  Screen screen() const;
  // Everything shown, in order: "webview <url>", "image <url>", "video <url>",
  // "dialog <title>", "hide".
  std::vector<std::string> shown() const;

  // A finger on the screen at (x, y) pixels (1280 x 800), lifted at once:
  // onTouchDown, onTouchDownRatio, onTouchUp.
  void touchScreen(double x, double y);

private:
  void show(const std::string& what);  // the robot's lock held
  // Never with the robot's lock held: a handler may call the robot back.
  void emit(const std::string& signal, const service::Any& value);

  RobotCore& core_;
  std::weak_ptr<service::Service> service_;
  Screen screen_;
  std::vector<std::string> shown_;
  core::Time videoStart_{0};
  double videoPosition_ = 0;  // seconds, while paused
  double brightness_ = 1.0;
  int volume_ = 50;
  double touchScale_ = 1.34;
  std::string language_ = "en_US";
};

}  // namespace autolife::robot
