// `_autolife`: the C++ side of the bridge as box code sees it. The box a
// thread runs code for (`current()`, a `Box`), what a box asks of its host
// (outputs, parameters, timelines, its log...), and the pieces defined with
// their concepts: calls (engine_calls.cpp), threads and time
// (box_threads.cpp), callbacks (callbacks.cpp).
#include <pybind11/embed.h>
#include <pybind11/stl.h>

#include "bridge_internal.hpp"

namespace autolife::python::detail {

namespace {

using TimelineOf = BoxHost::TimelineOf;
using TimelineAction = BoxHost::TimelineAction;

TimelineOf timelineOf(const std::string& which) {
  if (which == "own") return TimelineOf::Own;
  if (which == "parent") return TimelineOf::Parent;
  if (which == "nearest") return TimelineOf::Nearest;
  throw py::value_error("no timeline '" + which + "' (own, parent, nearest)");
}

TimelineAction timelineAction(const std::string& action) {
  static const std::map<std::string, TimelineAction> actions{
      {"exists", TimelineAction::Exists}, {"fps", TimelineAction::Fps},
      {"set_fps", TimelineAction::SetFps}, {"size", TimelineAction::Size},
      {"play", TimelineAction::Play}, {"pause", TimelineAction::Pause},
      {"stop", TimelineAction::Stop}, {"goto", TimelineAction::GoTo},
      {"goto_and_stop", TimelineAction::GoToAndStop}, {"goto_and_play", TimelineAction::GoToAndPlay}};
  auto it = actions.find(action);
  if (it == actions.end()) throw py::value_error("no timeline action '" + action + "'");
  return it->second;
}

// f(host) with the GIL released: the host takes the runtime's lock.
template <class F>
auto unlocked(BoxSlot& slot, F&& f) {
  return withHost(slot, [&](BoxHost& host) {
    py::gil_scoped_release release;
    return f(host);
  });
}

std::optional<service::Any> valueOrBang(const py::object& value) {
  if (value.is_none()) return std::nullopt;
  return toValue(value);
}

}  // namespace

}  // namespace autolife::python::detail

namespace py = pybind11;
using autolife::python::detail::BoxSlot;

PYBIND11_EMBEDDED_MODULE(_autolife, m) {
  using namespace autolife::python::detail;
  using autolife::python::BoxHost;
  m.def("current", [] { return BoxScope::current(); }, "The box this thread runs code for, or None.");

  py::class_<BoxSlot, std::shared_ptr<BoxSlot>> box(m, "Box");
  box.def("name", [](BoxSlot& s) { return s.script.boxName; });
  box.def("path", [](BoxSlot& s) { return s.path; });
  box.def("engine_seed", [](BoxSlot& s) { return s.bridge->seed; });
  box.def("alive", [](BoxSlot& s) {
    std::shared_lock lock(s.hostMutex);
    return s.host != nullptr;
  });
  box.def("state", [](BoxSlot& s) -> py::object {
    if (!s.state || s.state.is_none()) raiseBehaviorStopped();
    return s.state;
  });
  box.def("behavior_id", [](BoxSlot& s) { return withHost(s, [](BoxHost& h) { return h.behaviorId(); }); });
  box.def("behavior_path", [](BoxSlot& s) { return withHost(s, [](BoxHost& h) { return h.behaviorPath(); }); });
  box.def("package_uid", [](BoxSlot& s) { return withHost(s, [](BoxHost& h) { return h.packageUid(); }); });
  box.def("relative_path", [](BoxSlot& s) { return withHost(s, [](BoxHost& h) { return h.behaviorRelativePath(); }); });
  box.def("outputs", [](BoxSlot& s) { return withHost(s, [](BoxHost& h) { return h.outputNames(); }); });
  box.def("fire", [](BoxSlot& s, const std::string& output, const py::object& value) {
    const auto v = toValue(value);
    unlocked(s, [&](BoxHost& h) { h.fire(output, v); });
  });
  box.def("stimulate", [](BoxSlot& s, const std::string& name, const py::object& value) {
    const auto v = valueOrBang(value);
    return unlocked(s, [&](BoxHost& h) { return h.stimulate(name, v); });
  });
  box.def("parameter", [](BoxSlot& s, const std::string& name) {
    autolife::service::Any value;
    std::string missing;
    unlocked(s, [&](BoxHost& h) {
      try {
        value = h.parameter(name);
      } catch (const autolife::service::CallError& e) {
        missing = e.what();
      }
    });
    if (!missing.empty()) throw py::key_error(missing);
    return toPython(value);
  });
  box.def("parameter_names", [](BoxSlot& s) { return unlocked(s, [](BoxHost& h) { return h.parameterNames(); }); });
  box.def("set_parameter", [](BoxSlot& s, const std::string& name, const py::object& value) {
    const auto v = toValue(value);
    unlocked(s, [&](BoxHost& h) { h.setParameter(name, v); });
  });
  box.def("log", [](BoxSlot& s, const std::string& level, const std::string& message) {
    std::shared_lock lock(s.hostMutex);
    if (s.host) s.host->log(level, message);
  });
  box.def("release_resources", [](BoxSlot& s) { unlocked(s, [](BoxHost& h) { h.releaseResources(); }); });
  box.def("exit_behavior", [](BoxSlot& s) { unlocked(s, [](BoxHost& h) { h.exitBehavior(); }); });
  box.def("timeline", [](BoxSlot& s, const std::string& which, const std::string& action, const std::string& place,
                         int value) {
    const auto of = timelineOf(which);
    const auto act = timelineAction(action);
    return unlocked(s, [&](BoxHost& h) { return h.timeline(of, act, place, value); });
  });
  defineCallbacks(box);
  defineCalls(m);
  defineThreads(m);
  defineObjects(m);
}

namespace autolife::python::detail {

// The module registers itself from this file's static initializer, which a
// static library drops unless something here is used: the interpreter's
// start calls this.
void linkAutolifeModule() {}

}  // namespace autolife::python::detail
