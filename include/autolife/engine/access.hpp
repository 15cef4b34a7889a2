// What a network front (the JSON-RPC API, the qi server) needs of an engine:
// its service registry (calls, describe, signals), its memory (subscriptions
// to keys) and the clock its calls run on. The fronts see nothing else of it.
#pragma once

namespace autolife {
namespace core {
class Clock;
}
namespace memory {
class Memory;
}
namespace service {
class Registry;
}
}  // namespace autolife

namespace autolife::engine {

struct ServiceAccess {
  core::Clock& clock;
  memory::Memory& memory;
  service::Registry& services;
};

}  // namespace autolife::engine
