#include "autolife/robot/navigation.hpp"

#include <cmath>
#include <optional>
#include <string>

#include "arguments.hpp"
#include "autolife/naoqi/service_builder.hpp"

namespace autolife::robot {

using service::Any;

namespace {

// A pose in the world as the robot sees it from `from`: the move that takes it there.
Pose2D relative(const Pose2D& from, const Pose2D& to) {
  const double dx = to.x - from.x, dy = to.y - from.y;
  const double c = std::cos(from.theta), s = std::sin(from.theta);
  return {c * dx + s * dy, -s * dx + c * dy, std::remainder(to.theta - from.theta, 2 * M_PI)};
}

// Where a move by `step` (in the frame of `from`) ends.
Pose2D then(const Pose2D& from, const Pose2D& step) {
  const double c = std::cos(from.theta), s = std::sin(from.theta);
  return {from.x + c * step.x - s * step.y, from.y + s * step.x + c * step.y,
          std::remainder(from.theta + step.theta, 2 * M_PI)};
}

bool isNumber(const Any& v) { return service::fits(v, service::Type::Float); }
double numberOf(const Any& v) { return service::fromAny<double>(v); }

// [x, y] (an array or a tuple of two numbers), or null.
const Any::Array* point(const Any& v) {
  const auto* xy = args::list(v);
  return xy && xy->size() == 2 && isNumber((*xy)[0]) && isNumber((*xy)[1]) ? xy : nullptr;
}

// A list whose first element is a string (the kind of a path or a
// trajectory), or null.
const Any::Array* tagged(const Any& v) {
  const auto* items = args::list(v);
  return items && !items->empty() && (*items)[0].isString() ? items : nullptr;
}

// The end point of a 2D path of NAOqi's moveAlong: ["Line", [x, y]],
// ["Circle", [cx, cy], span] (the start turned about the centre), or
// ["Composed", path, ...], each path starting where the one before ended.
std::optional<Pose2D> pathEnd(const Any& v) {
  const auto* path = tagged(v);
  if (!path) return std::nullopt;
  const std::string& kind = (*path)[0].asString();
  const auto* xy = path->size() >= 2 ? point((*path)[1]) : nullptr;
  if (kind == "Line" && path->size() == 2 && xy) return Pose2D{numberOf((*xy)[0]), numberOf((*xy)[1]), 0};
  if (kind == "Circle" && path->size() == 3 && xy && isNumber((*path)[2])) {
    const double cx = numberOf((*xy)[0]), cy = numberOf((*xy)[1]), a = numberOf((*path)[2]);
    return Pose2D{cx - std::cos(a) * cx + std::sin(a) * cy, cy - std::sin(a) * cx - std::cos(a) * cy, 0};
  }
  if (kind != "Composed" || path->size() < 2) return std::nullopt;
  Pose2D end;
  for (std::size_t i = 1; i < path->size(); ++i) {
    const auto part = pathEnd((*path)[i]);
    if (!part) return std::nullopt;
    end.x += part->x;
    end.y += part->y;
  }
  return end;
}

// The end pose of a trajectory, in the robot's frame at its start:
// ["Holonomic" or "NonHolonomic", path, finalTheta(, finalTime)], or
// ["Composed", trajectory, ...], each starting where the one before ended.
std::optional<Pose2D> trajectoryEnd(const Any& v) {
  const auto* trajectory = tagged(v);
  if (!trajectory || trajectory->size() < 2) return std::nullopt;
  const std::string& kind = (*trajectory)[0].asString();
  if (kind == "Composed") {
    Pose2D end;
    for (std::size_t i = 1; i < trajectory->size(); ++i) {
      const auto part = trajectoryEnd((*trajectory)[i]);
      if (!part) return std::nullopt;
      end = then(end, *part);
    }
    return end;
  }
  if (kind != "Holonomic" && kind != "NonHolonomic") return std::nullopt;
  auto end = pathEnd((*trajectory)[1]);
  if (!end) return std::nullopt;
  if (trajectory->size() > 2) {
    if (!isNumber((*trajectory)[2])) return std::nullopt;
    end->theta = numberOf((*trajectory)[2]);
  }
  return end;
}

}  // namespace

Navigation::Navigation(RobotCore& core, Body& body, Motion& motion) : core_(core), body_(body), motion_(motion) {}

bool Navigation::go(const Pose2D& delta, const std::string& begin, const std::string& success) {
  const bool moved = motion_.moveTo({delta}, std::nullopt).asBool();
  const core::Duration took = service::takenByLastCall();
  if (!moved || begin.empty()) return moved;
  MemoryWrites now;
  now.raise(begin, true);
  core_.publish(std::move(now));
  core_.at(core_.now() + took, [this, success] {
    MemoryWrites end;
    end.raise(success, true);
    core_.publish(std::move(end));
  });
  service::takes(took);
  return moved;
}

std::shared_ptr<service::Service> Navigation::makeNavigation() {
  auto b = declare(core_, "ALNavigation", "Simulated navigation: moves of the base in an empty room");
  auto to = [this](double x, double y, double theta) { return go({x, y, theta}, "", ""); };
  b.bind("navigateTo", [to](double x, double y) { return to(x, y, 0); }, "Goes to (x, y) in the robot frame; takes the move's time; true");
  b.bind("navigateTo", {"x", "y", "theta"}, [to](double x, double y, double theta) { return to(x, y, theta); },
         "Goes to (x, y, theta) in the robot frame; takes the move's time; true");
  b.bind("navigateTo", [to](double x, double y, const Any&) { return to(x, y, 0); }, "As navigateTo(x, y); the configuration is ignored");
  b.bind("moveTo", [to](double x, double y, double theta) { to(x, y, theta); }, "Moves by (x, y, theta) in the robot frame; takes its time");
  b.bind("moveTo", [to](double x, double y, double theta, const Any&) { to(x, y, theta); }, "As moveTo(x, y, theta)");
  b.bind("moveAlong", [this](const Any& trajectory) {
    // Where the trajectory ends is what the simulated room sees; the move
    // takes ALMotion's time for that distance, not the trajectory's own.
    if (const auto end = trajectoryEnd(trajectory)) return go(*end, "", "");
    service::refuse("bad-argument",
                    "a trajectory is [\"Holonomic\", path, theta, time] or [\"Composed\", trajectory, ...], a path "
                    "[\"Line\", [x, y]], [\"Circle\", [cx, cy], angle] or [\"Composed\", path, ...]; got " +
                        args::quote(trajectory));
  }, "Follows a trajectory (lines, arcs, composed) to its end; takes its time");
  for (const char* name : {"move", "moveToward"}) {
    b.bind(name, [](double, double, double) {}, "Velocity moves are ALMotion's (recorded here)");
    b.bind(name, [](double, double, double, const Any&) {}, "Velocity moves are ALMotion's (recorded here)");
  }
  b.bind("stopNavigateTo", [this] { body_.stopMove(); }, "Stops the base where it is");
  b.bind("getSecurityDistance", [this] {
    std::lock_guard lock(core_.mutex);
    return securityDistance_;
  }, "The distance kept to obstacles (m)");
  b.bind("setSecurityDistance", {"distance"}, [this](double d) {
    args::within(d, 0, 10, "distance");
    std::lock_guard lock(core_.mutex);
    securityDistance_ = d;
  }, "The distance kept to obstacles (m)");
  auto freeZone = [](double radius, double) { return Any(Any::Array{0, radius, Any::Array{0.0, 0.0}}); };
  b.bind("findFreeZone", freeZone, "[0 (found), radius, [x, y]]: the empty room is free where the robot stands");
  b.bind("stopAndComputeFreeZone", freeZone, "[0 (found), radius, [x, y]]: the empty room is free where the robot stands");
  return b.build();
}

std::shared_ptr<service::Service> Navigation::makeLocalization() {
  auto b = declare(core_, "ALLocalization", "Simulated localization: the base's position in the world, a home to return to");
  auto position = [this] {
    const Pose2D p = body_.position();
    return std::vector<float>{static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.theta)};
  };
  b.bind("getRobotPosition", position, "[x, y, theta] in the world frame");
  b.bind("getRobotPosition", [position](bool) { return position(); }, "[x, y, theta] in the world frame");
  b.bind("getRobotOrientation", [this] { return Any(Any::Array{body_.position().theta}); }, "[theta] in the world frame");
  b.bind("getRobotOrientation", [this](bool) { return Any(Any::Array{body_.position().theta}); }, "[theta] in the world frame");
  b.bind("learnHome", [this] {
    std::lock_guard lock(core_.mutex);
    home_ = body_.positionLocked();
    return 0;
  }, "Learns where the robot is as its home; 0 (success)");
  b.bind("isInCurrentHome", [this] {
    std::lock_guard lock(core_.mutex);
    if (!home_) return false;
    const Pose2D p = body_.positionLocked();
    return std::hypot(p.x - home_->x, p.y - home_->y) < 0.3;
  }, "Whether the robot is within 0.3 m of its home");
  b.bind("goToHome", [this] {
    std::optional<Pose2D> home;
    {
      std::lock_guard lock(core_.mutex);
      home = home_;
    }
    if (!home) service::refuse("no-home", "learnHome first");
    return go(relative(body_.position(), *home), "ALLocalization/GoToBegin", "ALLocalization/GoToSuccess") ? 0 : 1;
  }, "Goes back home; takes the move's time; 0 (success)");
  b.bind("goToPosition", {"position"}, [this](const std::vector<double>& target) {
    if (target.size() < 2) service::refuse("bad-argument", "a position is [x, y] or [x, y, theta] in the world frame");
    const Pose2D to{target[0], target[1], target.size() > 2 ? target[2] : body_.position().theta};
    return go(relative(body_.position(), to), "ALLocalization/GoToBegin", "ALLocalization/GoToSuccess") ? 0 : 1;
  }, "Goes to [x, y(, theta)] in the world frame; takes the move's time; 0 (success)");
  b.bind("isDataAvailable", [this] {
    std::lock_guard lock(core_.mutex);
    return home_.has_value();
  }, "Whether a home was learnt");
  b.bind("isRelocalizationRequired", [] { return false; }, "Never: the simulation knows where the robot is");
  b.bind("stopAll", [this] { body_.stopMove(); }, "Stops moving");
  return b.build();
}

std::shared_ptr<service::Service> Navigation::makeAutonomousMoves() {
  auto b = declare(core_, "ALAutonomousMoves", "Simulated autonomous moves: their switches");
  b.bind("setExpressiveListeningEnabled", [this](bool on) {
    std::lock_guard lock(core_.mutex);
    expressiveListening_ = on;
  }, "Expressive listening on or off");
  b.bind("getExpressiveListeningEnabled", [this] {
    std::lock_guard lock(core_.mutex);
    return expressiveListening_;
  }, "Whether expressive listening is on");
  b.bind("setBackgroundStrategy", {"strategy"}, [this](const std::string& strategy) {
    if (strategy != "none" && strategy != "backToNeutral") service::refuse("bad-argument", "a strategy is none or backToNeutral");
    std::lock_guard lock(core_.mutex);
    backgroundStrategy_ = strategy;
  }, "none or backToNeutral");
  b.bind("getBackgroundStrategy", {}, [this] {
    std::lock_guard lock(core_.mutex);
    return backgroundStrategy_;
  }, "The background strategy");
  b.bind("startSmallDisplacements", [this] {
    std::lock_guard lock(core_.mutex);
    smallDisplacements_ = true;
  }, "Small displacements on (recorded)");
  b.bind("stopSmallDisplacements", [this] {
    std::lock_guard lock(core_.mutex);
    smallDisplacements_ = false;
  }, "Small displacements off");
  return b.build();
}

}  // namespace autolife::robot
