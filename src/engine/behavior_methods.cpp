#include "behavior_methods.hpp"

#include <cstdint>

#include "behavior_diagram.hpp"

namespace autolife::engine {

using service::Any;
using service::Arguments;
using service::Type;

namespace {

life::Activity activityOf(const BehaviorSources& s, const Arguments& a) {
  return s.life.activity(service::stringArg(a, 0)).activity;  // refused: unknown-activity
}

Any runValue(const store::BehaviorRunRecord& r) {
  return Any::Map{{"run", r.run},
                  {"started", r.started},
                  {"ended", r.end.empty() ? Any() : Any(r.ended)},
                  {"lifeTime", r.lifeTime},
                  {"end", r.end},
                  {"error", r.error},
                  {"events", r.eventCount}};
}

Any logValue(const store::BehaviorRunRecord& r) {
  Any::Array out;
  out.reserve(r.events.size());
  for (const auto& e : r.events)
    out.push_back(Any::Map{{"t", e.t}, {"box", e.box}, {"event", e.event}, {"detail", e.detail}});
  return out;
}

Any controlsValue(const runtime::RunControl& c) {
  const auto settings = c.settings();
  Any::Array breakpoints, faults;
  for (const auto& [box, input] : settings.breakpoints) breakpoints.push_back(Any::Map{{"box", box}, {"input", input}});
  for (const auto& [box, fault] : settings.faults) faults.push_back(Any::Map{{"box", box}, {"kind", runtime::faultName(fault)}});
  return Any::Map{{"paused", c.paused()}, {"breakpoints", std::move(breakpoints)}, {"faults", std::move(faults)}};
}

// The runner's refusals (not-a-behavior, unreadable-behavior) name the
// method being called and the activity, as every refusal does.
template <typename F>
auto named(const std::string& activity, F&& f) {
  try {
    return f();
  } catch (const service::CallError& e) {
    if (e.reason() == "not-a-behavior" || e.reason() == "unreadable-behavior")
      service::refuse(e.reason(), "'" + activity + "': " + e.what());
    throw;
  }
}

std::shared_ptr<const behavior::Behavior> modelOf(const BehaviorSources& s, const life::Activity& activity) {
  return named(activity.name, [&] { return s.runner.model(activity); });
}

std::shared_ptr<runtime::RunControl> controlOf(const BehaviorSources& s, const Arguments& a) {
  const auto activity = activityOf(s, a);
  return named(activity.name, [&] { return s.runner.control(activity); });
}

runtime::Fault faultOf(const Arguments& a, std::size_t i) {
  const auto kind = service::stringArg(a, i);
  if (auto f = runtime::faultNamed(kind)) return *f;
  service::refuse("unknown-fault", "'" + kind + "' is no fault: error or skip");
}

void addWatching(service::Service& s, const BehaviorSources& src) {
  const service::Parameter activity{"activity", Type::String, "an activity's name"};
  s.method("behaviorDiagram", {activity}, Type::Map,
           "The activity's behavior as drawn: {file, format, root}, each box {id, name, path, x, y, tooltip, python, "
           "dialog, line, inputs, outputs, timeline}, a diagram {boxes, links: [{from: [box id, port id], to: [...]}]} "
           "(box id 0: the box holding the diagram), a timeline {enable, fps, startFrame, endFrame, size, layers: "
           "[{name, mute, keyframes: [{name, index, diagram}]}], curves}",
           [src](const Arguments& a) {
             return behaviorDiagram(*modelOf(src, activityOf(src, a)));
           });
  s.method("behaviorState", {activity}, Type::Map,
           "What its boxes do now: {run, paused, boxes: {path: idle | running | paused | error}}; run is the "
           "number of its current or last run (0: it never ran)",
           [src](const Arguments& a) {
             const auto act = activityOf(src, a);
             const auto model = modelOf(src, act);
             if (auto state = src.states.state(act.name)) return *state;
             return Any(Any::Map{{"run", src.log.lastRun(act.name)}, {"paused", false}, {"boxes", idleBoxes(*model)}});
           });
  s.method("behaviorLog", {activity, {"run", Type::Int, "0: the latest; else the run's number"}}, Type::List,
           "The box events of one of its latest 20 runs: [{t, box, event, detail}], t in seconds of engine time",
           [src](const Arguments& a) {
             const auto act = activityOf(src, a);
             const auto run = service::intArg(a, 1);
             if (run < 0 || run > INT32_MAX) service::refuse("unknown-run", "a run is 0 (the latest) or its number");
             return logValue(src.log.run(act.name, static_cast<int>(run)));
           });
  s.method("behaviorRuns", {activity}, Type::List,
           "Its runs kept (the latest 20), newest first: [{run, started, ended, lifeTime, end, error, events}]; "
           "started, ended in engine time (ended null while it runs), end finished, error, stopped or \"\"",
           [src](const Arguments& a) {
             Any::Array out;
             for (const auto& r : src.log.runs(activityOf(src, a).name)) out.push_back(runValue(r));
             return Any(std::move(out));
           });
  s.signal("boxEvent",
           {{"activity", Type::String}, {"box", Type::String}, {"event", Type::String}, {"detail", Type::String}},
           "A box of a running behavior did something: event start, stop, error, input, output, paused, frame, heard "
           "or said; box its path (\"\" the root box)");
}

void addSteering(service::Service& s, const BehaviorSources& src) {
  const service::Parameter activity{"activity", Type::String, "an activity's name"};
  const service::Parameter box{"box", Type::String, "a box's path: names from the top diagram down, joined by /"};
  const service::Parameter input{"input", Type::String, "one of the box's inputs"};
  s.method("setBreakpoint", {activity, box, input}, Type::Bool,
           "When a signal reaches that input, the behavior holds before the box receives it (its runs now and next), "
           "until resume",
           [src](const Arguments& a) {
             controlOf(src, a)->setBreakpoint(service::stringArg(a, 1), service::stringArg(a, 2));
             return true;
           });
  s.method("clearBreakpoint", {activity, box, input}, Type::Bool, "Removes it; false when there was none",
           [src](const Arguments& a) {
             return controlOf(src, a)->clearBreakpoint(service::stringArg(a, 1), service::stringArg(a, 2));
           });
  s.method("resume", {activity}, Type::Bool, "Delivers what the breakpoint held, and what waited behind it",
           [src](const Arguments& a) {
             controlOf(src, a)->resume();
             return true;
           });
  s.method("injectFault", {activity, box, {"kind", Type::String, "error or skip"}}, Type::Bool,
           "For the next time the box starts: error (it fails as if it raised \"injected fault\") or skip (it fires "
           "its onStopped at once without running its script)",
           [src](const Arguments& a) {
             controlOf(src, a)->injectFault(service::stringArg(a, 1), faultOf(a, 2));
             return true;
           });
  s.method("behaviorControls", {activity}, Type::Map,
           "Its breakpoints and faults waiting: {paused, breakpoints: [{box, input}], faults: [{box, kind}]}",
           [src](const Arguments& a) { return controlsValue(*controlOf(src, a)); });
}

}  // namespace

void addBehaviorMethods(service::Service& autolife, BehaviorSources sources) {
  addWatching(autolife, sources);
  addSteering(autolife, sources);
}

}  // namespace autolife::engine
