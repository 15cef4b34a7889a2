#include <algorithm>
#include <set>
#include <thread>

#include "autolife/runtime/curves.hpp"
#include "parts.hpp"

namespace autolife::runtime::detail {

TimelinePlayer::TimelinePlayer(Run& run, const behavior::Timeline& model, BoxInstance& owner)
    : run_(run), model_(model), owner_(owner), machine_(behavior::buildStateMachine(model)), frame_(model.startFrame), fps_(model.fps) {}

TimelinePlayer::~TimelinePlayer() {
  stop();
  enter(std::nullopt);
}

// A flow diagram (timeline disabled) holds its diagram from the start; a
// timeline's keyframes wait for their frame.
void TimelinePlayer::enterFirstState() {
  if (machine_.states.empty()) return;
  if (!model_.enable) return enter(machine_.initial);
  if (auto s = machine_.stateAt(model_.startFrame)) enter(s);
}

// Where the frames stop: end_frame, or (-1) the last key or keyframe.
int TimelinePlayer::endFrame() const {
  if (model_.endFrame >= 0) return model_.endFrame;
  int last = lastKeyFrame(model_.actuators);
  if (!machine_.states.empty()) last = std::max(last, machine_.states.back().begin);
  return std::max(last, model_.startFrame);
}

// Plays the frames from the start frame, once the joints of its curves are
// granted (when it asks for them); the curves go to the motion service as
// one timed interpolation.
void TimelinePlayer::play() {
  if (playing_ || joints_.id) return;
  playing_ = true;
  frame_ = model_.startFrame;
  if (auto s = machine_.stateAt(frame_); s && s != state_) enter(s);
  if (!claimJoints()) {
    playing_ = false;  // startFrames() when they are granted
    return;
  }
  startFrames();
}

// Frames (and the curves from the current frame) start from now.
void TimelinePlayer::startFrames() {
  playing_ = true;
  sendCurves(frame_);
  origin_ = run_.clock().now();
  originFrame_ = frame_;
  if (fps_ <= 0) return finish();
  showPlayhead();
  scheduleTick();
}

void TimelinePlayer::showPlayhead() {
  if (!run_.observed() || !model_.enable) return;
  const std::string where = std::to_string(frame_);
  run_.observe(BoxEventKind::Frame, owner_, playing_ ? where + " at " + std::to_string(fps_) + " fps" : where + " held");
}

void TimelinePlayer::stop() {
  haltFrames();
  paused_ = false;
  releaseJoints();
}

void TimelinePlayer::haltFrames(bool quietly) {
  const bool wasPlaying = playing_ || timer_;
  const bool was = playing_;
  playing_ = false;
  if (timer_) run_.clock().cancel(timer_);
  timer_ = 0;
  if (was && !quietly) showPlayhead();
  if (wasPlaying) run_.checkIdleSoon();  // its frames may have been the behavior's last pending work
}

void TimelinePlayer::pause() {
  if (!playing_) return;
  haltFrames();
  paused_ = true;
}

// Frames go on from where they paused; the rest of the curves is sent again.
void TimelinePlayer::resume() {
  if (!paused_) return;
  paused_ = false;
  startFrames();
}

void TimelinePlayer::unload() {
  stop();
  enter(std::nullopt);
}

// Frame n is at origin + (n - originFrame) / fps: computed from the origin,
// so that no error accumulates from frame to frame.
void TimelinePlayer::scheduleTick() {
  const auto next = origin_ + std::chrono::duration_cast<core::Duration>(
                                  std::chrono::duration<double>(static_cast<double>(frame_ + 1 - originFrame_) / fps_));
  std::weak_ptr<BehaviorRun> weak = run_.shared_from_this();
  // The box owns this player: a tick already taken off the clock when the
  // box is freed (its last reference dropped in a box thread) cancels too
  // late, so the tick holds the box, not `this`. Holding it also keeps the
  // box alive through a last frame that ends the behavior and unloads it.
  std::weak_ptr<BoxInstance> box = owner_.weak_from_this();
  due_ = next;
  timer_ = run_.clock().schedule(next, [weak, box, this] {
    auto run = weak.lock();
    const auto owner = box.lock();
    if (!run || !owner) return;
    Run::Lock lock(static_cast<Run&>(*run));
    if (!playing_) return;  // stopped (or unloaded: stop() cancelled us) meanwhile
    tick();
  });
}

void TimelinePlayer::tick() {
  timer_ = 0;
  ++frame_;
  if (run_.context().frameReached) run_.context().frameReached(frame_, due_);
  if (auto s = machine_.stateAt(frame_); s && s != state_) enter(s);
  if (frame_ >= endFrame()) return finish();
  scheduleTick();
}

// A timeline without behavior layers ends its box; with layers, the final
// state's diagram does (by firing the box's onStopped).
void TimelinePlayer::finish() {
  stop();
  if (model_.layers.empty()) owner_.emitStopped();
}

// Loads the keyframes of the new state that were not loaded, then unloads
// those it no longer holds.
void TimelinePlayer::enter(std::optional<std::size_t> next) {
  std::set<std::pair<std::size_t, std::size_t>> wanted;
  if (next)
    for (const auto& k : machine_.states[*next].keyframes) wanted.insert({k.layer, k.keyframe});
  state_ = next;
  for (const auto& key : wanted) {
    auto& loaded = keyframes_[key];
    if (loaded.diagram) continue;
    const auto& keyframe = model_.layers[key.first].keyframes[key.second];
    loaded.diagram = std::make_unique<DiagramInstance>(run_, keyframe.diagram, owner_);
    loaded.diagram->load();
  }
  for (auto it = keyframes_.begin(); it != keyframes_.end();) {
    if (wanted.contains(it->first)) {
      ++it;
      continue;
    }
    if (it->second.diagram) it->second.diagram->unload();
    it = keyframes_.erase(it);
  }
}

bool TimelinePlayer::goToFrame(int frame) {
  auto s = machine_.stateAt(frame);
  if (!s && !machine_.states.empty()) return false;
  if (s != state_) enter(s);
  frame_ = frame;
  if (playing_) {
    haltFrames(true);
    playing_ = true;
    origin_ = run_.clock().now();
    originFrame_ = frame_;
    scheduleTick();
  }
  showPlayhead();
  return true;
}

// Playing frames go on at the new rate, and so do their curves: the rest
// of them is sent to ALMotion again (a new interpolation replaces the one
// under way, as on a robot).
void TimelinePlayer::setFps(int fps) {
  fps = std::max(0, fps);
  if (fps == fps_) return;
  fps_ = fps;
  if (!playing_) return;
  haltFrames(fps_ > 0);
  if (fps_ > 0) startFrames();  // (a rate of 0 holds the frames where they are)
}

void TimelinePlayer::playOn() {
  if (playing_ || paused_) return;           // (lent joints come back through resume())
  if (joints_.id && !joints_.holding) return;  // its claim waits: frames start when granted
  if (!joints_.id && !claimJoints()) return;
  startFrames();
}

void TimelinePlayer::pauseFrames() {
  if (playing_) haltFrames();
}

bool TimelinePlayer::goToLabel(const std::string& label) {
  auto s = machine_.stateWithLabel(label);
  return s && goToFrame(machine_.states[*s].begin);
}

}  // namespace autolife::runtime::detail
