#include <algorithm>
#include <cctype>
#include <charconv>

#include "autolife/core/value_json.hpp"
#include "parts.hpp"

namespace autolife::runtime::detail {

namespace {

bool isBlank(const std::string& s) {
  return std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isspace(c); });
}

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

void deliver(const Target& t, const std::optional<service::Any>& value) {
  if (t.toOutput) t.box->emit(t.port, value);
  else t.box->receive(t.port, value);
}

}  // namespace

BoxInstance::BoxInstance(Run& run, const behavior::Box& model, BoxInstance* parent)
    : run_(run), model_(model), parent_(parent) {}

BoxInstance::~BoxInstance() = default;

bool BoxInstance::hasPython() const {
  return model_.script.language == behavior::ScriptLanguage::Python && !isBlank(model_.script.content);
}

void BoxInstance::load() {
  if (loaded_) return;
  loaded_ = true;
  if (model_.timeline) timeline_ = std::make_unique<TimelinePlayer>(run_, *model_.timeline, *this);
  if (hasPython()) createPython();
  bindMemoryInputs();
  if (timeline_) timeline_->enterFirstState();
}

// The box's Python object is made in a box thread (its __init__ may call
// the robot), then onLoad runs, then what arrived meanwhile.
void BoxInstance::createPython() {
  creating_ = true;
  run_.spawn([self = shared_from_this()] {
    const auto& s = self->model_.script;
    auto created = python::PythonBox::create({self->model_.name, s.content, s.source.path(), s.source.line}, *self);
    std::shared_ptr<python::PythonBox> box;
    std::vector<PythonCall> waiting;
    {
      std::lock_guard lock(self->run_.mutex());
      self->creating_ = false;
      if (auto* e = std::get_if<python::BoxError>(&created)) {
        if (self->loaded_) self->run_.fail(*e);
        return;
      }
      if (!self->loaded_) return;  // unloaded meanwhile
      box = std::move(std::get<std::unique_ptr<python::PythonBox>>(created));
      self->python_ = box;
      waiting.swap(self->waiting_);
    }
    if (auto e = box->callLifecycle("onLoad")) {
      std::lock_guard lock(self->run_.mutex());
      return self->run_.fail(*e);
    }
    for (auto& call : waiting) {
      if (auto e = call(*box)) {
        std::lock_guard lock(self->run_.mutex());
        return self->run_.fail(*e);
      }
    }
  });
}

void BoxInstance::callPython(PythonCall call) {
  if (creating_) {
    waiting_.push_back(std::move(call));
    return;
  }
  if (!python_) return;
  run_.spawn([self = shared_from_this(), box = python_, call = std::move(call)] {
    if (auto e = call(*box)) {
      std::lock_guard lock(self->run_.mutex());
      if (self->loaded_) self->run_.fail(*e);
    }
  });
}

// Inputs of nature "ALMemory value": the key's changes arrive as the input.
void BoxInstance::bindMemoryInputs() {
  auto* memory = run_.context().memory;
  if (!memory) return;
  for (const auto& input : model_.inputs) {
    if (input.nature != behavior::InputNature::StmValue || input.stmValueName.empty()) continue;
    std::weak_ptr<BoxInstance> weak = shared_from_this();
    memorySubscriptions_.push_back(memory->subscribeToEvent(
        input.stmValueName, "box " + model_.name, [weak, id = input.id](const std::string&, const core::Value& v) {
          auto self = weak.lock();
          if (!self) return;
          std::lock_guard lock(self->run_.mutex());
          self->receive(id, core::valueToJson(v));
        }));
  }
}

void BoxInstance::unload() {
  if (!loaded_) return;
  loaded_ = false;
  // Once unsubscribed, no callback starts (memory checks at delivery, the
  // box threads already started check loaded_).
  if (auto* memory = run_.context().memory)
    for (auto id : memorySubscriptions_) memory->unsubscribeToEvent(id);
  memorySubscriptions_.clear();
  stopDialog();
  letGoOfResources();
  if (timeline_) timeline_->unload();
  waiting_.clear();
  if (python_) {
    run_.spawn([self = shared_from_this(), box = python_] { box->callLifecycle("onUnload"); });
    python_.reset();
  }
}

void BoxInstance::receive(int input, const std::optional<service::Any>& value) {
  if (!loaded_) return;
  const behavior::Input* in = model_.findInput(input);
  if (!in) return;
  if (in->nature == behavior::InputNature::OnStop) letGoOfResources();
  if (in->nature == behavior::InputNature::OnStart && !admitStart(input, value)) return;
  if (isDialogBox() && in->nature == behavior::InputNature::OnStart) startDialog();
  if (isDialogBox() && in->nature == behavior::InputNature::OnStop) {
    stopDialog();
    emitStopped();
  }
  if (hasPython())
    callPython([name = in->name, value](python::PythonBox& p) { return p.callInput(name, value ? &*value : nullptr); });
  if (timeline_ && model_.timeline->enable) {
    if (in->nature == behavior::InputNature::OnStart) timeline_->play();
    if (in->nature == behavior::InputNature::OnStop) timeline_->stop();
  }
  const auto targets = forwards_[input];  // a copy: delivering may change the links
  for (const auto& t : targets) deliver(t, value);
}

void BoxInstance::emit(int output, const std::optional<service::Any>& value) {
  if (!loaded_) return;
  const auto keepAlive = shared_from_this();  // an output may end the behavior, unloading this box
  const auto targets = outputs_[output];
  for (const auto& t : targets) deliver(t, value);
  const behavior::Output* out = model_.findOutput(output);
  if (!out || out->nature != behavior::OutputNature::Stopped) return;
  stopDialog();
  letGoOfResources();
  if (timeline_) timeline_->stop();
  if (!parent_) run_.rootStopped();
}

void BoxInstance::emitStopped() {
  for (const auto& out : model_.outputs)
    if (out.nature == behavior::OutputNature::Stopped) emit(out.id, std::nullopt);
}

// ---- python::BoxHost ----------------------------------------------------------

// Box code's subscription: each write of the key starts `onChange` in a box
// thread of the behavior (as an input would), while the box is loaded.
std::uint64_t BoxInstance::subscribeMemory(const std::string& key, const std::string& name, MemoryCallback onChange) {
  auto* memory = run_.context().memory;
  if (!memory) return 0;
  std::lock_guard lock(run_.mutex());
  if (!loaded_) return 0;
  auto deliver = std::make_shared<const MemoryCallback>(std::move(onChange));
  std::weak_ptr<BoxInstance> weak = weak_from_this();
  const auto id = memory->subscribeToEvent(key, name, [weak, deliver](const std::string& k, const core::Value& v) {
    auto self = weak.lock();
    if (!self) return;
    std::lock_guard lock(self->run_.mutex());
    if (!self->loaded_) return;
    self->run_.spawn([self, deliver, k, value = core::valueToJson(v)] {
      {
        std::lock_guard lock(self->run_.mutex());
        if (!self->loaded_) return;  // unloaded since the write
      }
      (*deliver)(k, value);
    });
  });
  memorySubscriptions_.push_back(id);
  return id;
}

void BoxInstance::unsubscribeMemory(std::uint64_t subscription) {
  std::lock_guard lock(run_.mutex());
  auto it = std::find(memorySubscriptions_.begin(), memorySubscriptions_.end(), subscription);
  if (it == memorySubscriptions_.end()) return;  // gone with the unload
  memorySubscriptions_.erase(it);
  if (auto* memory = run_.context().memory) memory->unsubscribeToEvent(subscription);
}

std::string BoxInstance::boxName() const { return model_.name; }
std::string BoxInstance::behaviorId() const { return run_.id(); }

std::string BoxInstance::behaviorPath() const {
  const auto& b = run_.behavior();
  return b.format == behavior::SourceFormat::NewFormat ? b.path.string() : b.path.parent_path().string();
}

std::vector<std::string> BoxInstance::outputNames() const {
  std::vector<std::string> out;
  for (const auto& o : model_.outputs) out.push_back(o.name);
  return out;
}

void BoxInstance::fire(const std::string& output, const service::Any& value) {
  std::lock_guard lock(run_.mutex());
  const behavior::Output* out = model_.findOutput(output);
  if (!out) return log("warning", "no output named " + output);
  emit(out->id, value.is_null() ? std::nullopt : std::optional<service::Any>(value));
}

service::Any BoxInstance::parameter(const std::string& name) const {
  std::lock_guard lock(run_.mutex());
  if (auto it = parameterValues_.find(name); it != parameterValues_.end()) return it->second;
  const behavior::Parameter* p = model_.findParameter(name);
  if (!p) throw service::CallError("unknown-parameter", "box '" + model_.name + "' has no parameter '" + name + "'");
  // inherits_from_parent: the parent box's parameter of the same name, if it has one.
  if (p->inheritsFromParent && parent_ && parent_->model_.findParameter(name)) return parent_->parameter(name);
  return parameterValue(*p);
}

void BoxInstance::setParameter(const std::string& name, const service::Any& value) {
  std::lock_guard lock(run_.mutex());
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

// ---- ALFrameManager --------------------------------------------------------------

TimelinePlayer* BoxInstance::nearestTimeline() const {
  for (const BoxInstance* box = this; box; box = box->parent_)
    if (box->timeline_) return box->timeline_.get();
  return nullptr;
}

int BoxInstance::timelineFps() const {
  std::lock_guard lock(run_.mutex());
  auto* timeline = nearestTimeline();
  return timeline ? timeline->fps() : 0;
}

void BoxInstance::setTimelineFps(int fps) {
  std::lock_guard lock(run_.mutex());
  if (auto* timeline = nearestTimeline()) timeline->setFps(fps);
}

// A number is a frame, anything else a label.
bool BoxInstance::timelineGoTo(const std::string& frameOrLabel) {
  std::lock_guard lock(run_.mutex());
  auto* timeline = nearestTimeline();
  if (!timeline) return false;
  int frame = 0;
  auto [end, ec] = std::from_chars(frameOrLabel.data(), frameOrLabel.data() + frameOrLabel.size(), frame);
  if (ec == std::errc() && end == frameOrLabel.data() + frameOrLabel.size()) return timeline->goToFrame(frame);
  return timeline->goToLabel(frameOrLabel);
}

}  // namespace autolife::runtime::detail
