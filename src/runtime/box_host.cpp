// What a box's Python code asks of its box (python::BoxHost): names and
// places, outputs and stimulateIO, parameters, its log, the engine's
// services, memory subscriptions and deliveries in its threads, and the
// timelines it drives (its own, its parent's, ALFrameManager's nearest).
#include <algorithm>
#include <charconv>

#include "parts.hpp"

namespace autolife::runtime::detail {

namespace {

// A parameter's text as the value its content type says.
service::Any parameterValue(const behavior::Parameter& p) {
  const std::string& text = p.value;
  switch (p.type) {
    case behavior::ParameterType::Bool: return text == "1" || text == "true" || text == "True";
    case behavior::ParameterType::Int: {
      std::int64_t i = 0;
      auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), i);
      if (ec == std::errc() && ptr == text.data() + text.size()) return i;
      return static_cast<std::int64_t>(std::atof(text.c_str()));
    }
    case behavior::ParameterType::Double: return std::atof(text.c_str());
    case behavior::ParameterType::String:
    case behavior::ParameterType::Resource: return text;
  }
  return text;
}

std::optional<int> frameNumber(const std::string& place) {
  int frame = 0;
  auto [end, ec] = std::from_chars(place.data(), place.data() + place.size(), frame);
  if (ec == std::errc() && end == place.data() + place.size()) return frame;
  return std::nullopt;
}

}  // namespace

// ---- names and places -----------------------------------------------------------

std::string BoxInstance::boxName() const { return model_.name; }

std::string BoxInstance::boxPath() const {
  std::string path = model_.name;
  for (const BoxInstance* box = parent_; box; box = box->parent_) path = box->model_.name + "/" + path;
  return path;
}

std::string BoxInstance::behaviorId() const { return run_.id(); }

std::string BoxInstance::behaviorPath() const {
  const auto& b = run_.behavior();
  const std::string folder = b.format == behavior::SourceFormat::NewFormat ? b.path.string() : b.path.parent_path().string();
  const auto& asSeen = run_.context().folderAsSeen;
  return asSeen ? asSeen(folder) : folder;
}

std::string BoxInstance::packageUid() const { return run_.placement().packageUid; }
std::string BoxInstance::behaviorRelativePath() const { return run_.placement().relativePath; }

// ---- outputs, inputs, parameters, log -----------------------------------------------

std::vector<std::string> BoxInstance::outputNames() const {
  std::vector<std::string> out;
  for (const auto& o : model_.outputs) out.push_back(o.name);
  return out;
}

void BoxInstance::fire(const std::string& output, const service::Any& value) {
  Run::Lock lock(run_);
  const behavior::Output* out = model_.findOutput(output);
  if (!out) return log("warning", "no output named " + output);
  emit(out->id, value.isInvalid() ? std::nullopt : std::optional<service::Any>(value));
}

bool BoxInstance::stimulate(const std::string& name, const std::optional<service::Any>& value) {
  Run::Lock lock(run_);
  for (const auto& in : model_.inputs)
    if (in.name == name) {
      receive(in.id, value);
      return true;
    }
  for (const auto& out : model_.outputs)
    if (out.name == name) {
      emit(out.id, value);
      return true;
    }
  return false;
}

service::Any BoxInstance::parameter(const std::string& name) const {
  Run::Lock lock(run_);
  return parameterLocked(name);
}

service::Any BoxInstance::parameterLocked(const std::string& name) const {
  if (auto it = parameterValues_.find(name); it != parameterValues_.end()) return it->second;
  const behavior::Parameter* p = model_.findParameter(name);
  if (!p) throw service::CallError("unknown-parameter", "box '" + model_.name + "' has no parameter '" + name + "'");
  // inherits_from_parent: the parent box's parameter of the same name, if it has one.
  if (p->inheritsFromParent && parent_ && parent_->model_.findParameter(name)) return parent_->parameterLocked(name);
  return parameterValue(*p);
}

std::vector<std::string> BoxInstance::parameterNames() const {
  std::vector<std::string> names;
  for (const auto& p : model_.parameters) names.push_back(p.name);
  return names;
}

void BoxInstance::setParameter(const std::string& name, const service::Any& value) {
  Run::Lock lock(run_);
  parameterValues_[name] = value;
}

void BoxInstance::log(const std::string& level, const std::string& message) {
  RunEvent e;
  e.kind = RunEvent::Kind::Log;
  e.box = model_.name;
  e.level = level;
  e.message = message;
  run_.report(e);
}

// ---- the engine -------------------------------------------------------------------

service::Registry& BoxInstance::services() { return run_.context().services; }
core::Workers& BoxInstance::workers() { return run_.context().workers; }
core::Workers::Group BoxInstance::group() const { return run_.group(); }

void BoxInstance::missingService(const std::string& service, const std::string& method, const service::Arguments& args) {
  RunEvent e;
  e.kind = RunEvent::Kind::MissingService;
  e.box = model_.name;
  e.service = service;
  e.method = method;
  e.arguments = args;
  e.message = "no service " + service + " on this robot: " + service + "." + method + " did nothing";
  run_.report(e);
}

void BoxInstance::exitBehavior() {
  Run::Lock lock(run_);
  if (loaded_) run_.rootStopped();
}

void BoxInstance::deliver(std::function<void()> task) {
  Run::Lock lock(run_);
  if (!loaded_) return;
  run_.spawn([self = shared_from_this(), task = std::move(task)] {
    {
      Run::Lock lock(self->run_);
      if (!self->loaded_) return;  // unloaded since
    }
    task();
  });
}

// Box code's subscription: each write of the key starts `onChange` in a box
// thread of the behavior (as an input would), while the box is loaded.
std::uint64_t BoxInstance::subscribeMemory(const std::string& key, const std::string& name, MemoryCallback onChange) {
  auto* memory = run_.context().memory;
  if (!memory) return 0;
  Run::Lock lock(run_);
  if (!loaded_) return 0;
  auto deliverChange = std::make_shared<const MemoryCallback>(std::move(onChange));
  std::weak_ptr<BoxInstance> weak = weak_from_this();
  const auto id = memory->subscribeToEvent(key, name, [weak, deliverChange](const std::string& k, const core::Value& v) {
    auto self = weak.lock();
    if (!self) return;
    Run::Lock lock(self->run_);
    if (!self->loaded_) return;
    self->run_.spawn([self, deliverChange, k, value = v] {
      {
        Run::Lock lock(self->run_);
        if (!self->loaded_) return;  // unloaded since the write
      }
      (*deliverChange)(k, value);
    });
  });
  memorySubscriptions_.push_back(id);
  return id;
}

void BoxInstance::unsubscribeMemory(std::uint64_t subscription) {
  Run::Lock lock(run_);
  auto it = std::find(memorySubscriptions_.begin(), memorySubscriptions_.end(), subscription);
  if (it == memorySubscriptions_.end()) return;  // gone with the unload
  memorySubscriptions_.erase(it);
  if (auto* memory = run_.context().memory) memory->unsubscribeToEvent(subscription);
}

// ---- timelines --------------------------------------------------------------------

TimelinePlayer* BoxInstance::nearestTimeline() const {
  for (const BoxInstance* box = this; box; box = box->parent_)
    if (box->timeline_) return box->timeline_.get();
  return nullptr;
}

TimelinePlayer* BoxInstance::parentTimeline() const {
  for (const BoxInstance* box = parent_; box; box = box->parent_)
    if (box->timeline_ && box->model_.timeline->enable) return box->timeline_.get();
  return parent_ ? parent_->timeline_.get() : nullptr;
}

int BoxInstance::timeline(TimelineOf which, TimelineAction action, const std::string& place, int value) {
  Run::Lock lock(run_);
  TimelinePlayer* t = which == TimelineOf::Own ? timeline_.get()
                      : which == TimelineOf::Parent ? parentTimeline()
                                                    : nearestTimeline();
  if (action == TimelineAction::Exists) return t ? 1 : 0;
  if (!t) return -1;
  // A number is a frame, anything else a keyframe's name.
  auto goTo = [&] {
    if (auto frame = frameNumber(place)) return t->goToFrame(*frame);
    return t->goToLabel(place);
  };
  switch (action) {
    case TimelineAction::Exists: break;
    case TimelineAction::Fps: return t->fps();
    case TimelineAction::SetFps: t->setFps(value); return 1;
    case TimelineAction::Size: return t->endFrame();
    case TimelineAction::Play: t->playOn(); return 1;
    case TimelineAction::Pause: t->pauseFrames(); return 1;
    case TimelineAction::Stop: t->stop(); return 1;
    case TimelineAction::GoTo: return goTo() ? 1 : 0;
    case TimelineAction::GoToAndStop: {
      const bool found = goTo();
      t->pauseFrames();
      return found ? 1 : 0;
    }
    case TimelineAction::GoToAndPlay: {
      const bool found = goTo();
      t->playOn();
      return found ? 1 : 0;
    }
  }
  return 1;
}

}  // namespace autolife::runtime::detail
