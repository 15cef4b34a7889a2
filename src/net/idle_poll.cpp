#include "autolife/net/idle_poll.hpp"

#include <algorithm>

namespace autolife::net {

IdlePoll::IdlePoll(Duration max, Duration growStart) : max_(max), growStart_(std::min(growStart, max)) {}

void IdlePoll::idled(Duration idle) {
  if (idle > max_) {
    // Below where growing starts, a window only costs: none.
    window_ = window_ / 2 < growStart_ ? Duration{0} : window_ / 2;
  } else if (idle > window_) {
    window_ = std::clamp(window_ * 2, growStart_, max_);
  }
}

}  // namespace autolife::net
