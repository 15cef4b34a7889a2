// ALAutonomousLife as a service (REFERENCE §5 API names), for scenario
// calls, the network API, Python boxes and qi.
#pragma once

#include <memory>

#include "autolife/life/autonomous_life.hpp"
#include "autolife/service/service.hpp"

namespace autolife::life {

// The service calls `life`, which must outlive it; activityTransition is
// emitted as the service's signal of the same name.
std::shared_ptr<service::Service> makeLifeService(AutonomousLife& life);

}  // namespace autolife::life
