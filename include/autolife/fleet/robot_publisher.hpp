// `serve --mqtt` (docs/fleet.md): an engine on the broker. It observes the
// engine through the seam the network API uses (engine::ServiceAccess:
// memory subscriptions, service signals, registry calls) and publishes
// what it sees through a Broadcaster:
//
//   state       AutonomousLife/State                    "solitary"
//   focus       AutonomousLife/FocusedActivity          "pkg/act" or ""
//   battery     ALBattery.getBatteryCharge (percent),   {"level": 80, "charging": false}
//               Launchpad/BatteryIsCharging
//   activities  Autolife.activities, on each change     [{"name", "trigger", "value"}]
//   transition  ALAutonomousLife.activityTransition     its payload
//   problem     a run that failed (a box raised), an activity that cannot run
//               {"activity", "kind": "failed"|"cannot-run", "message", "t"}
//   dashboard   the robot's own dashboard               "http://HOST:PORT/"
//
// and answers the calls heard on autolife/ROBOT/call (Calls).
#pragma once

#include <memory>
#include <string>

#include "autolife/api/limits.hpp"
#include "autolife/engine/access.hpp"
#include "autolife/fleet/broadcaster.hpp"

namespace autolife::fleet {

struct PublisherOptions {
  BroadcasterOptions broadcaster;  // its `call` is the publisher's
  std::string dashboardUrl;        // "" when there is none to link to
  api::Limits limits;              // the network API's, for the calls
};

class RobotPublisher {
public:
  // Throws as Broadcaster does.
  RobotPublisher(engine::ServiceAccess engine, PublisherOptions options);
  ~RobotPublisher();
  RobotPublisher(const RobotPublisher&) = delete;
  RobotPublisher& operator=(const RobotPublisher&) = delete;

  // On the engine's thread, once it started: reads what to keep on the
  // broker, follows the engine, and connects.
  void start();
  // Stops following the engine and answering calls, and leaves the broker
  // (online false). Any thread; idempotent.
  void stop();

  Broadcaster& broadcaster();

private:
  struct Impl;  // robot_publisher.cpp
  std::shared_ptr<Impl> impl_;
};

}  // namespace autolife::fleet
