// Package services beside the engine of `simulate` and `serve`
// (docs/packages.md "Package services"): the programs of the installed
// packages' <services>, run by a pkgservice::PackageServices, their events
// told as records (simulate) or JSON lines on stderr (serve, ServeLog).
#pragma once

#include <memory>
#include <string>

#include "autolife/pkgservice/host.hpp"
#include "autolife/sim/simulator.hpp"
#include "serve_log.hpp"

namespace autolife::app {

// True when an installed package declares services.
bool declaresServices(const engine::Engine& engine);

// simulate: `inner` (a robot's hooks), then the package services in
// virtual time, on a qi listener of their own; nothing when no package
// declares any. Lives as long as the simulation.
class SimulatedPackageServices {
public:
  sim::EngineHooks hooks(sim::EngineHooks inner);

private:
  std::unique_ptr<pkgservice::PackageServices> services_;
};

// serve: the package services on `qiUrl` (serve's qi server; empty: a
// listener of their own), started on the engine's thread; their events
// told through `log`, which outlives them.
std::unique_ptr<pkgservice::PackageServices> servePackageServices(engine::Engine& engine, const std::string& qiUrl,
                                                                  ServeLog& log);

}  // namespace autolife::app
