#include "autolife/robot/robot_core.hpp"

namespace autolife::robot {

void MemoryWrites::set(std::string key, core::Value value) {
  writes_.push_back({memory::Write::Kind::Set, std::move(key), std::move(value)});
}

void MemoryWrites::raise(std::string key, core::Value value) {
  writes_.push_back({memory::Write::Kind::Raise, std::move(key), std::move(value)});
}

void MemoryWrites::declare(std::string key) {
  writes_.push_back({memory::Write::Kind::Declare, std::move(key), core::Value()});
}

void MemoryWrites::append(MemoryWrites other) {
  for (auto& w : other.writes_) writes_.push_back(std::move(w));
}

void MemoryWrites::applyTo(memory::Memory& memory) {
  if (writes_.empty()) return;
  std::vector<memory::Write> batch;
  batch.reserve(writes_.size());
  for (auto& w : writes_) batch.push_back({w.kind, w.key, w.value});
  memory.apply(batch);
  writes_.clear();
}

RobotCore::RobotCore(memory::Memory& m, core::Clock& c, launchpad::RobotModel mo) : memory(m), clock(c), model(mo) {}

RobotCore::~RobotCore() { shutdown(); }

void RobotCore::shutdown() {
  std::lock_guard lock(mutex);
  alive_.reset();
}

void RobotCore::publish(MemoryWrites writes) {
  if (writes.empty()) return;
  auto shared = std::make_shared<MemoryWrites>(std::move(writes));
  at(now(), [this, shared] { shared->applyTo(memory); });
}

core::TimerId RobotCore::at(core::Time t, std::function<void()> task) {
  std::weak_ptr<int> alive = alive_;
  return clock.schedule(t, [alive, task = std::move(task)] {
    if (alive.expired()) return;
    task();
  });
}

bool RobotCore::cancel(core::TimerId id) { return id != 0 && clock.cancel(id); }

void refuse(std::string reason, std::string_view where, const std::string& sentence) {
  throw service::CallError(std::move(reason), std::string(where) + ": " + sentence);
}

naoqi::ServiceBuilder declare(const RobotCore& core, std::string name, std::string description) {
  naoqi::ServiceBuilder b(std::move(name), std::move(description));
  b.service().setGuard([alive = core.aliveToken()] {
    if (alive.expired()) service::refuse("no-such-service", "the simulated robot behind it is gone");
  });
  return b;
}

void define(service::Service& s, const RobotCore& core, std::string name, std::vector<service::Parameter> parameters,
            service::Type result, std::string description, service::Handler handler) {
  std::weak_ptr<int> alive = core.aliveToken();
  std::string qualified = s.name() + "." + name;
  s.method(std::move(name), std::move(parameters), result, std::move(description),
           [alive, qualified, handler = std::move(handler)](const service::Arguments& a) {
             if (alive.expired()) refuse("no-such-service", qualified, "the simulated robot behind it is gone");
             return handler(a);
           });
}

}  // namespace autolife::robot
