#include "autolife/engine/service_operands.hpp"

#include <algorithm>
#include <stdexcept>

namespace autolife::engine {

namespace {

// The member the operand's path picks from a service value, as a condition
// value: Invalid when a step is missing or not a map, or when what is left
// is a map (maps are not condition values) or out of range.
core::Value pick(const service::Any& value, const std::vector<std::string>& path) {
  const service::Any* at = &value;
  for (const auto& name : path) {
    at = at->find(name);  // null when `at` is not a map or has no such key
    if (!at) return {};
  }
  try {
    return core::conditionValue(*at);
  } catch (const std::exception&) {
    return {};
  }
}

bool hasSignal(const service::Service& s, const std::string& name) {
  const auto& signals = s.signals();
  return std::any_of(signals.begin(), signals.end(), [&](const auto& i) { return i.name == name; });
}

bool hasProperty(const service::Service& s, const std::string& name) {
  const auto& properties = s.properties();
  return std::any_of(properties.begin(), properties.end(), [&](const auto& p) { return p.name == name; });
}

// A property's value now; a getter that fails (a robot out of reach) reads
// as null, that is Invalid.
service::Any readProperty(const service::Service& s, const std::string& name) {
  try {
    return s.getProperty(name);
  } catch (const std::exception&) {
    return {};
  }
}

}  // namespace

class ServiceOperandBridge::CallbackScope {
public:
  explicit CallbackScope(ServiceOperandBridge& bridge) : bridge_(bridge) {
    std::lock_guard lock(bridge_.mutex_);
    entered_ = !bridge_.stopping_;
    if (entered_) ++bridge_.callbacksRunning_;
  }
  ~CallbackScope() {
    if (!entered_) return;
    std::lock_guard lock(bridge_.mutex_);
    if (--bridge_.callbacksRunning_ == 0) bridge_.idle_.notify_all();
  }
  CallbackScope(const CallbackScope&) = delete;
  CallbackScope& operator=(const CallbackScope&) = delete;
  bool entered() const { return entered_; }

private:
  ServiceOperandBridge& bridge_;
  bool entered_ = false;
};

ServiceOperandBridge::ServiceOperandBridge(memory::Memory& memory, service::Registry& registry)
    : memory_(memory), registry_(registry) {
  addedLink_ = registry_.serviceAdded.connect([this](const std::string& name) { onServiceAdded(name); });
  removedLink_ = registry_.serviceRemoved.connect([this](const std::string& name) { onServiceRemoved(name); });
}

ServiceOperandBridge::~ServiceOperandBridge() {
  registry_.serviceAdded.disconnect(addedLink_);
  registry_.serviceRemoved.disconnect(removedLink_);
  Pending released;
  {
    std::unique_lock lock(mutex_);
    stopping_ = true;  // callbacks starting from now return at once
    while (!bound_.empty()) unbindLocked(bound_.begin()->first, released);
    idle_.wait(lock, [&] { return callbacksRunning_ == 0; });
  }
}

void ServiceOperandBridge::track(const std::string& owner, const condition::Program& program) {
  untrack(owner);
  if (program.serviceOperands.empty()) return;
  Pending pending;
  {
    std::lock_guard lock(mutex_);
    auto& keys = owners_[owner];
    std::vector<std::string> newServices;
    for (const auto& o : program.serviceOperands) {
      const std::string& key = program.keys[o.key];
      keys.push_back(key);
      auto [it, added] = operands_.try_emplace(key, Operand{o.service, o.member, o.path, 0});
      ++it->second.users;
      if (!added) continue;
      auto b = bound_.find(o.service);
      if (b == bound_.end()) newServices.push_back(o.service);
      else if (hasProperty(*b->second.service, o.member))
        pending.reads.push_back({key, b->second.service, o.member, o.path, generationLocked(key)});
    }
    for (const auto& name : newServices)
      if (!bound_.contains(name)) bindLocked(name, pending);
  }
  apply(pending);
}

void ServiceOperandBridge::untrack(const std::string& owner) {
  Pending released;
  std::lock_guard lock(mutex_);
  auto it = owners_.find(owner);
  if (it == owners_.end()) return;
  for (const auto& key : it->second) {
    auto o = operands_.find(key);
    if (o == operands_.end() || --o->second.users > 0) continue;
    const std::string service = o->second.service;
    operands_.erase(o);
    // The last operand naming a service: stop listening to it. Its keys
    // keep their values (no condition reads them any more).
    const bool stillRead = std::any_of(operands_.begin(), operands_.end(),
                                       [&](const auto& entry) { return entry.second.service == service; });
    if (!stillRead) unbindLocked(service, released);
  }
  owners_.erase(it);
}

std::vector<std::string> ServiceOperandBridge::unresolved(const std::string& owner) const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> out;
  auto it = owners_.find(owner);
  if (it == owners_.end()) return out;
  for (const auto& key : it->second)
    if (!resolvedLocked(operands_.at(key))) out.push_back(key);
  return out;
}

bool ServiceOperandBridge::resolvedLocked(const Operand& o) const {
  auto b = bound_.find(o.service);
  if (b == bound_.end()) return false;
  return hasSignal(*b->second.service, o.member) || hasProperty(*b->second.service, o.member);
}

void ServiceOperandBridge::onServiceAdded(const std::string& name) {
  CallbackScope scope(*this);
  if (!scope.entered()) return;
  Pending pending;
  {
    std::lock_guard lock(mutex_);
    const bool read = std::any_of(operands_.begin(), operands_.end(),
                                  [&](const auto& entry) { return entry.second.service == name; });
    if (!read) return;
    unbindLocked(name, pending);  // a service replaced under the same name
    bindLocked(name, pending);
  }
  apply(pending);
}

void ServiceOperandBridge::onServiceRemoved(const std::string& name) {
  CallbackScope scope(*this);
  if (!scope.entered()) return;
  Pending pending;
  {
    std::lock_guard lock(mutex_);
    auto b = bound_.find(name);
    if (b == bound_.end()) return;
    // Its properties are no longer known: Invalid. Signals keep the last
    // value raised, as any event key does.
    for (const auto& [key, o] : operands_) {
      if (o.service != name || !hasProperty(*b->second.service, o.member)) continue;
      pending.keys.push_back(key);
      pending.writes.push_back({memory::Write::Kind::Set, {}, core::Value()});
      pending.generations.push_back(bumpLocked(key));
    }
    unbindLocked(name, pending);
  }
  apply(pending);
}

void ServiceOperandBridge::bindLocked(const std::string& name, Pending& out) {
  auto service = registry_.find(name);
  if (!service) return;
  const service::Service* raw = service.get();
  Bound b;
  b.service = service;
  b.emitted = service->emitted.connect(
      [this, raw](const std::string& signal, const service::Any& value) { onEmitted(raw, signal, value); });
  b.propertyChanged = service->propertyChanged.connect(
      [this, raw](const std::string& property, const service::Any& value) { onPropertyChanged(raw, property, value); });
  bound_[name] = std::move(b);
  propertyReadsLocked(name, out);
}

void ServiceOperandBridge::unbindLocked(const std::string& name, Pending& out) {
  auto b = bound_.find(name);
  if (b == bound_.end()) return;
  b->second.service->emitted.disconnect(b->second.emitted);
  b->second.service->propertyChanged.disconnect(b->second.propertyChanged);
  out.released.push_back(std::move(b->second.service));
  bound_.erase(b);
}

void ServiceOperandBridge::propertyReadsLocked(const std::string& name, Pending& out) const {
  const auto& service = bound_.at(name).service;
  for (const auto& [key, o] : operands_)
    if (o.service == name && hasProperty(*service, o.member))
      out.reads.push_back({key, service, o.member, o.path, generationLocked(key)});
}

const ServiceOperandBridge::Bound* ServiceOperandBridge::boundLocked(const service::Service* from) const {
  auto it = bound_.find(from->name());
  // A service unbound (or replaced) while its signal was already being
  // delivered is not listened to any more.
  return it != bound_.end() && it->second.service.get() == from ? &it->second : nullptr;
}

void ServiceOperandBridge::onEmitted(const service::Service* from, const std::string& signal,
                                     const service::Any& value) {
  feed(from, signal, value, memory::Write::Kind::Raise);
}

void ServiceOperandBridge::onPropertyChanged(const service::Service* from, const std::string& property,
                                             const service::Any& value) {
  feed(from, property, value, memory::Write::Kind::Set);
}

// The keys of the operands reading `member` of `from`: a signal raises them,
// a property change sets them (and supersedes reads still under way).
void ServiceOperandBridge::feed(const service::Service* from, const std::string& member, const service::Any& value,
                                memory::Write::Kind kind) {
  CallbackScope scope(*this);
  if (!scope.entered()) return;
  Pending pending;
  {
    std::lock_guard lock(mutex_);
    if (!boundLocked(from)) return;
    for (const auto& [key, o] : operands_) {
      if (o.service != from->name() || o.member != member) continue;
      pending.keys.push_back(key);
      pending.writes.push_back({kind, {}, pick(value, o.path)});
      pending.generations.push_back(kind == memory::Write::Kind::Set ? bumpLocked(key) : 0);
    }
  }
  apply(pending);
}

// Outside the lock. One batch: the operands fed by one emission (or one
// bridging) change together, one evaluation point, as the keys of one trace
// step do.
void ServiceOperandBridge::apply(Pending& pending) {
  for (const auto& r : pending.reads) {
    pending.keys.push_back(r.key);
    pending.writes.push_back({memory::Write::Kind::Set, {}, pick(readProperty(*r.service, r.property), r.path)});
    pending.generations.push_back(r.generation);
  }
  if (pending.writes.empty()) return;
  // Listeners run once this is done: one of them may change a property
  // again, which comes back here.
  core::Dispatcher::Hold hold(memory_.dispatcher());
  std::lock_guard feed(feedMutex_);
  std::vector<memory::Write> writes;
  {
    std::lock_guard lock(mutex_);
    for (std::size_t i = 0; i < pending.writes.size(); ++i) {
      const bool isProperty = pending.writes[i].kind != memory::Write::Kind::Raise;
      if (isProperty && generationLocked(pending.keys[i]) != pending.generations[i]) continue;  // superseded
      pending.writes[i].key = pending.keys[i];
      writes.push_back(std::move(pending.writes[i]));
    }
  }
  if (!writes.empty()) memory_.apply(writes);
}

}  // namespace autolife::engine
