// A timeline made for another robot (a NAO's legs in a Pepper app, as the
// SDK's own Pepper samples have): the robot refuses a motion that names a
// joint it lacks, so the joints it has are asked of it (ALMotion.getBodyNames)
// and the motion is sent again without the others, with one warning; the
// rest plays, as on a robot. Later sends of the same timeline leave them out
// at once.
#include <set>
#include <thread>

#include "parts.hpp"

namespace autolife::runtime::detail {

BezierCommand JointFilter::keep(const BezierCommand& curves, std::vector<std::string>* dropped) const {
  std::lock_guard lock(mutex);
  if (!known) return curves;
  BezierCommand out;
  out.duration = curves.duration;
  for (std::size_t i = 0; i < curves.names.size(); ++i) {
    if (!known->contains(curves.names[i])) {
      if (dropped) dropped->push_back(curves.names[i]);
      continue;
    }
    out.names.push_back(curves.names[i]);
    out.times.push_back(curves.times[i]);
    out.keys.push_back(curves.keys[i]);
  }
  return out;
}

namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// Runs `tell` for the box on the clock's thread under the run's lock: at
// once when the answer came on the thread that sent (a local service
// answers inside the call, under the lock already), else posted.
void onRunThread(const std::weak_ptr<BehaviorRun>& run, std::thread::id sender, std::function<void()> tell) {
  if (std::this_thread::get_id() == sender) return tell();
  auto r = run.lock();
  if (!r) return;
  static_cast<Run&>(*r).clock().post([run, tell = std::move(tell)] {
    auto alive = run.lock();
    if (!alive) return;
    Run::Lock lock(static_cast<Run&>(*alive));
    tell();
  });
}

// Sends `curves` for the run's box; a refusal is told by the box. With
// `mayRetry`, a refusal that is the robot lacking joints of them sends the
// rest once the robot said which it has.
void sendBezier(const std::weak_ptr<BehaviorRun>& run, const std::weak_ptr<BoxInstance>& box, const BezierCommand& curves,
                const std::shared_ptr<JointFilter>& filter, bool mayRetry) {
  auto r = run.lock();
  if (!r || curves.empty()) return;
  Run& live = static_cast<Run&>(*r);
  service::CallerScope caller(live.id());
  auto& services = live.context().services;
  const auto arguments = curves.arguments();
  const auto sender = std::this_thread::get_id();
  // Sent, not awaited (a robot answers once the motion is done).
  services.callAsync("ALMotion", "angleInterpolationBezier", arguments,
                     [run, box, arguments, sender, curves, mayRetry, filter](service::Outcome outcome) {
    const auto* error = std::get_if<service::CallError>(&outcome);
    if (!error) return;
    const std::string reason = error->reason(), message = error->what();
    auto tell = [box, arguments, reason, message] {
      auto owner = box.lock();
      if (!owner) return;
      if (reason == "no-such-service") owner->missingService("ALMotion", "angleInterpolationBezier", arguments);
      else owner->log("error", "the timeline's motion was refused: " + message);
    };
    auto r = run.lock();
    if (!mayRetry || reason == "no-such-service" || !r) return onRunThread(run, sender, tell);
    // Which joints has this robot? Then again without the others.
    static_cast<Run&>(*r).context().services.callAsync(
        "ALMotion", "getBodyNames", {"Body"}, [run, box, sender, curves, filter, tell](service::Outcome names) {
          const auto* list = std::get_if<service::Any>(&names);
          if (list && list->isArray()) {
            std::set<std::string> known;
            for (const auto& n : list->asArray())
              if (n.isString()) known.insert(n.asString());
            std::lock_guard lock(filter->mutex);
            filter->known = std::move(known);
          }
          std::vector<std::string> dropped;
          const BezierCommand kept = filter->keep(curves, &dropped);
          if (dropped.empty()) return onRunThread(run, sender, tell);  // refused for another reason
          onRunThread(run, sender, [run, box, kept, dropped, filter] {
            auto owner = box.lock();
            if (!owner) return;
            owner->log("warning", "the timeline moves joints this robot lacks (" + joined(dropped) + "): left out, " +
                                      (kept.empty() ? "nothing else moves" : "the other joints play"));
            sendBezier(run, box, kept, filter, false);
          });
        });
  });
}

}  // namespace

void TimelinePlayer::sendCurves(int fromFrame) {
  // Joints the robot was found to lack are left out at once (said once).
  const auto curves = jointFilter_->keep(bezierCommand(model_.actuators, fromFrame, model_.endFrame, fps_), nullptr);
  bool mayRetry;
  {
    std::lock_guard lock(jointFilter_->mutex);
    mayRetry = !jointFilter_->known;
  }
  sendBezier(run_.shared_from_this(), owner_.weak(), curves, jointFilter_, mayRetry);
}

}  // namespace autolife::runtime::detail
