#include "autolife/naoqi/service_builder.hpp"

#include <algorithm>
#include <set>

namespace autolife::naoqi {

using service::Any;
using service::Arguments;
using service::Method;
using service::Type;

ServiceBuilder::ServiceBuilder(std::string name, std::string description, const Catalog& catalog)
    : service_(std::make_shared<service::Service>(name, std::move(description))), module_(catalog.find(name)) {}

ServiceBuilder::ServiceBuilder(std::shared_ptr<service::Service> declared, const Catalog& catalog)
    : service_(std::move(declared)), module_(catalog.find(service_->name())) {}

const std::vector<std::string>& ServiceBuilder::catalogNames(const std::string& method, std::size_t arity) {
  const CatalogMethod* entry = module_ ? module_->method(method, arity) : nullptr;
  if (!entry)
    throw std::logic_error(service_->name() + "." + method + " has no overload of " + std::to_string(arity) +
                           " parameters in the NAOqi catalog: name its parameters");
  names_.clear();
  for (const auto& p : entry->parameters) names_.push_back(p.name);
  return names_;
}

ServiceBuilder& ServiceBuilder::add(Method m) {
  if (m.result.kind() == Type::Kind::Any && module_)
    if (const auto* entry = module_->method(m.name, m.parameters.size())) m.result = entry->result;
  service_->method(std::move(m));
  return *this;
}

ServiceBuilder& ServiceBuilder::method(std::string name, std::vector<service::Parameter> parameters, Type result,
                                       std::string description, service::Handler handler) {
  return add(Method{std::move(name), std::move(parameters), std::move(result), std::move(description), std::move(handler)});
}

ServiceBuilder& ServiceBuilder::signal(const std::string& name, std::string description) {
  std::vector<service::Parameter> parameters;
  if (module_)
    for (const auto& s : module_->signals)
      if (s.name == name) parameters = s.parameters;
  service_->signal(name, std::move(parameters), std::move(description));
  return *this;
}

ServiceBuilder& ServiceBuilder::property(service::Property p) {
  service_->property(std::move(p));
  return *this;
}

namespace {

Method stub(const CatalogMethod& entry) {
  Method m{entry.name, entry.parameters, entry.result, "not modelled: answers " + service::quote(service::neutral(entry.result)),
           [result = entry.result](const Arguments&) {
             service::notModelled();
             return service::neutral(result);
           }};
  m.modelled = false;
  return m;
}

std::string usage(const CatalogMethod& m) {
  std::string s = m.name + "(";
  for (std::size_t i = 0; i < m.parameters.size(); ++i)
    s += (i ? ", " : "") + m.parameters[i].name + ": " + std::string(service::typeName(m.parameters[i].type));
  return s + ") -> " + std::string(service::typeName(m.result));
}

}  // namespace

// ALModule's methods, as every NAOqi 2 module answers them. pCall runs the
// method at once and answers an id; the simulation does not keep posted
// calls running beside their caller, so none is ever still running.
void ServiceBuilder::addModuleMethods() {
  std::weak_ptr<service::Service> weak = service_;
  const CatalogModule& module = *module_;
  auto has = [&](const char* name, std::size_t arity) {
    return module.method(name, arity) && !service_->hasMethod(name, arity);
  };
  if (has("ping", 0)) bind("ping", [] { return true; }, "Always true");
  if (has("version", 0)) bind("version", [] { return std::string(kNaoqiVersion); }, "The NAOqi version simulated");
  if (has("getBrokerName", 0)) bind("getBrokerName", [] { return std::string("NAOqi"); }, "The broker's name");
  if (has("getMethodList", 0))
    bind("getMethodList", [&module] {
      std::vector<std::string> names;
      for (const auto& m : module.methods)
        if (std::find(names.begin(), names.end(), m.name) == names.end()) names.push_back(m.name);
      return names;
    }, "The module's methods, as NAOqi lists them");
  if (has("getUsage", 1))
    bind("getUsage", [&module](const std::string& name) {
      std::string out;
      for (const auto& m : module.methods)
        if (m.name == name) out += (out.empty() ? "" : "\n") + usage(m);
      return out;
    }, "How to call a method: each overload's parameters and result");
  if (has("getMethodHelp", 1))
    bind("getMethodHelp", [&module](const std::string& name) {
      Any::Array out;
      for (const auto& m : module.methods) {
        if (m.name != name) continue;
        Any::Array params;
        for (const auto& p : m.parameters) params.push_back(Any::Array{p.name, p.type.signature()});
        out.push_back(Any::Array{m.name, std::move(params), m.result.signature()});
      }
      return Any(std::move(out));
    }, "Each overload of a method: [name, [[parameter, type]...], result type]");
  if (has("getModuleHelp", 0))
    bind("getModuleHelp", [weak] {
      auto s = weak.lock();
      return Any(Any::Array{s ? s->description() : std::string()});
    }, "The module's description");
  if (has("isRunning", 1)) bind("isRunning", [](int) { return false; }, "Whether a pCall is still running: never (they run at once)");
  if (has("wait", 2)) bind("wait", [](int, int) { return false; }, "Waits for a pCall: false, it has returned");
  if (has("stop", 1)) bind("stop", [](int) {}, "Stops a pCall: nothing left to stop");
  if (module.hasMethod("pCall") && !service_->hasMethod("pCall", 0)) {
    auto next = std::make_shared<std::int64_t>(0);
    Method m{"pCall", {{"method", Type::String}}, Type::Int, "Calls a method without waiting for what it does; answers an id",
             [weak, next](const Arguments& a) -> Any {
               auto s = weak.lock();
               if (a.empty() || !a[0].isString()) service::refuse("bad-argument", "takes a method's name, then its arguments");
               if (!s) service::refuse("no-such-service", "the service is gone");
               s->call(a[0].asString(), Arguments(a.begin() + 1, a.end()));
               service::takes(core::Duration{0});  // posted: the caller does not wait
               return Any(++*next);
             }};
    m.variadic = true;
    add(std::move(m));
  }
}

std::shared_ptr<service::Service> ServiceBuilder::build() {
  if (!module_) return service_;
  addModuleMethods();
  for (const auto& entry : module_->methods)
    if (!service_->hasMethod(entry.name, entry.parameters.size())) add(stub(entry));
  for (const auto& s : module_->signals) {
    const auto& declared = service_->signals();
    if (std::none_of(declared.begin(), declared.end(), [&](const auto& d) { return d.name == s.name; }))
      service_->signal(s.name, s.parameters, "");
  }
  return service_;
}

std::shared_ptr<service::Service> makeStubService(const CatalogModule& module) {
  return ServiceBuilder(module.name, "NAOqi's " + module.name + ", not modelled: each method answers a neutral value of its type")
      .build();
}

}  // namespace autolife::naoqi
