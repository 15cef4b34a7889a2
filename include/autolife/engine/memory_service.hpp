// ALMemory as a service (REFERENCE §2 names). Values cross as memory holds
// them (core::Value); maps are refused (they are not memory values);
// `getTimestamp` answers [value, sec, usec] in engine time.
#pragma once

#include <memory>

#include "autolife/memory/memory.hpp"
#include "autolife/service/service.hpp"

namespace autolife::engine {

std::shared_ptr<service::Service> makeMemoryService(memory::Memory& memory);

// An argument -> memory value (core::conditionValue), with a bad-argument
// CallError for what memory cannot hold (a map, an integer beyond int64).
core::Value toValue(const service::Any& value);

}  // namespace autolife::engine
