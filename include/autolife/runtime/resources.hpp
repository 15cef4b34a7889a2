// Resources (REFERENCE §7): boxes name the parts of the robot they use
// (`<Resource name="Head" type="Lock" timeout="0"/>`), and timelines the
// joints of their curves; the arbiter decides who has them. A claim demands
// its resources from their holders, and each holder gives way as its
// resource's type says:
//   - Lock: it keeps them; the claim waits until it lets go (or times out);
//   - Stop on demand: its resources are taken at once and it is stopped;
//   - Pause on demand: they are lent at once; it pauses, and resumes when
//     they come back (before any later claim gets them);
//   - Callback on demand: it is told (the box's onResource), and keeps them
//     until it releases them; the claim waits.
// A passive claim (a timeline with resources_acquisition "Waiting") demands
// nothing: it waits until its resources are free.
//
// A box inside another uses what the outer box holds (the stock Stand Up's
// inner Goto Posture, under its All motors): claims of one box and of the
// boxes it encloses never conflict; sibling boxes do.
//
// Names nest as on the robot: "All motors" holds "Head", "Arms", "Legs";
// "Head" holds HeadYaw and HeadPitch, ... Two names conflict when they are
// the same or one holds the other. Unknown names only conflict with
// themselves.
//
// Thread safety: every call may come from any thread, under any run's lock;
// what the arbiter tells claimants (granted, give way, resume, timed out)
// is posted on the engine clock, never called from inside its own calls.
#pragma once

#include <cstdint>
#include <functional>
#include <list>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "autolife/behavior/xar_model.hpp"
#include "autolife/core/clock.hpp"

namespace autolife::runtime {

// True when the two resource names are the same part or one holds the other.
bool resourcesConflict(std::string_view a, std::string_view b);

class ResourceArbiter {
public:
  using ClaimId = std::uint64_t;

  struct Claimant {
    std::string name;  // who claims, for messages: "behavior: box"
    // The resources and how this claimant gives each of them way.
    std::vector<std::pair<std::string, behavior::ResourceType>> resources;
    const void* owner = nullptr;            // claims of one owner (a box and its timeline) never conflict
    // The owners enclosing this one (a box's parent boxes): a box takes
    // what its parents hold from them, as NAOqi's ALResourceManager has
    // child objects take their parent's resources; only others conflict.
    std::vector<const void*> enclosing;
    bool demands = true;                    // false: waits for free resources without asking
    std::optional<core::Duration> timeout;  // how long to wait; none: no limit
    std::function<void()> granted;          // it has them (a claim granted at once is not told)
    std::function<void()> timedOut;         // it waited `timeout` in vain; the claim is gone
    // Another claim wants `resource`: Stop on demand, be stopped (the claim
    // is already gone); Pause on demand, pause; Callback on demand, decide.
    std::function<void(behavior::ResourceType type, const std::string& resource)> giveWay;
    std::function<void()> resumed;  // Pause on demand: the resources are back
  };

  explicit ResourceArbiter(core::Clock& clock) : clock_(clock) {}
  ~ResourceArbiter();  // cancels the timeouts still pending
  ResourceArbiter(const ResourceArbiter&) = delete;
  ResourceArbiter& operator=(const ResourceArbiter&) = delete;

  struct Claimed {
    ClaimId id = 0;
    bool granted = false;  // at once; else `granted` or `timedOut` comes later
  };
  Claimed claim(Claimant claimant);
  // Lets go of the resources (or stops waiting); an unknown id does nothing.
  void release(ClaimId id);

  // Who holds what now ("Head" -> "behavior: box"), for diagnostics and tests.
  std::map<std::string, std::string> holders() const;
  std::size_t waiting() const;

private:
  enum class Status { Holding, Lent, Waiting };
  struct Claim {
    ClaimId id = 0;
    Claimant who;
    Status status = Status::Waiting;
    bool asked = false;  // a Callback-on-demand holder already told
    core::TimerId timer = 0;
  };
  using Tasks = std::vector<std::function<void()>>;

  bool conflicts(const Claim& a, const Claim& b) const;
  bool isFree(const Claim& c, const Claim* stopAt) const;
  bool demand(Claim& c, Tasks& tasks);
  void grantWaiting(Tasks& tasks);
  void timeOut(ClaimId id);
  std::list<Claim>::iterator find(ClaimId id);
  void post(Tasks tasks);

  core::Clock& clock_;
  mutable std::mutex mutex_;
  std::list<Claim> claims_;  // in arrival order: lent claims come back first, then the oldest waiting
  ClaimId nextId_ = 1;
};

}  // namespace autolife::runtime
