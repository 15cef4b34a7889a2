#include "autolife/runtime/behavior_runner.hpp"

#include "autolife/behavior/new_format.hpp"
#include "autolife/behavior/xar_parser.hpp"

namespace autolife::runtime {

behavior::LoadResult loadBehavior(const std::filesystem::path& path) {
  if (std::filesystem::is_directory(path)) return behavior::loadNewFormat(path);
  return behavior::parseXarFile(path);
}

BehaviorRunner::~BehaviorRunner() { stopAll(); }

void BehaviorRunner::stopAll() {
  std::map<std::string, std::shared_ptr<BehaviorRun>> runs;
  {
    std::lock_guard lock(mutex_);
    runs.swap(runs_);
  }
  for (auto& [name, run] : runs) run->stop();
}

void BehaviorRunner::start(const life::Activity& activity, life::EndedCallback ended) {
  const auto* run = std::get_if<life::RunBehavior>(&activity.run);
  auto fail = [&](const std::string& why) { context_.workers.clock().post([ended, why] { ended(why); }); };
  if (!run) return fail("it does not run as a behavior");
  std::shared_ptr<const behavior::Behavior> model;
  {
    std::lock_guard lock(mutex_);
    if (auto it = loaded_.find(run->path); it != loaded_.end()) model = it->second;
  }
  if (!model) {
    auto result = loadBehavior(run->path);
    if (!result.ok()) return fail("its behavior cannot be loaded:\n" + result.report());
    model = std::make_shared<const behavior::Behavior>(std::move(*result.behavior));
    std::lock_guard lock(mutex_);
    loaded_[run->path] = model;
  }
  const std::string name = activity.name;
  auto behaviorRun = BehaviorRun::create(model, name, context_, [this, name, ended](const std::string& error) {
    {
      std::lock_guard lock(mutex_);
      runs_.erase(name);
    }
    ended(error);
  });
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
