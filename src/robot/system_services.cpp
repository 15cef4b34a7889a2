#include "autolife/robot/system_services.hpp"

#include <algorithm>
#include <cmath>

#include "arguments.hpp"
#include "autolife/naoqi/service_builder.hpp"

namespace autolife::robot {

using service::Any;

namespace {

// The memory key a robot's battery board writes: the charge, 0 to 1.
constexpr const char* kBatteryChargeKey = "Device/SubDeviceList/Battery/Charge/Sensor/Value";

// Simulated figures for ALSystem (kB): a NAO V6 and a Pepper 1.8 have about these.
constexpr std::int64_t kNaoMemoryKb = 4 * 1024 * 1024;
constexpr std::int64_t kPepperMemoryKb = 4 * 1024 * 1024;
constexpr std::int64_t kDiskKb = 32 * 1024 * 1024;

std::vector<std::string> hotJoints(const std::map<std::string, double>& temperatures, double from) {
  std::vector<std::string> out;
  for (const auto& [joint, celsius] : temperatures)
    if (celsius >= from) out.push_back(joint);
  return out;
}

}  // namespace

RobotSystem::RobotSystem(RobotCore& core) : core_(core), name_(core.pepper() ? "Pepper" : "NAO") {
  audioParameters_ = {{"outputSampleRate", 48000}};
  MemoryWrites writes;
  writes.set(kBatteryChargeKey, battery_ / 100.0);
  core_.publish(std::move(writes));
}

std::string RobotSystem::robotName() const {
  std::lock_guard lock(core_.mutex);
  return name_;
}

double RobotSystem::battery() const {
  std::lock_guard lock(core_.mutex);
  return battery_;
}

int RobotSystem::outputVolume() const {
  std::lock_guard lock(core_.mutex);
  return volume_;
}

bool RobotSystem::muted() const {
  std::lock_guard lock(core_.mutex);
  return muted_;
}

void RobotSystem::sense(const WorldUpdate& u) {
  MemoryWrites writes;
  {
    std::lock_guard lock(core_.mutex);
    if (u.battery) {
      const double before = battery_;
      battery_ = std::isnan(*u.battery) ? 0.0 : std::clamp(*u.battery, 0.0, 100.0);
      writes.set(kBatteryChargeKey, battery_ / 100.0);
      if (std::lround(before) != std::lround(battery_)) writes.raise("BatteryChargeChanged", static_cast<int>(std::lround(battery_)));
      if (before >= kLowBatteryPercent && battery_ < kLowBatteryPercent) {
        writes.raise("ALBattery/BatteryLow", true);
        writes.raise("BatteryLowDetected", true);
      }
    }
    if (u.charging && *u.charging != charging_) {
      charging_ = *u.charging;
      writes.raise("BatteryChargingFlagChanged", charging_);
      writes.raise("BatteryPowerPluggedChanged", charging_);
    }
    if (u.onPod && *u.onPod != onPod_) {
      onPod_ = *u.onPod;
      writes.raise("ALBattery/ConnectedToChargingStation", onPod_);
    }
    if (u.temperature) {
      const auto hotBefore = hotJoints(temperatures_, kHotCelsius);
      for (const auto& [joint, celsius] : *u.temperature) temperatures_[joint] = celsius;
      const auto hot = hotJoints(temperatures_, kHotCelsius);
      std::vector<std::string> cooled;
      for (const auto& j : hotBefore)
        if (std::find(hot.begin(), hot.end(), j) == hot.end()) cooled.push_back(j);
      const bool newlyHot = std::any_of(hot.begin(), hot.end(),
                                        [&](const auto& j) { return std::find(hotBefore.begin(), hotBefore.end(), j) == hotBefore.end(); });
      if (newlyHot) {
        core::Value::Array names(hot.begin(), hot.end());
        writes.raise("HotJointDetected", core::Value(names));
        writes.raise("HotDeviceDetected", core::Value(names));
      }
      if (!cooled.empty()) writes.raise("DeviceNoLongerHotDetected", core::Value(core::Value::Array(cooled.begin(), cooled.end())));
    }
  }
  core_.publish(std::move(writes));
}

std::shared_ptr<service::Service> RobotSystem::makeSystem() {
  auto b = declare(core_, "ALSystem", "Simulated system: the robot's name, versions and time zone");
  b.bind("robotName", [this] { return robotName(); }, "The robot's name (NAO or Pepper until set)");
  b.bind("setRobotName", [this](const std::string& name) {
    if (name.empty()) service::refuse("bad-argument", "a robot needs a name");
    {
      std::lock_guard lock(core_.mutex);
      if (name_ == name) return true;
      name_ = name;
    }
    MemoryWrites writes;
    writes.raise("ALSystem/RobotNameChanged", name);
    core_.publish(std::move(writes));
    return true;
  }, "Renames the robot (raises ALSystem/RobotNameChanged)");
  b.bind("systemVersion", [] { return std::string(naoqi::kNaoqiVersion); }, "The NAOqi version simulated");
  b.bind("previousSystemVersion", [] { return std::string(naoqi::kNaoqiVersion); }, "The same: no upgrade ever happened");
  b.bind("timezone", [this] {
    std::lock_guard lock(core_.mutex);
    return timezone_;
  }, "The time zone (UTC until set)");
  b.bind("setTimezone", [this](const std::string& zone) {
    // "Area/City" names (or UTC): what a robot's settings page offers.
    if (zone.empty() || zone.find(' ') != std::string::npos) return false;
    std::lock_guard lock(core_.mutex);
    timezone_ = zone;
    return true;
  }, "Sets the time zone (an Area/City name); false for one that is not a zone name");
  const std::int64_t memory = core_.pepper() ? kPepperMemoryKb : kNaoMemoryKb;
  b.bind("totalMemory", [memory] { return static_cast<int>(memory); }, "The robot's memory (kB, a simulated figure)");
  b.bind("freeMemory", [memory] { return static_cast<int>(memory / 2); }, "Free memory (kB, a simulated figure: half)");
  b.bind("diskFree", [](bool) {
    return Any(Any::Array{Any::Map{{"name", "/home/nao"}, {"total", kDiskKb}, {"free", kDiskKb / 2}}});
  }, "[{name, total, free}] of the user partition (kB, simulated figures)");
  b.bind("systemInfo", [this] {
    return Any(Any::Map{{"robotName", robotName()},
                        {"systemVersion", naoqi::kNaoqiVersion},
                        {"robotType", std::string(core_.modelName())},
                        {"simulated", true}});
  }, "{robotName, systemVersion, robotType, simulated}");
  b.bind("robotIcon", [] { return Any(""); }, "The robot's icon (none in the simulation: \"\")");
  b.bind("reboot", [] {}, "Recorded; the simulated robot does not reboot");
  b.bind("shutdown", [] {}, "Recorded; the simulated robot does not shut down");
  return b.build();
}

std::shared_ptr<service::Service> RobotSystem::makeRobotModel() {
  auto b = declare(core_, "ALRobotModel", "Which robot this is: a NAO or a Pepper");
  const bool pepper = core_.pepper();
  b.bind("getConfig", [pepper] {
    return std::string(pepper ? "Type: Pepper (juliette)\nHead: yes\nArms: 2, with hands\nLegs: no (wheeled base)\nTablet: yes\n"
                              : "Type: NAO (nao)\nHead: yes\nArms: 2, with hands\nLegs: 2\nTablet: no\n");
  }, "The robot's configuration, as text");
  b.bind("getRobotType", {}, [pepper] { return std::string(pepper ? "Juliette" : "Nao"); }, "Nao or Juliette (Pepper)");
  // NAOqi's private spelling, which Choregraphe's multi-robot animation boxes call.
  b.bind("_getRobotTypeString", {}, [pepper] { return std::string(pepper ? "juliette" : "nao"); },
         "nao or juliette (Pepper): what Choregraphe's animation boxes ask");
  b.bind("hasArms", {}, [] { return true; }, "Whether the robot has arms");
  b.bind("hasHands", {}, [] { return true; }, "Whether the robot has hands");
  b.bind("hasLegs", {}, [pepper] { return !pepper; }, "Whether the robot has legs (Pepper rolls)");
  b.bind("hasTablet", {}, [pepper] { return pepper; }, "Whether the robot has a tablet");
  return b.build();
}

std::shared_ptr<service::Service> RobotSystem::makeBattery() {
  auto b = declare(core_, "ALBattery", "The battery, as the world says it is");
  b.bind("getBatteryCharge", [this] { return static_cast<int>(std::lround(battery())); }, "The charge (percent)");
  b.bind("enablePowerMonitoring", [](bool) {}, "Recorded: the simulation always monitors");
  return b.build();
}

std::shared_ptr<service::Service> RobotSystem::makeBodyTemperature() {
  auto b = declare(core_, "ALBodyTemperature", "The joints' temperatures, as the world says they are");
  auto notifications = std::make_shared<bool>(true);
  b.bind("getTemperatureDiagnosis", [this] {
    std::lock_guard lock(core_.mutex);
    const auto critical = hotJoints(temperatures_, kCriticalCelsius);
    const auto hot = hotJoints(temperatures_, kHotCelsius);
    const int level = !critical.empty() ? 2 : !hot.empty() ? 1 : 0;
    return Any(Any::Array{level, service::toAny(level == 2 ? critical : hot)});
  }, "[severity (0 negligible, 1 serious: a joint at 65 C or more, 2 critical: 75 C), [the joints at that level]]");
  b.bind("areNotificationsEnabled", [notifications] { return *notifications; }, "Whether temperature notifications are on");
  b.bind("setEnableNotifications", [notifications](bool on) { *notifications = on; }, "Temperature notifications on or off");
  return b.build();
}

std::shared_ptr<service::Service> RobotSystem::makeAudioDevice() {
  auto b = declare(core_, "ALAudioDevice", "Simulated audio device: output volume, mute, microphones");
  b.bind("getOutputVolume", [this] { return outputVolume(); }, "The output volume (0-100)");
  b.bind("setOutputVolume", [this](int volume) {
    args::within(volume, 0, 100, "volume");
    std::lock_guard lock(core_.mutex);
    volume_ = volume;
  }, "Sets the output volume (0-100)");
  b.bind("muteAudioOut", {"mute"}, [this](bool mute) {
    std::lock_guard lock(core_.mutex);
    muted_ = mute;
  }, "Mutes or unmutes the speakers");
  b.bind("isAudioOutMuted", [this] { return muted(); }, "Whether the speakers are muted");
  b.bind("setParameter", [this](const std::string& name, int value) {
    std::lock_guard lock(core_.mutex);
    audioParameters_[name] = value;
  }, "Sets an audio parameter (outputSampleRate...)");
  b.bind("getParameter", [this](const std::string& name) {
    std::lock_guard lock(core_.mutex);
    auto it = audioParameters_.find(name);
    if (it == audioParameters_.end()) service::refuse("unknown-parameter", "no audio parameter named '" + name + "'");
    return it->second;
  }, "An audio parameter");
  auto flag = [this](bool Microphones::*field, bool value) {
    return [this, field, value] {
      std::lock_guard lock(core_.mutex);
      microphones_.*field = value;
    };
  };
  b.bind("openAudioInputs", flag(&Microphones::inputsOpen, true), "Opens the microphones");
  b.bind("closeAudioInputs", flag(&Microphones::inputsOpen, false), "Closes the microphones");
  b.bind("openAudioOutputs", flag(&Microphones::outputsOpen, true), "Opens the speakers");
  b.bind("closeAudioOutputs", flag(&Microphones::outputsOpen, false), "Closes the speakers");
  b.bind("enableEnergyComputation", flag(&Microphones::energy, true), "Computes the microphones' energy (silence: 0)");
  b.bind("disableEnergyComputation", flag(&Microphones::energy, false), "Stops computing the microphones' energy");
  b.bind("isInputClosed", [this] {
    std::lock_guard lock(core_.mutex);
    return !microphones_.inputsOpen;
  }, "Whether the microphones are closed");
  b.bind("isOutputClosed", [this] {
    std::lock_guard lock(core_.mutex);
    return !microphones_.outputsOpen;
  }, "Whether the speakers are closed");
  for (const char* mic : {"getFrontMicEnergy", "getRearMicEnergy", "getLeftMicEnergy", "getRightMicEnergy"})
    b.bind(mic, [] { return 0.0f; }, "The microphone's energy: the simulated room is silent");
  b.bind("startMicrophonesRecording", [this](const std::string& file) {
    std::lock_guard lock(core_.mutex);
    if (microphones_.recording) service::refuse("already-recording", "a recording to " + *microphones_.recording + " is under way");
    microphones_.recording = file;
  }, "Starts a recording (recorded; no file is written)");
  b.bind("stopMicrophonesRecording", [this] {
    std::lock_guard lock(core_.mutex);
    microphones_.recording.reset();
  }, "Stops the recording");
  b.bind("playSine", [](int, int, int, double duration) { service::takes(args::seconds(args::within(duration, 0, 1e6, "duration"))); },
         "Plays a tone; takes its duration");
  return b.build();
}

}  // namespace autolife::robot
