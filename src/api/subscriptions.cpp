#include "autolife/api/json_rpc.hpp"
#include "autolife/api/subscriptions.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/core/value_json.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/service/object.hpp"
#include "autolife/service/service.hpp"

namespace autolife::api {

namespace {

// A signal's value as the notification writes it: null for what JSON cannot
// carry (an object, which stays where it lives), as qi and core's text do.
Json wireValue(const service::Any& v) {
  try {
    return core::valueToJson(v);
  } catch (const std::invalid_argument&) {
    return nullptr;
  }
}

}  // namespace

Subscriptions::Subscriptions(engine::ServiceAccess engine, Sink sink, std::size_t max)
    : engine_(engine), sink_(std::make_shared<const Sink>(std::move(sink))), max_(max) {}

Subscriptions::~Subscriptions() { clear(); }

void Subscriptions::reserve() const {
  std::lock_guard lock(mutex_);
  if (entries_.size() >= max_)
    throw RpcError(code::kLimitExceeded, "too-many-subscriptions",
                   "a connection may hold " + std::to_string(max_) + " subscriptions");
}

std::int64_t Subscriptions::toEvent(const std::string& key) {
  reserve();
  std::lock_guard lock(mutex_);
  const auto id = next_++;
  Entry entry{engine_.memory.subscriber(key), nullptr, 0};
  entry.subscriber->signal.connect([sink = sink_, id, key, &clock = engine_.clock](const core::Value& v) {
    (*sink)(text(notification(
        "event", {{"subscription", id}, {"key", key}, {"value", core::valueToJson(v)}, {"t", core::toSeconds(clock.now())}})));
  });
  entries_.emplace(id, std::move(entry));
  return id;
}

std::int64_t Subscriptions::toSignal(const std::string& qualified) {
  const auto dot = qualified.find('.');
  if (dot == std::string::npos)
    throw service::CallError("bad-signal-name", "'" + qualified + "' is not of the form Service.signal");
  const std::string serviceName = qualified.substr(0, dot), signal = qualified.substr(dot + 1);
  auto service = engine_.services.find(serviceName);
  if (!service) throw service::CallError("no-such-service", "there is no service named " + serviceName);
  bool known = false;
  for (const auto& s : service->signals()) known = known || s.name == signal;
  if (!known) throw service::CallError("no-such-signal", qualified + " is not a signal");
  reserve();
  std::lock_guard lock(mutex_);
  const auto id = next_++;
  Entry entry{nullptr, service, 0};
  entry.link = service->emitted.connect(
      [sink = sink_, id, qualified, signal, &clock = engine_.clock](const std::string& name, const service::Any& v) {
        if (name != signal) return;
        (*sink)(text(notification(
            "signal", {{"subscription", id}, {"signal", qualified}, {"value", wireValue(v)}, {"t", core::toSeconds(clock.now())}})));
      });
  entries_.emplace(id, std::move(entry));
  return id;
}

std::int64_t Subscriptions::toExpression(const std::string& expression, int reportMode) {
  reserve();
  auto object = service::objectOf(engine_.services.call("ALExpressionWatcher", "add", {expression, reportMode}));
  if (!object) throw service::CallError("no-such-service", "ALExpressionWatcher handed out no object");
  std::lock_guard lock(mutex_);
  const auto id = next_++;
  Entry entry{nullptr, object, 0};  // holding the object keeps the expression watched
  entry.link = object->emitted.connect(
      [sink = sink_, id, expression, &clock = engine_.clock](const std::string& name, const service::Any& v) {
        if (name != "signal") return;
        (*sink)(text(notification("expression", {{"subscription", id},
                                                  {"expression", expression},
                                                  {"value", wireValue(v)},
                                                  {"t", core::toSeconds(clock.now())}})));
      });
  entries_.emplace(id, std::move(entry));
  return id;
}

void Subscriptions::disconnect(Entry& entry) {
  if (entry.subscriber) entry.subscriber->signal.disconnectAll();
  if (entry.service) entry.service->emitted.disconnect(entry.link);
}

bool Subscriptions::remove(std::int64_t id) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(id);
  if (it == entries_.end()) return false;
  disconnect(it->second);
  entries_.erase(it);
  return true;
}

void Subscriptions::clear() {
  std::lock_guard lock(mutex_);
  for (auto& [id, entry] : entries_) disconnect(entry);
  entries_.clear();
}

std::size_t Subscriptions::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace autolife::api
