#include "autolife/engine/service_manager.hpp"

#include "autolife/naoqi/service_builder.hpp"

namespace autolife::engine {

using service::Any;

namespace {

Any describe(const std::string& name) { return Any::object({{"name", name}, {"running", true}, {"autoRun", true}}); }

}  // namespace

std::shared_ptr<service::Service> makeServiceManagerService(service::Registry& registry) {
  naoqi::ServiceBuilder b("ALServiceManager", "The services running: those of the registry");
  auto known = [&registry](const std::string& name) { return registry.find(name) != nullptr; };
  auto running = [known](const std::string& name) {
    if (!known(name)) service::refuse("unknown-service", "no service named " + name);
  };
  b.bind("services", [&registry] {
    Any out = Any::array();
    for (const auto& name : registry.names()) out.push_back(describe(name));
    return out;
  }, "[{name, running, autoRun}] of every service");
  b.bind("service", [running](const std::string& name) {
    running(name);
    return describe(name);
  }, "{name, running, autoRun} of a service");
  b.bind("isServiceRunning", known, "Whether a service is registered (and so runs)");
  b.bind("startService", known, "True for a service that runs (every registered one does)");
  b.bind("start", [running](const std::string& name) { running(name); }, "Nothing to do: every registered service runs");
  for (const char* name : {"stopService", "restartService"})
    b.bind(name, [known](const std::string& service) {
      if (!known(service)) return false;
      service::refuse("not-stoppable", "the simulated robot's services run as long as the engine: " + service + " cannot be stopped");
    }, "Refused: the simulated services cannot be stopped");
  b.bind("serviceMemoryUsage", [running](const std::string& name) {
    running(name);
    return std::int64_t{0};
  }, "0: services share the engine's process");
  return b.build();
}

}  // namespace autolife::engine
