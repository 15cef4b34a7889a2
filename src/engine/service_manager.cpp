#include "autolife/engine/service_manager.hpp"

#include <unistd.h>

#include <fstream>

#include "autolife/naoqi/service_builder.hpp"

namespace autolife::engine {

using service::Any;

namespace {

Any describe(const std::string& name) { return Any::Map{{"name", name}, {"running", true}, {"autoRun", true}}; }

// qi::ServiceProcessInfo's fields, and the keys every entry of services() has.
Any describe(const ServiceProcessInfo& s) {
  return Any::Map{{"name", s.name}, {"running", s.running}, {"autoRun", s.autorun}, {"autorun", s.autorun},
                  {"execStart", s.execStart}, {"packageUuid", s.packageUuid}, {"pid", s.pid}};
}

// The resident memory of a process, in bytes (0 when it cannot be read).
std::int64_t residentBytes(int pid) {
  std::ifstream statm("/proc/" + std::to_string(pid) + "/statm");
  std::int64_t size = 0, resident = 0;
  if (!(statm >> size >> resident)) return 0;
  return resident * static_cast<std::int64_t>(sysconf(_SC_PAGESIZE));
}

}  // namespace

std::shared_ptr<service::Service> makeServiceManagerService(service::Registry& registry, const ServiceProcesses& processes) {
  naoqi::ServiceBuilder b("ALServiceManager", "The packages' services (processes) and the registry's");
  auto known = [&registry](const std::string& name) { return registry.find(name) != nullptr; };
  auto running = [known](const std::string& name) {
    if (!known(name)) service::refuse("unknown-service", "no service named " + name);
  };
  // A package service's entry, if `name` is one.
  auto packageService = [&processes](const std::string& name) -> std::optional<ServiceProcessInfo> {
    return processes.with([&](ServiceProcessControl* c) -> std::optional<ServiceProcessInfo> {
      const std::string full = c ? c->fullName(name) : std::string();
      if (full.empty()) return std::nullopt;
      for (auto& s : c->services())
        if (s.name == full) return s;
      return std::nullopt;
    });
  };
  // Acts on a package service; nullopt when `name` is none.
  auto act = [&processes](const std::string& name, bool (ServiceProcessControl::*action)(const std::string&)) {
    return processes.with([&](ServiceProcessControl* c) -> std::optional<bool> {
      if (!c || c->fullName(name).empty()) return std::nullopt;
      return (c->*action)(name);
    });
  };
  auto notStoppable = [known](const std::string& name) {
    if (!known(name)) return false;
    service::refuse("not-stoppable", "the simulated robot's services run as long as the engine: " + name + " cannot be stopped");
  };

  b.bind("services", [&registry, &processes] {
    Any::Array out;
    processes.with([&](ServiceProcessControl* c) {
      if (c)
        for (const auto& s : c->services()) out.push_back(describe(s));
      return 0;
    });
    for (const auto& name : registry.names()) out.push_back(describe(name));
    return Any(std::move(out));
  }, "[{name, running, autoRun, ...}]: the packages' services (with execStart, packageUuid, pid), then the registry's");
  b.bind("service", [running, packageService](const std::string& name) {
    if (auto s = packageService(name)) return describe(*s);
    running(name);
    return describe(name);
  }, "{name, running, autoRun, ...} of a service");
  b.bind("isServiceRunning", [known, packageService](const std::string& name) {
    if (auto s = packageService(name)) return s->running;
    return known(name);
  }, "Whether a package service's process runs, or a service is registered");
  b.bind("startService", [known, act](const std::string& name) {
    if (auto done = act(name, &ServiceProcessControl::start)) return *done;
    return known(name);
  }, "Starts a package service (true when it runs); true for a registered service");
  // The void forms: a package service's action that fails is refused;
  // any other name is for `otherwise`.
  auto voidForm = [act](bool (ServiceProcessControl::*action)(const std::string&), std::string failed, auto otherwise) {
    return [act, action, failed, otherwise](const std::string& name) {
      if (auto done = act(name, action)) {
        if (!*done) service::refuse("service-failed", name + " " + failed);
        return;
      }
      otherwise(name);
    };
  };
  auto notStoppableOrUnknown = [notStoppable](const std::string& name) {
    if (!notStoppable(name)) service::refuse("unknown-service", "no service named " + name);
  };
  b.bind("start", voidForm(&ServiceProcessControl::start, "could not start", running),
         "Starts a package service; nothing to do for a registered one");
  b.bind("stopService", [notStoppable, act](const std::string& name) {
    if (auto done = act(name, &ServiceProcessControl::stop)) return *done;
    return notStoppable(name);
  }, "Stops a package service's process (SIGTERM, SIGKILL after 15 s) and returns when it has ended; the "
     "engine's services cannot be stopped");
  b.bind("stop", voidForm(&ServiceProcessControl::stop, "did not end", notStoppableOrUnknown),
         "Stops a package service (as stopService)");
  b.bind("restartService", [notStoppable, act](const std::string& name) {
    if (auto done = act(name, &ServiceProcessControl::restart)) return *done;
    return notStoppable(name);
  }, "Stops a package service, then starts it again (true when it runs)");
  b.bind("restart", voidForm(&ServiceProcessControl::restart, "could not start again", notStoppableOrUnknown),
         "Restarts a package service (as restartService)");
  b.bind("stopAllServices", [&processes] {
    processes.with([](ServiceProcessControl* c) {
      if (c)
        for (const auto& s : c->services())
          if (s.running) c->stop(s.name);
      return 0;
    });
  }, "Stops every package service");
  b.bind("serviceMemoryUsage", [running, packageService](const std::string& name) {
    if (auto s = packageService(name)) return s->running ? residentBytes(s->pid) : std::int64_t{0};
    running(name);
    return std::int64_t{0};
  }, "A package service's resident memory in bytes; 0 for the engine's services (they share its process)");
  return b.build();
}

}  // namespace autolife::engine
