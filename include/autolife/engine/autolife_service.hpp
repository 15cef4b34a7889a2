// `Autolife`: what the dashboard needs that NAOqi has no method for (the
// NAOqi services keep their names and signatures untouched): every loaded
// activity with its launch trigger explained now and why it is not focused,
// a snapshot of memory (key, type, value, time of the last change),
// everything the dashboard shows in one consistent snapshot, and the
// warnings the simulated robot gave (methods called that it does not
// model), with the `warning` signal that announces each. See docs/api.md.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "autolife/engine/service_operands.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/service/service.hpp"

namespace autolife::engine {

// The service calls `memory`, `life` and `operands` (which says what each
// activity's service operands resolve to; none: nothing is unresolved),
// which must outlive it; `services`, when given, for the packages in its
// snapshot (PackageManager.packages) and its warnings; it must outlive it too.
// `more`, when given, adds to each activity what the engine knows beyond
// Life (its app's name, its behavior idle: dashboard_methods.hpp).
std::shared_ptr<service::Service> makeAutolifeService(
    memory::Memory& memory, life::AutonomousLife& life, const ServiceOperandBridge* operands = nullptr,
    service::Registry* services = nullptr,
    std::function<void(const std::string& activity, service::Any::Map& out)> more = {});

// How many activityTransition payloads the snapshot keeps (the latest).
inline constexpr std::size_t kTransitionsKept = 100;

}  // namespace autolife::engine
