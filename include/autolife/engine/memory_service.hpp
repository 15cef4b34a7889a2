// ALMemory as a service (REFERENCE §2 names). Values cross as JSON: maps are
// refused (they are not memory values); `getTimestamp` answers
// [value, sec, usec] in engine time.
#pragma once

#include <memory>

#include "autolife/memory/memory.hpp"
#include "autolife/service/service.hpp"

namespace autolife::engine {

std::shared_ptr<service::Service> makeMemoryService(memory::Memory& memory);

// JSON argument -> memory value, with a bad-argument CallError for maps.
core::Value toValue(const service::Any& json);

}  // namespace autolife::engine
