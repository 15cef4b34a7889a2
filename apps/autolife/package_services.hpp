// Package services beside the engine of `simulate` and `serve`
// (docs/packages.md "Package services"): the programs of the installed
// packages' <services>, run by a pkgservice::PackageServices, their events
// told as records (simulate) or JSON lines on stderr (serve, ServeLog).
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "autolife/pkgservice/host.hpp"
#include "autolife/sim/simulator.hpp"
#include "serve_log.hpp"

namespace autolife::app {

// True when an installed package declares services.
bool declaresServices(const engine::Engine& engine);

// simulate and play: `inner` (a robot's hooks), then the package services in
// virtual time, on a qi listener of their own; nothing when no package
// declares any. Lives as long as the simulation.
class SimulatedPackageServices {
public:
  // virtualTime false: `play --realtime` (robot actions take their time).
  explicit SimulatedPackageServices(bool virtualTime = true) : virtualTime_(virtualTime) {}
  sim::EngineHooks hooks(sim::EngineHooks inner);

private:
  bool virtualTime_;
  std::unique_ptr<pkgservice::PackageServices> services_;
};

// play: the package folder above `behavior` (the nearest with a
// manifest.xml) when its manifest declares services; nullopt otherwise.
std::optional<std::filesystem::path> packageDeclaringServices(const std::filesystem::path& behavior);

// serve: the package services on `qiUrl` (serve's qi server; empty: a
// listener of their own), started on the engine's thread; their events
// told through `log`, which outlives them.
std::unique_ptr<pkgservice::PackageServices> servePackageServices(engine::Engine& engine, const std::string& qiUrl,
                                                                  ServeLog& log);

}  // namespace autolife::app
