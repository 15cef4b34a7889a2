#include "autolife/launchpad/tracked_human.hpp"

#include <tuple>

#include "autolife/launchpad/zones.hpp"

namespace autolife::launchpad {

namespace {

const Person* sameOrClosest(const RobotProfile& profile, const std::vector<Person>& people,
                            const std::optional<std::string>& current) {
  const Person* closest = nullptr;
  for (const Person& p : people) {
    if (!isPerceived(profile, p)) continue;
    if (current && p.id == *current) return &p;  // still perceived: keep tracking them
    if (!closest || std::tie(p.distance, p.id) < std::tie(closest->distance, closest->id)) closest = &p;
  }
  return closest;
}

}  // namespace

HumanTracker::Update HumanTracker::update(const RobotProfile& profile, const std::vector<Person>& people,
                                          bool running) {
  const Person* next = running ? sameOrClosest(profile, people, trackedId_) : nullptr;
  if (!next) {
    trackedId_.reset();
    return {};
  }
  Update out{*next, trackedId_ && next->id != *trackedId_};
  trackedId_ = next->id;
  return out;
}

}  // namespace autolife::launchpad
