// A simulated BasicAwareness, as far as the Launchpad sees it: which person
// the robot tracks. It keeps tracking the same person while they stay
// perceived; otherwise it picks the closest perceived person (ties: the
// smallest id, so runs are reproducible). Stopped, it tracks nobody.
#pragma once

#include <optional>
#include <vector>

#include "autolife/launchpad/robot_profile.hpp"
#include "autolife/launchpad/world.hpp"

namespace autolife::launchpad {

class HumanTracker {
public:
  struct Update {
    std::optional<Person> tracked;  // nullopt: nobody
    bool switched = false;          // from one person directly to another
  };

  // The tracked person among `people` (only perceived ones can be tracked).
  Update update(const RobotProfile& profile, const std::vector<Person>& people, bool running);

  const std::optional<std::string>& trackedId() const { return trackedId_; }

private:
  std::optional<std::string> trackedId_;
};

}  // namespace autolife::launchpad
