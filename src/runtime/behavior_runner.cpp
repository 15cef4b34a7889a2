#include "autolife/runtime/behavior_runner.hpp"

#include "autolife/behavior/new_format.hpp"
#include "autolife/behavior/xar_parser.hpp"
#include "control_settings.hpp"
#include "parts.hpp"

namespace autolife::runtime {

behavior::LoadResult loadBehavior(const std::filesystem::path& path) {
  if (std::filesystem::is_directory(path)) return behavior::loadNewFormat(path);
  return behavior::parseXarFile(path);
}

namespace {

// An activity's runs' control: the activity's settings, and its live run
// for what only a run can do (resume, paused).
class ActivityControl final : public RunControl {
public:
  ActivityControl(std::string name, std::shared_ptr<detail::ControlSettings> settings, std::shared_ptr<BehaviorRun> run)
      : name_(std::move(name)), settings_(std::move(settings)), run_(std::move(run)) {}

  void setBreakpoint(const std::string& box, const std::string& input) override { settings_->setBreakpoint(box, input); }
  bool clearBreakpoint(const std::string& box, const std::string& input) override {
    return settings_->clearBreakpoint(box, input);
  }
  void resume() override {
    if (!run_) service::refuse("not-paused", "'" + name_ + "' is not running");
    run_->control().resume();
  }
  void injectFault(const std::string& box, Fault fault) override { settings_->injectFault(box, fault); }
  bool paused() const override { return run_ && run_->control().paused(); }
  Settings settings() const override { return settings_->settings(); }

private:
  std::string name_;
  std::shared_ptr<detail::ControlSettings> settings_;
  std::shared_ptr<BehaviorRun> run_;
};

}  // namespace

BehaviorRunner::~BehaviorRunner() { stopAll(); }

void BehaviorRunner::stopAll() {
  std::map<std::string, std::shared_ptr<BehaviorRun>> runs;
  {
    std::lock_guard lock(mutex_);
    runs.swap(runs_);
  }
  for (auto& [name, run] : runs) run->stop();
}

// Refused with the sentence Life reports when the activity cannot start.
std::shared_ptr<const behavior::Behavior> BehaviorRunner::model(const life::Activity& activity) {
  const auto* run = std::get_if<life::RunBehavior>(&activity.run);
  if (!run) throw service::CallError("not-a-behavior", "it does not run as a behavior");
  {
    std::lock_guard lock(mutex_);
    if (auto it = loaded_.find(run->path); it != loaded_.end()) return it->second;
  }
  auto result = loadBehavior(run->path);
  if (!result.ok()) throw service::CallError("unreadable-behavior", "its behavior cannot be loaded:\n" + result.report());
  auto model = std::make_shared<const behavior::Behavior>(std::move(*result.behavior));
  std::lock_guard lock(mutex_);
  return loaded_.try_emplace(run->path, model).first->second;
}

std::shared_ptr<detail::ControlSettings> BehaviorRunner::controlsFor(
    const std::string& name, const std::shared_ptr<const behavior::Behavior>& model) {
  std::lock_guard lock(mutex_);
  auto& settings = controls_[name];
  if (!settings || !settings->about(*model)) settings = std::make_shared<detail::ControlSettings>(model);
  return settings;
}

std::shared_ptr<BehaviorRun> BehaviorRunner::live(const std::string& name) const {
  std::lock_guard lock(mutex_);
  auto it = runs_.find(name);
  return it == runs_.end() ? nullptr : it->second;
}

std::shared_ptr<RunControl> BehaviorRunner::control(const life::Activity& activity) {
  auto settings = controlsFor(activity.name, model(activity));
  return std::make_shared<ActivityControl>(activity.name, std::move(settings), live(activity.name));
}

void BehaviorRunner::start(const life::Activity& activity, life::EndedCallback ended) {
  auto fail = [&](const std::string& why) { context_.workers.clock().post([ended, why] { ended(why); }); };
  std::shared_ptr<const behavior::Behavior> model;
  try {
    model = this->model(activity);
  } catch (const service::CallError& e) {
    return fail(e.what());
  }
  const std::string name = activity.name;
  auto behaviorRun = std::make_shared<detail::Run>(
      model, name, context_,
      [this, name, ended](const std::string& error) {
        {
          std::lock_guard lock(mutex_);
          runs_.erase(name);
        }
        ended(error);
      },
      controlsFor(name, model));
  {
    std::lock_guard lock(mutex_);
    runs_[name] = behaviorRun;
  }
  behaviorRun->start();
}

void BehaviorRunner::stop(const std::string& activityName) {
  std::shared_ptr<BehaviorRun> run;
  {
    std::lock_guard lock(mutex_);
    auto it = runs_.find(activityName);
    if (it == runs_.end()) return;
    run = it->second;
    runs_.erase(it);
  }
  run->stop();
}

std::optional<BehaviorRunner::Idle> BehaviorRunner::idle(const std::string& activityName) const {
  std::shared_ptr<BehaviorRun> run;
  {
    std::lock_guard lock(mutex_);
    auto it = runs_.find(activityName);
    if (it == runs_.end()) return std::nullopt;
    run = it->second;
  }
  if (!run->idle()) return std::nullopt;
  return Idle{run->idleSentence(), run->waiting()};
}

std::size_t BehaviorRunner::running() const {
  std::lock_guard lock(mutex_);
  return runs_.size();
}

}  // namespace autolife::runtime
