#include "autolife/robot/body.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "autolife/launchpad/posture.hpp"

namespace autolife::robot {

namespace {

// How far (rad) each leg joint may be from a posture's angle for the robot
// to be recognised in it.
constexpr double kPostureTolerance = 0.15;
// Joint speed of a posture transition at fraction 1.0 (rad/s), and the time
// a smart transition adds to get up from lying (s, divided by the fraction).
constexpr double kPostureSpeed = 1.0;
constexpr double kGetUpSeconds = 6.0;

double normalizeAngle(double a) {
  constexpr double pi = std::numbers::pi;
  a = std::fmod(a + pi, 2 * pi);
  if (a < 0) a += 2 * pi;
  return a - pi;
}

std::string familyOf(const std::string& posture) { return std::string(launchpad::postureFamily(posture)); }

bool lying(const std::string& family) { return family.starts_with("Lying"); }

}  // namespace

Pose2D compose(const Pose2D& from, const Pose2D& d) {
  const double c = std::cos(from.theta), s = std::sin(from.theta);
  return {from.x + d.x * c - d.y * s, from.y + d.x * s + d.y * c, normalizeAngle(from.theta + d.theta)};
}

std::string Body::positionKey(const std::string& joint, bool sensor) {
  return "Device/SubDeviceList/" + joint + (sensor ? "/Position/Sensor/Value" : "/Position/Actuator/Value");
}

std::string Body::stiffnessKey(const std::string& joint) { return "Device/SubDeviceList/" + joint + "/Hardness/Actuator/Value"; }

Body::Body(RobotCore& core) : core_(core), model_(BodyModel::of(core.model)) {
  const PostureInfo& stand = *model_.posture("Stand");
  joints_.resize(model_.joints().size());
  MemoryWrites writes;
  for (std::size_t i = 0; i < joints_.size(); ++i) {
    joints_[i].command = joints_[i].position = stand.angles[i];
    joints_[i].stiffness = 1.0;
    writeJoint(i, writes);
    writes.set(stiffnessKey(model_.joints()[i].name), 1.0);
  }
  posture_ = stand.name;
  for (const char* e : {"PostureChanged", "PostureFamilyChanged", "robotIsWakeUp", "ALMotion/Stiffness/wakeUpStarted",
                        "ALMotion/Stiffness/wakeUpFinished", "ALMotion/Stiffness/restStarted",
                        "ALMotion/Stiffness/restFinished"})
    writes.declare(e);
  writes.applyTo(core_.memory);  // at construction: no caller to protect
}

Body::~Body() = default;

// ---- joints ----------------------------------------------------------------

double Body::valueAt(const std::vector<std::pair<core::Time, double>>& keys, core::Time t) const {
  if (keys.empty()) return 0.0;
  // The last key first: a motion of no duration is already where it goes.
  if (t >= keys.back().first) return keys.back().second;
  if (t <= keys.front().first) return keys.front().second;
  for (std::size_t i = 1; i < keys.size(); ++i) {
    const auto& [t1, v1] = keys[i];
    if (t < t1) {
      const auto& [t0, v0] = keys[i - 1];
      return v0 + (v1 - v0) * (core::toSeconds(t - t0) / core::toSeconds(t1 - t0));
    }
  }
  return keys.back().second;
}

double Body::angle(std::size_t joint, bool useSensor) const {
  std::lock_guard lock(core_.mutex);
  return angleLocked(joint, useSensor);
}

double Body::angleLocked(std::size_t joint, bool useSensor) const {
  const Joint& j = joints_.at(joint);
  if (j.task == 0) return useSensor ? j.position : j.command;
  if (useSensor && !j.moves) return j.position;
  return valueAt(j.keys, core_.now());
}

double Body::stiffness(std::size_t joint) const {
  std::lock_guard lock(core_.mutex);
  return stiffnessLocked(joint);
}

double Body::stiffnessLocked(std::size_t joint) const {
  const Joint& j = joints_.at(joint);
  return j.stiffTask == 0 ? j.stiffness : valueAt(j.stiffKeys, core_.now());
}

double Body::clamp(std::size_t joint, double a) const {
  const JointInfo& info = model_.joints().at(joint);
  return std::clamp(a, info.min, info.max);
}

void Body::writeJoint(std::size_t i, MemoryWrites& writes) const {
  const std::string& name = model_.joints()[i].name;
  writes.set(positionKey(name, false), joints_[i].command);
  writes.set(positionKey(name, true), joints_[i].position);
}

std::uint64_t Body::startTask(TaskOptions options, core::Time end, bool stiffness) {
  const std::uint64_t id = nextTask_++;
  Task t{std::move(options), end, 0, stiffness};
  t.timer = core_.at(end, [this, id] { finish(id); });
  tasks_.emplace(id, std::move(t));
  return id;
}

namespace {

// NAO's hip motor: whatever either hip is told, both do (left first).
void coupleHips(std::vector<Body::Track>& tracks, std::optional<std::pair<std::size_t, std::size_t>> hips) {
  if (!hips) return;
  const auto [l, r] = *hips;
  auto find = [&](std::size_t j) {
    return std::find_if(tracks.begin(), tracks.end(), [j](const Body::Track& t) { return t.joint == j; });
  };
  auto left = find(l), right = find(r);
  if (left != tracks.end()) {
    Body::Track copy = *left;
    copy.joint = r;
    if (right != tracks.end()) *right = std::move(copy);
    else tracks.push_back(std::move(copy));
  } else if (right != tracks.end()) {
    Body::Track copy = *right;
    copy.joint = l;
    tracks.push_back(std::move(copy));
  }
}

}  // namespace

std::uint64_t Body::moveJoints(std::vector<Track> tracks, TaskOptions options, core::Duration& duration) {
  std::lock_guard lock(core_.mutex);
  return moveJointsLocked(std::move(tracks), std::move(options), duration);
}

std::uint64_t Body::moveJointsLocked(std::vector<Track> tracks, TaskOptions options, core::Duration& duration) {
  coupleHips(tracks, model_.coupledHips());
  const core::Time now = core_.now();
  duration = core::Duration::zero();
  for (const auto& t : tracks)
    if (!t.keys.empty()) duration = std::max(duration, t.keys.back().first);
  const std::uint64_t id = startTask(std::move(options), now + duration, false);
  for (const auto& t : tracks) {
    if (t.keys.empty()) continue;
    const double command = angleLocked(t.joint, false), position = angleLocked(t.joint, true);
    Joint& j = joints_[t.joint];
    j.command = command;
    j.position = position;
    // It moves if it is stiff, or being stiffened (wakeUp ramps stiffness up).
    j.moves = (j.stiffTask != 0 ? j.stiffKeys.back().second : j.stiffness) > 0.0;
    j.task = id;
    j.keys.assign(1, {now, command});
    for (const auto& [offset, value] : t.keys) j.keys.emplace_back(now + offset, clamp(t.joint, value));
  }
  dropEmptyTasks();
  return id;
}

void Body::setStiffnesses(const std::vector<std::pair<std::size_t, double>>& values) {
  MemoryWrites writes;
  {
    std::lock_guard lock(core_.mutex);
    setStiffnessesLocked(values, writes);
  }
  core_.publish(std::move(writes));
}

void Body::setStiffnessesLocked(const std::vector<std::pair<std::size_t, double>>& values, MemoryWrites& writes) {
  for (const auto& [index, value] : values) {
    Joint& j = joints_.at(index);
    j.stiffTask = 0;
    j.stiffKeys.clear();
    j.stiffness = std::clamp(value, 0.0, 1.0);
    writes.set(stiffnessKey(model_.joints()[index].name), j.stiffness);
  }
  dropEmptyTasks();
}

std::uint64_t Body::rampStiffness(std::vector<Track> tracks, TaskOptions options, core::Duration& duration) {
  std::lock_guard lock(core_.mutex);
  return rampStiffnessLocked(std::move(tracks), std::move(options), duration);
}

std::uint64_t Body::rampStiffnessLocked(std::vector<Track> tracks, TaskOptions options, core::Duration& duration) {
  const core::Time now = core_.now();
  duration = core::Duration::zero();
  for (const auto& t : tracks)
    if (!t.keys.empty()) duration = std::max(duration, t.keys.back().first);
  const std::uint64_t id = startTask(std::move(options), now + duration, true);
  for (const auto& t : tracks) {
    if (t.keys.empty()) continue;
    const double current = stiffnessLocked(t.joint);
    Joint& j = joints_[t.joint];
    j.stiffness = current;
    j.stiffTask = id;
    j.stiffKeys.assign(1, {now, current});
    for (const auto& [offset, value] : t.keys) j.stiffKeys.emplace_back(now + offset, std::clamp(value, 0.0, 1.0));
  }
  dropEmptyTasks();
  return id;
}

// A task none of whose joints it still moves is over.
void Body::dropEmptyTasks() {
  for (auto it = tasks_.begin(); it != tasks_.end();) {
    const std::uint64_t id = it->first;
    const bool used = std::any_of(joints_.begin(), joints_.end(), [&](const Joint& j) {
      return it->second.stiffness ? j.stiffTask == id : j.task == id;
    });
    if (used) {
      ++it;
    } else {
      core_.cancel(it->second.timer);
      it = tasks_.erase(it);
    }
  }
}

void Body::releaseMotion(std::size_t index, MemoryWrites& writes) {
  Joint& j = joints_[index];
  if (j.task == 0) return;
  const double command = angleLocked(index, false), position = angleLocked(index, true);
  j.command = command;
  j.position = position;
  j.task = 0;
  j.keys.clear();
  writeJoint(index, writes);
}

void Body::releaseStiffness(std::size_t index, MemoryWrites& writes) {
  Joint& j = joints_[index];
  if (j.stiffTask == 0) return;
  j.stiffness = stiffnessLocked(index);
  j.stiffTask = 0;
  j.stiffKeys.clear();
  writes.set(stiffnessKey(model_.joints()[index].name), j.stiffness);
}

void Body::finish(std::uint64_t id) {
  MemoryWrites writes;
  std::optional<std::pair<std::string, std::string>> changed;
  {
    std::lock_guard lock(core_.mutex);
    auto it = tasks_.find(id);
    if (it == tasks_.end()) return;
    Task task = std::move(it->second);
    tasks_.erase(it);
    for (std::size_t i = 0; i < joints_.size(); ++i) {
      Joint& j = joints_[i];
      if (j.task == id) {
        j.command = j.keys.back().second;
        if (j.moves) j.position = j.command;
        j.task = 0;
        j.keys.clear();
        writeJoint(i, writes);
      }
      if (j.stiffTask == id) {
        j.stiffness = j.stiffKeys.back().second;
        j.stiffTask = 0;
        j.stiffKeys.clear();
        writes.set(stiffnessKey(model_.joints()[i].name), j.stiffness);
      }
    }
    if (!task.stiffness) settlePosture(task.options.postureAtEnd, writes, changed);
    if (task.options.atEnd) task.options.atEnd(writes);
  }
  writes.applyTo(core_.memory);
  if (changed) postureChanged(changed->first, changed->second);
}

bool Body::killTask(std::uint64_t id) {
  MemoryWrites writes;
  std::optional<std::pair<std::string, std::string>> changed;
  {
    std::lock_guard lock(core_.mutex);
    auto it = tasks_.find(id);
    if (it == tasks_.end()) return false;
    for (std::size_t i = 0; i < joints_.size(); ++i) {
      if (joints_[i].task == id) releaseMotion(i, writes);
      if (joints_[i].stiffTask == id) releaseStiffness(i, writes);
    }
    core_.cancel(it->second.timer);
    const bool stiffnessTask = it->second.stiffness;
    tasks_.erase(it);
    if (!stiffnessTask) settlePosture(std::nullopt, writes, changed);
  }
  core_.publish(std::move(writes));
  if (changed) core_.at(core_.now(), [this, c = *changed] { postureChanged(c.first, c.second); });
  return true;
}

void Body::killJointTasks() {
  std::vector<std::uint64_t> ids;
  {
    std::lock_guard lock(core_.mutex);
    for (const auto& [id, t] : tasks_) ids.push_back(id);
  }
  for (auto id : ids) killTask(id);
}

void Body::killTasksMoving(const std::vector<std::size_t>& joints) {
  std::vector<std::uint64_t> ids;
  {
    std::lock_guard lock(core_.mutex);
    for (auto j : joints)
      for (auto id : {joints_.at(j).task, joints_.at(j).stiffTask})
        if (id != 0 && std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  }
  for (auto id : ids) killTask(id);
}

bool Body::idle(const std::vector<std::size_t>& joints) const {
  std::lock_guard lock(core_.mutex);
  return std::all_of(joints.begin(), joints.end(), [&](std::size_t j) { return joints_.at(j).task == 0 && joints_.at(j).stiffTask == 0; });
}

std::vector<Body::TaskInfo> Body::tasks() const {
  std::lock_guard lock(core_.mutex);
  std::vector<TaskInfo> out;
  for (const auto& [id, t] : tasks_) out.push_back({t.options.name, id, t.end});
  return out;
}

// ---- posture ---------------------------------------------------------------

std::string Body::posture() const {
  std::lock_guard lock(core_.mutex);
  return posture_;
}

std::string Body::postureFamily() const { return familyOf(posture()); }

void Body::settlePosture(const std::optional<std::string>& explicitPosture, MemoryWrites& writes,
                         std::optional<std::pair<std::string, std::string>>& changed) {
  auto matches = [&](const PostureInfo& p) {
    for (std::size_t j : model_.postureJoints())
      if (std::abs(joints_[j].position - p.angles[j]) > kPostureTolerance) return false;
    return true;
  };
  std::string next = "Unknown";
  const PostureInfo* wanted = explicitPosture ? model_.posture(*explicitPosture) : nullptr;
  const PostureInfo* current = model_.posture(posture_);
  if (wanted && matches(*wanted)) {
    next = wanted->name;
  } else if (current && matches(*current)) {
    next = current->name;
  } else {
    for (const auto& p : model_.postures())
      if (p.recognisable && matches(p)) {
        next = p.name;
        break;
      }
  }
  if (next == posture_) return;
  const std::string oldFamily = familyOf(posture_);
  posture_ = next;
  const std::string family = familyOf(next);
  writes.raise("PostureChanged", next);
  if (family != oldFamily) writes.raise("PostureFamilyChanged", family);
  changed = std::make_pair(next, family);
}

core::Duration Body::postureDurationLocked(const PostureInfo& p, double fraction, bool smart) const {
  double travel = 0;
  for (std::size_t j = 0; j < joints_.size(); ++j) travel = std::max(travel, std::abs(angleLocked(j, true) - p.angles[j]));
  double seconds = travel / (fraction * kPostureSpeed);
  if (smart && lying(familyOf(posture_)) && !lying(p.family)) seconds += kGetUpSeconds / fraction;
  return core::fromSeconds(seconds);
}

bool Body::inPostureLocked(const PostureInfo& p) const {
  if (posture_ != p.name) return false;
  for (std::size_t j = 0; j < joints_.size(); ++j)
    if (std::abs(angleLocked(j, true) - p.angles[j]) > 1e-6) return false;
  return true;
}

bool Body::awake() const {
  std::lock_guard lock(core_.mutex);
  return awakeLocked();
}

bool Body::awakeLocked() const { return awake_; }

void Body::setAwakeLocked(bool awake, MemoryWrites& writes) {
  if (awake_ == awake) return;
  awake_ = awake;
  writes.raise("robotIsWakeUp", awake);
}

// ---- base ------------------------------------------------------------------

Pose2D Body::poseAt(const Move& m, core::Time t) const {
  if (!m.active) return pose_;
  if (m.velocityMode) {
    const double dt = core::toSeconds(t - m.start);
    return compose(m.from, {m.vx * dt, m.vy * dt, m.vtheta * dt});
  }
  double f = 1.0;
  if (m.end > m.start) f = std::clamp(core::toSeconds(t - m.start) / core::toSeconds(m.end - m.start), 0.0, 1.0);
  return compose(m.from, {m.delta.x * f, m.delta.y * f, m.delta.theta * f});
}

Pose2D Body::position() const {
  std::lock_guard lock(core_.mutex);
  return positionLocked();
}

Pose2D Body::positionLocked() const { return poseAt(move_, core_.now()); }

Pose2D Body::positionAfterMove() const {
  std::lock_guard lock(core_.mutex);
  if (move_.active && !move_.velocityMode) return compose(move_.from, move_.delta);
  return poseAt(move_, core_.now());
}

std::vector<double> Body::velocity() const {
  std::lock_guard lock(core_.mutex);
  if (!move_.active) return {0.0, 0.0, 0.0};
  if (move_.velocityMode) return {move_.vx, move_.vy, move_.vtheta};
  const double d = core::toSeconds(move_.end - move_.start);
  if (d <= 0) return {0.0, 0.0, 0.0};
  return {move_.delta.x / d, move_.delta.y / d, move_.delta.theta / d};
}

void Body::stopMove() {
  std::lock_guard lock(core_.mutex);
  stopMoveLocked();
}

void Body::stopMoveLocked() {
  if (!move_.active) return;
  pose_ = poseAt(move_, core_.now());
  core_.cancel(move_.timer);
  move_ = Move{};
}

void Body::startMoveToLocked(const Pose2D& delta, core::Duration duration) {
  stopMoveLocked();
  const core::Time now = core_.now();
  const std::uint64_t id = nextTask_++;
  move_.active = true;
  move_.velocityMode = false;
  move_.start = now;
  move_.end = now + duration;
  move_.from = pose_;
  move_.delta = delta;
  move_.id = id;
  move_.timer = core_.at(move_.end, [this, id] {
    std::lock_guard lock(core_.mutex);
    if (!move_.active || move_.id != id) return;
    pose_ = compose(move_.from, move_.delta);
    move_ = Move{};
  });
}

void Body::startMoveVelocityLocked(double vx, double vy, double vtheta) {
  stopMoveLocked();
  if (vx == 0 && vy == 0 && vtheta == 0) return;
  move_.active = true;
  move_.velocityMode = true;
  move_.start = core_.now();
  move_.from = pose_;
  move_.vx = vx;
  move_.vy = vy;
  move_.vtheta = vtheta;
  move_.id = nextTask_++;
}

bool Body::moveIsActive() const {
  std::lock_guard lock(core_.mutex);
  return move_.active;
}

core::Duration Body::moveRemaining() const {
  std::lock_guard lock(core_.mutex);
  if (!move_.active || move_.velocityMode) return core::Duration::zero();
  return std::max(core::Duration::zero(), move_.end - core_.now());
}

}  // namespace autolife::robot
