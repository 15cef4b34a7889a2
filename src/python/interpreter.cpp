// The embedded interpreter: started once per process on first use, never
// finalized (box threads may outlive anything we could wait for). autolife's
// Python modules are imported from the text compiled into the binary.
#include <pybind11/embed.h>

#include <atomic>

#include "bridge_internal.hpp"
#include "embedded_modules.hpp"

namespace autolife::python::detail {

namespace {

// Set once the interpreter and pybind11 are ready to be used from any
// thread (Py_IsInitialized() is true before pybind11's state is).
std::atomic<bool> interpreterReady{false};

void installModules() {
  py::dict table;
  const char* importer = nullptr;
  for (std::size_t i = 0; i < kEmbeddedModuleCount; ++i) {
    const EmbeddedModule& m = kEmbeddedModules[i];
    table[py::str(m.name)] = py::make_tuple(m.package, py::str(m.source));
    if (std::string_view(m.name) == "_autolife_importer") importer = m.source;
  }
  py::dict globals;
  globals["__builtins__"] = py::module_::import("builtins");
  globals["__name__"] = "_autolife_importer";
  globals["modules"] = table;
  py::exec(importer, globals);
  py::module_ box = py::module_::import("_autolife_box");
  box.attr("install_engine_time")();
  box.attr("install_qi_runtime")();  // box code's qi: engine time, the engine's services
  box.attr("install_box_random")();
}

}  // namespace

void ensureInterpreter() {
  static std::once_flag once;
  std::call_once(once, [] {
    linkAutolifeModule();
    // UTF-8 mode: box code's open() reads and writes UTF-8 whatever the
    // locale, as on NAOqi's robots (the Choice box reads its sentences so).
    PyPreConfig pre;
    PyPreConfig_InitPythonConfig(&pre);
    pre.utf8_mode = 1;
    Py_PreInitialize(&pre);
    PyConfig config;
    PyConfig_InitIsolatedConfig(&config);
    config.isolated = 0;
    config.use_environment = 1;
    config.install_signal_handlers = 0;
    py::initialize_interpreter(&config);
    installModules();
    PyEval_SaveThread();  // the starting thread lets go of the GIL
    interpreterReady = true;
  });
}

bool interpreterStarted() { return interpreterReady; }

}  // namespace autolife::python::detail

namespace autolife::python {

void prepareInterpreter() {
  detail::ensureInterpreter();
  py::gil_scoped_acquire gil;
  detail::framework().attr("box_globals")();  // imports naoqi, qi...
}

}  // namespace autolife::python

namespace autolife::python::detail {

py::module_ framework() {
  // sys.modules holds it: an import of a module already there is a lookup.
  return py::module_::import("_autolife_box");
}

}  // namespace autolife::python::detail
