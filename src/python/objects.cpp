// Objects a service hands out to box code (ALExpressionWatcher.add's
// ExpressionObject): `_autolife.Object` holds the engine's value, so the
// object lives as long as box code keeps its proxy (NAOqi's rule: drop it
// and the expression is no longer watched). `_autolife_box.objects` wraps it
// in a proxy with the object's methods, signals and properties.
#include "autolife/service/object.hpp"

#include "bridge_internal.hpp"

namespace autolife::python::detail {

namespace {

struct Object {
  core::Value value;  // holds the service::ObjectRef
  std::shared_ptr<service::Service> service;
};

py::object callObject(const Object& o, const std::string& method, const py::list& args) {
  const service::Arguments arguments = toArguments(args);
  service::Any result;
  std::string error;
  {
    py::gil_scoped_release release;
    try {
      result = o.service->call(method, arguments);
    } catch (const service::CallError& e) {
      error = o.service->name() + "." + method + ": " + e.what() + " (" + e.reason() + ")";
    }
  }
  if (!error.empty()) throw std::runtime_error(error);
  return toPython(result);
}

// {"methods": [names], "signals": {name: arity}, "properties": [names]}, as service_members answers.
py::dict members(const Object& o) {
  py::list methods, properties;
  py::dict signals;
  for (const auto& m : o.service->methods()) methods.append(m.name);
  for (const auto& s : o.service->signals()) signals[py::str(s.name)] = s.parameters.size();
  for (const auto& p : o.service->properties()) properties.append(p.name);
  py::dict out;
  out["methods"] = methods;
  out["signals"] = signals;
  out["properties"] = properties;
  return out;
}

}  // namespace

py::object objectToPython(const core::Value& v) {
  auto service = service::objectOf(v);
  if (!service) return py::none();
  return py::module_::import("_autolife_box.objects").attr("wrap")(Object{v, std::move(service)});
}

void defineObjects(py::module_& m) {
  py::class_<Object>(m, "Object")
      .def("name", [](const Object& o) { return o.service->name(); })
      .def("members", &members)
      .def("call", &callObject)
      .def("get_property", [](const Object& o, const std::string& name) {
        service::Any v;
        {
          py::gil_scoped_release release;
          v = o.service->getProperty(name);
        }
        return toPython(v);
      })
      .def("connect", [](const Object& o, const std::string& name, py::object callback) {
        auto slot = currentOrRaise(("connecting to " + o.service->name() + "." + name).c_str());
        return connectToService(slot, o.service, o.service->name(), name, std::move(callback));
      });
}

}  // namespace autolife::python::detail
