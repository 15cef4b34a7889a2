#include "autolife/service/service.hpp"

#include <algorithm>
#include <utility>

#include "autolife/service/later.hpp"

namespace autolife::service {

std::string_view typeName(Type t) {
  switch (t) {
    case Type::Void: return "void";
    case Type::Bool: return "bool";
    case Type::Int: return "int";
    case Type::Float: return "float";
    case Type::String: return "string";
    case Type::List: return "list";
    case Type::Map: return "map";
    case Type::Any: return "any";
  }
  return "any";
}

std::string_view signature(Type t) {
  switch (t) {
    case Type::Void: return "v";
    case Type::Bool: return "b";
    case Type::Int: return "i";
    case Type::Float: return "d";
    case Type::String: return "s";
    case Type::List: return "[m]";
    case Type::Map: return "{sm}";
    case Type::Any: return "m";
  }
  return "m";
}

bool fits(const Any& v, Type t) {
  switch (t) {
    case Type::Void: return v.is_null();
    case Type::Bool: return v.is_boolean();
    case Type::Int: return v.is_number_integer();
    case Type::Float: return v.is_number();
    case Type::String: return v.is_string();
    case Type::List: return v.is_array();
    case Type::Map: return v.is_object();
    case Type::Any: return true;
  }
  return false;
}

namespace {

std::string describe(const Any& v) {
  std::string text = v.dump(-1, ' ', false, Any::error_handler_t::replace);
  if (text.size() > 60) text = text.substr(0, 57) + "...";
  return text;
}

}  // namespace

// ---- Service ---------------------------------------------------------------

Service::Service(std::string name, std::string description)
    : name_(std::move(name)), description_(std::move(description)) {}

Service& Service::method(std::string name, std::vector<Parameter> parameters, Type result,
                         std::string description, Handler handler) {
  methods_.push_back({std::move(name), std::move(parameters), result, std::move(description), std::move(handler)});
  return *this;
}

Service& Service::signal(std::string name, std::vector<Parameter> parameters, std::string description) {
  signals_.push_back({std::move(name), std::move(parameters), std::move(description)});
  return *this;
}

Service& Service::property(Property p) {
  properties_.push_back(std::move(p));
  return *this;
}

Any Service::call(std::string_view name, const Arguments& args) const {
  const Method* match = nullptr;
  std::vector<std::size_t> arities;
  for (const auto& m : methods_) {
    if (m.name != name) continue;
    arities.push_back(m.parameters.size());
    if (m.parameters.size() == args.size()) match = &m;
  }
  const std::string qualified = name_ + "." + std::string(name);
  if (arities.empty()) throw CallError("no-such-method", qualified + " does not exist");
  if (!match) {
    std::string expected;
    for (auto n : arities) expected += (expected.empty() ? "" : " or ") + std::to_string(n);
    throw CallError("wrong-arity", qualified + " takes " + expected + " argument" +
                                       (arities.size() == 1 && arities[0] == 1 ? "" : "s") + ", got " +
                                       std::to_string(args.size()));
  }
  for (std::size_t i = 0; i < args.size(); ++i) {
    const Parameter& p = match->parameters[i];
    if (!fits(args[i], p.type))
      throw CallError("bad-argument", qualified + ": argument " + std::to_string(i + 1) + " (" + p.name +
                                          ") must be a " + std::string(typeName(p.type)) + ", got " +
                                          describe(args[i]));
  }
  try {
    return match->handler(args);
  } catch (const CallError&) {
    throw;
  } catch (const std::exception& e) {
    throw CallError("error", qualified + ": " + e.what());
  }
}

const Property& Service::findProperty(std::string_view name) const {
  for (const auto& p : properties_)
    if (p.name == name) return p;
  throw CallError("no-such-property", name_ + "." + std::string(name) + " is not a property");
}

Any Service::getProperty(std::string_view name) const { return findProperty(name).get(); }

void Service::setProperty(std::string_view name, const Any& value) {
  const Property& p = findProperty(name);
  if (!p.set) throw CallError("read-only", name_ + "." + std::string(name) + " cannot be set");
  if (!fits(value, p.type))
    throw CallError("bad-argument", name_ + "." + std::string(name) + " must be a " +
                                        std::string(typeName(p.type)) + ", got " + describe(value));
  p.set(value);
  notifyPropertyChanged(name);
}

void Service::notifyPropertyChanged(std::string_view name) {
  const Property& p = findProperty(name);
  if (propertyChanged.size() == 0) return;  // nobody listens: do not even read it
  propertyChanged(p.name, p.get());
}

void Service::emit(std::string_view signal, const Any& value) { emitted(std::string(signal), value); }

// ---- Registry --------------------------------------------------------------

void Registry::add(std::shared_ptr<Service> service) {
  const std::string name = service->name();
  {
    std::lock_guard lock(mutex_);
    if (services_.contains(name)) throw CallError("service-exists", "a service named " + name + " is already registered");
    services_.emplace(name, std::move(service));
  }
  serviceAdded(name);
}

bool Registry::remove(std::string_view name) {
  {
    std::lock_guard lock(mutex_);
    auto it = services_.find(name);
    if (it == services_.end()) return false;
    services_.erase(it);
  }
  serviceRemoved(std::string(name));
  return true;
}

std::shared_ptr<Service> Registry::find(std::string_view name) const {
  std::lock_guard lock(mutex_);
  auto it = services_.find(name);
  return it == services_.end() ? nullptr : it->second;
}

std::vector<std::string> Registry::names() const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> out;
  for (const auto& [name, s] : services_) out.push_back(name);
  return out;
}

Any Registry::call(std::string_view qualified, const Arguments& args) const {
  auto dot = qualified.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == qualified.size())
    throw CallError("bad-method-name", "'" + std::string(qualified) + "' is not of the form Service.method");
  return call(qualified.substr(0, dot), qualified.substr(dot + 1), args);
}

namespace {

thread_local core::Duration lastTaken{0};
thread_local std::string currentCaller;

}  // namespace

CallerScope::CallerScope(std::string caller) : previous_(std::exchange(currentCaller, std::move(caller))) {}
CallerScope::~CallerScope() { currentCaller = std::move(previous_); }

void takes(core::Duration d) { lastTaken = d; }
core::Duration takenByLastCall() { return lastTaken; }

Any Registry::call(std::string_view service, std::string_view method, const Arguments& args) const {
  CallRecord record{std::string(service), std::string(method), args, nullptr, {}, {}, core::Duration{0}, currentCaller};
  lastTaken = core::Duration{0};
  const CallDepth depth;  // a call answered later must be the outermost of its LaterScope
  try {
    auto s = find(service);
    if (!s) throw CallError("no-such-service", "there is no service named " + std::string(service));
    record.result = s->call(method, args);
  } catch (const CallError& e) {
    record.errorReason = e.reason();
    record.errorMessage = e.what();
    record.takes = lastTaken;
    if (called.size()) called(record);
    throw;
  }
  record.takes = lastTaken;
  if (called.size()) called(record);
  lastTaken = record.takes;  // a listener's own calls must not change what the caller reads
  return record.result;
}

// ---- argument readers ------------------------------------------------------

namespace {

const Any& argument(const Arguments& a, std::size_t i) {
  if (i >= a.size()) throw CallError("wrong-arity", "argument " + std::to_string(i + 1) + " is missing");
  return a[i];
}

[[noreturn]] void badArgument(std::size_t i, const char* expected, const Any& got) {
  throw CallError("bad-argument", "argument " + std::to_string(i + 1) + " must be " + expected + ", got " + describe(got));
}

}  // namespace

std::string stringArg(const Arguments& a, std::size_t i) {
  const Any& v = argument(a, i);
  if (!v.is_string()) badArgument(i, "a string", v);
  return v.get<std::string>();
}

std::int64_t intArg(const Arguments& a, std::size_t i) {
  const Any& v = argument(a, i);
  if (!v.is_number_integer()) badArgument(i, "an int", v);
  return v.get<std::int64_t>();
}

double floatArg(const Arguments& a, std::size_t i) {
  const Any& v = argument(a, i);
  if (!v.is_number()) badArgument(i, "a number", v);
  return v.get<double>();
}

bool boolArg(const Arguments& a, std::size_t i) {
  const Any& v = argument(a, i);
  if (!v.is_boolean()) badArgument(i, "a bool", v);
  return v.get<bool>();
}

}  // namespace autolife::service
