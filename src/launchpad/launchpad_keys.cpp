#include "autolife/launchpad/launchpad_keys.hpp"

#include <algorithm>
#include <array>
#include <mutex>
#include <stdexcept>

#include "autolife/launchpad/battery.hpp"
#include "autolife/launchpad/key_names.hpp"
#include "autolife/launchpad/local_time.hpp"
#include "autolife/launchpad/posture.hpp"
#include "autolife/launchpad/temperature.hpp"
#include "autolife/launchpad/tracked_human.hpp"
#include "autolife/launchpad/zones.hpp"
#include "change_publisher.hpp"

namespace autolife::launchpad {

using core::Value;

// The lock, shared with the clock's pending tasks: a timer that fires while
// the keys are being destroyed finds `alive` false under the same lock.
// Recursive, because publishing drains memory's notifications on this
// thread, and a subscriber may feed an input back.
struct LaunchpadKeys::Shared {
  std::recursive_mutex mutex;
  bool alive = true;
};

// A "recently" key: true from the fact for kRecentWindow.
struct LaunchpadKeys::RecentWindow {
  bool open = false;
  core::TimerId timer = 0;
};

// Everything the keys are derived from, as last reported.
struct LaunchpadKeys::Inputs {
  std::vector<Person> people;
  std::vector<MovingObject> motion;
  BatteryState battery;
  std::string posture = "Stand";
  std::string postureFamily = "Standing";
  bool lifted = false;
  RecentWindow fell;
  RecentWindow pushed;
  JointTemperatures temperatures;
  bool basicAwarenessRunning = true;  // solitary, the starting state, runs it
  HumanTracker tracker;
  std::optional<std::string> reportedTracked;  // a source says who is tracked ("" nobody)
  std::optional<Person> tracked;
  bool trackedSwitched = false;  // SameTrackedHuman's dip is due

  std::string state = "solitary";
  std::string previousState;
  std::string focused;
  std::string previousActivity;
  std::map<std::string, std::int64_t, std::less<>> focusCounts;

  bool started = false;
  core::TimerId tick = 0;
  std::optional<std::int64_t> minuteShown;  // the local minute the calendar keys show
};

namespace {

constexpr std::array<std::string_view, 4> kLifeStates{"solitary", "interactive", "safeguard", "disabled"};

// The seed's "int" keys are Int, never Float.
Value intValue(int n) { return Value(static_cast<std::int64_t>(n)); }

}  // namespace

// ---- construction --------------------------------------------------------

LaunchpadKeys::LaunchpadKeys(memory::Memory& memory, RobotProfile profile)
    : clock_(memory.clock()),
      profile_(std::move(profile)),
      shared_(std::make_shared<Shared>()),
      in_(std::make_unique<Inputs>()),
      publisher_(std::make_unique<detail::ChangePublisher>(memory)) {}

LaunchpadKeys::~LaunchpadKeys() {
  std::lock_guard lock(shared_->mutex);
  shared_->alive = false;
  for (core::TimerId t : {in_->tick, in_->fell.timer, in_->pushed.timer})
    if (t) clock_.cancel(t);
}

void LaunchpadKeys::start() {
  std::lock_guard lock(shared_->mutex);
  if (in_->started) return;
  in_->started = true;
  const core::Time now = clock_.now();
  in_->trackedSwitched = false;  // nothing was published before: no dip to show
  stageRobotType();
  stageSolitaryKeys();
  stageTrackedKeys();
  stageBattery();
  stagePosture();
  stageLifted();
  stageIncidents();
  stageTemperature();
  stageCalendar(now);
  stageLifeTime(now);
  stageLife();
  for (const auto& entry : in_->focusCounts) stageFocusCount(entry.first);
  flush();
  armTick(now);
}

bool LaunchpadKeys::started() const {
  std::lock_guard lock(shared_->mutex);
  return in_->started;
}

// ---- inputs --------------------------------------------------------------

void LaunchpadKeys::setPeople(std::vector<Person> people) { setPeople(std::move(people), std::nullopt); }

void LaunchpadKeys::setPeople(std::vector<Person> people, std::optional<std::string> trackedId) {
  std::lock_guard lock(shared_->mutex);
  in_->people = std::move(people);
  if (trackedId) in_->reportedTracked = std::move(trackedId);
  trackPeople();
  if (!in_->started) return;
  if (solitary()) stagePeopleKeys();
  stageTrackedKeys();
  flushTracked();
}

void LaunchpadKeys::setMotion(std::vector<MovingObject> objects) {
  std::lock_guard lock(shared_->mutex);
  in_->motion = std::move(objects);
  if (!in_->started || !solitary()) return;
  stageMotionKeys();
  flush();
}

void LaunchpadKeys::setBattery(double percent, bool charging) {
  std::lock_guard lock(shared_->mutex);
  in_->battery = {clampCharge(percent), charging};
  if (!in_->started) return;
  stageBattery();
  flush();
}

void LaunchpadKeys::setPosture(std::string posture) {
  std::string family(postureFamily(posture));
  setPosture(std::move(posture), std::move(family));
}

void LaunchpadKeys::setPosture(std::string posture, std::string family) {
  std::lock_guard lock(shared_->mutex);
  in_->posture = std::move(posture);
  in_->postureFamily = std::move(family);
  if (!in_->started) return;
  stagePosture();
  flush();
}

void LaunchpadKeys::setLifted(bool lifted) {
  std::lock_guard lock(shared_->mutex);
  in_->lifted = lifted;
  if (!in_->started) return;
  stageLifted();
  flush();
}

void LaunchpadKeys::robotFell() {
  std::lock_guard lock(shared_->mutex);
  openWindow(&Inputs::fell);
}

void LaunchpadKeys::robotPushed() {
  std::lock_guard lock(shared_->mutex);
  // The seed: "Can only be true on Pepper" (NAO has no push detection).
  if (profile_.model != RobotModel::Pepper) return;
  openWindow(&Inputs::pushed);
}

void LaunchpadKeys::setTemperatures(JointTemperatures temperatures) {
  std::lock_guard lock(shared_->mutex);
  in_->temperatures = std::move(temperatures);
  if (!in_->started) return;
  stageTemperature();
  flush();
}

void LaunchpadKeys::setTrackedHuman(std::string trackedId) {
  std::lock_guard lock(shared_->mutex);
  in_->reportedTracked = std::move(trackedId);
  trackPeople();
  if (!in_->started) return;
  stageTrackedKeys();
  flushTracked();
}

void LaunchpadKeys::setBasicAwarenessRunning(bool running) {
  std::lock_guard lock(shared_->mutex);
  in_->basicAwarenessRunning = running;
  if (in_->reportedTracked) return;  // the source that reports tracking knows
  trackPeople();
  if (!in_->started) return;
  stageTrackedKeys();
  flushTracked();
}

// ---- life ----------------------------------------------------------------

void LaunchpadKeys::setLifeState(std::string_view state) {
  if (std::find(kLifeStates.begin(), kLifeStates.end(), state) == kLifeStates.end())
    throw std::invalid_argument("Launchpad: '" + std::string(state) +
                                "' is not a state of Autonomous Life (solitary, interactive, safeguard, disabled)");
  std::lock_guard lock(shared_->mutex);
  in_->previousState = std::exchange(in_->state, std::string(state));
  if (!in_->started) return;
  stageLife();
  // Back in solitary, the solitary extractors report the world as it is now.
  if (solitary()) stageSolitaryKeys();
  flush();
}

void LaunchpadKeys::setFocusedActivity(std::string_view activity) {
  std::lock_guard lock(shared_->mutex);
  if (activity == in_->focused) return;
  // "" (no activity) is never a previous activity.
  if (!in_->focused.empty()) in_->previousActivity = in_->focused;
  in_->focused = std::string(activity);
  if (!activity.empty()) ++in_->focusCounts[in_->focused];
  if (!in_->started) return;
  stageLife();
  if (!activity.empty()) stageFocusCount(in_->focused);
  flush();
}

void LaunchpadKeys::setFocusCount(std::string_view activity, std::int64_t n) {
  std::lock_guard lock(shared_->mutex);
  std::string name(activity);
  in_->focusCounts[name] = n;
  if (!in_->started) return;
  stageFocusCount(name);
  flush();
}

// ---- reads ---------------------------------------------------------------

std::string LaunchpadKeys::lifeState() const {
  std::lock_guard lock(shared_->mutex);
  return in_->state;
}

std::string LaunchpadKeys::focusedActivity() const {
  std::lock_guard lock(shared_->mutex);
  return in_->focused;
}

std::int64_t LaunchpadKeys::focusCount(std::string_view activity) const {
  std::lock_guard lock(shared_->mutex);
  auto it = in_->focusCounts.find(activity);
  return it == in_->focusCounts.end() ? 0 : it->second;
}

std::optional<std::string> LaunchpadKeys::trackedHumanId() const {
  std::lock_guard lock(shared_->mutex);
  if (!in_->tracked) return std::nullopt;
  return in_->tracked->id;
}

// ---- derivation: each stages the keys of one concept ----------------------

void LaunchpadKeys::stageRobotType() { publisher_->stage(keys::RobotType, Value(modelName(profile_.model))); }

bool LaunchpadKeys::solitary() const { return in_->state == "solitary"; }

void LaunchpadKeys::stageSolitaryKeys() {
  stagePeopleKeys();
  stageMotionKeys();
}

void LaunchpadKeys::stagePeopleKeys() {
  const ZoneCounts zones = countPeople(profile_, in_->people);
  const auto perceived = [this](const Person& p) { return isPerceived(profile_, p); };
  const bool someoneVisible =
      std::any_of(in_->people.begin(), in_->people.end(), [&](const Person& p) { return p.visible && perceived(p); });
  const bool someoneWaving =
      std::any_of(in_->people.begin(), in_->people.end(), [&](const Person& p) { return p.waving && perceived(p); });
  publisher_->stage(keys::NumPeopleZone1, intValue(zones.counts[0]));
  publisher_->stage(keys::NumPeopleZone2, intValue(zones.counts[1]));
  publisher_->stage(keys::NumPeopleZone3, intValue(zones.counts[2]));
  publisher_->stage(keys::NoPeopleInZones, Value(zones.total() == 0));
  publisher_->stage(keys::PeopleNotSeen, Value(!someoneVisible));
  publisher_->stage(keys::WavingDetection, intValue(someoneWaving ? 1 : 0));
}

void LaunchpadKeys::stageMotionKeys() {
  const ZoneCounts zones = countMotion(profile_, in_->motion);
  publisher_->stage(keys::NumMotionZone1, intValue(zones.counts[0]));
  publisher_->stage(keys::NumMotionZone2, intValue(zones.counts[1]));
  publisher_->stage(keys::NumMotionZone3, intValue(zones.counts[2]));
  publisher_->stage(keys::NoMotionInZones, Value(zones.total() == 0));
}

// BasicAwareness's choice among the people now reported: the source's, or
// this class's own (HumanTracker) when no source reports one.
void LaunchpadKeys::trackPeople() {
  if (in_->reportedTracked) {
    std::optional<Person> next;
    for (const Person& p : in_->people)
      if (!in_->reportedTracked->empty() && p.id == *in_->reportedTracked) next = p;
    const bool switched = in_->tracked && next && in_->tracked->id != next->id;
    in_->tracked = std::move(next);
    in_->trackedSwitched = in_->trackedSwitched || switched;
    return;
  }
  HumanTracker::Update u = in_->tracker.update(profile_, in_->people, in_->basicAwarenessRunning);
  in_->tracked = std::move(u.tracked);
  in_->trackedSwitched = in_->trackedSwitched || u.switched;
}

void LaunchpadKeys::stageTrackedKeys() {
  const std::optional<Person>& p = in_->tracked;
  // Someone tracked and not a different person from the last batch.
  publisher_->stage(keys::SameTrackedHuman, Value(p.has_value() && !in_->trackedSwitched));
  publisher_->stage(keys::ZoneOfTrackedHuman, intValue(p ? engagementZone(profile_, *p) : 0));
  publisher_->stage(keys::DistanceOfTrackedHuman, Value(p ? p->distance : -1.0));
  publisher_->stage(keys::TrackedHumanIsLookingAtRobot, Value(p && p->looking));
}

void LaunchpadKeys::stageBattery() {
  const int level = batteryLevel(in_->battery.percent);
  publisher_->stage(keys::BatteryIsCharging, Value(in_->battery.charging));
  publisher_->stage(keys::BatteryLevel, intValue(level));
  publisher_->stage(keys::BatteryStatus, Value(batteryStatus(level)));
}

void LaunchpadKeys::stagePosture() {
  publisher_->stage(keys::Posture, Value(in_->posture));
  publisher_->stage(keys::PostureFamily, Value(in_->postureFamily));
}

void LaunchpadKeys::stageLifted() {
  publisher_->stage(keys::Lifted, Value(in_->lifted && profile_.model == RobotModel::Nao));
}

void LaunchpadKeys::stageIncidents() {
  publisher_->stage(keys::RobotFellRecently, Value(in_->fell.open));
  publisher_->stage(keys::RobotPushedRecently, Value(in_->pushed.open));
}

void LaunchpadKeys::stageTemperature() {
  const Hottest hottest = hottestJoint(in_->temperatures);
  publisher_->stage(keys::TemperatureStatus, Value(temperatureStatus(hottest.celsius)));
  publisher_->stage(keys::HighestTemperature, Value(hottest.celsius));
  publisher_->stage(keys::HighestJoint, Value(hottest.joint));
}

void LaunchpadKeys::stageCalendar(core::Time now) {
  const WallTime local = clock_.wallTime(now) + profile_.utcOffset;
  const std::int64_t minute = std::chrono::floor<std::chrono::minutes>(local.time_since_epoch()).count();
  if (minute == in_->minuteShown) return;  // the calendar only moves once a minute
  in_->minuteShown = minute;
  const CalendarFields f = calendarAt(local);
  publisher_->stage(keys::Year, intValue(f.year));
  publisher_->stage(keys::Month, intValue(f.month));
  publisher_->stage(keys::MonthName, Value(f.monthName));
  publisher_->stage(keys::Day, intValue(f.dayOfYear));
  publisher_->stage(keys::DayName, Value(f.dayName));
  publisher_->stage(keys::Date, intValue(f.dayOfMonth));
  publisher_->stage(keys::Hour, intValue(f.hour));
  publisher_->stage(keys::Minute, intValue(f.minute));
  publisher_->stage(keys::MinuteOfDay, intValue(f.minuteOfDay));
  publisher_->stage(keys::Week, intValue(f.week));
}

void LaunchpadKeys::stageLifeTime(core::Time now) {
  publisher_->stage(keys::LifeTime, Value(lifeTimeSeconds(clock_.wallTime(now))));
}

void LaunchpadKeys::stageLife() {
  publisher_->stage(keys::State, Value(in_->state));
  publisher_->stage(keys::PreviousState, Value(in_->previousState));
  publisher_->stage(keys::FocusedActivity, Value(in_->focused));
  publisher_->stage(keys::PreviousActivity, Value(in_->previousActivity));
}

void LaunchpadKeys::stageFocusCount(const std::string& activity) {
  if (activity.empty()) return;
  publisher_->stage(keys::focusCount(activity), Value(in_->focusCounts[activity]));
}

// ---- publishing ----------------------------------------------------------

void LaunchpadKeys::flush() { publisher_->flush(); }

// The batch staged so far shows SameTrackedHuman false when the tracked
// person changed; a second batch at the same instant ends the dip.
void LaunchpadKeys::flushTracked() {
  const bool dip = std::exchange(in_->trackedSwitched, false);
  flush();
  if (!dip) return;
  publisher_->stage(keys::SameTrackedHuman, Value(in_->tracked.has_value()));
  flush();
}

// ---- timers --------------------------------------------------------------

// One timer per wall-clock second: LifeTime changes every second, the
// calendar keys at the seconds that start a local minute (the offset is in
// whole minutes, so those are whole wall seconds too).
void LaunchpadKeys::armTick(core::Time now) {
  in_->tick = clock_.schedule(nextWallSecond(clock_, now), [this, shared = shared_] {
    std::lock_guard lock(shared->mutex);
    if (shared->alive) onTick();
  });
}

void LaunchpadKeys::onTick() {
  const core::Time now = clock_.now();
  stageLifeTime(now);
  stageCalendar(now);
  flush();
  armTick(now);
}

void LaunchpadKeys::openWindow(RecentWindow Inputs::*which) {
  RecentWindow& w = in_.get()->*which;
  w.open = true;
  if (w.timer) clock_.cancel(w.timer);  // a new fact restarts the window
  w.timer = clock_.schedule(clock_.now() + kRecentWindow, [this, shared = shared_, which] {
    std::lock_guard lock(shared->mutex);
    if (shared->alive) onWindowEnd(which);
  });
  if (!in_->started) return;
  stageIncidents();
  flush();
}

void LaunchpadKeys::onWindowEnd(RecentWindow Inputs::*which) {
  RecentWindow& w = in_.get()->*which;
  w = RecentWindow{};
  if (!in_->started) return;
  stageIncidents();
  flush();
}

}  // namespace autolife::launchpad
