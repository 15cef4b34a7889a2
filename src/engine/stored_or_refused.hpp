// What a store write does, or the refusal `storage-failed` saying why it
// could not (the store changed nothing): the caller hears why, the engine
// goes on. Shared by the services that keep their state in the data
// folder (ALPreferenceManager, ALKnowledge).
#pragma once

#include "autolife/core/preferences.hpp"
#include "autolife/service/service.hpp"

namespace autolife::engine {

template <typename F>
auto storedOrRefused(F&& write) {
  try {
    return write();
  } catch (const core::StorageError& e) {
    throw service::CallError("storage-failed", e.what());
  }
}

}  // namespace autolife::engine
