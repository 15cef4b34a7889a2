#include "autolife/remote/robot_link.hpp"

#include <algorithm>
#include <cctype>

#include "autolife/engine/engine.hpp"
#include "autolife/engine/memory_service.hpp"
#include "autolife/net/url.hpp"
#include "autolife/remote/proxy.hpp"

namespace autolife::remote {

namespace {

constexpr const char* kExpected = "expected nao, pepper, tcp://HOST:PORT or tcps://HOST:PORT";

// Keys the engine writes itself: the robot's own would fight them.
bool engineOwnsKey(const std::string& key) {
  return key.starts_with("AutonomousLife/") || key.starts_with("Launchpad/");
}

std::string lowercase(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

launchpad::RobotModel askModel(Connection& connection) {
  try {
    const auto config = connection.call("ALMotion", "getRobotConfig", nlohmann::json::array());
    const auto& keys = config.at(0);
    const auto& values = config.at(1);
    for (std::size_t i = 0; i < keys.size() && i < values.size(); ++i)
      if (keys[i] == "Model Type" && values[i].is_string()) {
        const auto type = lowercase(values[i].get<std::string>());
        if (type.starts_with("juliette") || type.find("pepper") != std::string::npos)
          return launchpad::RobotModel::Pepper;
      }
  } catch (const std::exception&) {
    // No ALMotion, or an answer of another shape: a NAO, as documented.
  }
  return launchpad::RobotModel::Nao;
}

}  // namespace

std::variant<RobotArgument, std::string> parseRobotArgument(std::string_view text) {
  if (auto model = launchpad::parseModel(text)) return RobotArgument{model, {}};
  if (!net::looksLikeUrl(text)) return "'" + std::string(text) + "': " + kExpected;
  auto parsed = net::parseUrl(text);
  if (const auto* wrong = std::get_if<std::string>(&parsed)) return *wrong;
  const auto& url = std::get<net::Url>(parsed);
  if (url.tls) return "'" + std::string(text) + "': tcps:// (TLS) is not supported yet; use tcp://HOST:PORT";
  return RobotArgument{std::nullopt, url.text()};
}

// Where mirrored values go: the attached engine's memory, written on its
// clock (the connection's reader thread only posts).
struct RobotLink::Mirror {
  std::mutex mutex;
  engine::Engine* engine = nullptr;

  void write(const std::string& key, const nlohmann::json& json, bool raise) {
    core::Value value;
    try {
      value = engine::toValue(json);
    } catch (const service::CallError&) {
      return;  // a map: memory holds none
    }
    std::lock_guard lock(mutex);
    if (!engine) return;
    engine::Engine* e = engine;
    e->clock.post([e, key, value = std::move(value), raise]() mutable {
      if (raise) e->memory.raiseEvent(key, std::move(value));
      else e->memory.insertData(key, std::move(value));
    });
  }
};

RobotLink::RobotLink(LinkOptions options)
    : options_(std::move(options)),
      connection_(std::make_shared<Connection>(options_.connection)),
      mirror_(std::make_shared<Mirror>()) {
  model_ = askModel(*connection_);
  connection_->onLost([report = options_.report, url = connection_->url()](const std::string& reason) {
    if (report)
      report("lost the robot at " + url + " (" + reason +
             "): its services now fail with robot-unreachable, and life goes on with the last values read from it");
  });
}

RobotLink::~RobotLink() {
  detach();
  connection_->onLost({});
}

void RobotLink::attach(engine::Engine& engine) {
  {
    std::lock_guard lock(mutex_);
    engine_ = &engine;
    for (const auto& name : robot::SimulatedRobot::serviceNames()) engine.services.remove(name);
    for (const auto& remote : connection_->services()) {
      if (remote.name == "ServiceDirectory") continue;
      const std::string name = engine.services.find(remote.name) ? "Robot" + remote.name : remote.name;
      if (engine.services.find(name)) continue;
      engine.services.add(makeProxy(connection_, remote, name));
      proxies_.push_back(name);
    }
  }
  if (!options_.mirrorMemory) return;
  {
    std::lock_guard lock(mirror_->mutex);
    mirror_->engine = &engine;
  }
  installed_ = engine.packages.packageInstalled.connect([this](const std::string&) { mirrorTriggerKeys(); });
  mirrorTriggerKeys();
}

void RobotLink::detach() {
  {
    std::lock_guard lock(mirror_->mutex);
    mirror_->engine = nullptr;
  }
  std::lock_guard lock(mutex_);
  if (engine_ && installed_) engine_->packages.packageInstalled.disconnect(installed_);
  installed_ = 0;
  engine_ = nullptr;
}

std::vector<std::string> RobotLink::proxies() const {
  std::lock_guard lock(mutex_);
  return proxies_;
}

std::vector<std::string> RobotLink::mirroredKeys() const {
  std::lock_guard lock(mutex_);
  return {mirrored_.begin(), mirrored_.end()};
}

void RobotLink::mirrorTriggerKeys() {
  std::vector<std::string> wanted;
  {
    std::lock_guard lock(mutex_);
    if (!engine_) return;
    for (const auto& key : engine_->life.triggerKeys()) {
      if (engineOwnsKey(key) || mirrored_.contains(key)) continue;
      if (mirrored_.size() >= options_.maxMirroredKeys) {
        if (!toldTooMany_ && options_.report)
          options_.report("the launch triggers read more than " + std::to_string(options_.maxMirroredKeys) +
                          " keys: the others are not mirrored from the robot");
        toldTooMany_ = true;
        break;
      }
      mirrored_.insert(key);
      wanted.push_back(key);
    }
  }
  for (const auto& key : wanted) mirror(key);  // network calls: outside the lock
}

void RobotLink::mirror(const std::string& key) {
  try {
    connection_->subscribeMemory(key, [m = mirror_, key](const nlohmann::json& v) { m->write(key, v, true); });
  } catch (const service::CallError& e) {
    if (options_.report) options_.report("cannot mirror " + key + " from the robot: " + e.what());
    return;
  }
  try {
    mirror_->write(key, connection_->call("ALMemory", "getData", {key}), false);
  } catch (const service::CallError&) {
    // Not on the robot yet: it comes with its first event.
  }
}

}  // namespace autolife::remote
