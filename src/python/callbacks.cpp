// Box code called back: ALMemory's subscriber(key).signal.connect and
// subscribeToEvent, a service's signal or property connect. Each delivery
// runs in a box thread of the box (as an input does, on the engine clock),
// until it is disconnected or the box ends. A callback that raises is logged
// as an error naming where; the behavior goes on, as NAOqi's did.
#include "bridge_internal.hpp"

namespace autolife::python::detail {

namespace {

// In a box thread: the link's callable with (key, value) for a memory key,
// (value) for a signal or a property.
void deliverToLink(const std::weak_ptr<BoxSlot>& weak, std::int64_t link, const std::string& key,
                   const service::Any& value) {
  auto slot = weak.lock();
  if (!slot) return;
  BoxScope scope(slot);
  py::gil_scoped_acquire gil;
  std::shared_ptr<py::object> callback;
  Link::Kind kind;
  {
    std::lock_guard lock(slot->linksMutex);
    auto it = slot->links.find(link);
    if (it == slot->links.end()) return;  // dropped since the write
    callback = it->second.callback;
    kind = it->second.kind;
  }
  BoxCode code(*slot);
  try {
    if (kind == Link::Kind::Memory) (*callback)(key, toPython(value));
    else (*callback)(toPython(value));
  } catch (py::error_already_set& e) {
    if (isBehaviorStopped(e)) return;
    const std::string what = kind == Link::Kind::Memory ? "the callback of ALMemory key '" + key + "'"
                                                        : "the callback of signal '" + key + "'";
    reportCallbackError(*slot, e, what);
  }
}

std::int64_t addLink(BoxSlot& slot, Link link) {
  std::lock_guard lock(slot.linksMutex);
  const std::int64_t id = slot.nextLink++;
  slot.links.emplace(id, std::move(link));
  return id;
}

// Takes the link out of the box's table (empty when it was not there).
std::optional<Link> takeLink(BoxSlot& slot, std::int64_t id) {
  std::lock_guard lock(slot.linksMutex);
  auto it = slot.links.find(id);
  if (it == slot.links.end()) return std::nullopt;
  Link link = std::move(it->second);
  slot.links.erase(it);
  return link;
}

// Undoes what the link is subscribed to (the GIL released: the host takes
// the runtime's and memory's locks).
void unsubscribe(BoxSlot& slot, const Link& link) {
  py::gil_scoped_release release;
  if (link.kind == Link::Kind::Memory) {
    std::shared_lock lock(slot.hostMutex);
    if (slot.host && link.subscription) slot.host->unsubscribeMemory(link.subscription);
    return;
  }
  if (auto service = link.service.lock()) {
    if (link.kind == Link::Kind::Signal) service->emitted.disconnect(link.subscription);
    else service->propertyChanged.disconnect(link.subscription);
  }
}

void disconnectLink(BoxSlot& slot, std::int64_t id) {
  auto link = takeLink(slot, id);
  if (link) unsubscribe(slot, *link);
}

// The box's link of `module` on `key` (subscribeToEvent's), 0 when none.
std::int64_t moduleLink(BoxSlot& slot, const std::string& key, const std::string& module) {
  std::lock_guard lock(slot.linksMutex);
  for (const auto& [id, l] : slot.links)
    if (l.kind == Link::Kind::Memory && l.key == key && l.module == module) return id;
  return 0;
}

// `callback(key, value)` at each write of `key`. A module (subscribeToEvent)
// has one subscription per key: a new one replaces it.
std::int64_t memorySubscribe(const std::shared_ptr<BoxSlot>& slot, const std::string& key, const std::string& module,
                             py::object callback) {
  if (key.empty()) throw py::value_error("ALMemory: a key name cannot be empty");
  if (!module.empty())
    if (std::int64_t old = moduleLink(*slot, key, module)) disconnectLink(*slot, old);
  // The callable is in place before the subscription exists: a write
  // delivered as soon as it does must find it.
  Link link;
  link.kind = Link::Kind::Memory;
  link.key = key;
  link.module = module;
  link.callback = keep(std::move(callback));
  const std::int64_t id = addLink(*slot, std::move(link));
  std::uint64_t subscription = 0;
  try {
    py::gil_scoped_release release;
    std::weak_ptr<BoxSlot> weak = slot;
    subscription = withHost(*slot, [&](BoxHost& host) {
      return host.subscribeMemory(key, module.empty() ? "box " + slot->script.boxName : module,
                                  [weak, id](const std::string& k, const service::Any& v) { deliverToLink(weak, id, k, v); });
    });
  } catch (...) {
    takeLink(*slot, id);
    throw;
  }
  std::lock_guard lock(slot->linksMutex);
  if (auto it = slot->links.find(id); it != slot->links.end()) it->second.subscription = subscription;
  return id;
}

}  // namespace

// `callback(value)` at each emission of the service's signal `name` (or
// each change of its property `name`), in a box thread while the box is
// loaded. `what` names the service in errors.
std::int64_t connectToService(const std::shared_ptr<BoxSlot>& slot, const std::shared_ptr<service::Service>& service,
                              const std::string& what, const std::string& name, py::object callback) {
  bool isProperty = false;
  for (const auto& p : service->properties()) isProperty = isProperty || p.name == name;
  bool isSignal = false;
  for (const auto& s : service->signals()) isSignal = isSignal || s.name == name;
  if (!isProperty && !isSignal) throw std::runtime_error(what + " has no signal or property named " + name);
  Link link;
  link.kind = isSignal ? Link::Kind::Signal : Link::Kind::Property;
  link.key = name;
  link.service = service;
  link.callback = keep(std::move(callback));
  const std::int64_t id = addLink(*slot, std::move(link));
  std::weak_ptr<BoxSlot> weak = slot;
  auto relay = [weak, id, name](const std::string& which, const service::Any& value) {
    if (which != name) return;
    auto s = weak.lock();
    if (!s) return;
    std::shared_lock lock(s->hostMutex);
    if (s->host) s->host->deliver([weak, id, name, value] { deliverToLink(weak, id, name, value); });
  };
  const std::uint64_t subscription = isSignal ? service->emitted.connect(relay) : service->propertyChanged.connect(relay);
  std::lock_guard lock(slot->linksMutex);
  if (auto it = slot->links.find(id); it != slot->links.end()) it->second.subscription = subscription;
  return id;
}

namespace {

std::int64_t connectSignal(const std::shared_ptr<BoxSlot>& slot, const std::string& serviceName, const std::string& name,
                           py::object callback) {
  auto service = withHost(*slot, [&](BoxHost& host) { return host.services().find(serviceName); });
  if (!service) throw std::runtime_error("no service " + serviceName + " on this robot: cannot connect to " + name);
  return connectToService(slot, service, serviceName, name, std::move(callback));
}

}  // namespace

void dropLinks(BoxSlot& slot) {
  std::map<std::int64_t, Link> links;
  {
    std::lock_guard lock(slot.linksMutex);
    links.swap(slot.links);
  }
  for (auto& [id, link] : links)
    if (link.kind != Link::Kind::Memory)  // the host dropped memory subscriptions when the box unloaded
      if (auto service = link.service.lock()) {
        if (link.kind == Link::Kind::Signal) service->emitted.disconnect(link.subscription);
        else service->propertyChanged.disconnect(link.subscription);
      }
}

void defineCallbacks(py::class_<BoxSlot, std::shared_ptr<BoxSlot>>& box) {
  box.def("memory_subscribe", &memorySubscribe);
  box.def("memory_unsubscribe", [](BoxSlot& slot, std::int64_t link) { disconnectLink(slot, link); });
  box.def("memory_unsubscribe_module", [](BoxSlot& slot, const std::string& key, const std::string& module) {
    if (std::int64_t link = moduleLink(slot, key, module)) disconnectLink(slot, link);
  });
  box.def("connect_signal", &connectSignal);
  box.def("disconnect", [](BoxSlot& slot, std::int64_t link) { disconnectLink(slot, link); });
}

}  // namespace autolife::python::detail
