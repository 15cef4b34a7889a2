#include "autolife/life/process_runner.hpp"

#include <memory>

namespace autolife::life {

ProcessRunner::ProcessRunner(core::Clock& clock, std::chrono::milliseconds grace) : clock_(clock), grace_(grace) {}

ProcessRunner::~ProcessRunner() = default;

void ProcessRunner::start(const Activity& activity, EndedCallback ended) {
  const auto& argv = std::get<RunProgram>(activity.run).argv;
  auto fail = [&](const std::string& why) { clock_.post([ended, why] { ended(why); }); };
  if (argv.empty()) return fail("its exec list is empty");
  std::lock_guard lock(mutex_);  // before the child can end and look itself up
  try {
    auto id = std::make_shared<core::ChildProcesses::Id>(0);
    core::ChildProcesses::Callbacks callbacks;
    callbacks.exited = [this, name = activity.name, ended, id](int status) {
      {
        std::lock_guard lock(mutex_);
        if (auto it = running_.find(name); it != running_.end() && it->second == *id) running_.erase(it);
      }
      std::string why = core::ChildProcesses::describeStatus(status);
      if (!why.empty()) why = "the program " + why;
      clock_.post([ended, why] { ended(why); });
    };
    *id = processes_.start({argv, {}, {}, false, false}, std::move(callbacks));
    running_[activity.name] = *id;
  } catch (const std::exception& e) {
    fail(e.what());
  }
}

void ProcessRunner::stop(const std::string& activityName) {
  std::lock_guard lock(mutex_);
  auto it = running_.find(activityName);
  if (it == running_.end()) return;
  // Stopped: its exit is not an activity ending by itself.
  processes_.stop(it->second, grace_, false);
  running_.erase(it);
}

std::size_t ProcessRunner::liveProcesses() const { return processes_.live(); }

}  // namespace autolife::life
