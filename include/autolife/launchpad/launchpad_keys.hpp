// The Launchpad keys (REFERENCE §4): publishes every Launchpad/* key of the
// seed's table into memory, derived from what the extractors (or the
// simulated world) report and from what Autonomous Life tells it.
//
// Each key is raised (raiseEvent, so bang('Launchpad/...') fires) only when
// its value changes, and everything one input changes is raised in one
// memory batch: one evaluation point for the conditions. The one exception
// is Launchpad/SameTrackedHuman's dip when the tracked person changes: false
// then true, two batches at the same instant, so that a condition sees it.
//
// Extractors by state: the people, motion and waving keys (key_names.hpp
// marks them "solitary") only update in solitary state; they keep their
// last value in the other states and catch up in the batch that enters
// solitary again.
//
// Time: the time keys change exactly at each local minute and LifeTime at
// each wall-clock second, on one clock timer per second (no polling); the
// "recently" keys stay true for exactly 13 s on their own timer.
//
// Thread-safe: inputs may come from any thread, and from a memory subscriber
// called back while a batch is being published.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "autolife/core/clock.hpp"
#include "autolife/launchpad/robot_profile.hpp"
#include "autolife/launchpad/world.hpp"
#include "autolife/memory/memory.hpp"

namespace autolife::launchpad {

namespace detail {
class ChangePublisher;
}

class LaunchpadKeys {
public:
  // How long RobotFellRecently / RobotPushedRecently stay true.
  static constexpr core::Duration kRecentWindow = std::chrono::seconds{13};

  LaunchpadKeys(memory::Memory& memory, RobotProfile profile);
  ~LaunchpadKeys();
  LaunchpadKeys(const LaunchpadKeys&) = delete;
  LaunchpadKeys& operator=(const LaunchpadKeys&) = delete;

  // Publishes every key from the inputs given so far, in one batch, and
  // arms the time keys' timer. Before start() inputs are only remembered,
  // so a world can be set up without raising anything. Idempotent.
  void start();
  bool started() const;

  // ---- inputs from the extractors / the simulated world -------------------
  // Everyone reported (perceived or not: beyond the range is ignored).
  void setPeople(std::vector<Person> people);
  // The same, with who BasicAwareness tracks ("" nobody) as the source
  // reports it (a robot's ALBasicAwareness, the simulated one), in the same
  // batch. From the first report on, the tracked-human keys follow the
  // reports (the person with that id among the people) instead of this
  // class choosing, and setBasicAwarenessRunning no longer matters.
  void setPeople(std::vector<Person> people, std::optional<std::string> trackedId);
  // Who is tracked, alone (the people stay as they were).
  void setTrackedHuman(std::string trackedId);
  void setMotion(std::vector<MovingObject> objects);
  void setBattery(double percent, bool charging);
  // A posture name (ALRobotPosture); its family from postureFamily().
  void setPosture(std::string posture);
  // A posture whose family is known otherwise (e.g. "LyingLeft" after a fall).
  void setPosture(std::string posture, std::string family);
  // Only NAO can be lifted: on Pepper Launchpad/Lifted stays false.
  void setLifted(bool lifted);
  // The robot fell now: RobotFellRecently is true for the next 13 s; a new
  // fall restarts the 13 s.
  void robotFell();
  // Same for a push, on Pepper only (ignored on NAO).
  void robotPushed();
  // Replaces every joint's temperature.
  void setTemperatures(JointTemperatures temperatures);
  // The tracked-human keys need BasicAwareness: stopped, nobody is tracked.
  void setBasicAwarenessRunning(bool running);

  // ---- what Autonomous Life tells it ----------------------------------------
  // A state was entered (or re-entered): "solitary", "interactive",
  // "safeguard" or "disabled" (std::invalid_argument otherwise). The keys
  // start in "solitary" with PreviousState "".
  void setLifeState(std::string_view state);
  // The focused activity ("<package-uuid>/<behavior-path>", "" for none).
  // Each change to a non-empty name counts one focus in
  // Launchpad/FocusCount/<name>; setting the focused name again does nothing.
  void setFocusedActivity(std::string_view activity);
  // Publishes a count kept elsewhere (e.g. 0 for an installed activity, so
  // conditions read an Int before its first focus); later focuses add to it.
  void setFocusCount(std::string_view activity, std::int64_t count);

  // ---- reads ----------------------------------------------------------------
  const RobotProfile& profile() const { return profile_; }
  std::string lifeState() const;
  std::string focusedActivity() const;
  std::int64_t focusCount(std::string_view activity) const;  // 0 if never focused
  std::optional<std::string> trackedHumanId() const;

private:
  struct Shared;
  struct Inputs;

  // Each stages the keys of one concept from the current inputs.
  void stageRobotType();
  void stageSolitaryKeys();
  void stagePeopleKeys();
  void stageMotionKeys();
  void stageTrackedKeys();
  void stageBattery();
  void stagePosture();
  void stageLifted();
  void stageIncidents();
  void stageTemperature();
  void stageCalendar(core::Time now);
  void stageLifeTime(core::Time now);
  void stageLife();
  void stageFocusCount(const std::string& activity);

  bool solitary() const;
  void trackPeople();
  void flush();
  void flushTracked();
  void armTick(core::Time now);
  void onTick();
  struct RecentWindow;
  void openWindow(RecentWindow Inputs::*window);
  void onWindowEnd(RecentWindow Inputs::*window);

  core::Clock& clock_;
  const RobotProfile profile_;
  std::shared_ptr<Shared> shared_;  // the lock, shared with pending timers
  std::unique_ptr<Inputs> in_;
  std::unique_ptr<detail::ChangePublisher> publisher_;
};

}  // namespace autolife::launchpad
