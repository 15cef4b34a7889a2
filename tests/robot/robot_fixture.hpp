// A simulated robot alone on a virtual clock, reached the way a behavior
// reaches it: through the service Registry, by service name, method name
// and arguments written as JSON literals (test::argsOf), results read back
// as JSON (test::jsonOf). A call's robot time (takes()) is read back like a
// blocking NAOqi proxy reads it; memory is read and watched as ALMemory
// clients do. Nothing here sleeps or reads the wall clock.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "autolife/core/clock.hpp"
#include "autolife/core/value_json.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/robot/simulated_robot.hpp"
#include "autolife/service/service.hpp"
#include "any_json.hpp"

namespace autolife::robottest {

using json = nlohmann::json;
using launchpad::RobotModel;

// One memory notification: when (engine seconds), which key, what value.
struct Seen {
  double t;
  std::string key;
  json value;
};

class RobotFixture : public ::testing::Test {
protected:
  void SetUp() override { make(RobotModel::Nao); }

  // A fresh clock, memory, registry and robot of `model`, at time 0.
  void make(RobotModel model) {
    seen.clear();
    calls.clear();
    robot_.reset();
    registry_.reset();
    memory_.reset();
    clock_ = std::make_unique<core::VirtualClock>();
    memory_ = std::make_unique<memory::Memory>(*clock_);
    registry_ = std::make_unique<service::Registry>();
    robot_ = std::make_unique<robot::SimulatedRobot>(*memory_, *clock_, model);
    robot_->registerServices(*registry_);
    registry_->called.connect([this](const service::CallRecord& r) { calls.push_back(r); });
    settle();
  }
  void pepper() { make(RobotModel::Pepper); }

  robot::SimulatedRobot& robot() { return *robot_; }
  service::Registry& registry() { return *registry_; }
  memory::Memory& memory() { return *memory_; }
  core::VirtualClock& clock() { return *clock_; }

  double now() const { return core::toSeconds(clock_->now()); }
  // Runs every clock task up to `t` (seconds), those at `t` included.
  void runTo(double t) { clock_->runUntil(core::fromSeconds(t)); }
  void wait(double seconds) { runTo(now() + seconds); }
  // Runs what is due at the current instant (memory writes a call queued).
  void settle() { clock_->runUntil(clock_->now()); }

  // "Service.method"(arguments); `took` is then the robot time it takes (s).
  json call(const std::string& method, const std::vector<json>& arguments = {}) {
    json result = test::jsonOf(registry_->call(method, args(arguments)));
    taken = service::takenByLastCall();
    took = core::toSeconds(taken);
    return result;
  }
  // As a behavior's blocking proxy calls: the call, then its robot time.
  json callAndWait(const std::string& method, const std::vector<json>& arguments = {}) {
    json result = call(method, arguments);
    wait(took);
    return result;
  }
  // The reason of the CallError the call throws ("" when it succeeds);
  // `message` keeps its sentence.
  std::string refusal(const std::string& method, const std::vector<json>& arguments = {}) {
    message.clear();
    try {
      registry_->call(method, args(arguments));
    } catch (const service::CallError& e) {
      message = e.what();
      EXPECT_FALSE(message.empty()) << "a refusal carries a sentence";
      return e.reason();
    }
    return "";
  }

  // Arguments written as JSON literals, as the registry takes them.
  static service::Arguments args(const std::vector<json>& arguments) {
    service::Arguments out;
    for (const auto& a : arguments) out.push_back(test::anyOf(a));
    return out;
  }

  json key(const std::string& name) const { return core::valueToJson(memory_->getData(name)); }

  // Records every notification of `name` into `seen`.
  void watch(const std::string& name) {
    memory_->subscribeToEvent(name, "robot-test", [this](const std::string& k, const core::Value& v) {
      seen.push_back({now(), k, core::valueToJson(v)});
    });
  }
  std::vector<Seen> seenOf(const std::string& name) const {
    std::vector<Seen> out;
    for (const auto& s : seen)
      if (s.key == name) out.push_back(s);
    return out;
  }

  double took = 0;
  core::Duration taken{0};
  std::string message;
  std::vector<Seen> seen;
  std::vector<service::CallRecord> calls;

private:
  // Destroyed in reverse: the robot before the registry and memory.
  std::unique_ptr<core::VirtualClock> clock_;
  std::unique_ptr<memory::Memory> memory_;
  std::unique_ptr<service::Registry> registry_;
  std::unique_ptr<robot::SimulatedRobot> robot_;
};

// Seconds as the engine stores them (rounded to the nanosecond).
inline double ns(double seconds) { return core::toSeconds(core::fromSeconds(seconds)); }

}  // namespace autolife::robottest
