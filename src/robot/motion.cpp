#include "autolife/robot/motion.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <span>
#include <sstream>

#include "arguments.hpp"

namespace autolife::robot {

using service::Any;
using service::Arguments;
using service::Type;

namespace {

constexpr const char* kMotionService = "ALMotion";

std::string motionMethod(std::string_view method) { return args::qualified(kMotionService, method); }

bool isNumber(const Any& v) { return service::fits(v, service::Type::Float); }

// A list (an array or a tuple) of numbers only.
bool allNumbers(const Any& v) {
  const auto* items = args::list(v);
  return items && std::all_of(items->begin(), items->end(), isNumber);
}

std::string count(std::size_t n, std::string_view what) {
  return std::to_string(n) + " " + std::string(what) + (n == 1 ? "" : "s");
}

// NAOqi's "a value, a list of values, or a list of lists of values", one
// list per joint.
std::vector<std::vector<double>> valuesPerJoint(const Any& v, std::size_t n, std::string_view w, std::string_view what) {
  if (isNumber(v)) return std::vector<std::vector<double>>(n, {args::number(v, w, what)});
  const auto* items = args::list(v);
  if (!items) refuse("bad-argument", w, std::string(what) + " must be a number or a list, got " + args::quote(v));
  if (allNumbers(v)) {
    auto list = args::numbers(v, w, what);
    if (n == 1) return {list};
    if (list.size() == n) {
      std::vector<std::vector<double>> out;
      for (double d : list) out.push_back({d});
      return out;
    }
    refuse("bad-argument", w, std::string(what) + " has " + count(list.size(), "value") + " for " + count(n, "joint"));
  }
  if (items->size() != n)
    refuse("bad-argument", w, std::string(what) + " has " + count(items->size(), "list") + " for " + count(n, "joint"));
  std::vector<std::vector<double>> out;
  for (const auto& e : *items) out.push_back(args::numbers(e, w, what));
  return out;
}

// Times follow the same shapes, and one list of times may serve every joint.
std::vector<std::vector<double>> timesPerJoint(const Any& v, const std::vector<std::vector<double>>& values,
                                               std::string_view w) {
  const std::size_t n = values.size();
  if (allNumbers(v) && n > 1) {
    auto list = args::numbers(v, w, "times");
    const bool oneEach = list.size() == n && std::all_of(values.begin(), values.end(), [](const auto& a) { return a.size() == 1; });
    const bool shared = std::all_of(values.begin(), values.end(), [&](const auto& a) { return a.size() == list.size(); });
    if (!oneEach && shared) return std::vector<std::vector<double>>(n, list);
  }
  return valuesPerJoint(v, n, w, "times");
}

// Keys of one joint: times > 0, increasing, as many as values.
std::vector<std::pair<core::Duration, double>> keys(const std::string& joint, const std::vector<double>& times,
                                                    const std::vector<double>& values, std::string_view w) {
  if (times.size() != values.size())
    refuse("bad-argument", w, joint + " has " + count(values.size(), "value") + " but " + count(times.size(), "time"));
  if (values.empty()) refuse("bad-argument", w, joint + " has no key");
  std::vector<std::pair<core::Duration, double>> out;
  double previous = 0;
  for (std::size_t i = 0; i < times.size(); ++i) {
    if (times[i] <= previous) {
      char sentence[160];
      std::snprintf(sentence, sizeof sentence, "%s: times must be positive and increasing, got %g after %g", joint.c_str(),
                    times[i], previous);
      refuse("bad-argument", w, sentence);
    }
    previous = times[i];
    out.emplace_back(args::seconds(times[i]), values[i]);
  }
  return out;
}

double fraction(const Any& v, std::string_view w, std::string_view what) {
  double f = args::number(v, w, what);
  if (!(f > 0.0 && f <= 1.0)) refuse("bad-argument", w, std::string(what) + " must be in ]0, 1], got " + args::quote(v));
  return f;
}

Any list(const std::vector<double>& values) { return service::toAny(values); }

// NAO's walk parameters that moveTo's configuration sets (NAOqi's walk
// control documentation): their default, least and greatest values.
struct GaitParameter {
  const char* name;
  double byDefault, least, greatest;
};
constexpr std::array<GaitParameter, 7> kNaoGait{{{"MaxStepX", 0.040, 0.001, 0.080},
                                                  {"MaxStepY", 0.140, 0.101, 0.160},
                                                  {"MaxStepTheta", 0.349, 0.001, 0.524},
                                                  {"MaxStepFrequency", 1.0, 0.0, 1.0},
                                                  {"StepHeight", 0.020, 0.005, 0.035},
                                                  {"TorsoWx", 0.0, -0.122, 0.122},
                                                  {"TorsoWy", 0.0, -0.122, 0.122}}};

// Pepper's drive parameters for its wheeled base (the same page, "Drive
// Parameters"; the deprecated per-axis ones left out).
constexpr std::array<GaitParameter, 6> kPepperDrive{{{"MaxVelXY", 0.35, 0.1, 0.55},
                                                     {"MaxVelTheta", 1.0, 0.2, 2.0},
                                                     {"MaxAccXY", 0.3, 0.1, 0.55},
                                                     {"MaxAccTheta", 0.75, 0.1, 3.0},
                                                     {"MaxJerkXY", 1.0, 0.2, 5.0},
                                                     {"MaxJerkTheta", 2.0, 0.2, 50.0}}};

Any moveConfig(bool pepper, const std::string& config) {
  if (config != "Default" && config != "Min" && config != "Max")
    service::refuse("bad-argument", "config must be \"Default\", \"Min\" or \"Max\", got \"" + config + "\"");
  Any::Array out;
  for (const auto& p : pepper ? std::span<const GaitParameter>(kPepperDrive) : std::span<const GaitParameter>(kNaoGait))
    out.push_back(Any::Array{p.name, config == "Min" ? p.least : config == "Max" ? p.greatest : p.byDefault});
  return out;
}

}  // namespace

Motion::Motion(RobotCore& core, Body& body) : core_(core), body_(body) {
  for (const char* name : {"Move", "Arms", "LArm", "RArm", "All"}) settings_[std::string("ExternalCollisionProtection/") + name] = true;
  for (const char* name : {"Arms", "LArm", "RArm"}) settings_[std::string("CollisionProtection/") + name] = true;
  settings_["FallManager"] = true;
  settings_["PushRecovery"] = true;
  settings_["SmartStiffness"] = true;
  settings_["DiagnosisEffect"] = true;
  settings_["Notifications"] = false;
  settings_["MoveArms/LArm"] = settings_["MoveArms/RArm"] = true;
  settings_["WalkArms/LArm"] = settings_["WalkArms/RArm"] = true;
}

bool Motion::setting(const std::string& key) const {
  std::lock_guard lock(core_.mutex);
  auto it = settings_.find(key);
  return it != settings_.end() && it->second;
}

std::vector<std::size_t> Motion::resolve(const Any& names, std::string_view w) const {
  std::vector<std::size_t> out;
  for (const auto& name : args::names(names, w, "names")) {
    if (auto j = body_.model().joint(name)) {
      out.push_back(*j);
    } else if (auto c = body_.model().chain(name)) {
      out.insert(out.end(), c->begin(), c->end());
    } else {
      refuse("unknown-joint", w, "no joint or chain named '" + name + "' on " + std::string(core_.modelName()));
    }
  }
  return out;
}

// ---- wakeUp / rest ---------------------------------------------------------

core::Duration Motion::wakeUp() {
  std::lock_guard lock(core_.mutex);
  const auto& joints = body_.model().joints();
  // Awake is not enough: a robot whose joints were relaxed by hand
  // (setStiffnesses) is stiffened again, as wakeUp promises motors on.
  bool stiff = true;
  for (std::size_t j = 0; j < joints.size(); ++j) stiff = stiff && body_.stiffnessLocked(j) >= 1.0;
  if (body_.awakeLocked() && stiff) return core::Duration::zero();
  MemoryWrites started;
  started.raise("ALMotion/Stiffness/wakeUpStarted", 1);
  core_.publish(std::move(started));
  const core::Duration stiffen = args::seconds(kWakeUpSeconds);
  auto finished = [this](MemoryWrites& w) {
    body_.setAwakeLocked(true, w);
    w.raise("ALMotion/Stiffness/wakeUpFinished", 1);
  };
  std::vector<Body::Track> stiffness;
  for (std::size_t j = 0; j < joints.size(); ++j) stiffness.push_back({j, {{stiffen, 1.0}}});
  core::Duration duration{0};
  const bool standsUp = core_.pepper();
  body_.rampStiffnessLocked(std::move(stiffness), {"wakeUp", std::nullopt, standsUp ? nullptr : std::function(finished)}, duration);
  if (!standsUp) return duration;
  // Pepper straightens up to StandInit once stiff.
  const PostureInfo& target = *body_.model().posture(body_.model().wakePosture());
  const core::Duration travel = body_.postureDurationLocked(target, kWakePostureSpeed, false);
  std::vector<Body::Track> tracks;
  for (std::size_t j = 0; j < joints.size(); ++j)
    tracks.push_back({j, {{stiffen, body_.angleLocked(j, false)}, {stiffen + travel, target.angles[j]}}});
  body_.moveJointsLocked(std::move(tracks), {"wakeUp", target.name, finished}, duration);
  return duration;
}

core::Duration Motion::rest() {
  std::lock_guard lock(core_.mutex);
  if (!body_.awakeLocked()) return core::Duration::zero();
  MemoryWrites started;
  started.raise("ALMotion/Stiffness/restStarted", 1);
  core_.publish(std::move(started));
  const PostureInfo& target = *body_.model().posture(body_.model().restPosture());
  const core::Duration travel = body_.postureDurationLocked(target, kRestSpeed, false);
  std::vector<Body::Track> tracks;
  for (std::size_t j = 0; j < body_.model().joints().size(); ++j)
    tracks.push_back({j, {{travel, target.angles[j]}}});
  core::Duration duration{0};
  body_.moveJointsLocked(std::move(tracks),
                   {"rest", target.name,
                    [this](MemoryWrites& w) {
                      std::vector<std::pair<std::size_t, double>> off;
                      for (std::size_t j = 0; j < body_.model().joints().size(); ++j) off.emplace_back(j, 0.0);
                      body_.setStiffnessesLocked(off, w);
                      body_.setAwakeLocked(false, w);
                      w.raise("ALMotion/Stiffness/restFinished", 1);
                    }},
                   duration);
  return duration;
}

// ---- joints ----------------------------------------------------------------

void Motion::declareJoints(service::Service& s) {
  auto setAngles = [this](const Arguments& a, bool change, std::string_view method) {
    const std::string w = motionMethod(method);
    const auto joints = resolve(a[0], w);
    if (joints.empty()) refuse("bad-argument", w, "no joint named");
    const auto values = valuesPerJoint(a[1], joints.size(), w, change ? "changes" : "angles");
    std::vector<double> speeds;
    if (const auto* fractions = args::list(a[2])) {
      for (const auto& f : *fractions) speeds.push_back(fraction(f, w, "fractionMaxSpeed"));
      if (speeds.size() != joints.size())
        refuse("bad-argument", w, count(speeds.size(), "speed") + " for " + count(joints.size(), "joint"));
    } else {
      speeds.assign(joints.size(), fraction(a[2], w, "fractionMaxSpeed"));
    }
    std::lock_guard lock(core_.mutex);  // the angles read and the move start as one
    std::vector<Body::Track> tracks;
    for (std::size_t i = 0; i < joints.size(); ++i) {
      if (values[i].size() != 1) refuse("bad-argument", w, "one angle per joint, got a list for " + body_.model().joints()[joints[i]].name);
      const double current = body_.angleLocked(joints[i], false);
      const double target = body_.clamp(joints[i], change ? current + values[i][0] : values[i][0]);
      const double velocity = speeds[i] * body_.model().joints()[joints[i]].maxVelocity;
      tracks.push_back({joints[i], {{args::seconds(std::abs(target - current) / velocity), target}}});
    }
    core::Duration duration{0};
    body_.moveJointsLocked(std::move(tracks), {std::string(method), std::nullopt, nullptr}, duration);
    return Any();  // non-blocking: the call returns at once
  };
  define(s, core_, "setAngles", {{"names"}, {"angles"}, {"fractionMaxSpeed"}}, Type::Void,
         "Moves joints towards angles at a fraction of their maximum speed; returns at once",
         [setAngles](const Arguments& a) { return setAngles(a, false, "setAngles"); });
  define(s, core_, "changeAngles", {{"names"}, {"changes"}, {"fractionMaxSpeed", Type::Float}}, Type::Void,
         "Moves joints by angle changes at a fraction of their maximum speed; returns at once",
         [setAngles](const Arguments& a) { return setAngles(a, true, "changeAngles"); });
  define(s, core_, "getAngles", {{"names"}, {"useSensors"}}, Type::List,
         "Joint angles now: commanded (useSensors false) or measured",
         [this](const Arguments& a) {
           const auto joints = resolve(a[0], motionMethod("getAngles"));
           const bool sensors = args::flag(a[1], motionMethod("getAngles"), "useSensors");
           std::vector<double> out;
           for (auto j : joints) out.push_back(body_.angle(j, sensors));
           return list(out);
         });
  auto hand = [this](const Arguments& a, double opening, std::string_view method) {
    const std::string w = motionMethod(method);
    const std::string name = args::text(a[0], w, "handName");
    if (name != "LHand" && name != "RHand") refuse("unknown-joint", w, "no hand named '" + name + "' (LHand or RHand)");
    core::Duration duration{0};
    body_.moveJoints({{*body_.model().joint(name), {{args::seconds(kHandSeconds), opening}}}},
                     {std::string(method), std::nullopt, nullptr}, duration);
    service::takes(duration);
    return Any();
  };
  define(s, core_, "openHand", {{"handName", Type::String}}, Type::Void, "Opens a hand",
         [hand](const Arguments& a) { return hand(a, 1.0, "openHand"); });
  define(s, core_, "closeHand", {{"handName", Type::String}}, Type::Void, "Closes a hand",
         [hand](const Arguments& a) { return hand(a, 0.0, "closeHand"); });
}

// ---- stiffness -------------------------------------------------------------

void Motion::declareStiffness(service::Service& s) {
  define(s, core_, "wakeUp", {}, Type::Void, "Stiffens the joints (Pepper also goes to StandInit)", [this](const Arguments&) {
    service::takes(wakeUp());
    return Any();
  });
  define(s, core_, "rest", {}, Type::Void, "Goes to the rest posture (Crouch) and relaxes the joints", [this](const Arguments&) {
    service::takes(rest());
    return Any();
  });
  define(s, core_, "robotIsWakeUp", {}, Type::Bool, "Whether the robot is awake",
         [this](const Arguments&) { return Any(body_.awake()); });
  define(s, core_, "setStiffnesses", {{"names"}, {"stiffnesses"}}, Type::Void, "Sets stiffness now (clamped to [0, 1])",
         [this](const Arguments& a) {
           const std::string w = motionMethod("setStiffnesses");
           const auto joints = resolve(a[0], w);
           const auto values = valuesPerJoint(a[1], joints.size(), w, "stiffnesses");
           std::vector<std::pair<std::size_t, double>> set;
           for (std::size_t i = 0; i < joints.size(); ++i) {
             if (values[i].size() != 1) refuse("bad-argument", w, "one stiffness per joint");
             set.emplace_back(joints[i], values[i][0]);
           }
           body_.setStiffnesses(set);
           return Any();
         });
  define(s, core_, "stiffnessInterpolation", {{"names"}, {"stiffnessLists"}, {"timeLists"}}, Type::Void,
         "Changes stiffness over time; takes the longest time", [this](const Arguments& a) {
           const std::string w = motionMethod("stiffnessInterpolation");
           const auto joints = resolve(a[0], w);
           if (joints.empty()) refuse("bad-argument", w, "no joint named");
           const auto values = valuesPerJoint(a[1], joints.size(), w, "stiffnessLists");
           const auto times = timesPerJoint(a[2], values, w);
           std::vector<Body::Track> tracks;
           for (std::size_t i = 0; i < joints.size(); ++i)
             tracks.push_back({joints[i], keys(body_.model().joints()[joints[i]].name, times[i], values[i], w)});
           core::Duration duration{0};
           body_.rampStiffness(std::move(tracks), {"stiffnessInterpolation", std::nullopt, nullptr}, duration);
           service::takes(duration);
           return Any();
         });
  define(s, core_, "getStiffnesses", {{"names"}}, Type::List, "Stiffness of joints now", [this](const Arguments& a) {
    std::vector<double> out;
    for (auto j : resolve(a[0], motionMethod("getStiffnesses"))) out.push_back(body_.stiffness(j));
    return list(out);
  });
}

// ---- interpolations --------------------------------------------------------

void Motion::declareInterpolations(service::Service& s) {
  define(s, core_, "angleInterpolation", {{"names"}, {"angleLists"}, {"timeLists"}, {"isAbsolute"}}, Type::Void,
         "Moves joints through timed angles; takes the longest time", [this](const Arguments& a) {
           const std::string w = motionMethod("angleInterpolation");
           const auto joints = resolve(a[0], w);
           if (joints.empty()) refuse("bad-argument", w, "no joint named");
           auto values = valuesPerJoint(a[1], joints.size(), w, "angleLists");
           const auto times = timesPerJoint(a[2], values, w);
           const bool absolute = args::flag(a[3], w, "isAbsolute");
           std::lock_guard lock(core_.mutex);  // the angles read and the move start as one
           std::vector<Body::Track> tracks;
           for (std::size_t i = 0; i < joints.size(); ++i) {
             if (!absolute) {
               const double current = body_.angleLocked(joints[i], false);
               for (double& v : values[i]) v += current;
             }
             tracks.push_back({joints[i], keys(body_.model().joints()[joints[i]].name, times[i], values[i], w)});
           }
           core::Duration duration{0};
           body_.moveJointsLocked(std::move(tracks), {"angleInterpolation", std::nullopt, nullptr}, duration);
           service::takes(duration);
           return Any();
         });
  define(s, core_, "angleInterpolationWithSpeed", {{"names"}, {"targetAngles"}, {"maxSpeedFraction"}}, Type::Void,
         "Moves joints to angles at a fraction of their maximum speed; takes the slowest joint's time",
         [this](const Arguments& a) {
           const std::string w = motionMethod("angleInterpolationWithSpeed");
           const auto joints = resolve(a[0], w);
           if (joints.empty()) refuse("bad-argument", w, "no joint named");
           const auto values = valuesPerJoint(a[1], joints.size(), w, "targetAngles");
           const double f = fraction(a[2], w, "maxSpeedFraction");
           std::lock_guard lock(core_.mutex);  // the angles read and the move start as one
           std::vector<Body::Track> tracks;
           for (std::size_t i = 0; i < joints.size(); ++i) {
             if (values[i].size() != 1) refuse("bad-argument", w, "one target angle per joint");
             const double current = body_.angleLocked(joints[i], false);
             const double target = body_.clamp(joints[i], values[i][0]);
             const double velocity = f * body_.model().joints()[joints[i]].maxVelocity;
             tracks.push_back({joints[i], {{args::seconds(std::abs(target - current) / velocity), target}}});
           }
           core::Duration duration{0};
           body_.moveJointsLocked(std::move(tracks), {"angleInterpolationWithSpeed", std::nullopt, nullptr}, duration);
           service::takes(duration);
           return Any();
         });
  define(s, core_, "angleInterpolationBezier", {{"jointNames"}, {"times"}, {"controlPoints"}}, Type::Void,
         "Moves joints through bezier keys (what a timeline sends); takes the longest time", [this](const Arguments& a) {
           const std::string w = motionMethod("angleInterpolationBezier");
           std::vector<std::size_t> joints;
           for (const auto& name : args::names(a[0], w, "jointNames")) {
             auto j = body_.model().joint(name);
             if (!j) refuse("unknown-joint", w, "no joint named '" + name + "' on " + std::string(core_.modelName()));
             joints.push_back(*j);
           }
           if (joints.empty()) refuse("bad-argument", w, "no joint named");
           const auto* points = args::list(a[2]);
           if (!points || points->size() != joints.size())
             refuse("bad-argument", w, "controlPoints must hold one list per joint (" + count(joints.size(), "joint") + ")");
           std::vector<std::vector<double>> values;
           for (std::size_t i = 0; i < joints.size(); ++i) {
             const auto* jointKeys = args::list((*points)[i]);
             if (!jointKeys)
               refuse("bad-argument", w, "the control points of " + body_.model().joints()[joints[i]].name + " must be a list");
             std::vector<double> angles;
             for (const auto& k : *jointKeys) {
               // [angle, [type, dTime, dAngle], [type, dTime, dAngle]] or an angle
               const auto* key = args::list(k);
               const Any& angle = key && !key->empty() ? (*key)[0] : k;
               angles.push_back(args::number(angle, w, "a control point's angle"));
             }
             values.push_back(std::move(angles));
           }
           const auto times = timesPerJoint(a[1], values, w);
           std::vector<Body::Track> tracks;
           for (std::size_t i = 0; i < joints.size(); ++i)
             tracks.push_back({joints[i], keys(body_.model().joints()[joints[i]].name, times[i], values[i], w)});
           core::Duration duration{0};
           body_.moveJoints(std::move(tracks), {"angleInterpolationBezier", std::nullopt, nullptr}, duration);
           service::takes(duration);
           return Any();
         });
}

// ---- base ------------------------------------------------------------------

Any Motion::moveTo(const std::vector<Pose2D>& legs, std::optional<double> seconds) {
  std::lock_guard lock(core_.mutex);
  if (!body_.awakeLocked()) return Any(false);  // NAOqi ignores moves of a robot at rest
  Pose2D total;
  double needed = 0;
  for (const auto& leg : legs) {
    total = compose(total, leg);
    needed += std::hypot(leg.x, leg.y) / body_.model().walkSpeed() + std::abs(leg.theta) / body_.model().turnSpeed();
  }
  // A time too short for the move is not kept: NAOqi moves in the time the
  // move needs (its documentation of moveTo(x, y, theta, time)).
  const core::Duration duration = args::seconds(std::max(seconds.value_or(needed), needed));
  body_.startMoveToLocked(total, duration);
  service::takes(duration);
  return Any(true);
}

void Motion::declareMoves(service::Service& s) {
  auto pose = [](const Arguments& a, std::size_t i, std::string_view w) {
    return Pose2D{args::number(a[i], w, "x"), args::number(a[i + 1], w, "y"), args::number(a[i + 2], w, "theta")};
  };
  // What a moveTo(controlPoints) is asked: the legs, and a time when the
  // caller gives one.
  struct Path {
    std::vector<Pose2D> legs;
    std::optional<double> seconds;
  };
  auto controlPoints = [](const Any& v, std::string_view w) {
    const auto* points = args::list(v);
    if (!points) refuse("bad-argument", w, "controlPoints must be a list of [x, y, theta], got " + args::quote(v));
    auto leg = [w](const Any::Array& p) {
      return Pose2D{args::number(p[0], w, "x"), args::number(p[1], w, "y"), args::number(p[2], w, "theta")};
    };
    // One [x, y, theta], or Pepper's [x, y, theta, time] (what Choregraphe's
    // Move To box sends there: the time-constrained move in one list).
    if (allNumbers(v)) {
      if (points->size() == 4) return Path{{leg(*points)}, args::numberIn((*points)[3], 0.0, 1e9, w, "time")};
      if (points->size() != 3)
        refuse("bad-argument", w, "a control point is [x, y, theta] or [x, y, theta, time], got " + args::quote(v));
      return Path{{leg(*points)}, std::nullopt};
    }
    // Or a list of [x, y, theta].
    Path path;
    for (const auto& p : *points) {
      if (!allNumbers(p) || args::list(p)->size() != 3) refuse("bad-argument", w, "a control point is [x, y, theta], got " + args::quote(p));
      path.legs.push_back(leg(*args::list(p)));
    }
    return path;
  };
  for (const char* name : {"moveTo", "walkTo"}) {
    const std::string w = motionMethod(name);
    define(s, core_, name, {{"x", Type::Float}, {"y", Type::Float}, {"theta", Type::Float}}, Type::Bool,
           "Moves the base by (x, y, theta) in the robot frame; takes the time the move takes",
           [this, pose, w](const Arguments& a) { return moveTo({pose(a, 0, w)}, std::nullopt); });
    define(s, core_, name, {{"x", Type::Float}, {"y", Type::Float}, {"theta", Type::Float}, {"timeOrMoveConfig"}}, Type::Bool,
           "moveTo(x, y, theta, time) or moveTo(x, y, theta, moveConfig)", [this, pose, w](const Arguments& a) {
             std::optional<double> seconds;
             if (isNumber(a[3])) seconds = args::numberIn(a[3], 0.0, 1e9, w, "time");
             return moveTo({pose(a, 0, w)}, seconds);
           });
    define(s, core_, name, {{"x", Type::Float}, {"y", Type::Float}, {"theta", Type::Float}, {"time", Type::Float}, {"moveConfig"}},
           Type::Bool, "moveTo(x, y, theta, time, moveConfig)", [this, pose, w](const Arguments& a) {
             return moveTo({pose(a, 0, w)}, args::numberIn(a[3], 0.0, 1e9, w, "time"));
           });
    define(s, core_, name, {{"controlPoints", Type::List}}, Type::Bool,
           "Moves through [x, y, theta] control points, or as Pepper's [x, y, theta, time]", [this, controlPoints, w](const Arguments& a) {
             auto path = controlPoints(a[0], w);
             return moveTo(path.legs, path.seconds);
           });
    define(s, core_, name, {{"controlPoints", Type::List}, {"moveConfig"}}, Type::Bool,
           "Moves through [x, y, theta] control points, or as Pepper's [x, y, theta, time]",
           [this, controlPoints, w](const Arguments& a) {
             auto path = controlPoints(a[0], w);
             return moveTo(path.legs, path.seconds);
           });
  }
  auto velocity = [this](const Arguments& a, bool normalized, std::string_view method) {
    const std::string w = motionMethod(method);
    double x = args::number(a[0], w, "x"), y = args::number(a[1], w, "y"), t = args::number(a[2], w, "theta");
    const double lin = body_.model().walkSpeed(), rot = body_.model().turnSpeed();
    if (normalized) {
      x = args::numberIn(a[0], -1, 1, w, "x") * lin;
      y = args::numberIn(a[1], -1, 1, w, "y") * lin;
      t = args::numberIn(a[2], -1, 1, w, "theta") * rot;
    } else {
      x = std::clamp(x, -lin, lin);
      y = std::clamp(y, -lin, lin);
      t = std::clamp(t, -rot, rot);
    }
    std::lock_guard lock(core_.mutex);
    if (body_.awakeLocked()) body_.startMoveVelocityLocked(x, y, t);
    return Any();
  };
  for (const char* name : {"move", "moveToward"}) {
    const bool normalized = std::string_view(name) == "moveToward";
    define(s, core_, name, {{"x", Type::Float}, {"y", Type::Float}, {"theta", Type::Float}}, Type::Void,
           normalized ? "Moves at a fraction of the maximum velocity until stopped" : "Moves at a velocity (m/s, rad/s) until stopped",
           [velocity, normalized, name](const Arguments& a) { return velocity(a, normalized, name); });
    define(s, core_, name, {{"x", Type::Float}, {"y", Type::Float}, {"theta", Type::Float}, {"moveConfig"}}, Type::Void,
           "As with three arguments; the move configuration is not simulated",
           [velocity, normalized, name](const Arguments& a) { return velocity(a, normalized, name); });
  }
  for (const char* name : {"stopMove", "stopWalk"})
    define(s, core_, name, {}, Type::Bool, "Stops the base where it is", [this](const Arguments&) {
      body_.stopMove();
      return Any(true);
    });
  for (const char* name : {"killMove", "killWalk"})
    define(s, core_, name, {}, Type::Void, "Stops the base where it is", [this](const Arguments&) {
      body_.stopMove();
      return Any();
    });
  for (const char* name : {"moveIsActive", "walkIsActive"})
    define(s, core_, name, {}, Type::Bool, "Whether the base moves", [this](const Arguments&) { return Any(body_.moveIsActive()); });
  for (const char* name : {"waitUntilMoveIsFinished", "waitUntilWalkIsFinished"})
    define(s, core_, name, {}, Type::Void, "Takes the rest of the current moveTo", [this](const Arguments&) {
      service::takes(body_.moveRemaining());
      return Any();
    });
  for (const char* name : {"moveInit", "walkInit"})
    define(s, core_, name, {}, Type::Void, "Prepares to move (nothing to do here)", [](const Arguments&) { return Any(); });
  define(s, core_, "getMoveConfig", {{"config", Type::String}}, Type::List, "NAO's walk or Pepper's drive parameters: [[name, value], ...] of \"Default\", \"Min\" or \"Max\"",
         [this](const Arguments& a) { return moveConfig(core_.pepper(), args::text(a[0], motionMethod("getMoveConfig"), "config")); });
  define(s, core_, "getRobotPosition", {{"useSensors"}}, Type::List, "[x, y, theta] of the base in the world frame",
         [this](const Arguments& a) {
           args::flag(a[0], motionMethod("getRobotPosition"), "useSensors");
           const Pose2D p = body_.position();
           return list({p.x, p.y, p.theta});
         });
  define(s, core_, "getNextRobotPosition", {}, Type::List, "Where the current moveTo ends", [this](const Arguments&) {
    const Pose2D p = body_.positionAfterMove();
    return list({p.x, p.y, p.theta});
  });
  define(s, core_, "getRobotVelocity", {}, Type::List, "[vx, vy, vtheta] in the robot frame",
         [this](const Arguments&) { return list(body_.velocity()); });
}

// ---- tasks -----------------------------------------------------------------

void Motion::declareTasks(service::Service& s) {
  define(s, core_, "getTaskList", {}, Type::List, "[[name, id], ...] of the running motion tasks", [this](const Arguments&) {
    Any::Array out;
    for (const auto& t : body_.tasks()) out.push_back(Any::Array{t.name, t.id});
    return Any(std::move(out));
  });
  define(s, core_, "killTask", {{"motionTaskID", Type::Int}}, Type::Bool, "Stops a motion task where it is",
         [this](const Arguments& a) { return Any(body_.killTask(static_cast<std::uint64_t>(service::intArg(a, 0)))); });
  define(s, core_, "killAll", {}, Type::Void, "Stops every motion task and the base", [this](const Arguments&) {
    body_.killJointTasks();
    body_.stopMove();
    return Any();
  });
  define(s, core_, "killTasksUsingResources", {{"resourceNames"}}, Type::Void, "Stops the tasks moving these joints",
         [this](const Arguments& a) {
           body_.killTasksMoving(resolve(a[0], motionMethod("killTasksUsingResources")));
           return Any();
         });
  define(s, core_, "areResourcesAvailable", {{"resourceNames"}}, Type::Bool, "Whether no task moves these joints",
         [this](const Arguments& a) { return Any(body_.idle(resolve(a[0], motionMethod("areResourcesAvailable")))); });
}

// ---- switches --------------------------------------------------------------

void Motion::declareSettings(service::Service& s) {
  auto choose = [](const std::string& name, std::initializer_list<const char*> allowed, std::string_view w) {
    for (const char* a : allowed)
      if (name == a) return;
    std::string list;
    for (const char* a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
    refuse("bad-argument", w, "'" + name + "' is not one of " + list);
  };
  define(s, core_, "setExternalCollisionProtectionEnabled", {{"name", Type::String}, {"enable"}}, Type::Void,
         "Turns external collision protection on or off (Move, Arms, LArm, RArm, All)", [this, choose](const Arguments& a) {
           const std::string w = motionMethod("setExternalCollisionProtectionEnabled");
           const std::string name = service::stringArg(a, 0);
           choose(name, {"Move", "Arms", "LArm", "RArm", "All"}, w);
           const bool on = args::flag(a[1], w, "enable");
           std::lock_guard lock(core_.mutex);
           const std::vector<std::string> covered =
               name == "All" ? std::vector<std::string>{"Move", "Arms", "LArm", "RArm", "All"}
               : name == "Arms" ? std::vector<std::string>{"Arms", "LArm", "RArm"}
                                : std::vector<std::string>{name};
           for (const auto& c : covered) settings_["ExternalCollisionProtection/" + c] = on;
           return Any();
         });
  define(s, core_, "getExternalCollisionProtectionEnabled", {{"name", Type::String}}, Type::Bool,
         "Whether external collision protection is on", [this, choose](const Arguments& a) {
           const std::string name = service::stringArg(a, 0);
           choose(name, {"Move", "Arms", "LArm", "RArm", "All"}, motionMethod("getExternalCollisionProtectionEnabled"));
           return Any(setting("ExternalCollisionProtection/" + name));
         });
  define(s, core_, "setCollisionProtectionEnabled", {{"chainName", Type::String}, {"enable"}}, Type::Bool,
         "Turns self-collision protection on or off (Arms, LArm, RArm)", [this, choose](const Arguments& a) {
           const std::string w = motionMethod("setCollisionProtectionEnabled");
           const std::string name = service::stringArg(a, 0);
           choose(name, {"Arms", "LArm", "RArm"}, w);
           const bool on = args::flag(a[1], w, "enable");
           std::lock_guard lock(core_.mutex);
           for (const auto& c : name == "Arms" ? std::vector<std::string>{"Arms", "LArm", "RArm"} : std::vector<std::string>{name})
             settings_["CollisionProtection/" + c] = on;
           return Any(true);
         });
  define(s, core_, "getCollisionProtectionEnabled", {{"chainName", Type::String}}, Type::Bool,
         "Whether self-collision protection is on", [this, choose](const Arguments& a) {
           const std::string name = service::stringArg(a, 0);
           choose(name, {"Arms", "LArm", "RArm"}, motionMethod("getCollisionProtectionEnabled"));
           return Any(setting("CollisionProtection/" + name));
         });
  // Global switches: set<X>Enabled(bool) / get<X>Enabled().
  for (const char* feature : {"FallManager", "PushRecovery", "SmartStiffness", "DiagnosisEffect"}) {
    const std::string key = feature;
    define(s, core_, "set" + key + "Enabled", {{"enable"}}, Type::Void, "Turns " + key + " on or off", [this, key](const Arguments& a) {
      const bool on = args::flag(a[0], motionMethod("set" + key + "Enabled"), "enable");
      std::lock_guard lock(core_.mutex);
      settings_[key] = on;
      return Any();
    });
    define(s, core_, "get" + key + "Enabled", {}, Type::Bool, "Whether " + key + " is on",
           [this, key](const Arguments&) { return Any(setting(key)); });
  }
  define(s, core_, "setEnableNotifications", {{"enable"}}, Type::Void, "Turns motion notifications on or off", [this](const Arguments& a) {
    const bool on = args::flag(a[0], motionMethod("setEnableNotifications"), "enable");
    std::lock_guard lock(core_.mutex);
    settings_["Notifications"] = on;
    return Any();
  });
  define(s, core_, "areNotificationsEnabled", {}, Type::Bool, "Whether motion notifications are on",
         [this](const Arguments&) { return Any(setting("Notifications")); });
  // Per chain: set<X>Enabled(chain, bool) / get<X>Enabled(chain).
  for (const char* feature : {"Breath", "IdlePosture"}) {
    const std::string key = feature;
    define(s, core_, "set" + key + "Enabled", {{"chainName", Type::String}, {"enable"}}, Type::Void,
           "Turns " + key + " on or off for a chain", [this, key](const Arguments& a) {
             const std::string w = motionMethod("set" + key + "Enabled");
             const std::string chain = service::stringArg(a, 0);
             resolve(Any(chain), w);
             const bool on = args::flag(a[1], w, "enable");
             std::lock_guard lock(core_.mutex);
             settings_[key + "/" + chain] = on;
             return Any();
           });
    define(s, core_, "get" + key + "Enabled", {{"chainName", Type::String}}, Type::Bool, "Whether " + key + " is on for a chain",
           [this, key](const Arguments& a) {
             const std::string chain = service::stringArg(a, 0);
             resolve(Any(chain), motionMethod("get" + key + "Enabled"));
             return Any(setting(key + "/" + chain) || setting(key + "/Body"));
           });
  }
  for (const char* feature : {"MoveArms", "WalkArms"}) {
    const std::string key = feature;
    define(s, core_, "set" + key + "Enabled", {{"leftArmEnabled"}, {"rightArmEnabled"}}, Type::Void,
           "Whether the arms swing while moving", [this, key](const Arguments& a) {
             const std::string w = motionMethod("set" + key + "Enabled");
             const bool l = args::flag(a[0], w, "leftArmEnabled"), r = args::flag(a[1], w, "rightArmEnabled");
             std::lock_guard lock(core_.mutex);
             settings_[key + "/LArm"] = l;
             settings_[key + "/RArm"] = r;
             return Any();
           });
  }
  define(s, core_, "getMoveArmsEnabled", {{"chainName", Type::String}}, Type::Bool, "Whether an arm swings while moving",
         [this, choose](const Arguments& a) {
           const std::string chain = service::stringArg(a, 0);
           choose(chain, {"LArm", "RArm", "Arms"}, motionMethod("getMoveArmsEnabled"));
           if (chain == "Arms") return Any(setting("MoveArms/LArm") && setting("MoveArms/RArm"));
           return Any(setting("MoveArms/" + chain));
         });
  define(s, core_, "getWalkArmsEnabled", {}, Type::List, "[left, right]: whether the arms swing while walking",
         [this](const Arguments&) { return Any(Any::Array{setting("WalkArms/LArm"), setting("WalkArms/RArm")}); });
  define(s, core_, "setMotionConfig", {{"config"}}, Type::Void, "Motion configuration (recorded, not simulated)",
         [](const Arguments&) { return Any(); });
}

// ---- what the robot is -----------------------------------------------------

void Motion::declareInfo(service::Service& s) {
  for (const char* name : {"getJointNames", "getBodyNames"})
    define(s, core_, name, {{"name", Type::String}}, Type::List, "The joints of a joint or chain",
           [this, name](const Arguments& a) {
             std::vector<std::string> out;
             for (auto j : resolve(a[0], motionMethod(name))) out.push_back(body_.model().joints()[j].name);
             return service::toAny(out);
           });
  define(s, core_, "getSensorNames", {}, Type::List, "The joints' sensors", [this](const Arguments&) {
    std::vector<std::string> out;
    for (const auto& j : body_.model().joints()) out.push_back(j.name);
    return service::toAny(out);
  });
  define(s, core_, "getLimits", {{"name", Type::String}}, Type::List, "[[min, max, maxVelocity, maxTorque], ...]",
         [this](const Arguments& a) {
           Any::Array out;
           for (auto j : resolve(a[0], motionMethod("getLimits"))) {
             const JointInfo& info = body_.model().joints()[j];
             out.push_back(Any::Array{info.min, info.max, info.maxVelocity, info.maxTorque});
           }
           return Any(std::move(out));
         });
  define(s, core_, "getSummary", {}, Type::String, "The joints and tasks, as text", [this](const Arguments&) { return Any(summary()); });
  define(s, core_, "getMotionCycleTime", {}, Type::Int, "The motion cycle (ms)", [](const Arguments&) { return Any(10); });
  define(s, core_, "getRobotConfig", {}, Type::List, "[[keys], [values]]", [this](const Arguments&) {
    return Any(Any::Array{Any::Array{"Model Type", "Robot Name"},
                          Any::Array{core_.pepper() ? "juliette" : "naoH25", std::string(core_.modelName())}});
  });
}

std::string Motion::summary() const {
  std::ostringstream out;
  out << "---------------------- Model Type  ----------------------\n"
      << (core_.pepper() ? "juliette (Pepper)" : "naoH25 (NAO)") << "\n"
      << "--------------------- Joint Status ---------------------\n"
      << "Joint            Stiffness  Command    Sensor\n";
  const auto& joints = body_.model().joints();
  for (std::size_t j = 0; j < joints.size(); ++j) {
    char line[128];
    std::snprintf(line, sizeof line, "%-16s %9.3f  %9.4f  %9.4f\n", joints[j].name.c_str(), body_.stiffness(j),
                  body_.angle(j, false), body_.angle(j, true));
    out << line;
  }
  out << "------------------------ Tasks -------------------------\n";
  const auto tasks = body_.tasks();
  if (tasks.empty()) out << "(none)\n";
  for (const auto& t : tasks) out << t.name << " (id " << t.id << ")\n";
  const Pose2D p = body_.position();
  out << "------------------------ Base --------------------------\n";
  char line[128];
  std::snprintf(line, sizeof line, "x %.3f m, y %.3f m, theta %.3f rad%s\n", p.x, p.y, p.theta,
                body_.moveIsActive() ? " (moving)" : "");
  out << line << "Posture: " << body_.posture() << (body_.awake() ? ", awake" : ", resting") << "\n";
  return out.str();
}

// ALMotion's parameters are mostly NAOqi's dynamic ALValue (a joint or a
// list of joints, an angle or a list of angles): its handlers read them
// with args:: (arguments.hpp) rather than through typed binding.
std::shared_ptr<service::Service> Motion::makeService() {
  auto b = declare(core_, kMotionService, "Simulated joints, stiffness and base moves");
  service::Service& s = b.service();
  declareJoints(s);
  declareStiffness(s);
  declareInterpolations(s);
  declareMoves(s);
  declareTasks(s);
  declareSettings(s);
  declareInfo(s);
  return b.build();
}

}  // namespace autolife::robot
