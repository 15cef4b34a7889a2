#include "autolife/engine/box_states.hpp"

#include "autolife/behavior/box_paths.hpp"
#include "autolife/engine/behavior_log.hpp"
#include "autolife/service/service.hpp"

namespace autolife::engine {

using runtime::BoxEventKind;

namespace {

std::map<std::string, std::string> allIdle(const behavior::Behavior& model) {
  std::map<std::string, std::string> boxes;
  behavior::forEachBox(model, [&](const behavior::Box&, const std::string& path, const behavior::Box* parent) {
    if (parent) boxes.emplace(path, "idle");
  });
  return boxes;
}

core::Value stateValue(const std::map<std::string, std::string>& boxes) {
  core::Value::Map out;
  for (const auto& [path, state] : boxes) out.emplace(path, state);
  return out;
}

}  // namespace

core::Value idleBoxes(const behavior::Behavior& model) { return stateValue(allIdle(model)); }

void BoxStates::emitOn(std::weak_ptr<service::Service> service) {
  std::lock_guard lock(mutex_);
  service_ = std::move(service);
}

void BoxStates::runStarted(const runtime::RunInfo& run, core::Time) {
  auto boxes = allIdle(run.model);
  const int number = log_.runNumber(run.serial);
  std::lock_guard lock(mutex_);
  auto& a = activities_[std::string(run.behavior)];
  a = Activity{run.serial, number, std::move(boxes), {}};
}

void BoxStates::boxEvent(const runtime::RunInfo& run, const runtime::BoxEvent& e) {
  std::shared_ptr<service::Service> service;
  {
    std::lock_guard lock(mutex_);
    auto it = activities_.find(std::string(run.behavior));
    if (it != activities_.end() && it->second.serial == run.serial && !e.box.empty()) {
      auto& a = it->second;
      auto box = a.boxes.find(std::string(e.box));
      if (box != a.boxes.end()) {
        auto& state = box->second;
        switch (e.kind) {
          case BoxEventKind::Start: state = "running"; break;
          case BoxEventKind::Stop: state = "idle"; break;
          case BoxEventKind::Error: state = "error"; break;
          case BoxEventKind::Paused:
            if (state != "paused") a.beforePause[box->first] = state;
            state = "paused";
            break;
          case BoxEventKind::Input:
            // the signal held there is delivered: the box is as it was
            if (auto before = a.beforePause.find(box->first); before != a.beforePause.end()) {
              state = before->second;
              a.beforePause.erase(before);
            }
            break;
          default: break;
        }
      }
    }
    service = service_.lock();
  }
  if (!service || service->emitted.size() == 0) return;
  service->emit("boxEvent", core::Value::Array{std::string(run.behavior), std::string(e.box),
                                               std::string(runtime::boxEventName(e.kind)), e.detail()});
}

void BoxStates::runEnded(const runtime::RunInfo& run, const runtime::RunEnding&) {
  std::lock_guard lock(mutex_);
  auto it = activities_.find(std::string(run.behavior));
  if (it == activities_.end() || it->second.serial != run.serial) return;
  // Held signals go with the run: no box waits any more.
  for (const auto& [path, before] : it->second.beforePause) it->second.boxes[path] = before;
  it->second.beforePause.clear();
}

std::optional<core::Value> BoxStates::state(const std::string& activity) const {
  std::lock_guard lock(mutex_);
  auto it = activities_.find(activity);
  if (it == activities_.end()) return std::nullopt;
  const auto& a = it->second;
  return core::Value::Map{{"run", a.run}, {"paused", !a.beforePause.empty()}, {"boxes", stateValue(a.boxes)}};
}

}  // namespace autolife::engine
