// Raises memory keys only when their value changes, and gathers the raises
// one input causes into one memory batch: one evaluation point for the
// conditions (REFERENCE §3), one timestamp.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "autolife/core/value.hpp"
#include "autolife/memory/memory.hpp"

namespace autolife::launchpad::detail {

class ChangePublisher {
public:
  explicit ChangePublisher(memory::Memory& memory) : memory_(memory) {}

  // Queues a raise of `key`, unless `value` is identical to what the key
  // was last given (an Int 1 and a Float 1.0 differ).
  void stage(std::string_view key, core::Value value);
  // Raises what was staged as one batch; does nothing when nothing was.
  void flush();

private:
  memory::Memory& memory_;
  std::map<std::string, core::Value, std::less<>> published_;  // including staged
  std::vector<std::pair<std::string, core::Value>> staged_;
};

}  // namespace autolife::launchpad::detail
