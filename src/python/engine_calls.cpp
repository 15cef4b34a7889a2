// Box code calling the engine's services: a call waits, in engine time, as
// long as the robot's action takes (NAOqi's blocking proxies); a posted call
// runs in a box thread of its own, known by an id until it is done.
#include "bridge_internal.hpp"

namespace autolife::python::detail {

namespace {

service::Registry& registryOf(BoxSlot& slot) {
  return withHost(slot, [](BoxHost& host) -> service::Registry& { return host.services(); });
}

std::shared_ptr<service::Service> findService(const std::string& name) {
  auto slot = BoxScope::current();
  return slot ? registryOf(*slot).find(name) : nullptr;
}

}  // namespace

// A missing service is a recorded no-op; a refusal is a RuntimeError naming
// the method once (the service's message may already start with it).
py::object callService(const std::string& service, const std::string& method, const py::list& args) {
  auto slot = currentOrRaise(("calling " + service + "." + method).c_str());
  const service::Arguments arguments = toArguments(args);
  service::Registry& registry = registryOf(*slot);
  core::Workers* workers = workersOf(*slot);
  service::Any result;
  std::string error;
  bool stopped = false;
  {
    py::gil_scoped_release release;
    if (!registry.find(service)) {
      std::shared_lock lock(slot->hostMutex);
      if (slot->host) slot->host->missingService(service, method, arguments);
    } else {
      try {
        InServiceCall waiting(*slot);
        result = registry.call(service, method, arguments);
        const auto took = service::takenByLastCall();
        if (took > core::Duration::zero() && workers) stopped = !workers->sleepFor(took);
      } catch (const service::CallError& e) {
        const std::string qualified = service + "." + method;
        const std::string what = e.what();
        error = (what.starts_with(qualified + ":") ? what : qualified + ": " + what) + " (" + e.reason() + ")";
      }
    }
  }
  if (stopped) raiseBehaviorStopped();
  if (!error.empty()) throw std::runtime_error(error);
  return toPython(result);
}

namespace {

// Makes a posted call now, on the box's thread (what the robot is asked
// does not wait for the box's next turn), and rings `answered` when its
// outcome is known; what a call answered here takes, in engine time.
core::Duration makePostedCall(BoxSlot& slot, const std::string& service, const std::string& method,
                              const service::Arguments& arguments, const std::shared_ptr<core::Workers::Wake>& answered) {
  py::gil_scoped_release release;
  service::Registry& registry = registryOf(slot);
  std::weak_ptr<Bridge::State> bridge = slot.bridge;
  auto ring = [bridge, answered] {
    auto b = bridge.lock();
    if (!b) return;
    std::lock_guard lock(b->mutex);
    if (b->workers) b->workers->ring(*answered);
  };
  if (!registry.find(service)) {
    std::shared_lock lock(slot.hostMutex);
    if (slot.host) slot.host->missingService(service, method, arguments);
    ring();
    return core::Duration{0};
  }
  const auto caller = std::this_thread::get_id();
  auto answeredHere = std::make_shared<std::atomic<bool>>(false);
  {
    InServiceCall calling(slot);
    // A posted call's failure is not waited for (NAOqi's neither).
    registry.callAsync(service, method, arguments, [ring, caller, answeredHere](const service::Outcome&) {
      if (std::this_thread::get_id() == caller) answeredHere->store(true);
      ring();
    });
  }
  return answeredHere->load() ? service::takenByLastCall() : core::Duration{0};
}

// proxy.post.method(...): the call is made before post returns, as NAOqi
// sends it then, so a behavior that ends in the same instant (post.say,
// then onStopped) has still made it; a box thread of its own stands for it
// until it is answered and as long as it takes, which is what wait(id) and
// isRunning(id) see. Its id.
std::int64_t postCall(const std::string& service, const std::string& method, const py::list& args) {
  auto slot = currentOrRaise(("posting " + service + "." + method).c_str());
  const service::Arguments arguments = toArguments(args);
  std::int64_t id;
  {
    std::lock_guard lock(slot->bridge->mutex);
    id = slot->bridge->nextPosted++;
  }
  auto answered = core::Workers::makeWake();
  const core::Duration takes = makePostedCall(*slot, service, method, arguments, answered);
  core::Workers* workers = workersOf(*slot);
  if (!workers) return id;  // the call is made; nothing is left to wait for
  std::weak_ptr<Bridge::State> bridge = slot->bridge;
  auto done = std::make_shared<bool>(false);  // under the bridge's mutex
  auto task = spawnBoxTask(
      slot,
      [workers, answered, takes, bridge, id, done] {
        if (workers->sleepUntil(core::kNever, *answered)) workers->sleepFor(takes);
        if (auto b = bridge.lock()) {
          std::lock_guard lock(b->mutex);
          *done = true;
          b->posted.erase(id);  // done: forgotten
        }
      },
      0);
  std::lock_guard lock(slot->bridge->mutex);
  if (!*done) slot->bridge->posted[id] = task;
  return id;
}

std::shared_ptr<BoxTask> posted(std::int64_t id) {
  auto slot = BoxScope::current();
  if (!slot) return nullptr;
  std::lock_guard lock(slot->bridge->mutex);
  auto it = slot->bridge->posted.find(id);
  return it == slot->bridge->posted.end() ? nullptr : it->second;
}

}  // namespace

void defineCalls(py::module_& m) {
  m.def("call", &callService);
  m.def("post", &postCall);
  m.def("posted_running", [](std::int64_t id) {
    auto task = posted(id);
    return task && !task->finished();
  });
  m.def(
      "wait_posted",
      [](std::int64_t id, std::optional<double> timeout) {
        auto task = posted(id);
        return !task || task->wait(timeout ? *timeout : -1);
      },
      py::arg("id"), py::arg("timeout") = py::none());
  m.def("has_service", [](const std::string& service) { return findService(service) != nullptr; });
  m.def("has_method", [](const std::string& service, const std::string& method) {
    auto s = findService(service);
    if (!s) return false;
    for (const auto& m : s->methods())
      if (m.name == method) return true;
    return false;
  });
  // {"methods": [names], "signals": {name: arity}, "properties": [names]}, None for a missing service.
  m.def("service_members", [](const std::string& service) -> py::object {
    auto s = findService(service);
    if (!s) return py::none();
    py::list methods, properties;
    py::dict signals;
    for (const auto& m : s->methods()) methods.append(m.name);
    for (const auto& sig : s->signals()) signals[py::str(sig.name)] = sig.parameters.size();
    for (const auto& p : s->properties()) properties.append(p.name);
    py::dict out;
    out["methods"] = methods;
    out["signals"] = signals;
    out["properties"] = properties;
    return out;
  });
  m.def("service_names", [] {
    auto slot = currentOrRaise("session.services");
    return registryOf(*slot).names();
  });
  m.def("get_property", [](const std::string& service, const std::string& name) {
    auto s = findService(service);
    if (!s) throw std::runtime_error("no service " + service + " on this robot");
    try {
      return toPython(s->getProperty(name));
    } catch (const service::CallError& e) {
      throw std::runtime_error(service + "." + name + ": " + e.what());
    }
  });
  m.def("set_property", [](const std::string& service, const std::string& name, const py::object& value) {
    auto s = findService(service);
    if (!s) throw std::runtime_error("no service " + service + " on this robot");
    const service::Any v = toValue(value);
    py::gil_scoped_release release;
    try {
      s->setProperty(name, v);
    } catch (const service::CallError& e) {
      throw std::runtime_error(service + "." + name + ": " + e.what());
    }
  });
}

}  // namespace autolife::python::detail
