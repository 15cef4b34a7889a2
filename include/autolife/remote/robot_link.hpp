// `--robot tcp://HOST:PORT` (or tcps://): an engine living on a remote robot
// (docs/qi.md, "Connecting to a robot"). The link connects, tells which
// model the robot is, puts the robot's services in the engine's registry as
// proxies, takes the engine's perception from the robot's own extractors
// (the simulated world is disconnected), and mirrors the robot's memory
// keys that the launch triggers read into the engine's memory.
//
// Which services: the simulated robot's (ALTextToSpeech, ALMotion, ALLeds,
// ...) leave the registry, and every service of the robot joins it under
// its own name, except those the engine itself is (ALMemory,
// ALAutonomousLife, ALBehaviorManager, PackageManager, ALPreferenceManager,
// Autolife: autolife is the life), which join as "Robot" + name
// (RobotALMemory, ...), and the ServiceDirectory, which is the connection's.
//
// When the robot goes and comes back (serve): said once, the proxies fail
// with robot-unreachable meanwhile; once back, its services are read again
// (new ones join, vanished ones leave), the mirrored keys and the
// perception inputs are subscribed and read again.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "autolife/core/signal.hpp"
#include "autolife/launchpad/robot_profile.hpp"
#include "autolife/remote/connection.hpp"

namespace autolife::engine {
class Engine;
}

namespace autolife::perception {
class ExtractorSource;
}

namespace autolife::remote {

// What `--robot` says: a model to simulate (nao, pepper) or a robot to
// connect to (a qi URL, net::parseUrl's rules). Anything else is the
// sentence saying what is expected.
struct RobotArgument {
  std::optional<launchpad::RobotModel> model;
  std::string url;  // empty for a model; with its port
};
std::variant<RobotArgument, std::string> parseRobotArgument(std::string_view text);

struct LinkOptions {
  ConnectionOptions connection;
  // Real-time engines (serve, play): mirror the trigger keys and take the
  // perception from the robot. A simulation's inputs are its scenario's.
  bool mirrorMemory = true;
  std::size_t maxMirroredKeys = 256;
  // Told what goes wrong once connected (a lost robot, once per outage; its
  // return; a key that cannot be mirrored). Any thread.
  std::function<void(const std::string&)> report;
};

class RobotLink {
public:
  // Connects and asks the robot's model. Throws service::CallError
  // ("robot-unreachable") saying why.
  explicit RobotLink(LinkOptions options);
  ~RobotLink();
  RobotLink(const RobotLink&) = delete;
  RobotLink& operator=(const RobotLink&) = delete;

  Connection& connection() { return *connection_; }
  // ALMotion.getRobotConfig()'s "Model Type": juliette... is a Pepper;
  // anything else, or no answer, a NAO.
  launchpad::RobotModel model() const { return model_; }

  // On the engine's thread, before it runs or serves anything: the proxies
  // take their places, and (when asked) the perception and the mirror
  // start.
  void attach(engine::Engine& engine);
  // Before the engine goes: stops writing to it and closes the connection
  // (calls in flight fail now); the proxies stay and fail with
  // robot-unreachable.
  void detach();

  std::vector<std::string> proxies() const;       // their names in the registry
  std::vector<std::string> mirroredKeys() const;  // sorted

  // Subscribes to the trigger keys not mirrored yet (at attach, and when a
  // package is installed). Any thread.
  void mirrorTriggerKeys();

  struct Inbox;          // what reaches the engine: values and observations, on its clock
  class RemoteMemory;    // the robot's ALMemory, as the perception source reads it

private:
  void mirror(const std::string& key);
  void readMirrored(const std::string& key);
  void restored();
  void syncProxies();
  void readServiceStates();

  LinkOptions options_;
  std::shared_ptr<Connection> connection_;
  launchpad::RobotModel model_ = launchpad::RobotModel::Nao;
  std::shared_ptr<Inbox> inbox_;
  std::unique_ptr<RemoteMemory> remoteMemory_;
  std::shared_ptr<perception::ExtractorSource> perception_;
  mutable std::mutex mutex_;  // guards what follows
  engine::Engine* engine_ = nullptr;
  std::vector<std::string> proxies_;
  std::set<std::string> mirrored_;
  bool toldTooMany_ = false;
  core::SignalLink installed_ = 0;
};

}  // namespace autolife::remote
