#include "autolife/robot/basic_awareness.hpp"

#include <algorithm>

#include "arguments.hpp"

namespace autolife::robot {

using service::Any;
using service::Arguments;
using service::Type;

namespace {

constexpr const char* kBasicAwarenessService = "ALBasicAwareness";

const std::vector<std::string> kEngagementModes = {"Unengaged", "FullyEngaged", "SemiEngaged"};
const std::vector<std::string> kTrackingModes = {"Head", "BodyRotation", "WholeBody", "MoveContextually"};

// Parameters and their defaults (NAOqi 2.5 names).
const std::map<std::string, double>& defaultParameters() {
  static const std::map<std::string, double> p = {
      {"LookStimulusSpeed", 0.5},      {"LookBackSpeed", 0.3},          {"LookDownSpeed", 0.3},
      {"NobodyFoundTimeOut", 1.0},     {"MinTimeTracking", 2.0},        {"TimeSleepBeforeResumeMS", 5000},
      {"TimeOutResetHead", 5.0},       {"AmplitudeYawTracking", 10.0},  {"PeriodYawTracking", 5.0},
      {"AmplitudePitchTracking", 5.0}, {"PeriodPitchTracking", 5.0},    {"HeadThreshold", 0.35},
      {"BodyRotationThreshold", 0.6},  {"MaxHumanSearchTime", 7.0},     {"DeltaPitchComfortZone", 0.17},
      {"CenterPitchComfortZone", 0.0}, {"SoundHeight", 1.2},            {"MoveDistanceX", 0.3},
      {"MoveDistanceY", 0.3},          {"MoveAngleTheta", 0.35},        {"MaxDistanceFullyEngaged", 1.5},
      {"MaxDistanceNotFullyEngaged", 2.5}, {"MoveSpeed", 0.5},          {"MoveThresholdX", 0.2},
      {"MoveThresholdY", 0.2},         {"MoveThresholdTheta", 0.2},
  };
  return p;
}

void choose(const std::string& value, const std::vector<std::string>& allowed, std::string_view what) {
  if (std::find(allowed.begin(), allowed.end(), value) != allowed.end()) return;
  std::string list;
  for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
  service::refuse("unknown-mode", "'" + value + "' is not " + std::string(what) + " (" + list + ")");
}

}  // namespace

BasicAwareness::BasicAwareness(RobotCore& core) : core_(core), parameters_(defaultParameters()) {
  tracking_ = core.pepper() ? "BodyRotation" : "Head";
  std::vector<std::string> stimuli = {"People", "Touch", "Sound", "Movement"};
  if (core.pepper()) {
    stimuli.push_back("TabletTouch");
    stimuli.push_back("NavigationMotion");
  }
  for (const auto& s : stimuli) stimuli_[s] = true;
}

bool BasicAwareness::enabled() const {
  std::lock_guard lock(core_.mutex);
  return enabled_;
}

bool BasicAwareness::running() const {
  std::lock_guard lock(core_.mutex);
  return enabled_ && !paused_;
}

std::string BasicAwareness::engagementMode() const {
  std::lock_guard lock(core_.mutex);
  return engagement_;
}

std::string BasicAwareness::trackingMode() const {
  std::lock_guard lock(core_.mutex);
  return tracking_;
}

bool BasicAwareness::stimulusDetection(const std::string& stimulus) const {
  std::lock_guard lock(core_.mutex);
  auto it = stimuli_.find(stimulus);
  return it != stimuli_.end() && it->second;
}

std::shared_ptr<service::Service> BasicAwareness::makeService() {
  auto b = declare(core_, kBasicAwarenessService, "Simulated basic awareness: switches and modes");
  auto setEnabled = [this](bool on) {
    std::lock_guard lock(core_.mutex);
    enabled_ = on;
    if (!on) paused_ = false;
  };
  b.bind("setEnabled", setEnabled, "Starts or stops basic awareness (2.5+)");
  b.bind("isEnabled", [this] { return enabled(); }, "Whether it is enabled (2.5+)");
  b.bind("startAwareness", [setEnabled] { setEnabled(true); }, "Starts basic awareness (2.1-2.4)");
  b.bind("stopAwareness", [setEnabled] { setEnabled(false); }, "Stops basic awareness (2.1-2.4)");
  for (const char* name : {"isRunning", "isAwarenessRunning"})
    b.bind(name, {}, [this] { return running(); }, "Whether it runs (enabled, not paused)");
  b.bind("pauseAwareness", [this] {
    std::lock_guard lock(core_.mutex);
    paused_ = enabled_;
  }, "Pauses it");
  b.bind("resumeAwareness", [this] {
    std::lock_guard lock(core_.mutex);
    paused_ = false;
  }, "Resumes it");
  b.bind("isAwarenessPaused", [this] {
    std::lock_guard lock(core_.mutex);
    return paused_;
  }, "Whether it is paused");
  b.bind("setEngagementMode", [this](const std::string& mode) {
    choose(mode, kEngagementModes, "an engagement mode");
    std::lock_guard lock(core_.mutex);
    engagement_ = mode;
  }, "Unengaged, FullyEngaged or SemiEngaged");
  b.bind("getEngagementMode", [this] { return engagementMode(); }, "The engagement mode");
  b.bind("setTrackingMode", [this](const std::string& mode) {
    choose(mode, kTrackingModes, "a tracking mode");
    std::lock_guard lock(core_.mutex);
    tracking_ = mode;
  }, "Head, BodyRotation, WholeBody or MoveContextually");
  b.bind("getTrackingMode", [this] { return trackingMode(); }, "The tracking mode");
  auto stimulus = [this](const std::string& name) {
    std::lock_guard lock(core_.mutex);
    if (stimuli_.contains(name)) return;
    std::string list;
    for (const auto& [n, on] : stimuli_) list += (list.empty() ? "" : ", ") + n;
    service::refuse("unknown-stimulus", "no stimulus named '" + name + "' on " + std::string(core_.modelName()) + " (" + list + ")");
  };
  b.bind("setStimulusDetectionEnabled", [this, stimulus](const std::string& name, bool on) {
    stimulus(name);
    std::lock_guard lock(core_.mutex);
    stimuli_[name] = on;
  }, "Turns a stimulus on or off");
  b.bind("isStimulusDetectionEnabled", [this, stimulus](const std::string& name) {
    stimulus(name);
    return stimulusDetection(name);
  }, "Whether a stimulus is on");
  b.bind("setParameter", [this](const std::string& name, double value) {
    std::lock_guard lock(core_.mutex);
    if (!parameters_.contains(name)) service::refuse("unknown-parameter", "no basic awareness parameter named '" + name + "'");
    parameters_[name] = value;
  }, "Sets a parameter");
  b.bind("getParameter", [this](const std::string& name) {
    std::lock_guard lock(core_.mutex);
    auto it = parameters_.find(name);
    if (it == parameters_.end()) service::refuse("unknown-parameter", "no basic awareness parameter named '" + name + "'");
    return it->second;
  }, "A parameter");
  b.bind("resetAllParameters", [this] {
    std::lock_guard lock(core_.mutex);
    parameters_ = defaultParameters();
  }, "Parameters back to their defaults");
  // Who can be engaged is who people perception sees (its memory keys, as
  // the world or a robot writes them).
  b.bind("engagePerson", [this](int id) {
    try {
      const core::Value visible = core_.memory.getData("PeoplePerception/VisiblePeopleList");
      if (!visible.isArray()) return false;
      for (const auto& v : visible.asArray())
        if (v.isInt() && v.asInt() == id) return true;
    } catch (const std::exception&) {
    }
    return false;
  }, "Engages a person: true when people perception sees them (PeoplePerception/VisiblePeopleList)");
  b.bind("triggerStimulus", {"stimulusPosition"}, [](const std::vector<double>&) { return -1; },
         "A fake stimulus (nobody found here: -1)");
  b.service().signal("stimulusDetected", {{"stimulusName", Type::String}}, "A stimulus was detected");
  b.service().signal("humanTracked", {{"humanId", Type::Int}}, "A human is tracked");
  b.service().signal("humanLost", {{"lost", Type::Bool}}, "The tracked human was lost");
  return b.build();
}

}  // namespace autolife::robot
