// Which box a thread runs code for, and what the watchdog must know of it.
#include "bridge_internal.hpp"

namespace autolife::python::detail {

namespace {

thread_local BoxScope* innermostScope = nullptr;

}  // namespace

BoxScope::BoxScope(std::shared_ptr<BoxSlot> slot) : slot_(std::move(slot)), previous_(innermostScope) {
  innermostScope = this;
}

BoxScope::~BoxScope() { innermostScope = previous_; }

std::shared_ptr<BoxSlot> BoxScope::current() { return innermostScope ? innermostScope->slot_ : nullptr; }

std::shared_ptr<BoxSlot> currentOrRaise(const char* what) {
  if (auto slot = BoxScope::current()) return slot;
  throw std::runtime_error(std::string(what) + ": no behavior is running here (only box code can call it)");
}

core::Workers* workersOf(const BoxSlot& slot) {
  std::lock_guard lock(slot.bridge->mutex);
  return slot.bridge->workers;
}

void raiseBehaviorStopped() {
  py::object cls = framework().attr("BehaviorStopped");
  PyErr_SetNone(cls.ptr());
  throw py::error_already_set();
}

bool isBehaviorStopped(py::error_already_set& e) { return e.matches(framework().attr("BehaviorStopped")); }

std::shared_ptr<py::object> keep(py::object o) {
  return std::shared_ptr<py::object>(new py::object(std::move(o)), [](py::object* p) {
    py::gil_scoped_acquire gil;
    delete p;
  });
}

BoxCode::BoxCode(const BoxSlot& slot) : bridge_(slot.bridge), thread_(PyThread_get_thread_ident()) {
  std::lock_guard lock(bridge_->mutex);
  const std::uint64_t task = bridge_->workers ? bridge_->workers->currentTask() : 0;
  auto it = bridge_->runningCode.find(thread_);
  if (it != bridge_->runningCode.end()) previous_ = it->second;
  if (task) bridge_->runningCode[thread_] = task;
}

BoxCode::~BoxCode() {
  std::lock_guard lock(bridge_->mutex);
  if (previous_) {
    bridge_->runningCode[thread_] = previous_;
    return;
  }
  bridge_->runningCode.erase(thread_);
  PyThreadState_SetAsyncExc(thread_, nullptr);
}

NotBoxCode::NotBoxCode(const BoxSlot& slot) : bridge_(slot.bridge), thread_(PyThread_get_thread_ident()) {
  std::lock_guard lock(bridge_->mutex);
  auto it = bridge_->runningCode.find(thread_);
  if (it == bridge_->runningCode.end()) return;
  task_ = it->second;
  bridge_->runningCode.erase(it);
  PyThreadState_SetAsyncExc(thread_, nullptr);
}

NotBoxCode::~NotBoxCode() {
  if (!task_) return;
  std::lock_guard lock(bridge_->mutex);
  bridge_->runningCode[thread_] = task_;
}

InServiceCall::InServiceCall(const BoxSlot& slot) : bridge_(slot.bridge), thread_(PyThread_get_thread_ident()) {
  std::lock_guard lock(bridge_->mutex);
  bridge_->inServiceCalls.insert(thread_);
  ++bridge_->serviceCallsMade[thread_];
}

InServiceCall::~InServiceCall() {
  std::lock_guard lock(bridge_->mutex);
  bridge_->inServiceCalls.erase(thread_);
}

}  // namespace autolife::python::detail
