// How boxes and timelines claim resources from the engine's arbiter
// (autolife/runtime/resources.hpp; the rules in docs/behaviors.md).
//
// What the arbiter tells a claimant arrives later from the engine clock:
// each answer takes the run's lock, and is ignored unless the claim it is
// about is still the box's (or timeline's) current one.
#include <cmath>

#include "autolife/runtime/curves.hpp"
#include "parts.hpp"

namespace autolife::runtime::detail {

namespace {

// Runs `then(box)` under the run's lock if the box still exists.
template <class Then>
std::function<void()> underLock(std::weak_ptr<BoxInstance> weak, Then then) {
  return [weak, then] {
    auto box = weak.lock();
    if (!box) return;
    Run::Lock lock(box->run());
    then(*box);
  };
}

std::string describe(const std::vector<std::pair<std::string, behavior::ResourceType>>& resources) {
  std::string out;
  for (const auto& [name, type] : resources) out += (out.empty() ? "'" : ", '") + name + "'";
  return out;
}

// How long a box waits: as long as its most patient resource; a timeout of
// 0 means no limit.
std::optional<core::Duration> patience(const std::vector<behavior::Resource>& resources) {
  double longest = 0;
  for (const auto& r : resources) {
    if (r.timeout <= 0 || !std::isfinite(r.timeout)) return std::nullopt;
    longest = std::max(longest, r.timeout);
  }
  return std::chrono::duration_cast<core::Duration>(std::chrono::duration<double>(longest));
}

}  // namespace

// ---- boxes ----------------------------------------------------------------------

bool BoxInstance::admitStart(int input, const std::optional<service::Any>& value) {
  auto* arbiter = run_.context().resources;
  if (!arbiter || model_.resources.empty() || resources_.holding) return true;
  heldStart_ = {input, value};  // the latest onStart goes once they are granted
  if (resources_.id) return false;

  ResourceArbiter::Claimant who;
  who.name = run_.id() + ": " + model_.name;
  who.owner = this;
  who.enclosing = enclosingBoxes();
  for (const auto& r : model_.resources) who.resources.emplace_back(r.name, r.type);
  who.timeout = patience(model_.resources);
  auto self = weak();
  const auto id = std::make_shared<ResourceArbiter::ClaimId>(0);  // known once claim() returns
  who.granted = underLock(self, [id](BoxInstance& box) { box.resourcesGranted(*id); });
  who.timedOut = underLock(self, [id, what = describe(who.resources)](BoxInstance& box) {
    if (box.resources_.id != *id) return;
    box.resources_ = {};
    box.heldStart_.reset();
    box.log("warning", "not started: " + what + " still busy after its timeout");
    box.run().checkIdleSoon();
  });
  who.giveWay = [self, id](behavior::ResourceType type, const std::string& resource) {
    underLock(self, [id, type, resource](BoxInstance& box) { box.giveWay(*id, type, resource); })();
  };
  who.resumed = underLock(self, [id](BoxInstance& box) {
    if (box.resources_.id == *id && box.timeline_) box.timeline_->resume();
  });
  const auto what = describe(who.resources);
  const auto claimed = arbiter->claim(std::move(who));
  *id = claimed.id;
  resources_ = {claimed.id, claimed.granted};
  if (!claimed.granted) {
    log("info", "waits for " + what);
    return false;
  }
  heldStart_.reset();
  return true;
}

std::vector<const void*> BoxInstance::enclosingBoxes() const {
  std::vector<const void*> out;
  for (const BoxInstance* box = parent_; box; box = box->parent_) out.push_back(box);
  return out;
}

void BoxInstance::resourcesGranted(ResourceArbiter::ClaimId id) {
  if (!loaded_ || resources_.id != id) return;
  resources_.holding = true;
  auto start = std::move(heldStart_);
  heldStart_.reset();
  if (!start) return;
  if (const auto* in = model_.findInput(start->first)) take(*in, start->second);
}

void BoxInstance::giveWay(ResourceArbiter::ClaimId id, behavior::ResourceType type, const std::string& resource) {
  if (!loaded_ || resources_.id != id) return;
  switch (type) {
    case behavior::ResourceType::StopOnDemand:
      resources_ = {};  // already taken back
      log("info", "stopped: another box needs '" + resource + "'");
      for (const auto& input : model_.inputs)
        if (input.nature == behavior::InputNature::OnStop) receive(input.id, std::nullopt);
      break;
    case behavior::ResourceType::PauseOnDemand:
      log("info", "paused: another box needs '" + resource + "'");
      if (timeline_) timeline_->pause();
      break;
    case behavior::ResourceType::CallbackOnDemand:
      if (hasPython())
        callPython([resource](python::PythonBox& p) {
          const service::Any name = resource;
          return p.callMethod("onResource", &name);
        });
      break;
    case behavior::ResourceType::Lock: break;
  }
}

void BoxInstance::letGoOfResources() {
  heldStart_.reset();
  if (!resources_.id) return;
  if (auto* arbiter = run_.context().resources) arbiter->release(resources_.id);
  resources_ = {};
}

void BoxInstance::releaseResources() {
  Run::Lock lock(run_);
  letGoOfResources();
}

// ---- timelines --------------------------------------------------------------------

// Passive timelines (and those without curves) play without asking; Waiting
// ones wait until the joints are free; Aggressive ones demand them from
// their holders. A timeline lends its joints when another demands them
// (Pause on demand) and plays on when they come back.
bool TimelinePlayer::claimJoints() {
  auto* arbiter = run_.context().resources;
  if (!arbiter || model_.resourcesAcquisition == behavior::ResourcesAcquisition::Passive) return true;
  const auto curves = bezierCommand(model_.actuators, model_.startFrame, model_.endFrame, fps_);
  if (curves.empty()) return true;

  ResourceArbiter::Claimant who;
  who.name = run_.id() + ": timeline of " + owner_.boxName();
  who.owner = &owner_;
  who.enclosing = owner_.enclosingBoxes();
  for (const auto& joint : curves.names) who.resources.emplace_back(joint, behavior::ResourceType::PauseOnDemand);
  who.demands = model_.resourcesAcquisition == behavior::ResourcesAcquisition::Aggressive;
  auto box = owner_.weak();
  const auto id = std::make_shared<ResourceArbiter::ClaimId>(0);
  auto mine = [id](BoxInstance& b) { return b.timeline() && b.timeline()->joints_.id == *id; };
  who.granted = underLock(box, [mine](BoxInstance& b) {
    if (!mine(b)) return;
    b.timeline()->joints_.holding = true;
    b.timeline()->startFrames();
  });
  who.giveWay = [box, mine](behavior::ResourceType, const std::string&) {
    underLock(box, [mine](BoxInstance& b) {
      if (mine(b)) b.timeline()->pause();
    })();
  };
  who.resumed = underLock(box, [mine](BoxInstance& b) {
    if (mine(b)) b.timeline()->resume();
  });
  const auto claimed = arbiter->claim(std::move(who));
  *id = claimed.id;
  joints_ = {claimed.id, claimed.granted};
  if (!claimed.granted) owner_.log("info", "the timeline waits for its joints");
  return claimed.granted;
}

void TimelinePlayer::releaseJoints() {
  if (!joints_.id) return;
  if (auto* arbiter = run_.context().resources) arbiter->release(joints_.id);
  joints_ = {};
}

}  // namespace autolife::runtime::detail
