#include "autolife/robot/robot_posture.hpp"

#include "arguments.hpp"

namespace autolife::robot {

using service::Any;
using service::Arguments;
using service::Type;

namespace {


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
  if (body_.awakeLocked() && body_.inPostureLocked(*p)) return core::Duration::zero();
  if (!body_.awakeLocked()) {
    // The robot stiffens itself to move.
    MemoryWrites writes;
    std::vector<std::pair<std::size_t, double>> on;
    for (std::size_t j = 0; j < body_.model().joints().size(); ++j) on.emplace_back(j, 1.0);
    body_.setStiffnessesLocked(on, writes);
    body_.setAwakeLocked(true, writes);
    core_.publish(std::move(writes));
  }
  const core::Duration duration = body_.postureDurationLocked(*p, speed, smart);
  std::vector<Body::Track> tracks;
  for (std::size_t j = 0; j < body_.model().joints().size(); ++j) tracks.push_back({j, {{duration, p->angles[j]}}});
  core::Duration taken{0};
  task_ = body_.moveJointsLocked(std::move(tracks), {smart ? "goToPosture" : "applyPosture", p->name, nullptr}, taken);
  return taken;
}

std::shared_ptr<service::Service> RobotPosture::makeService() {
  auto b = declare(core_, "ALRobotPosture", "Simulated predefined postures");
  for (const char* method : {"goToPosture", "applyPosture"}) {
    const bool smart = std::string_view(method) == "goToPosture";
    b.bind(method, [this, smart](const std::string& posture, double maxSpeedFraction) {
      service::takes(goTo(posture, maxSpeedFraction, smart, service::currentMethod()));
      return true;
    }, smart ? "Goes to a predefined posture (getting up if needed); takes the transition's time"
             : "Moves every joint straight to a predefined posture; takes the transition's time");
  }
  b.bind("stopMove", [this] {
    std::uint64_t task;
    {
      std::lock_guard lock(core_.mutex);
      task = task_;
      task_ = 0;
    }
    if (task) body_.killTask(task);
  }, "Stops a posture transition where it is");
  b.bind("getPosture", [this] { return body_.posture(); }, "The current posture (Unknown between postures)");
  b.bind("getPostureFamily", [this] { return body_.postureFamily(); }, "The current posture's family");
  b.bind("getPostureList", [this] {
    std::vector<std::string> names;
    for (const auto& p : body_.model().postures()) names.push_back(p.name);
    return names;
  }, "The predefined postures");
  b.bind("getPostureFamilyList", [this] { return body_.model().postureFamilies(); }, "The families of the predefined postures");
  b.bind("setMaxTryNumber", {"maxTryNumber"}, [this](int n) {
    if (n < 1) service::refuse("bad-argument", "maxTryNumber must be at least 1, got " + std::to_string(n));
    std::lock_guard lock(core_.mutex);
    maxTryNumber_ = n;
  }, "How often goToPosture retries (recorded)");
  return b.build();
}

}  // namespace autolife::robot
