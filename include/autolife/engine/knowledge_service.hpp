// ALKnowledge: triples (subject, predicate, object) by domain, for boxes
// and for QiChat's knowledge functions (^addKnowledge... in the
// "com.aldebaran.learning" domain, docs/dialog.md). NAOqi's method names and
// argument shapes: add, update, remove, contains, query, getSubject,
// getPredicate, getObject, resetKnowledge; "*" is a wildcard, and query's
// "?" is the place asked for. With a store (`autolife serve`'s data
// folder) they are read from it at start and every change is committed to
// it before it is visible, as NAOqi keeps them on the robot's disk; a
// change the store refuses is refused (`storage-failed`) and changes
// nothing. Without one they last the engine's life. The catalog's other
// methods (metadata, dates) are stubs.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "autolife/service/service.hpp"
#include "autolife/store/store.hpp"

namespace autolife::engine {

// `report` hears a store that cannot be read at start (the triples then
// live in memory for the run).
std::shared_ptr<service::Service> makeKnowledgeService(store::Store* store = nullptr,
                                                       const std::function<void(const std::string&)>& report = {});

}  // namespace autolife::engine
