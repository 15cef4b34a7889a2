#include "autolife/robot/devices.hpp"

#include <algorithm>

#include "arguments.hpp"
#include "autolife/naoqi/service_builder.hpp"

namespace autolife::robot {

using service::Any;

namespace {

// A grey pixel byte, in every colour space: 127 is also plain ASCII, so an
// image's bytes travel as a string through JSON as they do through qi.
constexpr char kGrey = 0x7f;

std::string deviceKey(const std::string& sensor) { return "Device/SubDeviceList/" + sensor + "/Sensor/Value"; }

}  // namespace

Devices::Devices(RobotCore& core) : core_(core) {}

// ---- touch -------------------------------------------------------------------

std::vector<Devices::TouchSensor> Devices::sensors() const { return sensorsOf(core_.pepper()); }

std::vector<Devices::TouchSensor> Devices::sensorsOf(bool pepper) {
  std::vector<TouchSensor> out = {{"Head/Touch/Front", "FrontTactilTouched"},
                                  {"Head/Touch/Middle", "MiddleTactilTouched"},
                                  {"Head/Touch/Rear", "RearTactilTouched"},
                                  {"LHand/Touch/Back", "HandLeftBackTouched"},
                                  {"RHand/Touch/Back", "HandRightBackTouched"}};
  if (pepper) {
    out.push_back({"Bumper/FrontLeft", "LeftBumperPressed"});
    out.push_back({"Bumper/FrontRight", "RightBumperPressed"});
    out.push_back({"Bumper/Back", "BackBumperPressed"});
  } else {
    for (const char* side : {"Left", "Right"}) {
      const std::string hand = side[0] == 'L' ? "LHand" : "RHand";
      out.push_back({hand + "/Touch/Left", std::string("Hand") + side + "LeftTouched"});
      out.push_back({hand + "/Touch/Right", std::string("Hand") + side + "RightTouched"});
    }
    out.push_back({"LFoot/Bumper/Left", "LeftBumperPressed"});
    out.push_back({"LFoot/Bumper/Right", "LeftBumperPressed"});
    out.push_back({"RFoot/Bumper/Left", "RightBumperPressed"});
    out.push_back({"RFoot/Bumper/Right", "RightBumperPressed"});
  }
  return out;
}

std::vector<std::string> Devices::touchSensors() const {
  std::vector<std::string> out;
  for (const auto& s : sensors()) out.push_back(s.name);
  return out;
}

namespace {

void addNames(std::vector<std::string>& out, const std::string& sensor, const std::string& event) {
  const std::string shortName = event.substr(0, event.size() - std::string_view("Touched").size());
  for (const auto& name : {sensor, event, shortName})
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
}

}  // namespace

std::vector<std::string> Devices::touchNames() const {
  std::vector<std::string> out;
  for (const auto& s : sensors()) addNames(out, s.name, s.event);
  return out;
}

std::vector<std::string> Devices::touchNamesOfEveryModel() {
  std::vector<std::string> out;
  for (bool pepper : {false, true})
    for (const auto& s : sensorsOf(pepper)) addNames(out, s.name, s.event);
  return out;
}

std::optional<Devices::TouchSensor> Devices::findSensor(const std::string& name) const {
  for (const auto& s : sensors()) {
    // "FrontTactilTouched" or "RightBumperPressed" without its last word.
    const std::string shortName = s.event.substr(0, s.event.size() - std::string_view("Touched").size());
    if (s.name == name || s.event == name || shortName == name) return s;
  }
  return std::nullopt;
}

bool Devices::press(const std::string& name, double seconds) {
  const auto found = findSensor(name);
  if (!found) return false;
  const TouchSensor sensor = *found;
  auto write = [this, sensor](bool on) {
    MemoryWrites writes;
    {
      std::lock_guard lock(core_.mutex);
      pressed_[sensor.name] = on;
    }
    writes.set(deviceKey(sensor.name), on ? 1.0 : 0.0);
    writes.raise(sensor.event, on ? 1.0 : 0.0);
    writes.raise("TouchChanged", core::Value(core::Value::Array{core::Value::Array{sensor.name, on}}));
    return writes;
  };
  core_.publish(write(true));
  core_.at(core_.now() + args::seconds(std::max(0.0, seconds)), [this, write] { write(false).applyTo(core_.memory); });
  return true;
}

std::shared_ptr<service::Service> Devices::makeTouch() {
  auto b = declare(core_, "ALTouch", "Touch sensors and bumpers: a touch is a scenario input (touch: step)");
  b.bind("getSensorList", [this] { return touchSensors(); }, "The robot's touch sensors");
  b.bind("getStatus", [this] {
    Any::Array out;
    std::lock_guard lock(core_.mutex);
    for (const auto& s : sensors()) out.push_back(Any::Array{s.name, pressed_[s.name], Any::Array{}});
    return Any(std::move(out));
  }, "[[sensor, pressed, []], ...]");
  return b.build();
}

// ---- cameras -----------------------------------------------------------------

int Devices::layers(int colorSpace) {
  if (colorSpace >= 0 && colorSpace <= 8) return 1;
  switch (colorSpace) {
    case 9: case 14: case 17: case 20: case 21: case 23: return 2;
    case 10: case 11: case 12: case 13: case 15: case 16: case 22: case 24: case 25: case 26: return 3;
    case 18: return 4;
    case 19: return 12;  // three floats
    default: return 0;
  }
}

std::optional<std::pair<int, int>> Devices::size(int resolution) {
  static const std::map<int, std::pair<int, int>> sizes = {
      {0, {160, 120}}, {1, {320, 240}},  {2, {640, 480}},  {3, {1280, 960}}, {4, {2560, 1920}}, {5, {1280, 720}},
      {6, {1920, 1080}}, {7, {80, 60}},  {8, {40, 30}},    {9, {640, 360}},  {10, {320, 180}},  {11, {160, 90}},
      {12, {80, 45}},  {13, {2560, 720}}, {14, {1280, 360}}, {15, {640, 180}}, {16, {320, 90}},   {17, {160, 45}}};
  auto it = sizes.find(resolution);
  return it == sizes.end() ? std::nullopt : std::optional(it->second);
}

// [width, height, layers, colorSpace, sec, usec, bytes, cameraId, left, top, right, bottom angles]
Any Devices::image(const Subscription& s) const {
  const auto [w, h] = *size(s.resolution);
  const int l = layers(s.colorSpace);
  const auto ns = core_.now().count();
  constexpr double kHalfWidth = 0.4969, kHalfHeight = 0.3897;  // radians: a NAO/Pepper top camera's field of view
  return Any::Array{w, h, l, s.colorSpace, ns / 1000000000, (ns % 1000000000) / 1000,
                    std::string(static_cast<std::size_t>(w) * h * l, kGrey), s.camera, kHalfWidth, -kHalfHeight, -kHalfWidth,
                    kHalfHeight};
}

Devices::Subscription& Devices::subscription(const std::string& handle) {
  auto it = subscriptions_.find(handle);
  if (it == subscriptions_.end()) service::refuse("unknown-subscriber", "no camera subscriber named '" + handle + "'");
  return it->second;
}

std::shared_ptr<service::Service> Devices::makeVideoDevice() {
  auto b = declare(core_, "ALVideoDevice", "Simulated cameras: mid-grey images of the resolution and colour space asked");
  auto check = [](int resolution, int colorSpace) {
    if (!size(resolution)) service::refuse("bad-argument", "no resolution " + std::to_string(resolution) + " (vision_definitions)");
    if (!layers(colorSpace)) service::refuse("bad-argument", "no colour space " + std::to_string(colorSpace) + " (vision_definitions)");
  };
  auto subscribe = [this, check](const std::string& name, int camera, int resolution, int colorSpace, int fps) {
    check(resolution, colorSpace);
    std::lock_guard lock(core_.mutex);
    std::string handle = name;
    for (int n = 0; subscriptions_.contains(handle); ++n) handle = name + "_" + std::to_string(n);
    subscriptions_[handle] = {camera, resolution, colorSpace, fps};
    return handle;
  };
  b.bind("subscribeCamera", subscribe, "Subscribes to a camera; answers the handle to read images with");
  b.bind("subscribe", [this, subscribe](const std::string& name, int resolution, int colorSpace, int fps) {
    int camera;
    {
      std::lock_guard lock(core_.mutex);
      camera = activeCamera_;
    }
    return subscribe(name, camera, resolution, colorSpace, fps);
  }, "Subscribes to the active camera; answers the handle");
  b.bind("unsubscribe", [this](const std::string& handle) {
    std::lock_guard lock(core_.mutex);
    return subscriptions_.erase(handle) == 1;
  }, "Ends a subscription; false for an unknown handle");
  for (const char* name : {"getImageRemote", "getImageLocal"})
    b.bind(name, [this](const std::string& handle) {
      std::lock_guard lock(core_.mutex);
      return image(subscription(handle));
    }, "[width, height, layers, colorSpace, sec, usec, bytes, cameraId, angles...]: a mid-grey image");
  b.bind("releaseImage", [this](const std::string& handle) {
    std::lock_guard lock(core_.mutex);
    subscription(handle);
    return true;
  }, "Releases an image; true");
  b.bind("getResolution", [this](const std::string& handle) {
    std::lock_guard lock(core_.mutex);
    return subscription(handle).resolution;
  }, "A subscriber's resolution");
  b.bind("getColorSpace", [this](const std::string& handle) {
    std::lock_guard lock(core_.mutex);
    return subscription(handle).colorSpace;
  }, "A subscriber's colour space");
  b.bind("getFrameRate", [this](const std::string& handle) {
    std::lock_guard lock(core_.mutex);
    return subscription(handle).fps;
  }, "A subscriber's frame rate");
  b.bind("setResolution", [this, check](const std::string& handle, int resolution) {
    std::lock_guard lock(core_.mutex);
    check(resolution, subscription(handle).colorSpace);
    subscription(handle).resolution = resolution;
    return true;
  }, "Changes a subscriber's resolution");
  b.bind("setColorSpace", [this, check](const std::string& handle, int colorSpace) {
    std::lock_guard lock(core_.mutex);
    check(subscription(handle).resolution, colorSpace);
    subscription(handle).colorSpace = colorSpace;
    return true;
  }, "Changes a subscriber's colour space");
  b.bind("setFrameRate", [this](const std::string& handle, int fps) {
    std::lock_guard lock(core_.mutex);
    subscription(handle).fps = fps;
    return true;
  }, "Changes a subscriber's frame rate");
  b.bind("getActiveCamera", [this] {
    std::lock_guard lock(core_.mutex);
    return activeCamera_;
  }, "The active camera (0 top, 1 bottom)");
  b.bind("setActiveCamera", [this](int camera) {
    if (camera < 0 || camera > 1) return false;
    std::lock_guard lock(core_.mutex);
    activeCamera_ = camera;
    return true;
  }, "Chooses the active camera (0 top, 1 bottom)");
  b.bind("getCameraIndexes", [] { return Any(Any::Array{0, 1}); }, "[0, 1]: the top and bottom cameras");
  b.bind("hasDepthCamera", [] { return false; }, "No depth camera is simulated");
  b.bind("getSubscribers", [this] {
    std::lock_guard lock(core_.mutex);
    std::vector<std::string> out;
    for (const auto& [handle, s] : subscriptions_) out.push_back(handle);
    return out;
  }, "The subscribers' handles");
  return b.build();
}

std::shared_ptr<service::Service> Devices::makePhotoCapture() {
  auto b = declare(core_, "ALPhotoCapture", "Simulated photos: their paths are answered and recorded, no file is written");
  auto setting = [this](const char* name) {
    return std::pair{[this, name] {
                       std::lock_guard lock(core_.mutex);
                       return photo_[name];
                     },
                     [this, name](int v) {
                       if (std::string_view(name) == "resolution" && !size(v)) service::refuse("bad-argument", "no resolution " + std::to_string(v));
                       if (std::string_view(name) == "colorSpace" && !layers(v)) service::refuse("bad-argument", "no colour space " + std::to_string(v));
                       std::lock_guard lock(core_.mutex);
                       photo_[name] = v;
                     }};
  };
  for (const auto& [key, method] : std::vector<std::pair<const char*, std::string>>{
           {"camera", "CameraID"}, {"resolution", "Resolution"}, {"colorSpace", "ColorSpace"}, {"interval", "CaptureInterval"}}) {
    auto [get, set] = setting(key);
    b.bind("get" + method, get, "The photo setting " + method);
    b.bind("set" + method, set, "The photo setting " + method);
  }
  b.bind("getPictureFormat", [this] {
    std::lock_guard lock(core_.mutex);
    return pictureFormat_;
  }, "jpg, png, bmp...");
  b.bind("setPictureFormat", [this](const std::string& format) {
    std::lock_guard lock(core_.mutex);
    pictureFormat_ = format;
  }, "jpg, png, bmp...");
  auto take = [this](int count, const std::string& folder, const std::string& file) {
    if (count < 1) service::refuse("bad-argument", "numberOfPictures must be at least 1");
    std::lock_guard lock(core_.mutex);
    Any::Array paths;
    for (int i = 0; i < count; ++i) {
      std::string path = folder + (folder.ends_with("/") ? "" : "/") + file + (count > 1 ? "_" + std::to_string(i) : "") + "." + pictureFormat_;
      pictures_.push_back(path);
      paths.push_back(path);
    }
    service::takes(args::seconds(photo_["interval"] / 1000.0 * (count - 1)));
    return Any(std::move(paths));
  };
  b.bind("takePicture", [take](const std::string& folder, const std::string& file) { return take(1, folder, file); },
         "Takes a picture: [path] (recorded; no file is written)");
  b.bind("takePicture", [take](const std::string& folder, const std::string& file, bool) { return take(1, folder, file); },
         "Takes a picture: [path] (recorded; no file is written)");
  b.bind("takePictures", [take](int n, const std::string& folder, const std::string& file) { return take(n, folder, file); },
         "Takes pictures, one each capture interval: their paths");
  b.bind("takePictures", [take](int n, const std::string& folder, const std::string& file, bool) { return take(n, folder, file); },
         "Takes pictures, one each capture interval: their paths");
  return b.build();
}

// ---- notifications -----------------------------------------------------------

std::shared_ptr<service::Service> Devices::makeNotificationManager() {
  auto b = declare(core_, "ALNotificationManager", "Notifications: added, listed, removed (the events raised)");
  // A notification as NAOqi lists it: [[key, value], ...].
  auto pairs = [](int id, const Any& n) {
    auto field = [&n](const char* key, Any otherwise) {
      const Any* v = n.find(key);
      return Any::Array{key, v ? *v : std::move(otherwise)};
    };
    return Any(Any::Array{Any::Array{"id", id}, field("message", ""), field("severity", "info"), field("removeOnRead", true)});
  };
  b.bind("add", [this](const Any& notification) {
    Any::Map fields;
    if (notification.isMap()) fields = notification.asMap();
    else if (const auto* list = args::list(notification))
      for (const auto& p : *list)
        if (const auto* kv = args::list(p); kv && kv->size() == 2 && (*kv)[0].isString()) fields[(*kv)[0].asString()] = (*kv)[1];
    const Any n = std::move(fields);
    if (const Any* message = n.find("message"); !message || !message->isString())
      service::refuse("bad-argument", "a notification needs a message: {message, severity, removeOnRead}");
    int id;
    {
      std::lock_guard lock(core_.mutex);
      id = nextNotification_++;
      notifications_[id] = n;
    }
    MemoryWrites writes;
    writes.raise("notificationAdded", id);
    core_.publish(std::move(writes));
    return id;
  }, "Adds a notification ({message, severity, removeOnRead}); answers its id");
  b.bind("remove", [this](int id) {
    {
      std::lock_guard lock(core_.mutex);
      if (!notifications_.erase(id)) service::refuse("unknown-notification", "no notification " + std::to_string(id));
    }
    MemoryWrites writes;
    writes.raise("notificationRemoved", id);
    core_.publish(std::move(writes));
  }, "Removes a notification");
  b.bind("notification", [this, pairs](int id) {
    std::lock_guard lock(core_.mutex);
    auto it = notifications_.find(id);
    if (it == notifications_.end()) service::refuse("unknown-notification", "no notification " + std::to_string(id));
    return pairs(id, it->second);
  }, "A notification: [[id, n], [message, ...], [severity, ...], [removeOnRead, ...]]");
  b.bind("notifications", [this, pairs] {
    std::lock_guard lock(core_.mutex);
    Any::Array out;
    for (const auto& [id, n] : notifications_) out.push_back(pairs(id, n));
    return Any(std::move(out));
  }, "Every notification, oldest first");
  return b.build();
}

}  // namespace autolife::robot
