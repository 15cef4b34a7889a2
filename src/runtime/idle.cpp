// Idle behaviors (docs/behaviors.md, "Idle behaviors"): a running behavior
// none of whose box code runs, is ready or is due, and none of whose
// timelines plays. Nothing in it will happen by itself; what may still
// wake it is what it waits for: a resource another box holds, an ALMemory
// key, speech for its Dialog boxes, a service's signal, box code waiting
// with no deadline. The run is told it may have become idle when its box
// threads go quiet (Workers::whenQuiet), a timeline stops, an input from
// memory was handled; it then reports it (RunEvent::Kind::Idle), once for
// each new set of waits.
#include <algorithm>

#include "parts.hpp"

namespace autolife::runtime {

std::string idleSentence(const std::vector<Waiting>& waiting, const std::string& lastOutput) {
  if (waiting.empty()) {
    std::string s = "no box runs and nothing is left to wait for: the behavior's output (onStopped) was never reached";
    if (!lastOutput.empty()) s += "; the last output fired was " + lastOutput;
    return s;
  }
  std::string s = "no box runs; still waiting: ";
  for (std::size_t i = 0; i < waiting.size(); ++i)
    s += (i ? "; " : "") + (waiting[i].box.empty() ? "" : waiting[i].box + ": ") + waiting[i].what;
  return s;
}

namespace detail {

namespace {

std::string quotedList(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "'" : ", '") + n + "'";
  return out;
}

// " (held by 'Animation')": who holds what conflicts with `wanted`, as the
// arbiter says now; claimants of this run are named by their box alone, so
// a holder with the waiting box's own name (a behavior with eight 'Stand
// Up's) is "another box named ...": the waiting box itself holds nothing.
std::string heldBy(const Run& run, const std::vector<std::string>& wanted, const std::string& me) {
  auto* arbiter = const_cast<Run&>(run).context().resources;
  if (!arbiter) return "";
  const std::string ours = run.id() + ": ";
  std::vector<std::string> holders;
  bool namesake = false;  // a holder is another box of the waiting box's name (it holds nothing itself)
  for (const auto& [resource, holder] : arbiter->holders()) {
    bool conflicts = false;
    for (const auto& w : wanted) conflicts = conflicts || resourcesConflict(w, resource);
    if (!conflicts) continue;
    if (holder == me) {
      namesake = true;
      continue;
    }
    const std::string name = holder.starts_with(ours) ? holder.substr(ours.size()) : holder;
    if (std::find(holders.begin(), holders.end(), name) == holders.end()) holders.push_back(name);
  }
  std::string text = quotedList(holders);
  if (namesake) {
    const std::string self = me.starts_with(ours) ? me.substr(ours.size()) : me;
    text += (text.empty() ? "" : ", ") + std::string("another box named '") + self + "'";
  }
  return text.empty() ? "" : " (held by " + text + ")";
}

}  // namespace

// ---- boxes, diagrams, timelines -------------------------------------------------------

bool BoxInstance::playing() const { return timeline_ && timeline_->playing(); }

void BoxInstance::collectWaiting(std::vector<Waiting>& out) const {
  if (!loaded_) return;
  if (resources_.id && !resources_.holding) {
    std::vector<std::string> wanted;
    for (const auto& r : model_.resources) wanted.push_back(r.name);
    out.push_back({model_.name, "waits for " + quotedList(wanted) + heldBy(run_, wanted, run_.id() + ": " + model_.name)});
  }
  if (run_.context().memory)
    for (const auto& input : model_.inputs)
      if (input.nature == behavior::InputNature::StmValue && !input.stmValueName.empty())
        out.push_back({model_.name, "listens to ALMemory '" + input.stmValueName + "'"});
  if (python_)
    for (const auto& what : python_->listening()) out.push_back({model_.name, "listens to " + what});
  if (!dialogTopics_.empty()) {
    std::string topics;
    for (const auto& t : dialogTopics_) topics += (topics.empty() ? "" : ", ") + t;
    out.push_back({model_.name, "listens to speech (Dialog topics " + topics + ")"});
  }
  if (timeline_) timeline_->collectWaiting(out);
}

bool DiagramInstance::playing() const {
  for (const auto& [id, box] : boxes_)
    if (box->playing()) return true;
  return false;
}

void DiagramInstance::collectWaiting(std::vector<Waiting>& out) const {
  for (const auto& [id, box] : boxes_) box->collectWaiting(out);
}

bool TimelinePlayer::playing() const {
  if (timer_) return true;
  for (const auto& [key, loaded] : keyframes_)
    if (loaded.diagram && loaded.diagram->playing()) return true;
  return false;
}

void TimelinePlayer::collectWaiting(std::vector<Waiting>& out) const {
  if (joints_.id && !joints_.holding) {
    std::vector<std::string> joints;
    for (const auto& c : model_.actuators.curves)
      if (std::find(joints.begin(), joints.end(), c.actuator) == joints.end()) joints.push_back(c.actuator);
    out.push_back({owner_.boxName(), "its timeline waits for its joints" +
                                         heldBy(run_, joints, run_.id() + ": timeline of " + owner_.boxName())});
  }
  if (paused_) out.push_back({owner_.boxName(), "its timeline is paused: another box borrowed its joints"});
  for (const auto& [key, loaded] : keyframes_)
    if (loaded.diagram) loaded.diagram->collectWaiting(out);
}

// ---- the run ----------------------------------------------------------------------------

bool Run::idleLocked() const {
  if (!running_ || !root_) return false;
  const auto census = context_.workers.census(group_);
  if (census.tasks > census.waitingForever || census.held > 0) return false;
  return !root_->playing();
}

std::vector<Waiting> Run::waitingLocked() const {
  std::vector<Waiting> out;
  if (!root_) return out;
  root_->collectWaiting(out);
  // A box bound to a key by an input and by its code waits for it once.
  for (auto it = out.begin(); it != out.end();)
    it = std::find(out.begin(), it, *it) != it ? out.erase(it) : it + 1;
  const auto waiting = context_.workers.census(group_).waitingForever;
  if (waiting > 0)
    out.push_back({"", "box code waits with no deadline in " + std::to_string(waiting) +
                           (waiting == 1 ? " thread" : " threads") + " (an event or a future nothing has set yet)"});
  return out;
}

bool Run::idle() const {
  Lock lock(*this);
  return idleLocked();
}

std::vector<Waiting> Run::waiting() const {
  Lock lock(*this);
  return waitingLocked();
}

std::string Run::idleSentence() const {
  Lock lock(*this);
  return runtime::idleSentence(waitingLocked(), lastOutput_);
}

void Run::checkIdleSoon() {
  clock().post([weak = weak_from_this()] {
    if (auto run = weak.lock()) run->checkIdle();
  });
}

// Reported once the run's lock is released: whoever hears it may ask Life
// (the simulator asks what is focused), and Life starts runs holding its own
// lock, so holding ours while telling them would order the two both ways.
void Run::checkIdle() {
  RunEvent e;
  {
    Lock lock(*this);
    if (!idleLocked()) return;
    auto waits = waitingLocked();
    if (idleTold_ && *idleTold_ == waits) return;
    idleTold_ = waits;
    e.kind = RunEvent::Kind::Idle;
    e.message = runtime::idleSentence(waits, lastOutput_);
    e.waiting = std::move(waits);
  }
  report(std::move(e));
}

void Run::outputFired(const BoxInstance& box, int output, bool linked) {
  const behavior::Output* out = box.model().findOutput(output);
  lastOutput_ = "'" + box.boxName() + "'." + (out ? out->name : std::to_string(output)) + (linked ? "" : ", linked to nothing");
}

}  // namespace detail
}  // namespace autolife::runtime
