#include "autolife/pkgservice/host.hpp"

#include <optional>
#include <utility>

#include "autolife/engine/engine.hpp"
#include "autolife/engine/service_manager.hpp"
#include "autolife/net/event_loop.hpp"
#include "autolife/package/store.hpp"
#include "autolife/qiserver/server.hpp"
#include "autolife/service/service.hpp"

namespace autolife::pkgservice {

namespace {

constexpr auto kHoldUntilReady = std::chrono::seconds(10);

// The Supervisor as ALServiceManager sees it.
class SupervisorControl : public engine::ServiceProcessControl {
public:
  explicit SupervisorControl(Supervisor& supervisor) : supervisor_(supervisor) {}
  std::vector<engine::ServiceProcessInfo> services() const override {
    std::vector<engine::ServiceProcessInfo> out;
    for (const auto& s : supervisor_.services())
      out.push_back({s.name, s.package, s.execStart, s.autorun, s.running, s.pid});
    return out;
  }
  std::string fullName(const std::string& name) const override { return supervisor_.fullName(name); }
  bool start(const std::string& name) override { return supervisor_.startService(name); }
  bool stop(const std::string& name) override { return supervisor_.stopService(name); }
  bool restart(const std::string& name) override { return supervisor_.restartService(name); }

private:
  Supervisor& supervisor_;
};

// ALServiceManager's signal for an event of the supervisor, if it has one,
// with its qi::ServiceEventReason (decision 705): serviceStarted(name,
// ProcessStartRequest) when a process started, serviceStopped(name,
// ProcessStopRequest) when it ended as asked or by itself with status 0,
// serviceStopped(name, ProcessCrashed) otherwise.
enum class ServiceEventReason { ProcessStartRequest = 0, ProcessStopRequest = 1, ProcessCrashed = 2 };

std::optional<std::pair<const char*, ServiceEventReason>> managerSignal(Event::Kind kind) {
  switch (kind) {
    case Event::Kind::Started: return std::pair{"serviceStarted", ServiceEventReason::ProcessStartRequest};
    case Event::Kind::Stopped: return std::pair{"serviceStopped", ServiceEventReason::ProcessStopRequest};
    case Event::Kind::Failed: return std::pair{"serviceStopped", ServiceEventReason::ProcessCrashed};
    default: return std::nullopt;
  }
}

}  // namespace

PackageServices::PackageServices(engine::Engine& engine, HostOptions options) : engine_(engine), url_(options.qiUrl) {
  if (url_.empty()) {
    loop_ = std::make_unique<net::EventLoop>();
    loop_->start();
    qiserver::ServerOptions qi;
    qi.url = "tcp://127.0.0.1:0";
    qi.waitForActions = !options.virtualTime;
    listener_ = std::make_unique<qiserver::Server>(engine.access(), *loop_, qi);
    url_ = listener_->start();
  }
  SupervisorOptions supervised;
  supervised.qiUrl = url_;
  supervised.pythonPath = options.pythonPath;
  supervised.stopGrace = options.stopGrace;
  if (options.virtualTime) supervised.holdUntilReady = kHoldUntilReady;
  supervisor_ = std::make_unique<Supervisor>(engine.packages, engine.clock, supervised);
  removed_ = engine.services.serviceRemoved.connect([this](const std::string& name) { supervisor_->serviceLeft(name); });
  told_ = supervisor_->events.connect([this](const Event& event) {
    const auto signal = managerSignal(event.kind);
    if (!signal || event.pid < 0) return;  // no process: it never started
    if (auto manager = engine_.services.find("ALServiceManager"))
      manager->emit(signal->first, core::Value::Array{event.service, static_cast<int>(signal->second)});
  });
  control_ = std::make_unique<SupervisorControl>(*supervisor_);
  engine.serviceProcesses.attach(control_.get());
  // Connected before the supervisor's own (start()): a service is added
  // before its process starts, removed before it stops.
  installed_ = engine.packages.packageInstalled.connect([this](const std::string& uuid) { packageChanged(uuid); });
  uninstalled_ = engine.packages.packageRemoved.connect([this](const std::string& uuid) { packageChanged(uuid); });
  for (const auto& info : engine.packages.packages()) packageChanged(info.uuid, false);  // known from the start
}

// The ServiceManager page: serviceAdded "when a new service is handled by
// ServiceManager", serviceRemoved "when a service is removed from" it. A
// package installed again (a new version) removes its old services, then
// adds its new ones.
void PackageServices::packageChanged(const std::string& uuid, bool tell) {
  std::vector<std::string> now;
  if (auto pkg = engine_.packages.package(uuid))
    for (const auto& content : pkg->manifest.services) now.push_back(uuid + "." + content.name);
  std::vector<std::string> before;
  {
    std::lock_guard lock(declaredMutex_);
    before = std::exchange(declared_[uuid], now);
    if (now.empty()) declared_.erase(uuid);
  }
  auto manager = engine_.services.find("ALServiceManager");
  if (!manager || !tell) return;
  for (const auto& name : before) manager->emit("serviceRemoved", core::Value(name));
  for (const auto& name : now) manager->emit("serviceAdded", core::Value(name));
}

PackageServices::~PackageServices() {
  engine_.serviceProcesses.attach(nullptr);  // waits for ALServiceManager's calls in progress
  engine_.services.serviceRemoved.disconnect(removed_);
  engine_.packages.packageInstalled.disconnect(installed_);
  engine_.packages.packageRemoved.disconnect(uninstalled_);
  supervisor_->events.disconnect(told_);
  supervisor_.reset();
  if (listener_) listener_->stop();
  listener_.reset();
  if (loop_) loop_->stop();
}

void PackageServices::start() { supervisor_->start(); }

void PackageServices::settle(std::chrono::milliseconds limit) { supervisor_->settle(limit); }

}  // namespace autolife::pkgservice
