#include "autolife/runtime/resources.hpp"

#include <algorithm>
#include <unordered_map>

namespace autolife::runtime {

namespace {

// What holds what on NAO and Pepper: Choregraphe's motor groups and the
// joints a timeline's curves name.
const std::unordered_map<std::string_view, std::string_view>& parents() {
  static const std::unordered_map<std::string_view, std::string_view> table = [] {
    std::unordered_map<std::string_view, std::string_view> t{
        {"Head", "All motors"},      {"Arms", "All motors"},       {"Legs", "All motors"},
        {"Left arm", "Arms"},        {"Right arm", "Arms"},        {"Left leg", "Legs"},
        {"Right leg", "Legs"},       {"Left hand", "Left arm"},    {"Right hand", "Right arm"},
        {"HeadYaw", "Head"},         {"HeadPitch", "Head"},        {"LHand", "Left hand"},
        {"RHand", "Right hand"},     {"HipRoll", "Legs"},          {"HipPitch", "Legs"},
        {"KneePitch", "Legs"},
    };
    for (std::string_view joint : {"LShoulderPitch", "LShoulderRoll", "LElbowYaw", "LElbowRoll", "LWristYaw"})
      t.emplace(joint, "Left arm");
    for (std::string_view joint : {"RShoulderPitch", "RShoulderRoll", "RElbowYaw", "RElbowRoll", "RWristYaw"})
      t.emplace(joint, "Right arm");
    for (std::string_view joint : {"LHipYawPitch", "LHipRoll", "LHipPitch", "LKneePitch", "LAnklePitch", "LAnkleRoll"})
      t.emplace(joint, "Left leg");
    for (std::string_view joint : {"RHipYawPitch", "RHipRoll", "RHipPitch", "RKneePitch", "RAnklePitch", "RAnkleRoll"})
      t.emplace(joint, "Right leg");
    return t;
  }();
  return table;
}

bool holds(std::string_view outer, std::string_view inner) {
  const auto& table = parents();
  for (auto it = table.find(inner); it != table.end(); it = table.find(it->second))
    if (it->second == outer) return true;
  return false;
}

// How stubbornly a holder keeps a resource: the most stubborn of its
// conflicting resources decides what it does.
int stubbornness(behavior::ResourceType type) {
  switch (type) {
    case behavior::ResourceType::Lock: return 3;
    case behavior::ResourceType::CallbackOnDemand: return 2;
    case behavior::ResourceType::PauseOnDemand: return 1;
    case behavior::ResourceType::StopOnDemand: return 0;
  }
  return 3;
}

}  // namespace

bool resourcesConflict(std::string_view a, std::string_view b) { return a == b || holds(a, b) || holds(b, a); }

namespace {

// One owner, or one enclosing the other: they share what they hold.
bool related(const ResourceArbiter::Claimant& a, const ResourceArbiter::Claimant& b) {
  if (!a.owner || !b.owner) return false;
  if (a.owner == b.owner) return true;
  auto encloses = [](const ResourceArbiter::Claimant& outer, const ResourceArbiter::Claimant& inner) {
    return std::find(inner.enclosing.begin(), inner.enclosing.end(), outer.owner) != inner.enclosing.end();
  };
  return encloses(a, b) || encloses(b, a);
}

}  // namespace

bool ResourceArbiter::conflicts(const Claim& a, const Claim& b) const {
  if (related(a.who, b.who)) return false;
  for (const auto& [x, xType] : a.who.resources)
    for (const auto& [y, yType] : b.who.resources)
      if (resourcesConflict(x, y)) return true;
  return false;
}

// Free for `c`: no holder conflicts, nor any lent or waiting claim ahead of it.
bool ResourceArbiter::isFree(const Claim& c, const Claim* stopAt) const {
  bool ahead = true;
  for (const auto& other : claims_) {
    if (&other == stopAt) {
      ahead = false;
      continue;
    }
    if (other.status != Status::Holding && !ahead) continue;
    if (conflicts(c, other)) return false;
  }
  return true;
}

std::list<ResourceArbiter::Claim>::iterator ResourceArbiter::find(ClaimId id) {
  return std::find_if(claims_.begin(), claims_.end(), [id](const Claim& c) { return c.id == id; });
}

// Asks the holders in `c`'s way to give way, unless one of them holds a Lock
// (then nobody is disturbed yet: `c` waits, and asks again when it lets go).
// Returns whether it changed who holds what.
bool ResourceArbiter::demand(Claim& c, Tasks& tasks) {
  struct Blocker {
    std::list<Claim>::iterator holder;
    behavior::ResourceType type;
    std::string resource;
  };
  std::vector<Blocker> blockers;
  for (auto it = claims_.begin(); it != claims_.end(); ++it) {
    if (it->status != Status::Holding || &*it == &c || related(c.who, it->who)) continue;
    std::optional<Blocker> worst;
    for (const auto& [mine, myType] : c.who.resources)
      for (const auto& [theirs, type] : it->who.resources)
        if (resourcesConflict(mine, theirs) && (!worst || stubbornness(type) > stubbornness(worst->type)))
          worst = Blocker{it, type, theirs};
    if (worst) blockers.push_back(*worst);
  }
  for (const auto& b : blockers)
    if (b.type == behavior::ResourceType::Lock) return false;
  bool changed = false;
  auto lastLent = find(c.id);  // lent claims line up behind `c`, in their order
  for (auto& b : blockers) {
    const bool toldAlready = b.type == behavior::ResourceType::CallbackOnDemand && b.holder->asked;
    if (auto giveWay = b.holder->who.giveWay; giveWay && !toldAlready)
      tasks.push_back([giveWay, type = b.type, r = b.resource] { giveWay(type, r); });
    switch (b.type) {
      case behavior::ResourceType::StopOnDemand:
        claims_.erase(b.holder);
        changed = true;
        break;
      case behavior::ResourceType::PauseOnDemand:
        b.holder->status = Status::Lent;
        // It comes back before claims made after `c`.
        claims_.splice(std::next(lastLent), claims_, b.holder);
        lastLent = b.holder;
        changed = true;
        break;
      case behavior::ResourceType::CallbackOnDemand: b.holder->asked = true; break;
      case behavior::ResourceType::Lock: break;
    }
  }
  return changed;
}

ResourceArbiter::~ResourceArbiter() {
  for (const auto& c : claims_)
    if (c.timer) clock_.cancel(c.timer);
}

ResourceArbiter::Claimed ResourceArbiter::claim(Claimant claimant) {
  Tasks tasks;
  Claimed out;
  {
    std::lock_guard lock(mutex_);
    out.id = nextId_++;
    claims_.push_back(Claim{out.id, std::move(claimant)});
    Claim& c = claims_.back();
    if (!isFree(c, &c) && c.who.demands) demand(c, tasks);
    if (isFree(c, &c)) {
      c.status = Status::Holding;
      out.granted = true;
    } else if (c.who.timeout) {
      c.timer = clock_.schedule(clock_.now() + *c.who.timeout, [this, id = out.id] { timeOut(id); });
    }
  }
  post(std::move(tasks));
  return out;
}

// Gives what is free to whoever is next: lent claims first, then waiting
// ones in the order they came; a demanding claim still blocked asks again.
void ResourceArbiter::grantWaiting(Tasks& tasks) {
  for (bool changed = true; changed;) {
    changed = false;
    for (auto& c : claims_) {
      if (c.status == Status::Holding) continue;
      if (isFree(c, &c)) {
        if (c.timer) clock_.cancel(c.timer);
        c.timer = 0;
        auto tell = c.status == Status::Lent ? c.who.resumed : c.who.granted;
        if (tell) tasks.push_back(tell);
        c.status = Status::Holding;
        c.asked = false;
        continue;
      }
      if (c.status != Status::Waiting || !c.who.demands) continue;
      if (demand(c, tasks)) {
        changed = true;  // holders moved: look again from the start
        break;
      }
    }
  }
}

void ResourceArbiter::release(ClaimId id) {
  Tasks tasks;
  {
    std::lock_guard lock(mutex_);
    auto it = find(id);
    if (it == claims_.end()) return;
    if (it->timer) clock_.cancel(it->timer);
    claims_.erase(it);
    grantWaiting(tasks);
  }
  post(std::move(tasks));
}

void ResourceArbiter::timeOut(ClaimId id) {
  Tasks tasks;
  {
    std::lock_guard lock(mutex_);
    auto it = find(id);
    if (it == claims_.end() || it->status != Status::Waiting) return;
    if (it->who.timedOut) tasks.push_back(it->who.timedOut);
    claims_.erase(it);
    grantWaiting(tasks);
  }
  post(std::move(tasks));
}

void ResourceArbiter::post(Tasks tasks) {
  for (auto& task : tasks) clock_.post(std::move(task));
}

std::map<std::string, std::string> ResourceArbiter::holders() const {
  std::lock_guard lock(mutex_);
  std::map<std::string, std::string> out;
  for (const auto& c : claims_)
    if (c.status == Status::Holding)
      for (const auto& [name, type] : c.who.resources) out[name] = c.who.name;
  return out;
}

std::size_t ResourceArbiter::waiting() const {
  std::lock_guard lock(mutex_);
  return static_cast<std::size_t>(
      std::count_if(claims_.begin(), claims_.end(), [](const Claim& c) { return c.status != Status::Holding; }));
}

}  // namespace autolife::runtime
