// Declares a NAOqi service once, typed, against the catalog: a modelled
// method is one line of binding and a function, its parameters' names come
// from the catalog's overload of the same arity and their types from the
// function's C++ signature (service/binding.hpp). `build()` completes the
// service with what the catalog lists and the simulation does not model:
// each such overload answers the neutral value of its result type and
// marks the call as not modelled (the registry warns once per method).
//
//   naoqi::ServiceBuilder b("ALAudioDevice", "Simulated volumes");
//   b.bind("setOutputVolume", [this](int volume) { ... });
//   b.bind("getOutputVolume", [this] { return volume_; });
//   return b.build();
//
// Every catalog module also gets ALModule's own methods as NAOqi has them
// (ping, version, getMethodList, getUsage, pCall, isRunning, wait...).
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "autolife/naoqi/catalog.hpp"
#include "autolife/service/service.hpp"

namespace autolife::naoqi {

// The NAOqi version the simulated robot reports (ALSystem, version()).
inline constexpr const char* kNaoqiVersion = "2.8.5.10";

class ServiceBuilder {
public:
  // `name` need not be in the catalog (autolife's own services): then every
  // method is bound with its names given.
  explicit ServiceBuilder(std::string name, std::string description = {}, const Catalog& catalog = Catalog::naoqi());
  // A service declared elsewhere (a module that does not depend on the
  // catalog: ALDialog), to be completed by build().
  explicit ServiceBuilder(std::shared_ptr<service::Service> declared, const Catalog& catalog = Catalog::naoqi());

  // A method of the catalog: the names of its overload with as many
  // parameters as `handler` takes (std::logic_error when there is none).
  // A handler returning the dynamic value is declared with `result`, else
  // with the catalog's result type.
  template <class F>
  ServiceBuilder& bind(const std::string& method, F handler, std::string description = {},
                       std::optional<service::Type> result = std::nullopt) {
    const auto& names = catalogNames(method, service::arityOf<F>());
    return add(service::Service::typedMethod(method, names, std::move(handler), std::move(description), std::move(result)));
  }
  // A method with its parameters' names given (one the catalog does not
  // list, or whose names it gets wrong).
  template <class F>
  ServiceBuilder& bind(const std::string& method, const std::vector<std::string>& names, F handler, std::string description = {},
                       std::optional<service::Type> result = std::nullopt) {
    return add(service::Service::typedMethod(method, names, std::move(handler), std::move(description), std::move(result)));
  }
  // A method whose handler reads its arguments itself (loosely typed NAOqi
  // parameters: "a name or a list of names").
  ServiceBuilder& method(service::Method m) { return add(std::move(m)); }
  ServiceBuilder& method(std::string name, std::vector<service::Parameter> parameters, service::Type result,
                         std::string description, service::Handler handler);
  // A signal: its parameters from the catalog when it lists it.
  ServiceBuilder& signal(const std::string& name, std::string description = {});
  ServiceBuilder& property(service::Property p);

  service::Service& service() { return *service_; }
  const CatalogModule* module() const { return module_; }

  // The service, completed with the catalog's methods and signals it does
  // not declare and ALModule's methods.
  std::shared_ptr<service::Service> build();

private:
  const std::vector<std::string>& catalogNames(const std::string& method, std::size_t arity);
  ServiceBuilder& add(service::Method m);
  void addModuleMethods();

  std::shared_ptr<service::Service> service_;
  const CatalogModule* module_;
  std::vector<std::string> names_;  // the last catalogNames() answer
};

// A catalog module with nothing modelled: every method a stub (plus
// ALModule's methods, which are modelled).
std::shared_ptr<service::Service> makeStubService(const CatalogModule& module);

}  // namespace autolife::naoqi
