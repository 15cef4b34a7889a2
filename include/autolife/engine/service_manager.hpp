// ALServiceManager over the engine's registry and the package services
// (docs/robot.md): the services registered run as long as the engine and
// cannot be stopped; the packages' services (a manifest's <services>, run
// as processes beside the engine by whatever attaches to the engine's
// ServiceProcesses: simulate, play, serve) are listed, started, stopped
// and restarted for real.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "autolife/service/service.hpp"

namespace autolife::engine {

// A package service as ALServiceManager shows it (NAOqi's
// qi::ServiceProcessInfo, with its process id).
struct ServiceProcessInfo {
  std::string name;         // "<uuid>.<name>"
  std::string packageUuid;
  std::string execStart;
  bool autorun = false;
  bool running = false;
  int pid = -1;             // -1 when it does not run
};

// What runs the packages' services (pkgservice's Supervisor) as
// ALServiceManager drives it. A name is "<uuid>.<name>" or, as NAOqi
// allows, the name alone when one package only has it.
class ServiceProcessControl {
public:
  virtual ~ServiceProcessControl() = default;
  virtual std::vector<ServiceProcessInfo> services() const = 0;
  virtual std::string fullName(const std::string& name) const = 0;  // "" when unknown or ambiguous
  virtual bool start(const std::string& name) = 0;    // true when it runs
  virtual bool stop(const std::string& name) = 0;     // true when it has stopped
  virtual bool restart(const std::string& name) = 0;  // stop, then start: true when it runs again
};

// The engine's slot for one; empty while nothing runs package services.
class ServiceProcesses {
public:
  // nullptr detaches; either waits for the calls in progress.
  void attach(ServiceProcessControl* control) {
    std::lock_guard lock(mutex_);
    control_ = control;
  }
  // f(control) under the slot's lock; control is nullptr when detached.
  template <class F>
  auto with(F&& f) const {
    std::lock_guard lock(mutex_);
    return f(control_);
  }

private:
  mutable std::mutex mutex_;
  ServiceProcessControl* control_ = nullptr;
};

std::shared_ptr<service::Service> makeServiceManagerService(service::Registry& registry, const ServiceProcesses& processes);

}  // namespace autolife::engine
