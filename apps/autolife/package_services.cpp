#include "package_services.hpp"

#include "autolife/package/store.hpp"

namespace autolife::app {

bool declaresServices(const engine::Engine& engine) {
  for (const auto& info : engine.packages.packages())
    if (auto pkg = engine.packages.package(info.uuid); pkg && !pkg->manifest.services.empty()) return true;
  return false;
}

sim::EngineHooks SimulatedPackageServices::hooks(sim::EngineHooks inner) {
  sim::EngineHooks hooks = inner;
  hooks.observe = [this, inner](engine::Engine& engine, sim::RecordReport report) {
    if (inner.observe) inner.observe(engine, report);
    if (!declaresServices(engine)) return;
    pkgservice::HostOptions options;
    options.virtualTime = true;
    try {
      services_ = std::make_unique<pkgservice::PackageServices>(engine, options);
    } catch (const std::exception& e) {
      report({{"problem", std::string("package services: ") + e.what()}}, "problem",
             std::string("package services: ") + e.what());
      return;
    }
    services_->supervisor().events.connect([report](const pkgservice::Event& e) {
      report(pkgservice::eventJson(e), e.warning ? "WARNING" : "service", pkgservice::eventText(e));
    });
    services_->start();
  };
  hooks.settle = [this, inner] {
    if (inner.settle) inner.settle();
    if (services_) services_->settle(std::chrono::seconds(10));
  };
  hooks.detach = [this, inner] {
    services_.reset();  // before the engine goes
    if (inner.detach) inner.detach();
  };
  return hooks;
}

std::unique_ptr<pkgservice::PackageServices> servePackageServices(engine::Engine& engine, const std::string& qiUrl,
                                                                  ServeLog& log) {
  pkgservice::HostOptions options;
  options.qiUrl = qiUrl;
  auto services = std::make_unique<pkgservice::PackageServices>(engine, options);
  services->supervisor().events.connect([&log](const pkgservice::Event& e) {
    if (e.warning) log.warning("package service " + pkgservice::eventText(e));
    log.json(pkgservice::eventJson(e));
  });
  return services;
}

}  // namespace autolife::app
