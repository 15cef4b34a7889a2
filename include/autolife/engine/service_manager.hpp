// ALServiceManager over the engine's registry (docs/robot.md): the services
// registered are the services running; they cannot be stopped (the
// simulated robot's and the engine's services live as long as the engine).
#pragma once

#include <memory>

#include "autolife/service/service.hpp"

namespace autolife::engine {

std::shared_ptr<service::Service> makeServiceManagerService(service::Registry& registry);

}  // namespace autolife::engine
