// A box's Python object: its script run in globals of its own, its MyClass
// created, and its methods called in box threads. An exception the box does
// not catch goes to its onError output when it has one (as NAOqi did: the
// behavior goes on), else it is the box's error.
#include "autolife/python/python_box.hpp"

#include <pybind11/embed.h>

#include "bridge_internal.hpp"

namespace autolife::python {

using detail::BoxCode;
using detail::BoxScope;
using detail::BoxSlot;

struct PythonBox::State {
  std::shared_ptr<BoxSlot> slot;
  py::object instance;
  py::object globals;
};

PythonBox::PythonBox(std::unique_ptr<State> state) : state_(std::move(state)) {}

// The slot closes first, without the GIL (box code holding it for a call
// may be waiting for the GIL); then the Python side goes, with it.
PythonBox::~PythonBox() {
  BoxSlot& slot = *state_->slot;
  {
    std::unique_lock lock(slot.hostMutex);
    slot.host = nullptr;
  }
  {
    std::lock_guard lock(slot.bridge->mutex);
    --slot.bridge->boxes;
  }
  py::gil_scoped_acquire gil;
  detail::dropLinks(slot);
  state_->instance = py::object();
  state_->globals = py::object();
  slot.state = py::none();
  slot.rewritten = py::none();
}

namespace {

// A construct 2to3 rewrote (Compiled.rewrites' (construct, line, column,
// code), in the script's lines), as the warning the box's log shows.
BoxError rewriteWarning(const BoxScript& s, py::handle rewrite) {
  auto r = rewrite.cast<py::tuple>();
  BoxError e;
  e.box = s.boxName;
  e.file = s.file;
  const int line = r[1].cast<int>();
  e.line = s.firstLine + line - 1;
  e.column = r[2].cast<int>() + 1 + (line == 1 ? s.firstColumn - 1 : 0);
  e.python2 = true;
  e.runs = true;
  e.construct = r[0].cast<std::string>();
  const std::string code = r[3].cast<std::string>();
  e.message = "Python 2's " + e.construct + ", rewritten for Python 3 (2to3)" + (code.empty() ? "" : ": " + code);
  return e;
}

// The script compiled; Python 2 is rewritten first (real behaviors are
// Python 2), and `rewrites` then says what 2to3 rewrote (what Python 3
// could not read, when it names nothing).
py::object compileScript(const BoxScript& s, py::object& rewritten, std::vector<BoxError>& rewrites) {
  py::object compiled = detail::framework().attr("compile_box")(s.source, s.file, s.firstLine);
  rewritten = compiled.attr("rewritten");
  for (auto r : compiled.attr("rewrites")) rewrites.push_back(rewriteWarning(s, r));
  py::object error = compiled.attr("python2_error");
  if (rewrites.empty() && !error.is_none()) {
    BoxError e = detail::syntaxErrorFrom(error, s, rewritten);
    const std::string msg = error.attr("msg").is_none() ? "" : py::str(error.attr("msg")).cast<std::string>();
    e.python2 = true;
    e.runs = true;
    e.construct = msg;
    e.message = "Python 2 syntax (autolife runs Python 3): " + msg + "; run as rewritten by 2to3";
    rewrites.push_back(e);
  }
  return compiled.attr("code");
}

// NAOqi's rule for an exception a box does not catch: its onError output,
// when it has one, gets "<box name>:<message>", and the behavior goes on.
bool handledByOnError(py::error_already_set& e, py::handle instance, BoxSlot& slot, const BoxError& error) {
  if (e.matches(detail::framework().attr("TurnTimeout"))) return false;
  bool hasOnError = false;
  detail::withHost(slot, [&](BoxHost& host) {
    for (const auto& name : host.outputNames()) hasOnError = hasOnError || name == "onError";
    return 0;
  });
  if (!hasOnError || !py::hasattr(instance, "onError")) return false;
  const std::string text = py::str(e.value()).cast<std::string>();
  std::shared_lock lock(slot.hostMutex);
  if (slot.host) slot.host->log("warning", error.format() + " (sent to its onError output)");
  lock.unlock();
  instance.attr("onError")(slot.script.boxName + ":" + text);
  return true;
}

}  // namespace

std::variant<std::unique_ptr<PythonBox>, BoxError> PythonBox::create(const BoxScript& script, BoxHost& host,
                                                                     Bridge& bridge) {
  detail::ensureInterpreter();
  auto slot = std::make_shared<BoxSlot>();
  slot->bridge = bridge.state();
  slot->script = script;
  slot->path = host.boxPath();
  slot->host = &host;
  {
    std::lock_guard lock(slot->bridge->mutex);
    ++slot->bridge->boxes;
  }
  auto state = std::make_unique<State>();
  state->slot = slot;
  std::unique_ptr<PythonBox> box(new PythonBox(std::move(state)));
  std::optional<BoxError> failed;
  {
    BoxScope scope(slot);
    py::gil_scoped_acquire gil;
    slot->state = py::dict();
    slot->rewritten = py::none();
    try {
      py::module_ framework = detail::framework();
      py::dict globals = framework.attr("BoxGlobals")();
      globals["__builtins__"] = py::module_::import("builtins");
      globals["__name__"] = py::str("box");
      globals.attr("update")(framework.attr("box_globals")());
      // Compiling (a big Python 2 script's rewrite takes a while) is not box
      // code: the watchdog leaves it alone; running the script is.
      std::vector<BoxError> rewrites;
      py::object compiled = compileScript(script, slot->rewritten, rewrites);
      // Each construct once per script (a stock box used ten times says it once).
      for (const auto& r : rewrites)
        if (detail::firstTold(*slot->bridge, r.construct, script.source)) host.log("warning", r.format());
      BoxCode code(*slot);
      py::module_::import("builtins").attr("exec")(compiled, globals);
      if (!globals.contains("MyClass")) {
        failed = BoxError{script.boxName, script.file, script.firstLine, 0, "the script defines no class MyClass", false, false, {}};
      } else {
        box->state_->instance = globals["MyClass"]();
        box->state_->globals = globals;
      }
    } catch (py::error_already_set& e) {
      failed = detail::errorFrom(e, script, slot.get(), slot->rewritten);
    }
  }
  if (failed) return *failed;  // (the box goes here, without the GIL)
  return box;
}

std::vector<std::string> PythonBox::listening() const { return detail::listeningOf(*state_->slot); }

bool PythonBox::has(const std::string& method) const {
  py::gil_scoped_acquire gil;
  return py::hasattr(state_->instance, method.c_str());
}

std::optional<BoxError> PythonBox::callLifecycle(const std::string& method) { return callMethod(method, nullptr); }

std::optional<BoxError> PythonBox::callInput(const std::string& input, const service::Any* value) {
  return callMethod("onInput_" + input, value);
}

std::optional<BoxError> PythonBox::callMethod(const std::string& method, const service::Any* value) {
  BoxSlot& slot = *state_->slot;
  BoxScope scope(state_->slot);
  py::gil_scoped_acquire gil;
  BoxCode code(slot);
  try {
    if (!py::hasattr(state_->instance, method.c_str())) return std::nullopt;
    detail::framework().attr("call_input")(state_->instance, method, value ? detail::toPython(*value) : py::none(),
                                           value != nullptr);
  } catch (py::error_already_set& e) {
    if (detail::isBehaviorStopped(e)) return std::nullopt;
    BoxError error = detail::errorFrom(e, slot.script, &slot, slot.rewritten);
    try {
      if (handledByOnError(e, state_->instance, slot, error)) return std::nullopt;
    } catch (py::error_already_set& again) {
      if (detail::isBehaviorStopped(again)) return std::nullopt;
      return detail::errorFrom(again, slot.script, &slot, slot.rewritten);
    }
    return error;
  }
  return std::nullopt;
}

std::optional<BoxError> checkScript(const BoxScript& script, std::vector<BoxError>* rewrites) {
  detail::ensureInterpreter();
  py::gil_scoped_acquire gil;
  py::object rewritten = py::none();
  try {
    std::vector<BoxError> found;
    compileScript(script, rewritten, found);
    if (rewrites) rewrites->insert(rewrites->end(), found.begin(), found.end());
    if (found.empty()) return std::nullopt;
    return found.front();
  } catch (py::error_already_set& e) {
    return detail::errorFrom(e, script, nullptr, rewritten);
  }
}

}  // namespace autolife::python
