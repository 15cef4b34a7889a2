// What every simulated robot service shares: the memory it writes, the
// engine clock its actions take time on, the robot model, and one lock.
//
// Two rules keep the services safe to call from anywhere (a box's thread,
// Life holding its own lock, a clock task):
//  - memory is never written inside a caller's call: what a call changes is
//    written by a clock task at the same engine instant (`publish`), the way
//    a robot's own loop writes its devices; actions that end later write at
//    their end, from their own clock task (`at`);
//  - the lock is never held while memory is written, a signal is emitted or
//    anything outside the robot is called: whoever is told may call the
//    robot back, on the same thread.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "autolife/core/clock.hpp"
#include "autolife/core/value.hpp"
#include "autolife/launchpad/robot_profile.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/naoqi/service_builder.hpp"
#include "autolife/service/service.hpp"

namespace autolife::robot {

// Memory writes gathered under the lock, applied as one batch after it.
class MemoryWrites {
public:
  void set(std::string key, core::Value value);
  void raise(std::string key, core::Value value);
  void declare(std::string key);
  bool empty() const { return writes_.empty(); }
  void append(MemoryWrites other);
  // One batch: one timestamp, one evaluation point.
  void applyTo(memory::Memory& memory);

private:
  struct Entry {
    memory::Write::Kind kind;
    std::string key;
    core::Value value;
  };
  std::vector<Entry> writes_;
};

class RobotCore {
public:
  RobotCore(memory::Memory& memory, core::Clock& clock, launchpad::RobotModel model);
  ~RobotCore();
  RobotCore(const RobotCore&) = delete;
  RobotCore& operator=(const RobotCore&) = delete;

  memory::Memory& memory;
  core::Clock& clock;
  const launchpad::RobotModel model;
  // One lock for the whole body, not recursive: each entry point (a
  // service's handler, a clock task, a call of the engine or the world)
  // takes it once; what runs under it calls only functions that expect it
  // held (`Body`'s `...Locked`, a service's private helpers), and nothing
  // leaves the robot under it (docs/architecture.md, "Locks").
  std::mutex mutex;

  core::Time now() const { return clock.now(); }
  bool pepper() const { return model == launchpad::RobotModel::Pepper; }
  // "NAO" or "Pepper", for sentences.
  std::string_view modelName() const { return pepper() ? "Pepper" : "NAO"; }

  // Writes at the current engine instant, from a clock task.
  void publish(MemoryWrites writes);
  // Runs `task` on the clock at `t` (nothing once the robot is gone).
  core::TimerId at(core::Time t, std::function<void()> task);
  bool cancel(core::TimerId id);

  // Stops every pending task from touching the robot (the destructor calls it).
  void shutdown();
  std::weak_ptr<int> aliveToken() const { return alive_; }

private:
  std::shared_ptr<int> alive_ = std::make_shared<int>(0);
};

// "ALMotion.setAngles: <sentence>" as a refusal with a reason.
[[noreturn]] void refuse(std::string reason, std::string_view where, const std::string& sentence);

// Starts declaring a simulated service against the NAOqi catalog
// (naoqi/service_builder.hpp); every call to it is refused (no-such-service)
// once the robot that owns it is gone: registries may outlive a simulated
// robot.
naoqi::ServiceBuilder declare(const RobotCore& core, std::string name, std::string description);

// Declares a method whose handler is refused (no-such-service) once the
// robot that owns it is gone: registries may outlive a simulated robot.
void define(service::Service& s, const RobotCore& core, std::string name, std::vector<service::Parameter> parameters,
            service::Type result, std::string description, service::Handler handler);

}  // namespace autolife::robot
