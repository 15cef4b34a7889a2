// How long the event loop polls for its next handler before it sleeps
// (docs/api.md "How it runs"). A sleeping thread's CPU may halt, and waking
// a halted virtual CPU costs a VM exit and entry: on the virtual machines
// we measure on (guest halt polling off), most of a lone call's round trip
// (docs/performance.md "Polling before sleeping"). Polling a little first
// keeps a request/answer exchange awake.
//
// The window adapts as Linux's cpuidle haltpoll governor does, per idle
// period: one longer than `max` halves it (polling would have been
// wasted), one the window missed but `max` would have caught doubles it
// (from `growStart`), one it caught leaves it. A loop woken every few
// milliseconds (a robot's life) ends with no window at all.
#pragma once

#include <chrono>

namespace autolife::net {

class IdlePoll {
public:
  using Duration = std::chrono::nanoseconds;
  // max 0: never poll.
  explicit IdlePoll(Duration max, Duration growStart = std::chrono::microseconds(10));

  Duration window() const { return window_; }
  Duration max() const { return max_; }
  // An idle period ended after `idle` (polling or asleep).
  void idled(Duration idle);

private:
  Duration max_;
  Duration growStart_;
  Duration window_{0};
};

}  // namespace autolife::net
