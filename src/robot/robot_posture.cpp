#include "autolife/robot/robot_posture.hpp"

#include "arguments.hpp"

namespace autolife::robot {

using service::Any;
using service::Arguments;
using service::Type;

namespace {

std::string postureMethod(std::string_view method) { return args::qualified("ALRobotPosture", method); }

}  // namespace

RobotPosture::RobotPosture(RobotCore& core, Body& body) : core_(core), body_(body) {}

core::Duration RobotPosture::goTo(const std::string& name, double speed, bool smart, std::string_view w) {
  std::lock_guard lock(core_.mutex);
  const PostureInfo* p = body_.model().posture(name);
  if (!p) {
    std::string known;
    for (const auto& q : body_.model().postures()) known += (known.empty() ? "" : ", ") + q.name;
    refuse("unknown-posture", w, "no posture named '" + name + "' on " + std::string(core_.modelName()) + " (" + known + ")");
  }
  if (!(speed > 0.0 && speed <= 1.0)) refuse("bad-argument", w, "maxSpeedFraction must be in ]0, 1], got " + std::to_string(speed));
  if (body_.awake() && body_.inPosture(*p)) return core::Duration::zero();
  if (!body_.awake()) {
    // The robot stiffens itself to move.
    MemoryWrites writes;
    std::vector<std::pair<std::size_t, double>> on;
    for (std::size_t j = 0; j < body_.model().joints().size(); ++j) on.emplace_back(j, 1.0);
    body_.setStiffnesses(on, writes);
    body_.setAwake(true, writes);
    core_.publish(std::move(writes));
  }
  const core::Duration duration = body_.postureDuration(*p, speed, smart);
  std::vector<Body::Track> tracks;
  for (std::size_t j = 0; j < body_.model().joints().size(); ++j) tracks.push_back({j, {{duration, p->angles[j]}}});
  core::Duration taken{0};
  task_ = body_.moveJoints(std::move(tracks), {smart ? "goToPosture" : "applyPosture", p->name, nullptr}, taken);
  return taken;
}

std::shared_ptr<service::Service> RobotPosture::makeService() {
  auto s = std::make_shared<service::Service>("ALRobotPosture", "Simulated predefined postures");
  for (const char* method : {"goToPosture", "applyPosture"}) {
    const bool smart = std::string_view(method) == "goToPosture";
    define(*s, core_, method, {{"postureName", Type::String}, {"maxSpeedFraction", Type::Float}}, Type::Bool,
           smart ? "Goes to a predefined posture (getting up if needed); takes the transition's time"
                 : "Moves every joint straight to a predefined posture; takes the transition's time",
           [this, smart, method](const Arguments& a) {
             const std::string w = postureMethod(method);
             service::takes(goTo(service::stringArg(a, 0), args::number(a[1], w, "maxSpeedFraction"), smart, w));
             return Any(true);
           });
  }
  define(*s, core_, "stopMove", {}, Type::Void, "Stops a posture transition where it is", [this](const Arguments&) {
    std::uint64_t task;
    {
      std::lock_guard lock(core_.mutex);
      task = task_;
      task_ = 0;
    }
    if (task) body_.killTask(task);
    return Any();
  });
  define(*s, core_, "getPosture", {}, Type::String, "The current posture (Unknown between postures)",
         [this](const Arguments&) { return Any(body_.posture()); });
  define(*s, core_, "getPostureFamily", {}, Type::String, "The current posture's family",
         [this](const Arguments&) { return Any(body_.postureFamily()); });
  define(*s, core_, "getPostureList", {}, Type::List, "The predefined postures", [this](const Arguments&) {
    std::vector<std::string> names;
    for (const auto& p : body_.model().postures()) names.push_back(p.name);
    return Any(names);
  });
  define(*s, core_, "getPostureFamilyList", {}, Type::List, "The families of the predefined postures",
         [this](const Arguments&) { return Any(body_.model().postureFamilies()); });
  define(*s, core_, "setMaxTryNumber", {{"maxTryNumber", Type::Int}}, Type::Void, "How often goToPosture retries (recorded)",
         [this](const Arguments& a) {
           const auto n = service::intArg(a, 0);
           if (n < 1) refuse("bad-argument", postureMethod("setMaxTryNumber"), "maxTryNumber must be at least 1, got " + std::to_string(n));
           std::lock_guard lock(core_.mutex);
           maxTryNumber_ = static_cast<int>(n);
           return Any();
         });
  return s;
}

}  // namespace autolife::robot
