#include "autolife/remote/robot_link.hpp"

#include <algorithm>

#include "autolife/core/ascii.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/engine/memory_service.hpp"
#include "autolife/engine/inputs.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/net/url.hpp"
#include "autolife/package/store.hpp"
#include "autolife/perception/extractor_source.hpp"
#include "autolife/remote/proxy.hpp"
#include "autolife/robot/simulated_robot.hpp"
#include "autolife/service/service.hpp"

namespace autolife::remote {

namespace {

constexpr const char* kExpected = "expected nao, pepper, tcp://HOST:PORT or tcps://HOST:PORT";

// Keys the engine writes itself: the robot's own would fight them.
bool engineOwnsKey(const std::string& key) {
  return key.starts_with("AutonomousLife/") || key.starts_with("Launchpad/");
}

// A list's or a tuple's elements; empty for anything else.
const core::Value::Array& elementsOf(const service::Any& v) {
  static const core::Value::Array none;
  return v.isArray() ? v.asArray() : v.isTuple() ? v.asTuple() : none;
}

launchpad::RobotModel askModel(Connection& connection) {
  try {
    const auto config = connection.call("ALMotion", "getRobotConfig", {});
    const auto& keys = elementsOf(elementsOf(config).at(0));
    const auto& values = elementsOf(elementsOf(config).at(1));
    for (std::size_t i = 0; i < keys.size() && i < values.size(); ++i)
      if (keys[i].isString() && keys[i].asString() == "Model Type" && values[i].isString()) {
        const auto type = core::asciiLower(values[i].asString());
        if (type.starts_with("juliette") || type.find("pepper") != std::string::npos)
          return launchpad::RobotModel::Pepper;
      }
  } catch (const std::exception&) {
    // No ALMotion, or an answer of another shape: a NAO, as documented.
  }
  return launchpad::RobotModel::Nao;
}

// A value the robot holds, as memory holds it (a map: none).
std::optional<core::Value> asValue(const service::Any& value) {
  try {
    return engine::toValue(value);
  } catch (const service::CallError&) {
    return std::nullopt;
  }
}

}  // namespace

std::variant<RobotArgument, std::string> parseRobotArgument(std::string_view text) {
  if (auto model = launchpad::parseModel(text)) return RobotArgument{model, {}};
  if (!net::looksLikeUrl(text)) return "'" + std::string(text) + "': " + kExpected;
  auto parsed = net::parseUrl(text);
  if (const auto* wrong = std::get_if<std::string>(&parsed)) return *wrong;
  return RobotArgument{std::nullopt, std::get<net::Url>(parsed).text()};
}

// What reaches the attached engine: memory values and observations, posted
// onto its clock (the connection's thread only posts); nothing once detached.
struct RobotLink::Inbox {
  std::mutex mutex;
  engine::Engine* engine = nullptr;

  template <class Task>
  void post(Task task) {
    std::lock_guard lock(mutex);
    if (!engine) return;
    engine::Engine* e = engine;
    e->clock.post([e, task = std::move(task)]() mutable { task(*e); });
  }
  void write(const std::string& key, const service::Any& robotValue, bool raise) {
    auto value = asValue(robotValue);
    if (!value) return;
    post([key, value = std::move(*value), raise](engine::Engine& e) mutable {
      if (raise) e.inputs.raise(key, std::move(value));
      else e.inputs.set(key, std::move(value));
    });
  }
  // Through the engine's door (engine/inputs.hpp): a day's recorder hears them.
  void observe(perception::Observation o) {
    post([o = std::move(o)](engine::Engine& e) { e.inputs.observe(o); });
  }
};

// The robot's ALMemory over the connection, as a perception source reads
// it: every answer on the connection's thread.
class RobotLink::RemoteMemory final : public perception::RobotMemory {
public:
  explicit RemoteMemory(std::shared_ptr<Connection> connection) : connection_(std::move(connection)) {}

  void subscribe(const std::string& key, std::function<void(const core::Value&)> onValue) override {
    connection_->subscribeMemory(key, [onValue](const service::Any& v) {
      if (auto value = asValue(v)) onValue(*value);
    });
  }
  void read(const std::vector<std::string>& keys, std::function<void(std::map<std::string, core::Value>)> done) override {
    if (keys.empty()) return done({});
    struct Gathering {
      std::mutex mutex;
      std::map<std::string, core::Value> values;
      std::size_t left;
    };
    auto gathering = std::make_shared<Gathering>();
    gathering->left = keys.size();
    for (const auto& key : keys)
      connection_->callAsync("ALMemory", "getData", {key}, [gathering, key, done](service::Outcome outcome) {
        std::unique_lock lock(gathering->mutex);
        if (const auto* v = std::get_if<service::Any>(&outcome))
          if (auto value = asValue(*v)) gathering->values[key] = std::move(*value);
        if (--gathering->left > 0) return;
        auto values = std::move(gathering->values);
        lock.unlock();
        done(std::move(values));
      });
  }
  void list(const std::string& substring, std::function<void(std::vector<std::string>)> done) override {
    connection_->callAsync("ALMemory", "getDataList", {substring}, [done](service::Outcome outcome) {
      std::vector<std::string> keys;
      if (const auto* v = std::get_if<service::Any>(&outcome))
        for (const auto& k : elementsOf(*v))
          if (k.isString()) keys.push_back(k.asString());
      done(std::move(keys));
    });
  }

private:
  std::shared_ptr<Connection> connection_;
};

RobotLink::RobotLink(LinkOptions options)
    : options_(std::move(options)),
      connection_(std::make_shared<Connection>(options_.connection)),
      inbox_(std::make_shared<Inbox>()) {
  model_ = askModel(*connection_);
  connection_->onLost([report = options_.report, url = connection_->url(), retry = options_.connection.reconnect](const std::string& reason) {
    if (!report) return;
    report("lost the robot at " + url + " (" + reason + "): its services fail with robot-unreachable" +
           (retry ? " until it is back; retrying" : "; life goes on with the last values read from it"));
  });
  connection_->onRestored([this] { restored(); });
}

RobotLink::~RobotLink() { detach(); }

void RobotLink::attach(engine::Engine& engine) {
  {
    std::lock_guard lock(mutex_);
    engine_ = &engine;
    for (const auto& name : robot::SimulatedRobot::serviceNames()) engine.services.remove(name);
  }
  syncProxies();
  if (!options_.mirrorMemory) return;
  {
    std::lock_guard lock(inbox_->mutex);
    inbox_->engine = &engine;
  }
  // The robot perceives for itself: its extractors, not the simulated world.
  engine.world.disconnect();
  remoteMemory_ = std::make_unique<RemoteMemory>(connection_);
  auto source = std::make_shared<perception::ExtractorSource>(
      *remoteMemory_, model_, [inbox = inbox_](const perception::Observation& o) { inbox->observe(o); });
  {
    std::lock_guard lock(mutex_);
    perception_ = source;
  }
  source->start();
  readServiceStates();
  installed_ = engine.packages.packageInstalled.connect([this](const std::string&) { mirrorTriggerKeys(); });
  mirrorTriggerKeys();
}

// The connection closes too: what it still had in flight is answered now
// (robot-unreachable), while the engine whose registry reports it exists.
void RobotLink::detach() {
  {
    std::lock_guard lock(inbox_->mutex);
    inbox_->engine = nullptr;
  }
  {
    std::lock_guard lock(mutex_);
    if (engine_ && installed_) engine_->packages.packageInstalled.disconnect(installed_);
    installed_ = 0;
    engine_ = nullptr;
  }
  connection_->close();
}

// The robot's services as proxies: new ones join, vanished ones leave
// (engine thread; at attach, and again when the robot is back).
void RobotLink::syncProxies() {
  std::lock_guard lock(mutex_);
  if (!engine_) return;
  auto& registry = engine_->services;
  std::vector<std::string> now;
  for (const auto& remote : connection_->services()) {
    if (remote.name == "ServiceDirectory") continue;
    const bool ours = std::find(proxies_.begin(), proxies_.end(), remote.name) != proxies_.end() ||
                      std::find(proxies_.begin(), proxies_.end(), "Robot" + remote.name) != proxies_.end();
    if (ours) {
      now.push_back(std::find(proxies_.begin(), proxies_.end(), remote.name) != proxies_.end() ? remote.name
                                                                                              : "Robot" + remote.name);
      continue;
    }
    const std::string name = registry.find(remote.name) ? "Robot" + remote.name : remote.name;
    if (registry.find(name)) continue;
    registry.add(makeProxy(connection_, remote, name));
    now.push_back(name);
  }
  for (const auto& old : proxies_)
    if (std::find(now.begin(), now.end(), old) == now.end()) registry.remove(old);
  proxies_ = std::move(now);
}

// The robot is back (the connection's thread): said, then its services,
// the perception and the mirrored values are read again.
void RobotLink::restored() {
  if (options_.report) options_.report("the robot at " + connection_->url() + " is back");
  inbox_->post([this](engine::Engine&) { syncProxies(); });
  std::shared_ptr<perception::ExtractorSource> source;
  {
    std::lock_guard lock(mutex_);
    source = perception_;
  }
  if (source) source->resync();
  if (source) readServiceStates();
  for (const auto& key : mirroredKeys()) readMirrored(key);
}

// What the robot's services say of its state, for what no event has told
// yet (a robot that was never charged or moved since it started):
// ALBattery's charge, ALRobotPosture's posture. A robot without them says
// nothing.
void RobotLink::readServiceStates() {
  connection_->callAsync("ALBattery", "getBatteryCharge", {}, [inbox = inbox_](service::Outcome o) {
    const auto* v = std::get_if<service::Any>(&o);
    if (!v || !v->isNumber()) return;
    perception::Observation battery;
    battery.battery = v->isInt() ? static_cast<double>(v->asInt()) : v->asFloat();
    inbox->observe(std::move(battery));
  });
  connection_->callAsync("ALRobotPosture", "getPosture", {}, [inbox = inbox_](service::Outcome o) {
    const auto* v = std::get_if<service::Any>(&o);
    if (!v || !v->isString() || v->asString().empty()) return;
    perception::Observation posture;
    posture.posture = v->asString();
    inbox->observe(std::move(posture));
  });
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
  for (const auto& key : wanted) mirror(key);
}

// Followed (each value raised in the engine's memory, so bang() sees it),
// then read once: nothing here waits for the robot.
void RobotLink::mirror(const std::string& key) {
  connection_->subscribeMemory(
      key, [inbox = inbox_, key](const service::Any& v) { inbox->write(key, v, true); },
      [report = options_.report, key](std::optional<service::CallError> error) {
        if (error && report) report("cannot mirror " + key + " from the robot: " + error->what());
      });
  readMirrored(key);
}

void RobotLink::readMirrored(const std::string& key) {
  connection_->callAsync("ALMemory", "getData", {key}, [inbox = inbox_, key](service::Outcome outcome) {
    // Not on the robot yet: it comes with its first event.
    if (const auto* v = std::get_if<service::Any>(&outcome)) inbox->write(key, *v, false);
  });
}

}  // namespace autolife::remote
