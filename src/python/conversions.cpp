// Values crossing between box code and the engine: Python objects and
// core::Value, the engine's one value model (the object model's
// service::Any), directly.
#include "bridge_internal.hpp"

namespace autolife::python::detail {

namespace {

py::list pythonList(const core::Value::Array& elements) {
  py::list out;
  for (const auto& e : elements) out.append(toPython(e));
  return out;
}

core::Value::Array valueElements(const py::handle& sequence, int depth) {
  core::Value::Array out;
  for (auto item : sequence) out.push_back(toValue(item, depth + 1));
  return out;
}

// A Python int: an Int; beyond int64 but within 64 unsigned bits a UInt
// (qi's `L`: it reaches a service and comes back exact, decision 770);
// beyond that a Float, as it always was (a huge int keeps working as a number).
core::Value integer(const py::handle& o) {
  try {
    return o.cast<std::int64_t>();
  } catch (const py::cast_error&) {
  }
  try {
    return o.cast<std::uint64_t>();
  } catch (const py::cast_error&) {
    return o.cast<double>();
  }
}

}  // namespace

py::object toPython(const core::Value& v) {
  using Type = core::Value::Type;
  switch (v.type()) {
    case Type::Invalid: return py::none();
    case Type::Bool: return py::bool_(v.asBool());
    case Type::Int: return py::int_(v.asInt());
    case Type::UInt: return py::int_(v.asUInt());
    case Type::Float: return py::float_(v.asFloat());
    case Type::String: return py::str(v.asString());
    case Type::Bytes: return py::bytes(v.asBytes());
    case Type::Array: return pythonList(v.asArray());
    case Type::Tuple: return py::tuple(pythonList(v.asTuple()));
    case Type::Map: {
      py::dict out;
      for (const auto& [key, e] : v.asMap()) out[py::str(key)] = toPython(e);
      return out;
    }
    case Type::Object: return objectToPython(v);  // a proxy, or None: a qi reference stays where it lives
  }
  return py::none();
}

core::Value toValue(const py::handle& o, int depth) {
  if (depth > 64) throw py::value_error("a value nested more than 64 levels deep");
  if (o.is_none()) return {};
  if (py::isinstance<py::bool_>(o)) return o.cast<bool>();
  if (py::isinstance<py::int_>(o)) return integer(o);
  if (py::isinstance<py::float_>(o)) return o.cast<double>();
  if (py::isinstance<py::str>(o)) return o.cast<std::string>();
  if (py::isinstance<py::bytes>(o)) return core::Value::Bytes{o.cast<std::string>()};
  if (py::isinstance<py::dict>(o)) {
    core::Value::Map out;
    for (auto item : o.cast<py::dict>())
      out.insert_or_assign(py::str(item.first).cast<std::string>(), toValue(item.second, depth + 1));
    return out;
  }
  if (py::isinstance<py::list>(o)) return valueElements(o, depth);
  if (py::isinstance<py::tuple>(o)) return core::Value::Tuple{valueElements(o, depth)};
  // almath's types and the like: their vector when they have one, else their text.
  if (py::hasattr(o, "toVector")) return toValue(o.attr("toVector")(), depth + 1);
  return py::str(o).cast<std::string>();
}

service::Arguments toArguments(const py::list& args) {
  service::Arguments out;
  for (auto a : args) out.push_back(toValue(a));
  return out;
}

}  // namespace autolife::python::detail
