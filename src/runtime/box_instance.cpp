#include <algorithm>
#include <cctype>

#include "parts.hpp"

namespace autolife::runtime::detail {

namespace {

bool isBlank(const std::string& s) {
  return std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isspace(c); });
}

void deliverTo(const Target& t, const std::optional<service::Any>& value) {
  if (t.toOutput) t.box->emit(t.port, value);
  else t.box->receive(t.port, value);
}

// Delivering to one target may end the behavior (its root stops) and
// unload every box: the others stay alive until the loop is done, and an
// unloaded box drops what reaches it.
void deliverToAll(const std::vector<Target>& targets, const std::optional<service::Any>& value) {
  std::vector<std::shared_ptr<BoxInstance>> alive;
  alive.reserve(targets.size());
  for (const auto& t : targets) alive.push_back(t.box->shared_from_this());
  for (const auto& t : targets) deliverTo(t, value);
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
// the robot), then onLoad runs, then what arrived meanwhile: as when NAOqi
// loads a behavior, no input reaches a box before its onLoad has returned
// (an onLoad that sleeps or speaks would otherwise see its onStart run
// beside it, before the attributes onLoad sets). (A PythonBox is never
// dropped under the run's lock: its end takes the GIL.)
void BoxInstance::createPython() {
  creating_ = true;
  run_.spawn([self = shared_from_this()] {
    const auto& s = self->model_.script;
    python::BoxScript script{self->model_.name, s.content, s.source.path(), s.source.line, std::max(1, s.source.column)};
    auto created = python::PythonBox::create(script, *self, self->run_.bridge());
    std::shared_ptr<python::PythonBox> box;
    if (auto* made = std::get_if<std::unique_ptr<python::PythonBox>>(&created)) box = std::move(*made);
    {
      Run::Lock lock(self->run_);
      if (auto* e = std::get_if<python::BoxError>(&created)) {
        self->creating_ = false;
        if (self->loaded_) self->run_.fail(*e);
        return;
      }
      if (!self->loaded_) {
        self->creating_ = false;
        return;  // unloaded meanwhile (`box` goes after the lock)
      }
    }
    auto loadError = box->callLifecycle("onLoad");
    std::vector<PythonCall> waiting;
    {
      Run::Lock lock(self->run_);
      self->creating_ = false;
      if (!self->loaded_) {
        // Unloaded during its onLoad: unload() found no box to unload.
        self->run_.spawn([box] { box->callLifecycle("onUnload"); });
        return;
      }
      self->python_ = box;
      waiting.swap(self->waiting_);
      if (loadError) return self->run_.fail(*loadError);
    }
    for (auto& call : waiting) {
      if (auto e = call(*box)) {
        Run::Lock lock(self->run_);
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
      Run::Lock lock(self->run_);
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
          Run::Lock lock(self->run_);
          self->receive(id, v);
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
  const auto keepAlive = shared_from_this();  // stopping a Dialog box may end the behavior, unloading this box
  const behavior::Input* in = model_.findInput(input);
  if (!in) {
    if (const behavior::Parameter* p = model_.findParameter(input)) receiveParameter(*p, value);
    return;
  }
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
  deliverToAll(targets, value);
}

// A link into a parameter: the value becomes the parameter's, and box code
// hears of it through setParameter(name, value), which a box may override to
// react (ALExpressionWatcher's box does), as NAOqi calls it.
void BoxInstance::receiveParameter(const behavior::Parameter& parameter, const std::optional<service::Any>& value) {
  if (!value) return;  // a bang carries no value to set
  parameterValues_[parameter.name] = *value;
  if (!hasPython()) return;
  const service::Any pair = service::Any::Array{parameter.name, *value};
  callPython([pair](python::PythonBox& p) { return p.callMethod("_autolife_parameter_linked", &pair); });
}

void BoxInstance::emit(int output, const std::optional<service::Any>& value) {
  if (!loaded_) return;
  const auto keepAlive = shared_from_this();  // an output may end the behavior, unloading this box
  const auto targets = outputs_[output];
  deliverToAll(targets, value);
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

}  // namespace autolife::runtime::detail
