#include "package_services.hpp"

#include <fstream>
#include <sstream>

#include "autolife/package/manifest.hpp"
#include "autolife/package/store.hpp"

namespace autolife::app {

bool declaresServices(const engine::Engine& engine) {
  for (const auto& info : engine.packages.packages())
    if (auto pkg = engine.packages.package(info.uuid); pkg && !pkg->manifest.services.empty()) return true;
  return false;
}

std::optional<std::filesystem::path> packageDeclaringServices(const std::filesystem::path& behavior) {
  std::error_code ec;
  auto folder = std::filesystem::absolute(behavior, ec);
  if (ec) return std::nullopt;
  if (!std::filesystem::is_directory(folder, ec)) folder = folder.parent_path();
  for (; !folder.empty(); folder = folder.parent_path()) {
    const auto manifest = folder / "manifest.xml";
    if (std::filesystem::is_regular_file(manifest, ec)) {
      std::ifstream in(manifest, std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      auto parsed = package::parseManifest(text.str());
      if (parsed.manifest && !parsed.manifest->services.empty()) return folder;
      return std::nullopt;  // the nearest manifest is the behavior's package
    }
    if (folder == folder.root_path()) break;
  }
  return std::nullopt;
}

sim::EngineHooks SimulatedPackageServices::hooks(sim::EngineHooks inner) {
  sim::EngineHooks hooks = inner;
  hooks.observe = [this, inner](engine::Engine& engine, sim::RecordReport report) {
    if (inner.observe) inner.observe(engine, report);
    if (!declaresServices(engine)) return;
    pkgservice::HostOptions options;
    options.virtualTime = virtualTime_;
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
