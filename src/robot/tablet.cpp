#include "autolife/robot/tablet.hpp"

#include <algorithm>

#include "arguments.hpp"
#include "autolife/naoqi/service_builder.hpp"

namespace autolife::robot {

using service::Any;

namespace {

// Videos are not decoded: one plays for this long, then videoFinished.
constexpr double kVideoSeconds = 10.0;
// The tablet's screen, in pixels.
constexpr double kScreenWidth = 1280, kScreenHeight = 800;

}  // namespace

Tablet::Tablet(RobotCore& core) : core_(core) {}

Tablet::Screen Tablet::screen() const {
  std::lock_guard lock(core_.mutex);
  return screen_;
}

std::vector<std::string> Tablet::shown() const {
  std::lock_guard lock(core_.mutex);
  return shown_;
}

void Tablet::show(const std::string& what) { shown_.push_back(what); }

// Outside the robot's lock, like every signal.
void Tablet::emit(const std::string& signal, const Any& value) {
  if (auto s = service_.lock()) s->emit(signal, value);
}

void Tablet::touchScreen(double x, double y) {
  emit("onTouchDown", Any::Array{x, y});
  emit("onTouchDownRatio", Any::Array{x / kScreenWidth, y / kScreenHeight, screen().webviewShown ? "WebView" : "Screen"});
  emit("onTouchUp", Any::Array{x, y});
}

std::shared_ptr<service::Service> Tablet::makeService() {
  auto b = declare(core_, "ALTabletService", "Simulated tablet: what it shows, recorded, with its signals");
  auto showPage = [this](const std::string& url) {
    {
      std::lock_guard lock(core_.mutex);
      if (!url.empty()) screen_.url = url;
      screen_.webviewShown = true;
      show("webview " + screen_.url);
    }
    emit("onPageStarted", Any());
    emit("onPageFinished", Any());
    return true;
  };
  b.bind("showWebview", [showPage] { return showPage(""); }, "Shows the web view (the page loaded); true");
  b.bind("showWebview", showPage, "Loads a page and shows it; true");
  b.bind("loadUrl", [this](const std::string& url) {
    std::lock_guard lock(core_.mutex);
    screen_.url = url;
    return true;
  }, "Loads a page (shown by showWebview); true");
  b.bind("loadApplication", [this](const std::string& name) {
    std::lock_guard lock(core_.mutex);
    screen_.url = "http://" + std::string(kRobotIp) + "/apps/" + name + "/";
    return true;
  }, "Loads an application's html/index.html; true");
  b.bind("hideWebview", [this] {
    std::lock_guard lock(core_.mutex);
    screen_.webviewShown = false;
    show("hide webview");
    return true;
  }, "Hides the web view; true");
  b.bind("cleanWebview", [this] {
    std::lock_guard lock(core_.mutex);
    screen_.url.clear();
  }, "Forgets the page");
  b.bind("reloadPage", [this](bool) {
    emit("onPageStarted", Any());
    emit("onPageFinished", Any());
  }, "Reloads the page (onPageStarted, onPageFinished)");
  b.bind("executeJS", [this](const std::string& script) {
    std::lock_guard lock(core_.mutex);
    show("javascript " + script);
  }, "Runs JavaScript in the page (recorded, not run)");
  b.bind("getOnTouchScaleFactor", [this] {
    std::lock_guard lock(core_.mutex);
    return screen_.webviewShown ? touchScale_ : 1.0;
  }, "1.34 for the web view (or as set), 1.0 otherwise");
  b.bind("setOnTouchWebviewScaleFactor", [this](double factor) {
    std::lock_guard lock(core_.mutex);
    touchScale_ = factor;
  }, "The web view's touch scale factor");
  auto showImage = [this](const std::string& url) {
    {
      std::lock_guard lock(core_.mutex);
      screen_.image = url;
      show("image " + url);
    }
    emit("onImageLoaded", Any());
    return true;
  };
  b.bind("showImage", showImage, "Shows an image; true (onImageLoaded)");
  b.bind("showImageNoCache", showImage, "Shows an image; true (onImageLoaded)");
  b.bind("preLoadImage", [](const std::string&) { return true; }, "Preloads an image; true");
  b.bind("hideImage", [this] {
    std::lock_guard lock(core_.mutex);
    screen_.image.reset();
  }, "Hides the image");
  b.bind("pauseGif", [] {}, "Pauses an animated image (recorded)");
  b.bind("resumeGif", [] {}, "Resumes an animated image (recorded)");
  b.bind("setBackgroundColor", [this](const std::string& color) {
    std::lock_guard lock(core_.mutex);
    screen_.backgroundColor = color;
  }, "The background colour (#RRGGBB)");
  b.bind("playVideo", [this](const std::string& url) {
    {
      std::lock_guard lock(core_.mutex);
      screen_.video = url;
      screen_.videoPaused = false;
      videoStart_ = core_.now();
      videoPosition_ = 0;
      show("video " + url);
      const core::Time end = core_.now() + core::fromSeconds(kVideoSeconds);
      core_.at(end, [this, url, start = videoStart_] {
        {
          std::lock_guard lock(core_.mutex);
          if (screen_.video != url || screen_.videoPaused || videoStart_ != start) return;
          screen_.video.reset();
        }
        emit("videoFinished", Any());
      });
    }
    emit("videoStarted", Any());
    return true;
  }, "Plays a video (10 s in the simulation: videoStarted, then videoFinished); true");
  auto position = [this] {
    if (!screen_.video) return 0.0;
    return screen_.videoPaused ? videoPosition_ : core::toSeconds(core_.now() - videoStart_);
  };
  b.bind("getVideoPosition", [this, position] {
    std::lock_guard lock(core_.mutex);
    return static_cast<int>(position() * 1000);
  }, "Where the video is (ms)");
  b.bind("getVideoLength", [this] {
    std::lock_guard lock(core_.mutex);
    return screen_.video ? static_cast<int>(kVideoSeconds * 1000) : 0;
  }, "The video's length (ms)");
  b.bind("pauseVideo", [this, position] {
    std::lock_guard lock(core_.mutex);
    if (!screen_.video || screen_.videoPaused) return false;
    videoPosition_ = position();
    screen_.videoPaused = true;
    return true;
  }, "Pauses the video; false if none plays");
  b.bind("resumeVideo", [this] {
    std::lock_guard lock(core_.mutex);
    if (!screen_.video || !screen_.videoPaused) return;
    screen_.videoPaused = false;
    videoStart_ = core_.now() - core::fromSeconds(videoPosition_);
    const auto url = *screen_.video;
    core_.at(videoStart_ + core::fromSeconds(kVideoSeconds), [this, url, start = videoStart_] {
      {
        std::lock_guard lock(core_.mutex);
        if (screen_.video != url || screen_.videoPaused || videoStart_ != start) return;
        screen_.video.reset();
      }
      emit("videoFinished", Any());
    });
  }, "Resumes the video");
  b.bind("stopVideo", [this] {
    {
      std::lock_guard lock(core_.mutex);
      if (!screen_.video) return false;
      screen_.video.reset();
    }
    emit("videoFinished", Any());
    return true;
  }, "Stops the video (videoFinished); false if none plays");
  auto dialog = [this](const std::string& title) {
    std::lock_guard lock(core_.mutex);
    screen_.dialog = title;
    show("dialog " + title);
  };
  b.bind("showInputTextDialog", [dialog](const std::string& title, const std::string&, const std::string&) { dialog(title); },
         "Shows a text input dialog (recorded; its answer is a scenario's onInputText)");
  b.bind("showInputTextDialog", [dialog](const std::string& title, const std::string&, const std::string&, const std::string&, int) {
    dialog(title);
  }, "Shows a text input dialog with a value and a length limit (recorded)");
  b.bind("showInputDialog", [dialog](const std::string&, const std::string& title, const std::string&, const std::string&) {
    dialog(title);
  }, "Shows an input dialog (recorded)");
  b.bind("hideDialog", [this] {
    std::lock_guard lock(core_.mutex);
    screen_.dialog.reset();
  }, "Hides the dialog");
  b.bind("showAlertView", [dialog](double, const std::string&, int) { dialog("alert"); }, "Shows an alert (recorded)");
  b.bind("hide", [this] {
    std::lock_guard lock(core_.mutex);
    screen_.webviewShown = false;
    screen_.image.reset();
    screen_.video.reset();
    screen_.dialog.reset();
    show("hide");
  }, "Hides everything: the idle screen appears");
  b.bind("turnScreenOn", [this](bool on) {
    std::lock_guard lock(core_.mutex);
    screen_.on = on;
  }, "Turns the screen on or off");
  b.bind("goToSleep", [this] {
    std::lock_guard lock(core_.mutex);
    screen_.on = false;
  }, "The screen goes to sleep");
  b.bind("wakeUp", [this] {
    std::lock_guard lock(core_.mutex);
    screen_.on = true;
  }, "The screen wakes up");
  b.bind("getBrightness", [this] {
    std::lock_guard lock(core_.mutex);
    return brightness_;
  }, "The screen's brightness (0-1)");
  b.bind("setBrightness", [this](double brightness) {
    if (brightness < 0 || brightness > 1) return false;
    std::lock_guard lock(core_.mutex);
    brightness_ = brightness;
    return true;
  }, "Sets the brightness (0-1); false out of range");
  b.bind("setVolume", [this](int volume) {
    if (volume < 0 || volume > 15) return false;
    std::lock_guard lock(core_.mutex);
    volume_ = volume;
    return true;
  }, "The tablet's own volume (0-15); false out of range");
  b.bind("setTabletLanguage", [this](const std::string& locale) {
    std::lock_guard lock(core_.mutex);
    language_ = locale;
    return true;
  }, "The tablet's language");
  b.bind("robotIp", [] { return std::string(kRobotIp); }, "The robot's address seen from the tablet");
  b.bind("getWifiStatus", [] { return std::string("CONNECTED"); }, "CONNECTED: the simulated tablet is always online");
  b.bind("getWifiMacAddress", [] { return std::string("02:00:00:00:00:00"); }, "A locally administered address");
  b.bind("getAvailableKeyboards", [] { return std::vector<std::string>{"English"}; }, "The keyboards");
  b.bind("resetTablet", [this] {
    std::lock_guard lock(core_.mutex);
    screen_ = Screen{};
    show("reset");
  }, "Back to the idle screen");
  auto built = b.build();
  service_ = built;
  return built;
}

}  // namespace autolife::robot
