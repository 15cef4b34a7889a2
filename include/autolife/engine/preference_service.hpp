// ALPreferenceManager (REFERENCE §8, docs/persistence.md): settings by
// domain, strings only; domain and setting 1 to 512 bytes, a value at most
// 1 MB. NAOqi's method names and argument shapes; signals
// preferenceAdded, preferenceUpdated, preferenceRemoved,
// preferenceDomainRemoved. A write the store cannot keep is refused with
// reason `storage-failed` and changes nothing.
#pragma once

#include <memory>

#include "autolife/core/preferences.hpp"
#include "autolife/service/service.hpp"

namespace autolife::engine {

std::shared_ptr<service::Service> makePreferenceManagerService(core::PreferenceStore& preferences);

}  // namespace autolife::engine
