// An engine's package services, assembled (docs/packages.md "Package
// services"): the Supervisor that runs them, and the qi listener their
// processes reach the engine by. `autolife serve` gives its own qi server's
// address; `simulate` and `play` (and `serve --qi off`) get a listener of
// their own on a free loopback port, on a thread of its own: the engine's
// thread may then wait for a service's answer (a scenario's call: step)
// while that thread reads it.
#pragma once

#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "autolife/core/signal.hpp"
#include "autolife/pkgservice/supervisor.hpp"

namespace autolife::engine {
class Engine;
class ServiceProcessControl;
}
namespace autolife::net {
class EventLoop;
}
namespace autolife::qiserver {
class Server;
}

namespace autolife::pkgservice {

struct HostOptions {
  std::string qiUrl;          // a qi server that serves the engine already; empty: a listener of its own
  bool virtualTime = false;   // starting a service holds the clock until it is ready; robot actions answer at once
  std::filesystem::path pythonPath;  // empty: the modules compiled in
  std::chrono::milliseconds stopGrace{15000};
};

// Attached to the engine's ServiceProcesses while it lives: ALServiceManager
// lists, starts, stops and restarts its services.
class PackageServices {
public:
  // The engine outlives this. Throws std::runtime_error when the listener
  // cannot listen.
  PackageServices(engine::Engine& engine, HostOptions options);
  ~PackageServices();  // the services stop, then the listener
  PackageServices(const PackageServices&) = delete;
  PackageServices& operator=(const PackageServices&) = delete;

  // Starts the autorun services of the packages installed, now and later.
  void start();
  Supervisor& supervisor() { return *supervisor_; }
  const std::string& qiUrl() const { return url_; }
  // See Supervisor::settle.
  void settle(std::chrono::milliseconds limit);

private:
  engine::Engine& engine_;
  std::unique_ptr<net::EventLoop> loop_;
  std::unique_ptr<qiserver::Server> listener_;
  std::string url_;
  std::unique_ptr<Supervisor> supervisor_;
  std::unique_ptr<engine::ServiceProcessControl> control_;  // what ALServiceManager drives
  core::SignalLink removed_ = 0;
  core::SignalLink told_ = 0;  // the supervisor's events, as ALServiceManager's signals
  // ALServiceManager.serviceAdded/serviceRemoved: the services each package
  // declared, by the names services() lists ("<uuid>.<name>").
  void packageChanged(const std::string& uuid, bool tell = true);
  std::mutex declaredMutex_;
  std::map<std::string, std::vector<std::string>> declared_;
  core::SignalLink installed_ = 0, uninstalled_ = 0;
};

}  // namespace autolife::pkgservice
