#include "autolife/robot/basic_awareness.hpp"

#include <algorithm>

#include "arguments.hpp"

namespace autolife::robot {

using service::Any;
using service::Arguments;
using service::Type;

namespace {

constexpr const char* kBasicAwarenessService = "ALBasicAwareness";
std::string awarenessMethod(std::string_view method) { return args::qualified(kBasicAwarenessService, method); }

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

void choose(const std::string& value, const std::vector<std::string>& allowed, std::string_view w, std::string_view what) {
  if (std::find(allowed.begin(), allowed.end(), value) != allowed.end()) return;
  std::string list;
  for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
  refuse("unknown-mode", w, "'" + value + "' is not " + std::string(what) + " (" + list + ")");
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
  auto s = std::make_shared<service::Service>(kBasicAwarenessService, "Simulated basic awareness: switches and modes");
  auto setEnabled = [this](bool on) {
    std::lock_guard lock(core_.mutex);
    enabled_ = on;
    if (!on) paused_ = false;
    return Any();
  };
  define(*s, core_, "setEnabled", {{"enabled"}}, Type::Void, "Starts or stops basic awareness (2.5+)", [setEnabled](const Arguments& a) {
    return setEnabled(args::flag(a[0], awarenessMethod("setEnabled"), "enabled"));
  });
  define(*s, core_, "isEnabled", {}, Type::Bool, "Whether it is enabled (2.5+)", [this](const Arguments&) { return Any(enabled()); });
  define(*s, core_, "startAwareness", {}, Type::Void, "Starts basic awareness (2.1-2.4)", [setEnabled](const Arguments&) { return setEnabled(true); });
  define(*s, core_, "stopAwareness", {}, Type::Void, "Stops basic awareness (2.1-2.4)", [setEnabled](const Arguments&) { return setEnabled(false); });
  for (const char* name : {"isRunning", "isAwarenessRunning"})
    define(*s, core_, name, {}, Type::Bool, "Whether it runs (enabled, not paused)", [this](const Arguments&) { return Any(running()); });
  define(*s, core_, "pauseAwareness", {}, Type::Void, "Pauses it", [this](const Arguments&) {
    std::lock_guard lock(core_.mutex);
    paused_ = enabled_;
    return Any();
  });
  define(*s, core_, "resumeAwareness", {}, Type::Void, "Resumes it", [this](const Arguments&) {
    std::lock_guard lock(core_.mutex);
    paused_ = false;
    return Any();
  });
  define(*s, core_, "isAwarenessPaused", {}, Type::Bool, "Whether it is paused", [this](const Arguments&) {
    std::lock_guard lock(core_.mutex);
    return Any(paused_);
  });
  define(*s, core_, "setEngagementMode", {{"modeName", Type::String}}, Type::Void, "Unengaged, FullyEngaged or SemiEngaged",
         [this](const Arguments& a) {
           const std::string mode = service::stringArg(a, 0);
           choose(mode, kEngagementModes, awarenessMethod("setEngagementMode"), "an engagement mode");
           std::lock_guard lock(core_.mutex);
           engagement_ = mode;
           return Any();
         });
  define(*s, core_, "getEngagementMode", {}, Type::String, "The engagement mode", [this](const Arguments&) { return Any(engagementMode()); });
  define(*s, core_, "setTrackingMode", {{"modeName", Type::String}}, Type::Void, "Head, BodyRotation, WholeBody or MoveContextually",
         [this](const Arguments& a) {
           const std::string mode = service::stringArg(a, 0);
           choose(mode, kTrackingModes, awarenessMethod("setTrackingMode"), "a tracking mode");
           std::lock_guard lock(core_.mutex);
           tracking_ = mode;
           return Any();
         });
  define(*s, core_, "getTrackingMode", {}, Type::String, "The tracking mode", [this](const Arguments&) { return Any(trackingMode()); });
  auto stimulus = [this](const std::string& name, std::string_view w) {
    std::lock_guard lock(core_.mutex);
    if (stimuli_.contains(name)) return;
    std::string list;
    for (const auto& [n, on] : stimuli_) list += (list.empty() ? "" : ", ") + n;
    refuse("unknown-stimulus", w, "no stimulus named '" + name + "' on " + std::string(core_.modelName()) + " (" + list + ")");
  };
  define(*s, core_, "setStimulusDetectionEnabled", {{"stimulusName", Type::String}, {"isStimulusDetectionEnabled"}}, Type::Void,
         "Turns a stimulus on or off", [this, stimulus](const Arguments& a) {
           const std::string w = awarenessMethod("setStimulusDetectionEnabled");
           const std::string name = service::stringArg(a, 0);
           stimulus(name, w);
           const bool on = args::flag(a[1], w, "isStimulusDetectionEnabled");
           std::lock_guard lock(core_.mutex);
           stimuli_[name] = on;
           return Any();
         });
  define(*s, core_, "isStimulusDetectionEnabled", {{"stimulusName", Type::String}}, Type::Bool, "Whether a stimulus is on",
         [this, stimulus](const Arguments& a) {
           const std::string name = service::stringArg(a, 0);
           stimulus(name, awarenessMethod("isStimulusDetectionEnabled"));
           return Any(stimulusDetection(name));
         });
  define(*s, core_, "setParameter", {{"paramName", Type::String}, {"newVal"}}, Type::Void, "Sets a parameter", [this](const Arguments& a) {
    const std::string w = awarenessMethod("setParameter");
    const std::string name = service::stringArg(a, 0);
    const double v = args::number(a[1], w, "newVal");
    std::lock_guard lock(core_.mutex);
    if (!parameters_.contains(name)) refuse("unknown-parameter", w, "no basic awareness parameter named '" + name + "'");
    parameters_[name] = v;
    return Any();
  });
  define(*s, core_, "getParameter", {{"paramName", Type::String}}, Type::Any, "A parameter", [this](const Arguments& a) {
    const std::string name = service::stringArg(a, 0);
    std::lock_guard lock(core_.mutex);
    auto it = parameters_.find(name);
    if (it == parameters_.end()) refuse("unknown-parameter", awarenessMethod("getParameter"), "no basic awareness parameter named '" + name + "'");
    return Any(it->second);
  });
  define(*s, core_, "resetAllParameters", {}, Type::Void, "Parameters back to their defaults", [this](const Arguments&) {
    std::lock_guard lock(core_.mutex);
    parameters_ = defaultParameters();
    return Any();
  });
  define(*s, core_, "engagePerson", {{"engagePerson", Type::Int}}, Type::Bool, "Engages a person (nobody is tracked here: false)",
         [](const Arguments&) { return Any(false); });
  define(*s, core_, "triggerStimulus", {{"stimulusPosition", Type::List}}, Type::Int, "A fake stimulus (nobody found here: -1)",
         [](const Arguments& a) {
           args::numbers(a[0], awarenessMethod("triggerStimulus"), "stimulusPosition");
           return Any(-1);
         });
  s->signal("stimulusDetected", {{"stimulusName", Type::String}}, "A stimulus was detected");
  s->signal("humanTracked", {{"humanId", Type::Int}}, "A human is tracked");
  s->signal("humanLost", {{"lost", Type::Bool}}, "The tracked human was lost");
  return s;
}

}  // namespace autolife::robot
