// The simulated body: each joint's commanded angle (what ALMotion sends,
// "Actuator") and measured angle ("Sensor"), its stiffness, the motion
// tasks moving them over engine time, the posture, whether the robot is
// awake, and where the base stands after moves.
//
// A motion task moves joints through keys; while it runs, reads answer the
// value interpolated at the current engine time, and at its end the final
// values are written to memory (`Device/SubDeviceList/<Joint>/Position/
// Actuator/Value`, `.../Sensor/Value`, `.../Hardness/Actuator/Value`).
// A joint without stiffness is commanded but does not move: its sensor value
// stays where it was. NAO's LHipYawPitch and RHipYawPitch are one motor: a
// command to either moves both (LHipYawPitch wins when both are given).
//
// Its state is guarded by the robot's lock (`RobotCore::mutex`, not
// recursive): each public function takes it once, except those whose name
// ends in `Locked`, which expect it held (the services that move the body
// while holding it: ALMotion, ALRobotPosture, ALNavigation, and the `atEnd`
// of a task).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "autolife/core/signal.hpp"
#include "autolife/robot/body_model.hpp"
#include "autolife/robot/robot_core.hpp"

namespace autolife::robot {

struct Pose2D {
  double x = 0, y = 0, theta = 0;  // metres, radians; world frame
};

class Body {
public:
  explicit Body(RobotCore& core);
  ~Body();

  const BodyModel& model() const { return model_; }
  RobotCore& core() { return core_; }

  // ---- joints (angles and stiffness at the current engine time) ----
  double angle(std::size_t joint, bool useSensor) const;
  double angleLocked(std::size_t joint, bool useSensor) const;
  double stiffness(std::size_t joint) const;
  double stiffnessLocked(std::size_t joint) const;
  double clamp(std::size_t joint, double angle) const;

  // One joint's path: keys (time from now, angle), time-ordered, last = target.
  struct Track {
    std::size_t joint;
    std::vector<std::pair<core::Duration, double>> keys;
  };
  struct TaskOptions {
    std::string name;                          // "angleInterpolation", "goToPosture"...
    std::optional<std::string> postureAtEnd;   // a posture transition names it
    std::function<void(MemoryWrites&)> atEnd;  // more to do at the end (under the lock: Locked calls only)
  };
  // Starts a motion task (angles clamped, hips coupled); returns its id and
  // sets `duration` to its longest track. Joints it moves leave the tasks
  // that moved them, from where they are now.
  std::uint64_t moveJoints(std::vector<Track> tracks, TaskOptions options, core::Duration& duration);
  std::uint64_t moveJointsLocked(std::vector<Track> tracks, TaskOptions options, core::Duration& duration);
  // Stiffness now (clamped to [0, 1]); stops stiffness ramps on those joints.
  void setStiffnesses(const std::vector<std::pair<std::size_t, double>>& values);
  // The same, written into `writes` (inside a task's end, or a service's
  // locked call).
  void setStiffnessesLocked(const std::vector<std::pair<std::size_t, double>>& values, MemoryWrites& writes);
  // A timed stiffness change (keys as for moveJoints, values clamped).
  std::uint64_t rampStiffness(std::vector<Track> tracks, TaskOptions options, core::Duration& duration);
  std::uint64_t rampStiffnessLocked(std::vector<Track> tracks, TaskOptions options, core::Duration& duration);

  // Stops a task where its joints are now (their values written); false
  // when no such task runs.
  bool killTask(std::uint64_t id);
  // Stops every joint task (not the base).
  void killJointTasks();
  // Stops the tasks moving any of these joints (angle or stiffness).
  void killTasksMoving(const std::vector<std::size_t>& joints);
  // Whether no task moves any of these joints.
  bool idle(const std::vector<std::size_t>& joints) const;
  struct TaskInfo {
    std::string name;
    std::uint64_t id;
    core::Time end;
  };
  std::vector<TaskInfo> tasks() const;

  // ---- posture and wakefulness ----
  std::string posture() const;
  std::string postureFamily() const;
  // How long going to `p` takes at `fraction` of the maximum speed: joints
  // travel at fraction x 1 rad/s; a "smart" transition (goToPosture) from a
  // lying posture to any other adds 6 s / fraction to get up.
  core::Duration postureDurationLocked(const PostureInfo& p, double fraction, bool smart) const;
  // True when every joint is already at the posture (within 1e-6).
  bool inPostureLocked(const PostureInfo& p) const;
  bool awake() const;
  bool awakeLocked() const;
  void setAwakeLocked(bool awake, MemoryWrites& writes);  // raises robotIsWakeUp when it changes

  // ---- base ----
  Pose2D position() const;           // at the current engine time
  Pose2D positionLocked() const;
  Pose2D positionAfterMove() const;  // where the current moveTo ends
  std::vector<double> velocity() const;  // [vx, vy, vtheta] in the robot frame
  // Starts a move by `delta` (robot frame) lasting `duration`.
  void startMoveToLocked(const Pose2D& delta, core::Duration duration);
  // Moves at a velocity (robot frame) until stopped; zero stops.
  void startMoveVelocityLocked(double vx, double vy, double vtheta);
  bool moveIsActive() const;
  core::Duration moveRemaining() const;  // of a moveTo; 0 otherwise
  // Stops the base where it is now.
  void stopMove();
  void stopMoveLocked();

  // Signal: the posture changed (name, family). Emitted outside the lock.
  core::Signal<const std::string&, const std::string&> postureChanged;

  static std::string positionKey(const std::string& joint, bool sensor);
  static std::string stiffnessKey(const std::string& joint);

private:
  struct Joint {
    double command = 0;    // settled actuator value
    double position = 0;   // settled sensor value
    double stiffness = 1;  // settled stiffness
    std::uint64_t task = 0;
    std::vector<std::pair<core::Time, double>> keys;  // the motion, when task != 0
    bool moves = true;                                // stiff when the motion started
    std::uint64_t stiffTask = 0;
    std::vector<std::pair<core::Time, double>> stiffKeys;
  };
  struct Task {
    TaskOptions options;
    core::Time end{0};
    core::TimerId timer = 0;
    bool stiffness = false;
  };
  struct Move {
    bool active = false;
    bool velocityMode = false;
    core::Time start{0}, end{0};
    Pose2D from;
    Pose2D delta;                    // moveTo
    double vx = 0, vy = 0, vtheta = 0;  // velocity mode
    core::TimerId timer = 0;
    std::uint64_t id = 0;
  };

  double valueAt(const std::vector<std::pair<core::Time, double>>& keys, core::Time t) const;
  // The robot's lock held (finish, a clock task, takes it).
  std::uint64_t startTask(TaskOptions options, core::Time end, bool stiffness);
  void finish(std::uint64_t id);
  // Settle a joint where it is now, leaving its task.
  void releaseMotion(std::size_t index, MemoryWrites& writes);
  void releaseStiffness(std::size_t index, MemoryWrites& writes);
  void settlePosture(const std::optional<std::string>& explicitPosture, MemoryWrites& writes,
                     std::optional<std::pair<std::string, std::string>>& changed);
  void dropEmptyTasks();
  Pose2D poseAt(const Move& m, core::Time t) const;
  void writeJoint(std::size_t index, MemoryWrites& writes) const;

  RobotCore& core_;
  const BodyModel& model_;
  std::vector<Joint> joints_;
  std::map<std::uint64_t, Task> tasks_;
  std::uint64_t nextTask_ = 1;
  std::string posture_;
  bool awake_ = true;
  Pose2D pose_;
  Move move_;
};

// Composition of poses: `delta` expressed in the frame of `from`.
Pose2D compose(const Pose2D& from, const Pose2D& delta);

}  // namespace autolife::robot
