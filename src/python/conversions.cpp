// Values crossing between box code and the engine: JSON (service::Any) and
// Python objects.
#include "bridge_internal.hpp"

namespace autolife::python::detail {

py::object toPython(const service::Any& v) {
  switch (v.type()) {
    case service::Any::value_t::null: return py::none();
    case service::Any::value_t::boolean: return py::bool_(v.get<bool>());
    case service::Any::value_t::number_integer: return py::int_(v.get<std::int64_t>());
    case service::Any::value_t::number_unsigned: return py::int_(v.get<std::uint64_t>());
    case service::Any::value_t::number_float: return py::float_(v.get<double>());
    case service::Any::value_t::string: return py::str(v.get<std::string>());
    case service::Any::value_t::array: {
      py::list out;
      for (const auto& e : v) out.append(toPython(e));
      return out;
    }
    case service::Any::value_t::object: {
      py::dict out;
      for (auto it = v.begin(); it != v.end(); ++it) out[py::str(it.key())] = toPython(it.value());
      return out;
    }
    default: return py::none();
  }
}

service::Any toJson(const py::handle& o, int depth) {
  if (depth > 64) throw py::value_error("a value nested more than 64 levels deep");
  if (o.is_none()) return nullptr;
  if (py::isinstance<py::bool_>(o)) return o.cast<bool>();
  if (py::isinstance<py::int_>(o)) {
    try {
      return o.cast<std::int64_t>();
    } catch (const py::cast_error&) {
      return o.cast<double>();
    }
  }
  if (py::isinstance<py::float_>(o)) return o.cast<double>();
  if (py::isinstance<py::str>(o)) return o.cast<std::string>();
  if (py::isinstance<py::bytes>(o)) return std::string(o.cast<std::string>());
  if (py::isinstance<py::dict>(o)) {
    service::Any out = service::Any::object();
    for (auto item : o.cast<py::dict>()) out[py::str(item.first).cast<std::string>()] = toJson(item.second, depth + 1);
    return out;
  }
  if (py::isinstance<py::list>(o) || py::isinstance<py::tuple>(o)) {
    service::Any out = service::Any::array();
    for (auto item : o) out.push_back(toJson(item, depth + 1));
    return out;
  }
  // almath's types and the like: their vector when they have one, else their text.
  if (py::hasattr(o, "toVector")) return toJson(o.attr("toVector")(), depth + 1);
  return py::str(o).cast<std::string>();
}

service::Arguments toArguments(const py::list& args) {
  service::Arguments out;
  for (auto a : args) out.push_back(toJson(a));
  return out;
}

}  // namespace autolife::python::detail
